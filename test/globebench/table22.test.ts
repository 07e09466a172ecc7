import { describe, expect, it } from 'vitest';
import { table22 } from '../../analysis/globebench/present/table22.js';
import { mhTable } from '../../analysis/globebench/present/mantel-haenszel.js';
import { MH_SPECS } from '../../analysis/globebench/derive/mantel-haenszel.js';
import { item, makeCtx } from './helpers.js';

/**
 * op1: e1 (error, both pass), n1 (m1 passes), n2 (none); op2: e2 (error, m1 passes), n3 (none);
 * op3: n4 (normal only, both pass) -> carries no weight within operator.
 */
function ctx() {
  const err = { outcome: 'error' as const, gold_error: { class: 'E', referent: null } };
  return makeCtx({
    items: [
      item('e1', { operator: 'op1', ...err }),
      item('n1', { operator: 'op1' }),
      item('n2', { operator: 'op1' }),
      item('e2', { operator: 'op2', ...err }),
      item('n3', { operator: 'op2' }),
      item('n4', { operator: 'op3' }),
    ],
    models: [{ model_id: 'm1' }, { model_id: 'm2' }],
    outcomes: { m1: '110101', m2: '100001' },
  });
}

describe('table22: success by the outcome of the final action', () => {
  const t = table22(ctx());
  it('pooled success per outcome over responses', () => {
    expect(t.rows[0]).toMatchObject({ items: 2, responses: 4, success: 0.75, paper_items: 155, paper: 0.5316 });
    expect(t.rows[1]).toMatchObject({ items: 4, responses: 8, success: 0.375, paper_items: 1477, paper: 0.1616 });
    expect(t.rows[0].delta).toBeCloseTo(0.75 - 0.5316, 12);
    expect(t.rows[2].diff).toBeCloseTo(0.375, 12);
    expect(t.rows[2].delta).toBeCloseTo(0.375 - 0.37, 12);
  });
  it('within operator: the Mantel-Haenszel risk difference over operators with both sides', () => {
    // op1: a 2 of n1 2, c 1 of n0 4 (N 6): num 8/6 - 2/6 = 1, w 8/6; op2: a 1/2, c 0/2: num .5, w 1
    const mh = t.rows[3];
    expect(mh.diff).toBeCloseTo(1.5 / (8 / 6 + 1), 12);
    expect(mh.strata_used).toBe(2);
    expect(mh.diff_ci_low as number).toBeLessThan(mh.diff as number);
    expect(mh.paper_diff).toBe(0.0457);
  });
  it("agrees with the lead's mh-outcome-operator table", () => {
    const spec = MH_SPECS.find((s) => s.id === 'mh-outcome-operator')!;
    const r = mhTable(ctx(), spec).rows[0];
    expect(t.rows[3].diff).toBeCloseTo(r.mh_diff as number, 12);
    expect(t.rows[3].diff_ci_low).toBeCloseTo(r.ci_low as number, 12);
  });
});
