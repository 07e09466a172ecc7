/**
 * The compiled library draws figures with the one-module bundle of vega and vega-lite that
 * `npm run build` makes (scripts/bundle-vega.mjs); the TypeScript sources import the packages. Both
 * must give the same SVG, byte for byte, and the bundle's id reset must be that of the copy of
 * vega-scenegraph its renderer uses (a figure's ids do not depend on what was drawn before it).
 * (That the compiled library imports the bundle, natively, is test/cli/reproduce-modules.test.ts.)
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { specToSvg as fromPackages } from '../../src/present/figures/render-figure.js';

const ROOT = resolve(import.meta.dirname, '../..');
const BUNDLE = resolve(ROOT, 'dist/vendor/vega.js');
const loadCompiled = async (): Promise<{ specToSvg: (s: unknown) => Promise<string> }> => import(resolve(ROOT, 'dist/src/present/figures/render-figure.js'));

const rows = [
  { k: 'a<b>&"', g: 'x', v: 1.5 },
  { k: '</svg><script>alert(1)</script>', g: 'y', v: -2 },
  { k: "it's ${x} {{y}} datum.v", g: 'x', v: 3.25 },
  { k: '\u202eRTL \u{1F600}', g: 'y', v: 0 },
];

/** Specs that use what vega numbers with counters (clip paths, gradients) and text, facets and layers. */
const SPECS: Record<string, unknown> = {
  bars: { data: { values: rows }, mark: 'bar', encoding: { x: { field: 'k', type: 'nominal' }, y: { field: 'v', type: 'quantitative' } } },
  clipped: {
    data: { values: rows },
    mark: { type: 'bar', clip: true },
    encoding: { x: { field: 'k', type: 'nominal' }, y: { field: 'v', type: 'quantitative', scale: { domain: [0, 2] } } },
  },
  gradient: {
    data: { values: rows },
    mark: 'point',
    encoding: { x: { field: 'v', type: 'quantitative' }, y: { field: 'k', type: 'nominal' }, color: { field: 'v', type: 'quantitative' } },
  },
  faceted: {
    data: { values: rows },
    facet: { column: { field: 'g', type: 'nominal' } },
    spec: {
      layer: [
        { mark: 'rule', encoding: { y: { field: 'v', type: 'quantitative' } } },
        { mark: 'text', encoding: { y: { field: 'v', type: 'quantitative' }, text: { field: 'k' } } },
      ],
    },
  },
};

describe('figures drawn with the bundle of vega', () => {
  it('the build made the bundle, and the sources have none (so the two below differ in how they load vega)', () => {
    expect(existsSync(BUNDLE), `${BUNDLE}: run npm run build with the development dependencies (rolldown) installed`).toBe(true);
    expect(existsSync(resolve(ROOT, 'vendor/vega.js'))).toBe(false);
  });

  it('gives the SVG the packages give, for each spec, drawn in either order', async () => {
    const compiled = await loadCompiled();
    const names = Object.keys(SPECS);
    const want = new Map<string, string>();
    for (const n of names) want.set(n, await fromPackages(SPECS[n] as never));
    for (const order of [names, [...names].reverse()]) {
      for (const n of order) expect(await compiled.specToSvg(SPECS[n]), n).toBe(want.get(n));
    }
    // the counters were in use: a clip path and a gradient, each numbered from its first id every time
    expect(want.get('clipped')).toMatch(/clip-path="url\(#clip1\)"/);
    expect(want.get('gradient')).toMatch(/id="gradient_0"/);
  }, 60_000);
});
