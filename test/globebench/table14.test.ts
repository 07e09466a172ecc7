import { describe, expect, it } from 'vitest';
import { table14 } from '../../analysis/globebench/present/table14.js';
import { item, makeCtx } from './helpers.js';

/**
 * Seven items (reach-back, radius) and two models:
 *   a (10, L0)  b (40, L0)  c (41, L3)  d (100, L3)  e (null, L0)  f (5, null)  g (500, L1)
 *   m1: 1 1 0 1 1 0 0     m2: 1 0 0 0 0 1 1
 * per-item share passing: a 1, b .5, c 0, d .5, e .5, f .5, g .5
 */
function ctx(resamples = 400) {
  const spec: [string, number | null, 'L0' | 'L1' | 'L2' | 'L3' | null][] = [
    ['a', 10, 'L0'],
    ['b', 40, 'L0'],
    ['c', 41, 'L3'],
    ['d', 100, 'L3'],
    ['e', null, 'L0'],
    ['f', 5, null],
    ['g', 500, 'L1'],
  ];
  return makeCtx({
    items: spec.map(([id, rb, r]) => item(id, { reach_back: rb, impact_radius: r })),
    models: [{ model_id: 'm1' }, { model_id: 'm2' }],
    outcomes: { m1: '1101100', m2: '1000011' },
    resamples,
  });
}

describe('table14: success by reach-back band x impact radius', () => {
  const t = table14(ctx());
  const cell = (b: string, r: string) => t.rows.find((x) => x.band === b && x.radius === r)!;

  it('has 2 x 4 cells, the band totals, the radius totals and the overall row', () => {
    expect(t.rows.map((r) => `${r.band}|${r.radius}`)).toEqual([
      '<=40|L0',
      '<=40|L1',
      '<=40|L2',
      '<=40|L3',
      '<=40|all',
      '>40|L0',
      '>40|L1',
      '>40|L2',
      '>40|L3',
      '>40|all',
      'all|L0',
      'all|L1',
      'all|L2',
      'all|L3',
      'all|all',
    ]);
  });
  it('40 turns is in the short band; items without a label stay out of the cells that need it', () => {
    expect(cell('<=40', 'L0')).toMatchObject({ items: 2, success: 0.75 }); // a, b (e has no reach-back)
    expect(cell('>40', 'L3')).toMatchObject({ items: 2, success: 0.25 }); // c, d
    expect(cell('>40', 'L1')).toMatchObject({ items: 1, success: 0.5, ci_low: 0.5, ci_high: 0.5 });
    expect(cell('<=40', 'L3')).toMatchObject({ items: 0, success: null, ci_low: null, ci_high: null });
    expect(cell('<=40', 'all').items).toBe(3); // a, b, f (f has no radius but a reach-back)
    expect(cell('<=40', 'all').success).toBeCloseTo(2 / 3, 12);
    expect(cell('>40', 'all').success).toBeCloseTo(1 / 3, 12);
    expect(cell('all', 'L0').items).toBe(3); // a, b, e
    expect(cell('all', 'L0').success).toBeCloseTo(2 / 3, 12);
    expect(cell('all', 'L2').items).toBe(0);
    expect(cell('all', 'all')).toMatchObject({ items: 7, success: 0.5 });
  });
  it("the cell mean over models equals the pooled rate over the cell's responses", () => {
    // <=40: m1 passes a, b, not f (2/3); m2 passes a, f, not b (2/3)
    expect(cell('<=40', 'all').success).toBeCloseTo((2 / 3 + 2 / 3) / 2, 12);
  });
  it('bootstrap CIs lie within the item values and are reproducible for a seed', () => {
    const c = cell('<=40', 'L0');
    expect(c.ci_low as number).toBeGreaterThanOrEqual(0.5);
    expect(c.ci_high as number).toBeLessThanOrEqual(1);
    expect(c.ci_low as number).toBeLessThan(c.ci_high as number);
    expect(table14(ctx()).rows).toEqual(t.rows);
  });
  it('puts the published numbers on the band and radius totals only', () => {
    expect(cell('all', 'L0')).toMatchObject({ paper_items: 552, paper: 0.4349 });
    expect(cell('all', 'L0').delta).toBeCloseTo(2 / 3 - 0.4349, 12);
    expect(cell('all', 'L1')).toMatchObject({ paper_items: 33, paper: null, delta: null });
    expect(cell('>40', 'all')).toMatchObject({ paper_items: 1192, paper: 0.1144 });
    expect(cell('<=40', 'L0')).toMatchObject({ paper_items: null, paper: null });
  });
  it('notes count the unlabelled items and the models lowest on L3 / lower past 40 turns', () => {
    const notes = t.notes!.join('\n');
    // m1: L0 1, L1 0, L3 .5 -> not lowest on L3; m2: L0 1/3, L1 1, L3 0 -> lowest
    expect(notes).toMatch(/Models lowest on L3 \(ties count as lowest\): 1 of 2/);
    expect(notes).toMatch(/Models lower past 40 turns: 2 of 2/);
    expect(notes).toMatch(/without an impact radius \(1; paper 11\)/);
    expect(notes).toMatch(/without a reach-back \(1; paper 32\)/);
    expect(notes).toMatch(/leave out 2 items lacking either/);
    expect(notes).toMatch(/L3 minus L0: -41\.67 pp/); // .25 - 2/3
  });
});
