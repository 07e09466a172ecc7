import { mean, probit, quantileSorted as ssQuantileSorted, sampleStandardDeviation, sampleVariance, sum } from 'simple-statistics';
import { expect, it } from 'vitest';
import { median } from '../../src/derive/stats/median.js';
import { normalQuantile } from '../../src/derive/stats/normal-quantile.js';
import { quantileSorted } from '../../src/derive/stats/quantile-sorted.js';
import { createRng } from '../../src/derive/stats/rng.js';
import { python } from '../helpers/reference.js';

// the library is used where it agrees with numpy to 1e-12, and not where it does not
const rng = createRng(11, 'simple-statistics');
const odd = Array.from({ length: 101 }, () => rng.next() * 100 - 30);
const even = odd.slice(0, 100);
const ref = python(
  `import sys,json,math
import numpy as np
from scipy.stats import norm
d=json.load(sys.stdin); o=np.array(d["odd"]); e=np.array(d["even"])
print(json.dumps({"median_odd":float(np.median(o)),"median_even":float(np.median(e)),"mean":float(np.mean(e)),
 "var":float(np.var(e,ddof=1)),"sd":float(np.std(e,ddof=1)),"fsum":math.fsum(d["even"]),
 "q":[float(np.percentile(e,p*100)) for p in d["ps"]],"z":[float(norm.ppf(p)) for p in d["zs"]]}))`,
  { odd, even, ps: [0.025, 0.1, 0.33, 0.975], zs: [0.975, 0.995, 1e-6] },
);

it('median, mean, sample variance and sd agree with numpy to 1e-12; sum with math.fsum', () => {
  expect(Math.abs(median(odd) - ref.median_odd)).toBeLessThan(1e-12);
  expect(Math.abs(median(even) - ref.median_even)).toBeLessThan(1e-12);
  expect(median([])).toBeNaN();
  expect(Math.abs(mean(even) - ref.mean)).toBeLessThan(1e-12);
  expect(Math.abs(sampleVariance(even) - ref.var)).toBeLessThan(1e-10);
  expect(Math.abs(sampleStandardDeviation(even) - ref.sd)).toBeLessThan(1e-12);
  expect(Math.abs(sum(even) - ref.fsum)).toBeLessThan(1e-12);
});

it('quantile and probit stay hand-written: the library differs from numpy type 7 and scipy norm.ppf', () => {
  const sorted = [...even].sort((a, b) => a - b);
  const ours = [0.025, 0.1, 0.33, 0.975].map((p) => quantileSorted(sorted, p));
  ours.forEach((q, i) => expect(Math.abs(q - ref.q[i])).toBeLessThan(1e-12));
  expect([0.025, 0.1, 0.33, 0.975].some((p, i) => Math.abs(ssQuantileSorted(sorted, p) - ref.q[i]) > 1e-6)).toBe(true);
  [0.975, 0.995, 1e-6].forEach((p, i) => expect(Math.abs(normalQuantile(p) - ref.z[i]) / Math.abs(ref.z[i])).toBeLessThan(1.2e-9));
  expect(Math.abs(probit(0.975) - ref.z[0])).toBeGreaterThan(1e-3);
});
