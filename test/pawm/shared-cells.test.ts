import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { backboneTransfer, gatingRuns, grpoComparison, mainRuns, pawm, pilotRuns, ratioRuns, type PawmContext, type Run } from '../../analysis/pawm/index.js';
import type { Figure } from '../../src/present/figures/figure.js';
import type { Table, TableRow } from '../../src/present/tables/table.js';

/**
 * PAWM's tables and figures lay out derived runs (analysis/pawm/derive/runs.ts): every row prints
 * its run's metrics, the notes quote the derived best runs and gains, and a figure draws the same
 * runs its data table prints.
 */
const DIR = join(import.meta.dirname, '../../data/pawm');
let ctx: PawmContext;
const built = new Map<string, Table | Figure>();
beforeAll(() => {
  ctx = pawm.prepare(pawm.load(DIR), { seed: 20261130, resamples: 20 });
  for (const a of pawm.analyses) if (a.id !== 'lexical-stability' && a.id !== 'wordcloud') built.set(a.id, a.build(ctx));
}, 300_000);
const table = (id: string) => built.get(id) as Table;
const bars = (id: string) => ((built.get(id) as Figure).spec as { data: { values: Record<string, number | string | null>[] } }).data.values;

/** A row's numbers against its run's metrics (null when the release has no such run). */
function expectRunRow(row: TableRow, run: Run) {
  const m = run.metrics;
  expect([row.config, row.method, row.acc, row.acc_sd, row.pass3, row.action_change_rate, row.calls]).toEqual([
    run.label,
    run.config?.key.method ?? null,
    m?.acc ?? null,
    m?.acc_sd ?? null,
    m?.pass3 ?? null,
    m?.action_change_rate ?? null,
    m?.calls ?? null,
  ]);
}

describe('PAWM tables print the derived runs', () => {
  it('each derived cell is computed once per context', () => {
    for (const cell of [pilotRuns, gatingRuns, mainRuns, ratioRuns, grpoComparison, backboneTransfer] as ((c: PawmContext) => unknown)[])
      expect(cell(ctx)).toBe(cell(ctx));
    const other = pawm.prepare(ctx.release, ctx.opts);
    expect(mainRuns(other)).not.toBe(mainRuns(ctx));
    expect(mainRuns(other).gain).toEqual(mainRuns(ctx).gain);
  });

  it("tables 1, 3, 4 and 5 and figure 2's data: one row per derived run, in order", () => {
    const cases: [string, Run[]][] = [
      ['table01', pilotRuns(ctx).runs],
      ['table03', gatingRuns(ctx)],
      ['table04', mainRuns(ctx).runs],
      ['table05', ratioRuns(ctx)],
      ['fig02-data', grpoComparison(ctx).runs],
    ];
    for (const [id, runs] of cases) {
      expect(table(id).rows, id).toHaveLength(runs.length);
      table(id).rows.forEach((row, i) => expectRunRow(row, runs[i]));
    }
    expect(table('table05').rows.map((r) => r.best)).toEqual(ratioRuns(ctx).map((r) => r.best));
    expect(ratioRuns(ctx).filter((r) => r.best)).toHaveLength(2); // one best ratio per benchmark
  });

  it('the notes quote the derived best runs and gains', () => {
    const notes = (id: string) => table(id).notes!.join('\n');
    const { top } = pilotRuns(ctx);
    expect(notes('table01')).toContain(
      `ScienceWorld: highest ACR ${top.scienceworld!.acr.label} (${(top.scienceworld!.acr.metrics!.action_change_rate * 100).toFixed(1)}%)`,
    );
    const { gain } = mainRuns(ctx);
    // the gain is PAWM + GRPO's Acc minus no guidance's, as the table's rows print them
    const t4 = table('table04').rows.filter((r) => r.benchmark === 'WebArena-Lite');
    expect(gain.webarena_lite!.acc).toBe((t4.find((r) => r.method === 'pawm_grpo')!.acc as number) - (t4.find((r) => r.method === 'none')!.acc as number));
    expect(notes('table04')).toContain(`WebArena-Lite: PAWM + GRPO minus no guidance = ${(gain.webarena_lite!.acc * 100).toFixed(2)} points`);
    const best = grpoComparison(ctx).best.scienceworld!;
    expect(best.label).toBe('PAWM: + GRPO'); // the paper's claim, which the sample reproduces
    expect(notes('fig02-data')).toContain(`ScienceWorld: best ${best.label} (${(best.metrics!.acc * 100).toFixed(2)}%`);
  });
});

describe('PAWM figures draw the runs their data tables print', () => {
  for (const [fig, data] of [
    ['fig02', 'fig02-data'],
    ['fig03', 'fig03-data'],
  ] as const) {
    it(`${fig} draws exactly ${data}'s rows: Acc, ± one sd and the paper's Acc, in percent`, () => {
      const rows = table(data).rows;
      const values = bars(fig);
      expect(values).toHaveLength(rows.length);
      expect(rows.filter((r) => r.paper_acc !== null).length).toBeGreaterThan(0);
      rows.forEach((r, i) => {
        const v = values[i];
        expect([v.benchmark, v.group, v.variant]).toEqual([r.benchmark, fig === 'fig02' ? r.family : r.agent, r.variant]);
        expect(v.acc_pct).toBe(r.acc === null ? null : (r.acc as number) * 100);
        expect(v.low_pct).toBe(r.acc === null || r.acc_sd === null ? null : ((r.acc as number) - (r.acc_sd as number)) * 100);
        expect(v.high_pct).toBe(r.acc === null || r.acc_sd === null ? null : ((r.acc as number) + (r.acc_sd as number)) * 100);
        expect(v.paper_pct).toBe(r.paper_acc === null ? null : (r.paper_acc as number) * 100);
      });
    });
  }

  it("fig03-data's gain column is each derived pair's gain, on its with-PAWM row", () => {
    const { pairs } = backboneTransfer(ctx);
    const rows = table('fig03-data').rows;
    expect(rows).toHaveLength(2 * pairs.length);
    pairs.forEach((p, i) => {
      expect(Object.hasOwn(rows[2 * i], 'gain')).toBe(false);
      expect(rows[2 * i + 1].gain).toBe(p.gain);
      if (p.gain !== null) expect(p.gain).toBe(p.with.metrics!.acc - p.without.metrics!.acc);
    });
    expect(pairs.filter((p) => p.gain !== null).length).toBeGreaterThan(4);
  });
});
