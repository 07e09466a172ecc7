import { expect, it } from 'vitest';
import { betaBinomialClusterSample } from '../../src/derive/stats/beta-binomial-cluster-sample.js';
import { createRng } from '../../src/derive/stats/rng.js';
import { python } from '../helpers/reference.js';

it('cluster rates are Beta(mean (1/icc - 1), (1 - mean)(1/icc - 1)): counts of large clusters pass a KS test against scipy`s beta', () => {
  // with clusters of 2,000 units the share of ones is the cluster rate to within 0.01 (its binomial
  // s.d.), far below the spread of the Beta rates (s.d. 0.25), so the shares follow the Beta closely
  const rng = createRng(101, 'beta-rates');
  const n = 2000,
    G = 300;
  const units = betaBinomialClusterSample(rng, new Array(G).fill(n), 0.3, 0.3);
  const shares = Array.from({ length: G }, (_, g) => units.subarray(g * n, (g + 1) * n).reduce((a, b) => a + b, 0) / n);
  const p: number = python(
    `import sys, json
from scipy import stats
d = json.load(sys.stdin)
s = 1 / 0.3 - 1
print(json.dumps(float(stats.kstest(d, stats.beta(0.3 * s, 0.7 * s).cdf).pvalue)))`,
    shares,
  );
  expect(p).toBeGreaterThan(0.01);
  // and not the same test against a wrong ICC (the check has teeth)
  const wrong: number = python(
    `import sys, json
from scipy import stats
s = 1 / 0.15 - 1
print(json.dumps(float(stats.kstest(json.load(sys.stdin), stats.beta(0.3 * s, 0.7 * s).cdf).pvalue)))`,
    shares,
  );
  expect(wrong).toBeLessThan(1e-4);
});

it('has the mean and intraclass correlation asked for (moments by hand over many small clusters)', () => {
  // pairs of units: P(both 1) = E p^2 = mean^2 + mean (1 - mean) icc
  const rng = createRng(102, 'pairs');
  const G = 100000,
    mean = 0.3,
    icc = 0.3;
  const units = betaBinomialClusterSample(rng, new Array(G).fill(2), mean, icc);
  let ones = 0,
    both = 0;
  for (let g = 0; g < G; g++) {
    ones += units[2 * g] + units[2 * g + 1];
    both += units[2 * g] & units[2 * g + 1];
  }
  const m = ones / (2 * G);
  const corr = (both / G - m * m) / (m * (1 - m));
  expect(Math.abs(m - mean)).toBeLessThan(5 * Math.sqrt((mean * (1 - mean) * (1 + icc)) / (2 * G)));
  expect(Math.abs(corr - icc)).toBeLessThan(0.015); // s.e. of the correlation about 0.003
});

it('icc 0 and 1, determinism, and bad parameters', () => {
  const a = betaBinomialClusterSample(createRng(103, 's'), [5, 7, 3], 0.4, 0.3);
  expect(a).toEqual(betaBinomialClusterSample(createRng(103, 's'), [5, 7, 3], 0.4, 0.3));
  expect(a.length).toBe(15);
  const whole = betaBinomialClusterSample(createRng(104, 's'), new Array(50).fill(10), 0.5, 1);
  for (let g = 0; g < 50; g++) expect(new Set(whole.subarray(g * 10, g * 10 + 10)).size).toBe(1);
  const none = betaBinomialClusterSample(createRng(105, 's'), [100000], 0.2, 0);
  expect(Math.abs(none.reduce((x, y) => x + y, 0) / 100000 - 0.2)).toBeLessThan(0.01);
  expect(() => betaBinomialClusterSample(createRng(1), [3], 1.2, 0.3)).toThrow(RangeError);
  expect(() => betaBinomialClusterSample(createRng(1), [3], 0.2, -0.1)).toThrow(RangeError);
});

it('the count of each cluster is BetaBinomial(size, alpha, beta): chi-square goodness of fit of 20,000 clusters against scipy.stats.betabinom, p > 0.001, icc 0 and 1 included', () => {
  // this sampler is itself the plain draw (a rate by inversion, then one Bernoulli trial per unit):
  // it has no faster twin; icc 0 is Binomial(size, mean), icc 1 puts mass mean on size and the rest on 0
  const size = 8;
  const cases: [number, number][] = [
    [0.3, 0.2],
    [0.05, 0.5],
    [0.9, 0.01],
    [0.4, 0],
    [0.6, 1],
  ];
  const tallies = cases.map(([mean, icc], i) => {
    const units = betaBinomialClusterSample(createRng(20261202, `beta-binomial-gof:${i}`), new Array(20000).fill(size), mean, icc);
    const tally = new Array(size + 1).fill(0);
    for (let g = 0; g < 20000; g++) {
      let c = 0;
      for (let u = 0; u < size; u++) c += units[g * size + u];
      tally[c]++;
    }
    return tally;
  });
  const pvalues: number[] = python(
    `import sys, json, numpy as np
from scipy import stats
d = json.load(sys.stdin); out = []
for (mean, icc), obs in zip(d["cases"], d["tallies"]):
    n = d["size"]; ks = np.arange(n + 1); obs = np.array(obs, float)
    if icc == 0: pmf = stats.binom.pmf(ks, n, mean)
    elif icc == 1: pmf = np.where(ks == n, mean, np.where(ks == 0, 1 - mean, 0.0))
    else: s = 1 / icc - 1; pmf = stats.betabinom.pmf(ks, n, mean * s, (1 - mean) * s)
    assert all(o == 0 for o, p in zip(obs, pmf) if p == 0), "a count of probability 0 was drawn"
    order = np.argsort(pmf); obs, exp = obs[order], pmf[order] * obs.sum()
    o, e, co, ce = [], [], 0.0, 0.0
    for a, b in zip(obs, exp):
        co += a; ce += b
        if ce >= 5: o.append(co); e.append(ce); co = ce = 0.0
    if ce > 0 and e: o[-1] += co; e[-1] += ce
    out.append(float(stats.chisquare(o, e).pvalue))
print(json.dumps(out))`,
    { cases, tallies, size },
  );
  cases.forEach(([mean, icc], i) => expect(pvalues[i], `mean ${mean}, icc ${icc}`).toBeGreaterThan(0.001));
});
