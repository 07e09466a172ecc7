import { describe, expect, it } from 'vitest';
import { wilsonInterval } from '../../src/derive/stats/wilson-interval.js';
import { python } from '../helpers/reference.js';

describe('wilsonInterval', () => {
  it('matches statsmodels proportion_confint(method="wilson")', () => {
    const cases: [number, number][] = [];
    for (let k = 0; k <= 20; k++) cases.push([k, 20]);
    cases.push([0, 1], [1, 1], [3, 7], [40, 80], [1, 80], [349, 350], [5, 1000]);
    const ref: [number, number][] = python(
      `import sys, json
from statsmodels.stats.proportion import proportion_confint
cases = json.load(sys.stdin)
print(json.dumps([list(proportion_confint(k, n, alpha=0.05, method='wilson')) for k, n in cases]))`,
      cases,
    );
    cases.forEach(([k, n], i) => {
      const w = wilsonInterval(k, n);
      expect(w.estimate).toBe(k / n);
      expect(w.low).toBeCloseTo(ref[i][0], 12);
      expect(w.high).toBeCloseTo(ref[i][1], 12);
    });
  });

  it('stays inside [0, 1] and is not degenerate at the ends', () => {
    const zero = wilsonInterval(0, 20);
    expect(zero.low).toBe(0);
    expect(zero.high).toBeGreaterThan(0.16);
    expect(zero.high).toBeLessThan(0.162);
    const all = wilsonInterval(20, 20);
    expect(all.high).toBe(1);
    expect(all.low).toBeLessThan(0.84);
  });

  it('gives NaN for n = 0 and refuses impossible counts', () => {
    expect(wilsonInterval(0, 0).low).toBeNaN();
    expect(() => wilsonInterval(3, 2)).toThrow(RangeError);
  });
});
