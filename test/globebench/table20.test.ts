import { describe, expect, it } from 'vitest';
import { table20 } from '../../analysis/globebench/present/table20.js';
import { item, makeCtx } from './helpers.js';

describe('table20: the items no model solves', () => {
  // u1 (a, code, L3, 100) unsolved; u2 (a, games, L3, no reach-back) unsolved;
  // s1 (b, code, L0, 10) solved by m2; u3 (b, code, no radius, 5) unsolved
  const t = table20(
    makeCtx({
      items: [
        item('u1', { skill: 'a', domain: 'code', impact_radius: 'L3', reach_back: 100 }),
        item('u2', { skill: 'a', domain: 'games', impact_radius: 'L3', reach_back: null }),
        item('s1', { skill: 'b', domain: 'code', impact_radius: 'L0', reach_back: 10 }),
        item('u3', { skill: 'b', domain: 'code', impact_radius: null, reach_back: 5 }),
      ],
      models: [{ model_id: 'm1' }, { model_id: 'm2' }],
      outcomes: { m1: '0000', m2: '0010' },
    }),
  );
  const row = (d: string, v: string) => t.rows.find((r) => r.dimension === d && r.value === v)!;

  it("the total row compares with the paper's 631", () => {
    expect(t.rows[0]).toMatchObject({ dimension: 'all', items: 3, level_items: 4, share_of_dimension_level: 0.75, paper_items: 631, delta_items: 3 - 631 });
  });
  it('long form: dimension, level, unsolved, share of unsolved, share of the level', () => {
    expect(t.rows.filter((r) => r.dimension === 'skill').map((r) => [r.value, r.items, r.level_items])).toEqual([
      ['a', 2, 2],
      ['b', 1, 2],
    ]);
    expect(t.rows.filter((r) => r.dimension === 'domain').map((r) => [r.value, r.items, r.level_items])).toEqual([
      ['code', 2, 3],
      ['games', 1, 1],
    ]);
    expect(t.rows.filter((r) => r.dimension === 'impact_radius').map((r) => r.value)).toEqual(['L0', 'L3', '(none)']);
    expect(row('impact_radius', 'L3')).toMatchObject({ items: 2, level_items: 2, share_of_dimension_level: 1, paper_share_of_unsolved: 0.876 });
    expect(row('impact_radius', 'L3').share_of_unsolved).toBeCloseTo(2 / 3, 12);
    expect(row('impact_radius', 'L3').delta_share).toBeCloseTo(2 / 3 - 0.876, 12);
    expect(row('impact_radius', 'L0')).toMatchObject({ items: 0, share_of_unsolved: 0, share_of_dimension_level: 0, paper_share_of_unsolved: null });
    expect(row('reach_back', '<=40')).toMatchObject({ items: 1, level_items: 2, share_of_dimension_level: 0.5 });
    expect(row('reach_back', '>40')).toMatchObject({ items: 1, level_items: 1 });
    expect(row('reach_back', '(none)')).toMatchObject({ items: 1, level_items: 1 });
  });
  it('within each dimension the shares of unsolved sum to one', () => {
    for (const d of ['skill', 'domain', 'impact_radius', 'reach_back']) {
      const s = t.rows.filter((r) => r.dimension === d).reduce((a, r) => a + (r.share_of_unsolved as number), 0);
      expect(s, d).toBeCloseTo(1, 12);
    }
  });
});
