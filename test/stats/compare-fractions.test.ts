import { describe, expect, it } from 'vitest';
import { compareFractions, compareRatesAscending, compareRatesDescending } from '../../src/derive/stats/compare-fractions.js';

describe('compareFractions', () => {
  it('compareFractions is exact where floats are not', () => {
    expect(compareFractions(1, 3, 2, 6)).toBe(0);
    expect(compareFractions(36, 147, 12, 49)).toBe(0);
    expect(compareFractions(1, 3, 333333, 1000000)).toBeGreaterThan(0);
    expect(compareFractions(2 ** 40, 2 ** 40 + 1, 2 ** 40 + 1, 2 ** 40 + 2)).toBeLessThan(0); // products beyond 2^53
    expect(compareFractions(1, 0, 0, 5)).toBeGreaterThan(0); // undefined rates sort last
  });
  it('sorts rates both ways with undefined rates last', () => {
    const r = [
      [1, 3],
      [0, 0],
      [2, 6],
      [1, 2],
    ];
    const asc = [...r].sort((a, b) => compareRatesAscending(a[0], a[1], b[0], b[1]));
    const desc = [...r].sort((a, b) => compareRatesDescending(a[0], a[1], b[0], b[1]));
    expect(asc).toEqual([
      [1, 3],
      [2, 6],
      [1, 2],
      [0, 0],
    ]);
    expect(desc).toEqual([
      [1, 2],
      [1, 3],
      [2, 6],
      [0, 0],
    ]);
  });
});
