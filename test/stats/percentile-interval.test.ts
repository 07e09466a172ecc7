import { describe, expect, it } from 'vitest';
import { percentileInterval } from '../../src/derive/stats/percentile-interval.js';

describe('percentileInterval', () => {
  it('takes the type-7 quantiles of the replicates, worked by hand', () => {
    // 101 replicates 1..101, shuffled: the 5% quantile is at h = 100 x 0.05 = 5 (the 6th value), the 95% at 95
    const replicates = Float64Array.from({ length: 101 }, (_, i) => ((i * 37) % 101) + 1);
    const interval = percentileInterval(50, replicates, 0.9);
    expect(interval.estimate).toBe(50);
    expect(interval.low).toBeCloseTo(6, 9);
    expect(interval.high).toBeCloseTo(96, 9);
  });

  it('is the 95% interval by default, interpolating between order statistics', () => {
    // 0, 1, 2, 3 (x 10): h = 3 x 0.025 = 0.075 -> 0.75; h = 3 x 0.975 = 2.925 -> 29.25
    const interval = percentileInterval(1, Float64Array.of(30, 0, 20, 10));
    expect(interval.low).toBeCloseTo(0.75, 12);
    expect(interval.high).toBeCloseTo(29.25, 12);
  });
});
