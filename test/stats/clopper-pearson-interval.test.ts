import { expect, it } from 'vitest';
import { clopperPearsonInterval } from '../../src/derive/stats/clopper-pearson-interval.js';
import { wilsonInterval } from '../../src/derive/stats/wilson-interval.js';
import { python } from '../helpers/reference.js';

it('matches statsmodels proportion_confint(method="beta") to 1e-12', () => {
  const cases: [number, number][] = [];
  for (let k = 0; k <= 20; k++) cases.push([k, 20]);
  cases.push([0, 1], [1, 1], [3, 7], [40, 80], [1, 80], [349, 350], [5, 1000]);
  const ref: [number, number][] = python(
    `import sys, json
from statsmodels.stats.proportion import proportion_confint
print(json.dumps([list(proportion_confint(k, n, alpha=0.05, method='beta')) for k, n in json.load(sys.stdin)]))`,
    cases,
  );
  cases.forEach(([k, n], i) => {
    const ci = clopperPearsonInterval(k, n);
    expect(ci.estimate).toBe(k / n);
    expect(Math.abs(ci.low - ref[i][0])).toBeLessThan(1e-12);
    expect(Math.abs(ci.high - ref[i][1])).toBeLessThan(1e-12);
  });
});

it('hand-worked: 0 of n has high 1 - (alpha/2)^(1/n); it is wider than Wilson; edges', () => {
  const zero = clopperPearsonInterval(0, 20);
  expect(zero.low).toBe(0);
  expect(zero.high).toBeCloseTo(1 - 0.025 ** (1 / 20), 14); // 0.1684
  const all = clopperPearsonInterval(20, 20);
  expect([all.low, all.high]).toEqual([0.025 ** (1 / 20), 1]);
  const w = wilsonInterval(15, 20),
    cp = clopperPearsonInterval(15, 20);
  expect(cp.high - cp.low).toBeGreaterThan(w.high - w.low);
  expect(clopperPearsonInterval(0, 0).low).toBeNaN();
  expect(() => clopperPearsonInterval(3, 2)).toThrow(RangeError);
});
