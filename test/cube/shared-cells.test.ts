import { beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, cubebench, passCell, passCells, diagnosisRows, type CubeContext } from '../../analysis/cubebench/index.js';
import type { Figure } from '../../src/present/figures/figure.js';
import type { Table } from '../../src/present/tables/table.js';
import { sampleDir } from '../helpers/benches.js';

/**
 * A table and a figure that show the same cell read one derived value: here every value the
 * figures draw is checked against the row of the table that prints the same cell.
 */
let ctx: CubeContext;
const built = new Map<string, Table | Figure>();
beforeAll(() => {
  ctx = cubebench.prepare(cubebench.load(sampleDir('cubebench')), { seed: 1, resamples: 10 });
  for (const a of cubebench.analyses) built.set(a.id, a.build(ctx));
});
const table = (id: string) => built.get(id) as Table;
const figureValues = (id: string) => ((built.get(id) as Figure).spec as { data: { values: Record<string, unknown>[] } }).data.values;

describe('figures and tables read the same derived cells', () => {
  it('fig-solver-diagnosis draws exactly the per-category task counts of the solver-diagnosis table', () => {
    const rows = table('solver-diagnosis').rows;
    const values = figureValues('fig-solver-diagnosis');
    const fromTable = rows.flatMap((r) =>
      CATEGORIES.filter((k) => (r[k] as number) > 0).map((k) => ({ cell: `${r.model} · ${r.tier} ${r.horizon}`, category: k, tasks: r[k] })),
    );
    expect(fromTable.length).toBeGreaterThan(10);
    expect(values.map((v) => ({ cell: v.cell, category: v.category, tasks: v.tasks }))).toEqual(fromTable);
    // the bars of a cell add up to the table's task count of that cell
    for (const r of rows) {
      const sum = values.filter((v) => v.cell === `${r.model} · ${r.tier} ${r.horizon}`).reduce((a, v) => a + (v.tasks as number), 0);
      expect(sum).toBe(r.tasks);
    }
  });

  it('fig-pass-by-depth, pooled over the depths of a horizon, gives the passes and n of every exp1 cell', () => {
    const points = figureValues('fig-pass-by-depth') as { model: string; tier: string; depth: number; passed: number; n: number; pass_rate: number }[];
    const exp1 = table('exp1').rows.filter((r) => r.tier !== 'all');
    expect(exp1.length).toBeGreaterThan(20);
    for (const r of exp1) {
      const inCell = points.filter((p) => p.model === r.model && p.tier === r.tier && (r.horizon === 'short' ? p.depth <= 4 : p.depth >= 8));
      expect(inCell.length, `${r.model} ${r.tier} ${r.horizon}`).toBeGreaterThan(0);
      expect(inCell.reduce((a, p) => a + p.passed, 0)).toBe(r.passed);
      expect(inCell.reduce((a, p) => a + p.n, 0)).toBe(r.n);
    }
    // and every point belongs to some exp1 cell
    for (const p of points) expect(exp1.some((r) => r.model === p.model && r.tier === p.tier)).toBe(true);
    for (const p of points) expect(p.pass_rate).toBeCloseTo((100 * p.passed) / p.n, 12);
  });

  it('exp1, exp2 and exp3 print the one derived interval of each cell they share', () => {
    const rows = ['exp1', 'exp2', 'exp3'].flatMap((id) => table(id).rows.map((r) => ({ id, r })));
    for (const { id, r } of rows) {
      const c = passCell(ctx, {
        model: r.model as string,
        agent: r.agent as string,
        reward: r.reward as string,
        tier: r.tier as string,
        horizon: r.horizon as string,
      })!;
      expect({ passed: r.passed, n: r.n, pass_rate: r.pass_rate, ci_low: r.ci_low, ci_high: r.ci_high }, id).toEqual({
        passed: c.passed,
        n: c.n,
        pass_rate: c.pass_rate,
        ci_low: c.ci_low,
        ci_high: c.ci_high,
      });
    }
    // the Basic / no-reward cells appear in all three tables with the same numbers
    const gpt5 = rows.filter(({ r }) => r.model === 'GPT-5' && r.agent === 'basic' && r.reward === 'none' && r.tier === 'symbolic' && r.horizon === 'short');
    expect(gpt5.map((x) => x.id)).toEqual(['exp1', 'exp2', 'exp3']);
    expect(new Set(gpt5.map((x) => JSON.stringify([x.r.ci_low, x.r.ci_high]))).size).toBe(1);
  });

  it('the solver-diagnosis table prints the derived rows, and derived values depend only on the release and options', () => {
    expect(table('solver-diagnosis').rows).toEqual(diagnosisRows(ctx));
    // built again, after every analysis, or from a fresh context of the same release and options
    const other = cubebench.prepare(ctx.release, ctx.opts);
    expect(cubebench.analyses.find((a) => a.id === 'solver-diagnosis')!.build(other)).toEqual(table('solver-diagnosis'));
    expect([...passCells(other).entries()]).toEqual([...passCells(ctx).entries()]);
    expect(diagnosisRows(other)).toEqual(diagnosisRows(ctx));
  });
});
