import { describe, expect, it } from 'vitest';
import { distinctValues } from '../../src/derive/stats/distinct-values.js';

describe('distinctValues', () => {
  it('gives the distinct values ascending with their counts, -0 and 0 as one value 0', () => {
    const d = distinctValues([1, 0, 0.5, -0, 1, 1, -2, 0.5], 64)!;
    expect([...d.values]).toEqual([-2, 0, 0.5, 1]);
    expect(Object.is(d.values[1], 0)).toBe(true);
    expect([...d.counts]).toEqual([1, 2, 2, 3]);
    expect([...distinctValues(Uint8Array.of(1, 1, 0, 1, 0), 2)!.counts]).toEqual([2, 3]);
  });
  it('is null past maxDistinct values, or with a value that is not finite', () => {
    expect(distinctValues([3, 1, 2], 2)).toBeNull();
    expect(distinctValues([3, 1, 2], 3)).not.toBeNull();
    expect(distinctValues([0, NaN, 1], 64)).toBeNull();
    expect(distinctValues([Infinity, 1], 64)).toBeNull();
    expect(distinctValues([1, 1, -Infinity], Infinity)).toBeNull();
  });
  it('an empty sample has no values', () => {
    expect(distinctValues([], 64)).toEqual({ values: new Float64Array(0), counts: new Float64Array(0) });
  });
});
