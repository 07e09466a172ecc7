import { createRequire } from 'node:module';

let loaded: typeof import('arquero') | undefined;

/**
 * arquero, loaded on first use. Only the notebooks' drill-downs build arquero tables, and importing
 * it (about 170 modules with acorn) costs each thread that does ~0.2-0.35 s of CPU, which every
 * benchmark thread of a `reproduce` run would pay for nothing. (`require` of an ES module is
 * synchronous in Node 20.19 and later, so the drill-downs stay plain functions.)
 */
export function arquero(): typeof import('arquero') {
  return (loaded ??= createRequire(import.meta.url)('arquero') as typeof import('arquero'));
}
