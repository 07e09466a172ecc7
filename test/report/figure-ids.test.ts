/**
 * vega numbers clip paths and gradients with counters shared by every render in a thread; a figure's
 * SVG must not depend on what was drawn before it (a notebook, another benchmark, another figure),
 * so the same spec gives the same SVG, byte for byte, whatever order the figures are drawn in.
 */
import { describe, expect, it } from 'vitest';
import { specToSvg } from '../../src/present/figures/render-figure.js';

const rows = [
  { k: 'a<b>&"', g: 'x', v: 1.5 },
  { k: '</svg><script>alert(1)</script>', g: 'y', v: -2 },
  { k: "it's ${x} {{y}} datum.v", g: 'x', v: 3.25 },
  { k: '\u202eRTL \u{1F600}', g: 'y', v: 0 },
];

/** Specs that use what vega numbers with counters (clip paths, gradients) and text, facets and layers. */
const SPECS = new Map<string, unknown>([
  ['bars', { data: { values: rows }, mark: 'bar', encoding: { x: { field: 'k', type: 'nominal' }, y: { field: 'v', type: 'quantitative' } } }],
  [
    'clipped',
    {
      data: { values: rows },
      mark: { type: 'bar', clip: true },
      encoding: { x: { field: 'k', type: 'nominal' }, y: { field: 'v', type: 'quantitative', scale: { domain: [0, 2] } } },
    },
  ],
  [
    'gradient',
    {
      data: { values: rows },
      mark: 'point',
      encoding: { x: { field: 'v', type: 'quantitative' }, y: { field: 'k', type: 'nominal' }, color: { field: 'v', type: 'quantitative' } },
    },
  ],
  [
    'faceted',
    {
      data: { values: rows },
      facet: { column: { field: 'g', type: 'nominal' } },
      spec: {
        layer: [
          { mark: 'rule', encoding: { y: { field: 'v', type: 'quantitative' } } },
          { mark: 'text', encoding: { y: { field: 'v', type: 'quantitative' }, text: { field: 'k' } } },
        ],
      },
    },
  ],
]);

describe("a figure's SVG does not depend on what was drawn before it", () => {
  it('each spec gives the same SVG drawn first, in order, and in reverse order', async () => {
    const names = [...SPECS.keys()];
    const first = new Map<string, string>();
    for (const n of names) first.set(n, await specToSvg(SPECS.get(n) as never));
    for (const order of [names, [...names].reverse()]) {
      for (const n of order) expect(await specToSvg(SPECS.get(n) as never), n).toBe(first.get(n));
    }
    // the counters were in use: a clip path and a gradient, each numbered from its first id every time
    expect(first.get('clipped')).toMatch(/clip-path="url\(#clip1\)"/);
    expect(first.get('gradient')).toMatch(/id="gradient_0"/);
  }, 60_000);
});
