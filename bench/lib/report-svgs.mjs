// The SVG files of a report folder (a `reproduce --out` folder), for the benchmarks that draw its figures again.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every `.svg` under `dir`, at any depth, sorted by path. */
export function reportSvgs(dir) {
  const svgs = [];
  const walk = (d) => {
    for (const f of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, f.name);
      if (f.isDirectory()) walk(p);
      else if (p.endsWith('.svg')) svgs.push(p);
    }
  };
  walk(dir);
  return svgs.sort();
}
