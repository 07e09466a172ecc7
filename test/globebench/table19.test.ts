import { describe, expect, it } from 'vitest';
import { table19 } from '../../analysis/globebench/present/table19.js';
import { item, makeCtx } from './helpers.js';

describe('table19: items solved by exactly k models', () => {
  // per-item pass counts over 3 models: 0, 0, 1, 3, 2
  const t = table19(
    makeCtx({
      items: ['a', 'b', 'c', 'd', 'e'].map((id) => item(id)),
      models: [{ model_id: 'm1' }, { model_id: 'm2' }, { model_id: 'm3' }],
      outcomes: { m1: '00111', m2: '00011', m3: '00010' },
    }),
  );
  it('one row per k = 0..N with counts, shares and the cumulative share', () => {
    expect(t.rows.map((r) => [r.k, r.items])).toEqual([
      [0, 2],
      [1, 1],
      [2, 1],
      [3, 1],
    ]);
    expect(t.rows.map((r) => r.share)).toEqual([0.4, 0.2, 0.2, 0.2]);
    expect(t.rows[3].cumulative_share).toBeCloseTo(1, 12);
    expect(t.rows[1].cumulative_share).toBeCloseTo(0.6, 12);
  });
  it("compares k = 0 with the paper's 631", () => {
    expect(t.rows[0]).toMatchObject({ paper: 631, delta: 2 - 631 });
    expect(t.rows[1]).toMatchObject({ paper: null, delta: null });
  });
});
