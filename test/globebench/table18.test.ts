import { describe, expect, it } from 'vitest';
import { fig02, fig08, table18 } from '../../analysis/globebench/index.js';
import { item, makeCtx } from './helpers.js';

/**
 * Skills s1 (items 1, 2), s2 (3, 4), s3 (5); models A (3/5 overall), B and C (1/5 each, B first by name).
 *   A: 1 1 | 1 0 | 0     B: 1 0 | 0 0 | 0     C: 0 0 | 0 1 | 0   (C is a world model)
 */
function ctx() {
  return makeCtx({
    items: ['s1', 's1', 's2', 's2', 's3'].map((s, i) => item(`i${i + 1}`, { skill: s })),
    models: [
      { model_id: 'c', name: 'C', kind: 'world_model' },
      { model_id: 'a', name: 'A' },
      { model_id: 'b', name: 'B' },
    ],
    outcomes: { a: '11100', b: '10000', c: '00010' },
  });
}

describe('table18: success by primary skill', () => {
  const t = table18(ctx());
  const row = (s: string) => t.rows.find((r) => r.skill === s)!;

  it('orders skills hardest first', () => {
    expect(t.rows.map((r) => [r.rank, r.skill, r.items])).toEqual([
      [1, 's3', 1],
      [2, 's2', 2],
      [3, 's1', 2],
    ]);
  });
  it('pooled success and oracle coverage', () => {
    expect(row('s1')).toMatchObject({ pooled: 0.5, oracle: 1 });
    expect(row('s2').pooled).toBeCloseTo(1 / 3, 12);
    expect(row('s2').oracle).toBe(1); // item 3 by A, item 4 by C
    expect(row('s3')).toMatchObject({ pooled: 0, oracle: 0 });
  });
  it('best and worst model, ties broken by overall rank', () => {
    expect(row('s1')).toMatchObject({ best_model: 'A', best: 1, best_ties: 1, worst_model: 'C', worst: 0, worst_ties: 1 });
    expect(row('s2')).toMatchObject({ best_model: 'A', best: 0.5, best_ties: 2, worst_model: 'B', worst: 0, worst_ties: 1 });
    // all three at 0: best = the highest-ranked (A), worst = the lowest-ranked (C, after B by name)
    expect(row('s3')).toMatchObject({ best_model: 'A', best_ties: 3, worst_model: 'C', worst_ties: 3 });
  });
  it('counts the skills where a world model is below the median model', () => {
    // s1: 1, .5, 0 -> C below; s2: .5, 0, .5 -> median .5, C not below; s3: all 0
    expect(t.notes!.join('\n')).toMatch(/C 1 of 3/);
  });
  it('fig02 is the model x skill grid in table order; fig08 the best / mean / worst bars', () => {
    const f2 = fig02(ctx());
    const spec = f2.spec as any;
    expect(spec.layer[0].encoding.x.sort).toEqual(['s3', 's2', 's1']);
    expect(spec.layer[0].encoding.y.sort).toEqual(['A', 'B', 'C']);
    expect(spec.data.values).toHaveLength(9);
    expect(spec.data.values.find((v: any) => v.model === 'C' && v.skill === 's2').success).toBe(50);
    const f8 = fig08(ctx()).spec as any;
    const v = f8.data.values.filter((x: any) => x.skill === 's2');
    expect(v.map((x: any) => [x.series, x.model])).toEqual([
      ['best model', 'A'],
      ['3-model mean', '3-model mean'],
      ['worst model', 'B'],
    ]);
    expect(v.map((x: any) => x.success)).toEqual([50, expect.closeTo(100 / 3, 10), 0]);
  });
});
