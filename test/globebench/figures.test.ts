import type { TopLevelSpec } from 'vega-lite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareGlobe } from '../../analysis/globebench/derive/context.js';
import { fig09, fig10 } from '../../analysis/globebench/index.js';
import { fig03, fig06 } from '../../analysis/globebench/index.js';
import { fig04, fig07, reachBins } from '../../analysis/globebench/index.js';
import { reachBin } from '../../analysis/globebench/derive/slices.js';
import { rankPanels } from '../../analysis/globebench/present/chart-parts.js';
import { GLOBE_PAPER_ANALYSES } from '../../analysis/globebench/analyses.js';
import { writeRelease } from '../../src/samples/write-release.js';
import { loadGlobebench } from '../../src/release/load/globebench.js';
import { tinyGlobebench } from '../helpers/tiny-globebench.js';
import { item, makeCtx, randomCtx, renderWarnings } from './helpers.js';

const root = mkdtempSync(join(tmpdir(), 'wb-globe-figures-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** reach-backs 0, 200, 201, 400, 401, null with radius L0 L0 L3 L3 L1 null; two models. */
function binCtx(resamples = 200) {
  const spec: [number | null, 'L0' | 'L1' | 'L3' | null][] = [
    [0, 'L0'],
    [200, 'L0'],
    [201, 'L3'],
    [400, 'L3'],
    [401, 'L1'],
    [null, null],
  ];
  return makeCtx({
    items: spec.map(([rb, r], i) => item(`i${i}`, { reach_back: rb, impact_radius: r, domain: i % 2 ? 'games' : 'code' })),
    models: [
      { model_id: 'a', name: 'A' },
      { model_id: 'b', name: 'B' },
    ],
    outcomes: { a: '110011', b: '100000' },
    resamples,
  });
}
const values = (f: { spec: object }) => (f.spec as any).data.values as any[];

describe('reach-back bins', () => {
  it('are right-closed, 200 turns wide, named by the upper edge, 0 in the first', () => {
    expect([0, 1, 200, 201, 400, 401, 1000, 1001].map(reachBin)).toEqual([200, 200, 200, 400, 400, 600, 1000, 1200]);
    expect(reachBins(binCtx()).map((b) => [b.label, b.idx])).toEqual([
      ['200', [0, 1]],
      ['400', [2, 3]],
      ['600', [4]],
    ]);
  });
  it('fig04: the mean per bin with n, hollow markers below 50 items, the models as grey lines', () => {
    const f = fig04(binCtx());
    const mean = values(f).filter((v) => v.series === 'mean');
    expect(mean.map((v) => [v.bin, v.items, v.n_label, v.success])).toEqual([
      ['200', 2, 'n=2', 75],
      ['400', 2, 'n=2', 0],
      ['600', 1, 'n=1', 50],
    ]);
    expect(
      values(f)
        .filter((v) => v.series === 'model' && v.model === 'A')
        .map((v) => v.success),
    ).toEqual([100, 0, 100]);
    const layers = (f.spec as any).layer as any[];
    expect(layers.some((l) => l.mark.type === 'point' && l.mark.filled === false && /datum\.items < 50/.test(l.transform[0].filter))).toBe(true);
    expect(layers.some((l) => l.mark.type === 'point' && l.mark.filled === true && /datum\.items >= 50/.test(l.transform[0].filter))).toBe(true);
    expect(layers.find((l) => l.mark.type === 'text').encoding.text.field).toBe('n_label');
  });
  it('fig07: a panel per model plus the mean, resamples capped at 2,000', () => {
    const f = fig07(binCtx(10_000));
    expect((f.spec as any).facet.sort).toEqual(['2-model mean', 'A', 'B']);
    expect(
      values(f)
        .filter((v) => v.panel === 'B')
        .map((v) => [v.bin, v.success]),
    ).toEqual([
      ['200', 50],
      ['400', 0],
      ['600', 0],
    ]);
    expect(f.notes!.join(' ')).toMatch(/Intervals: 2000 percentile-bootstrap resamples/);
    expect(fig07(binCtx(300)).notes!.join(' ')).toMatch(/Intervals: 300 percentile-bootstrap resamples/);
  });
});

describe('impact-radius figures', () => {
  it('fig03: one line per model over the levels present, the mean dotted, at most seven models per panel', () => {
    const f = fig03(binCtx());
    const panels = (f.spec as any).hconcat as any[];
    expect(panels).toHaveLength(1); // two models: one panel
    const layers = panels[0].layer as any[];
    expect(layers[0].encoding.x.sort).toEqual(['L0', 'L1', 'L3']); // no L2 items
    expect(layers[0].encoding.color.scale.domain).toEqual(['A', 'B']);
    expect(
      values(f)
        .filter((v) => v.series === 'mean')
        .map((v) => [v.level, v.success]),
    ).toEqual([
      ['L0', 75],
      ['L1', 50],
      ['L3', 0],
    ]);
    expect(layers[1].mark.strokeDash).toBeDefined();
  });
  it('fig06: a panel per model with item-bootstrap intervals, the mean first', () => {
    const f = fig06(binCtx());
    expect((f.spec as any).facet.sort).toEqual(['2-model mean', 'A', 'B']);
    const a = values(f).filter((v) => v.panel === 'A' && v.series === 'model');
    expect(a.map((v) => [v.level, v.success, v.low, v.high])).toEqual([
      ['L0', 100, 100, 100],
      ['L1', 100, 100, 100],
      ['L3', 0, 0, 0],
    ]);
    const aMean = values(f).filter((v) => v.panel === 'A' && v.series === 'mean');
    expect(aMean.map((v) => v.success)).toEqual([75, 50, 0]);
  });
});

describe('domain figures', () => {
  it('the pooled row comes first, then models by overall success', () => {
    const f9 = fig09(binCtx()),
      f10 = fig10(binCtx());
    expect((f10.spec as any).layer[0].encoding.y.sort).toEqual(['pooled (2 models)', 'A', 'B']);
    expect((f9.spec as any).vconcat.map((p: any) => p.encoding.xOffset.sort)).toEqual([['pooled (2 models)', 'A', 'B']]);
    // code = items 0, 2, 4: A 1 0 1, B 1 0 0 -> pooled 50%
    expect(values(f10).find((v) => v.row === 'pooled (2 models)' && v.domain === 'code').success).toBeCloseTo(50, 10);
    expect(
      values(f10)
        .filter((v) => v.row === 'A')
        .map((v) => v.domain),
    ).toEqual(['code', 'games']);
  });
});

describe('every GlobeBench figure compiles and renders without a warning', () => {
  it('the warning capture does catch a vega-lite warning (so the checks below can fail)', async () => {
    const bad = {
      id: 'bad',
      title: 'bad',
      source: 'test',
      spec: {
        data: { values: [{ a: 1 }] },
        mark: 'point',
        encoding: { x: { field: 'a', type: 'quantitative' }, size: { field: 'a', type: 'nominal' } },
      } satisfies TopLevelSpec,
    };
    const { warnings } = await renderWarnings(bad);
    expect(warnings.length).toBeGreaterThan(0);
  });
  writeRelease(join(root, 'tiny'), tinyGlobebench());
  const contexts = {
    'the tiny release': () => prepareGlobe(loadGlobebench(join(root, 'tiny')), { seed: 3, resamples: 100 }),
    'a random 20-model release': () => randomCtx({ models: 20, items: 400, resamples: 100 }),
  };
  for (const [name, make] of Object.entries(contexts)) {
    it(`on ${name}`, async () => {
      const ctx = make();
      for (const a of GLOBE_PAPER_ANALYSES) {
        if (a.kind !== 'figure') {
          const t = a.build(ctx);
          expect(t.id).toBe(a.id);
          // JSON would turn NaN into null silently: every number in a row must be finite
          for (const r of t.rows) for (const [k, v] of Object.entries(r)) if (typeof v === 'number') expect(Number.isFinite(v), `${a.id}.${k}`).toBe(true);
          continue;
        }
        const f = a.build(ctx);
        expect(f.id).toBe(a.id);
        const { svg, warnings } = await renderWarnings(f);
        expect(warnings, a.id).toEqual([]);
        expect(svg).toMatch(/^<svg/);
      }
    });
  }
  it('lists the builders in paper order with unique ids', () => {
    const ids = GLOBE_PAPER_ANALYSES.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([
      'table02',
      'table03',
      'fig02',
      'fig03',
      'fig04',
      'table14',
      'fig06',
      'fig07',
      'table18',
      'fig08',
      'table19',
      'table20',
      'table22',
      'table23',
      'fig09',
      'fig10',
    ]);
  });
});

describe('models per panel', () => {
  it('rankPanels cuts models in rank order into panels of at most seven, as even as can be', () => {
    expect(rankPanels(20)).toEqual({
      panel: [...Array(7).fill(0), ...Array(7).fill(1), ...Array(6).fill(2)],
      ranges: [
        [1, 7],
        [8, 14],
        [15, 20],
      ],
    });
    expect(rankPanels(7).ranges).toEqual([[1, 7]]);
    expect(rankPanels(8).ranges).toEqual([
      [1, 4],
      [5, 8],
    ]);
  });
});
