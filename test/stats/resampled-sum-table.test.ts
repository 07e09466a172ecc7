import { describe, expect, it } from 'vitest';
import { latticeOf, RESAMPLED_SUM_WORK, ResampledSumTable, resampledSumTabulable } from '../../src/derive/stats/resampled-sum-table.js';

/** The table's law, read through sumAt on a fine grid of uniforms: each sum's share of the grid. */
function lawOf(table: ResampledSumTable, points = 1_000_000): Map<number, number> {
  const law = new Map<number, number>();
  for (let i = 0; i < points; i++) {
    const s = table.sumAt((i + 0.5) / points);
    law.set(s, (law.get(s) ?? 0) + 1 / points);
  }
  return law;
}

/** The sum's law by enumerating every sequence of n unit indices (sample.length^n of them). */
function enumerated(sample: readonly number[], n: number): Map<number, number> {
  const law = new Map<number, number>();
  const total = sample.length ** n;
  for (let code = 0; code < total; code++) {
    let s = 0;
    for (let t = 0, c = code; t < n; t++, c = Math.floor(c / sample.length)) s += sample[c % sample.length];
    law.set(s, (law.get(s) ?? 0) + 1 / total);
  }
  return law;
}

describe('ResampledSumTable', () => {
  it('three integer values: the law of the sum of n draws is the enumerated one', () => {
    // units {-1, 0, 0, 1, 1}, four draws: 5^4 = 625 sequences
    const table = new ResampledSumTable([1, -1, 0], [2, 1, 2], 4);
    const law = lawOf(table);
    for (const [s, p] of enumerated([-1, 0, 0, 1, 1], 4)) expect(law.get(s) ?? 0, `sum ${s}`).toBeCloseTo(p, 5);
    // by hand: P(sum = -4) = (1/5)^4, P(sum = 4) = (2/5)^4
    expect(law.get(-4)).toBeCloseTo(1 / 625, 5);
    expect(law.get(4)).toBeCloseTo(16 / 625, 5);
  });

  it('two values of any kind: X v_2 + (n - X) v_1 with X binomial', () => {
    const table = new ResampledSumTable([0.75, 0.25], [1, 3], 3);
    const law = lawOf(table);
    // X ~ Bin(3, 1/4) copies of 0.75, the rest 0.25: P(X = x) = C(3, x) (1/4)^x (3/4)^(3 - x)
    const expected = [27 / 64, 27 / 64, 9 / 64, 1 / 64];
    expected.forEach((p, x) => expect(law.get(x * 0.75 + (3 - x) * 0.25) ?? 0, `x = ${x}`).toBeCloseTo(p, 5));
  });

  it('counts in proportion: m copies of a sample give the same law as the sample', () => {
    const once = lawOf(new ResampledSumTable([0, 1, 2], [1, 1, 1], 6));
    const scaled = lawOf(new ResampledSumTable([0, 1, 2], [5, 5, 5], 6));
    for (const [s, p] of once) expect(scaled.get(s) ?? 0).toBeCloseTo(p, 12);
  });

  it('one value, or none drawn, is a constant drawn without a uniform', () => {
    expect(new ResampledSumTable([3], [4], 5).constant).toBe(15);
    expect(new ResampledSumTable([3, 9], [4, 0], 2).constant).toBe(6);
    expect(new ResampledSumTable([1, 2], [1, 1], 0).constant).toBe(0);
    expect(new ResampledSumTable([1, 2], [1, 1], 2).constant).toBeNaN();
  });

  it('shares of 20 models (on the lattice of 1/20): sums of n steps, law as enumerated', () => {
    const values = [3 / 20, 7 / 20, 13 / 20];
    const law = lawOf(new ResampledSumTable(values, [1, 1, 1], 3));
    const expected = enumerated(values, 3);
    // the same sums up to rounding: compare on a grid of 1/20
    const onGrid = (m: Map<number, number>) => {
      const out = new Map<number, number>();
      for (const [s, p] of m) out.set(Math.round(s * 20), (out.get(Math.round(s * 20)) ?? 0) + p);
      return out;
    };
    const [got, want] = [onGrid(law), onGrid(expected)];
    expect(got.size).toBe(want.size);
    for (const [s, p] of want) expect(got.get(s) ?? 0, `sum ${s}/20`).toBeCloseTo(p, 5);
  });

  it('tabulates three or more values only on a lattice and when the table is small', () => {
    expect(resampledSumTabulable([0, 1, Math.SQRT2], 3)).toBe(false);
    expect(resampledSumTabulable([0.5, 1, 2], 3)).toBe(true);
    expect(latticeOf([0.15, 0.35, 0.6])).toMatchObject({ range: 9 });
    expect(latticeOf([0.15, 0.35, 0.6])?.step).toBeCloseTo(0.05, 12);
    expect(resampledSumTabulable([0.5, 0.25], 1000)).toBe(true);
    expect(resampledSumTabulable([-1, 0, 1], 30)).toBe(true);
    const n = Math.ceil(Math.sqrt((2 * RESAMPLED_SUM_WORK) / (2 * 3))) + 1;
    expect(resampledSumTabulable([-1, 0, 1], n)).toBe(false);
  });
});
