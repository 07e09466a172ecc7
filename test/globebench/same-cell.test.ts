import { describe, expect, it } from 'vitest';
import {
  fig04,
  fig06,
  fig07,
  fig08,
  figTable01,
  judgeSensitivityTable,
  mhTable,
  MH_SPECS,
  table01,
  table14,
  table18,
  table22,
} from '../../analysis/globebench/index.js';
import { prepareGlobe } from '../../analysis/globebench/derive/context.js';
import { loadGlobebench } from '../../src/release/load/globebench.js';
import { hasSample, randomCtx, SAMPLE_DIR } from './helpers.js';

/**
 * A figure that shows a table's cell shows the table's interval: both read one derived cell (one
 * named stream, one draw). The values are compared exactly, the figure's percent with 100 x the
 * table's rate, so two separate bootstraps (which differ in the second decimal) fail this.
 */
const values = (f: { spec: object }) => (f.spec as { data: { values: Record<string, unknown>[] } }).data.values;
const pct = (x: unknown) => (x === null ? null : 100 * (x as number));

function checkTable14Fig06(ctx: ReturnType<typeof randomCtx>) {
  const t = table14(ctx);
  const f = fig06(ctx);
  const mean = (f.spec as { facet: { sort: string[] } }).facet.sort[0];
  const panel = values(f).filter((v) => v.panel === mean && v.series === 'model');
  expect(panel.length).toBeGreaterThan(0);
  for (const v of panel) {
    const row = t.rows.find((r) => r.band === 'all' && r.radius === v.level)!;
    expect(row, `table14 row all/${v.level}`).toBeDefined();
    expect(v.items).toBe(row.items);
    expect(v.success).toBe(pct(row.success));
    expect(v.low).toBe(pct(row.ci_low));
    expect(v.high).toBe(pct(row.ci_high));
  }
  // every radius total of the table that has items is drawn
  const drawn = new Set(panel.map((v) => v.level));
  for (const r of t.rows.filter((r) => r.band === 'all' && r.radius !== 'all' && (r.items as number) > 0)) expect(drawn.has(r.radius)).toBe(true);
}

describe('Table 14 and Figure 6 read one cell', () => {
  it('on a random release, many resamples', () => checkTable14Fig06(randomCtx({ items: 400, models: 7, seed: 11, resamples: 500 })));
  it.skipIf(!hasSample)('on the sample release', () => checkTable14Fig06(prepareGlobe(loadGlobebench(SAMPLE_DIR), { seed: 20261130, resamples: 300 })));
  it('whichever is built first', () => {
    const a = randomCtx({ seed: 5 }),
      b = randomCtx({ seed: 5 });
    const fa = fig06(a);
    table14(a);
    table14(b);
    const fb = fig06(b);
    expect(values(fa)).toEqual(values(fb));
  });
});

describe('Figure 7 mean panel reads Figure 4 cells; Figure 8 reads Table 18', () => {
  it('reach-back bins', () => {
    const ctx = randomCtx({ items: 400, models: 5, seed: 3, resamples: 3000 });
    const f4 = values(fig04(ctx)).filter((v) => v.series === 'mean');
    const f7 = fig07(ctx);
    const mean = (f7.spec as { facet: { sort: string[] } }).facet.sort[0];
    const p7 = values(f7).filter((v) => v.panel === mean);
    expect(p7.map((v) => [v.bin, v.items, v.success, v.low, v.high])).toEqual(f4.map((v) => [v.bin, v.items, v.success, v.low, v.high]));
  });
  it('skills', () => {
    const ctx = randomCtx({ seed: 9 });
    const t = table18(ctx);
    const f = values(fig08(ctx)).filter((v) => v.series !== 'best model' && v.series !== 'worst model');
    expect(f.map((v) => [v.skill, v.success])).toEqual(t.rows.map((r) => [r.skill, pct(r.pooled)]));
  });
});

describe('Table 1 and its figure, Table 22 and the MH tables read one cell', () => {
  it("the Table 1 figure draws the table's rows: order, success and interval", () => {
    const ctx = randomCtx({ models: 7, seed: 13, resamples: 500 });
    const t = table01(ctx);
    const f = values(figTable01(ctx));
    expect(f.map((v) => [v.model, v.success, v.ci_low, v.ci_high])).toEqual(t.rows.map((r) => [r.model, pct(r.success), pct(r.ci_low), pct(r.ci_high)]));
  });
  it("Table 22's within-operator row is mh-outcome-operator", () => {
    const ctx = randomCtx({ seed: 17 });
    const mh = (id: string) => mhTable(ctx, MH_SPECS.find((s) => s.id === id)!).rows[0];
    const within = table22(ctx).rows[3];
    const outcome = mh('mh-outcome-operator');
    expect([within.diff, within.diff_ci_low, within.diff_ci_high, within.strata_used]).toEqual([
      outcome.mh_diff,
      outcome.ci_low,
      outcome.ci_high,
      outcome.strata_both,
    ]);
  });
  it.skipIf(!hasSample)('judge sensitivity at 0.80 is mh-radius-operator', () => {
    const ctx = prepareGlobe(loadGlobebench(SAMPLE_DIR), { seed: 1, resamples: 20 });
    const mh = mhTable(ctx, MH_SPECS.find((s) => s.id === 'mh-radius-operator')!).rows[0];
    expect(judgeSensitivityTable(ctx).rows.find((r) => r.threshold === 0.8)!.mh_radius_operator).toBe(mh.mh_diff);
  });
});
