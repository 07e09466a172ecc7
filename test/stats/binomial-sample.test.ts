import { describe, expect, it } from 'vitest';
import { binomialSample } from '../../src/derive/stats/binomial-sample.js';
import { binomialTableSampler } from '../../src/derive/stats/binomial-table-sampler.js';
import { createRng, type Rng } from '../../src/derive/stats/rng.js';
import { python } from '../helpers/reference.js';

// (n, p) covering both methods and both sides of p = 1/2: inversion (n min(p, 1-p) <= 30), BTPE
// above it (including its far-tail Stirling test at n = 1e6), p near 0 and 1, n = 1.
const cases: Array<[number, number]> = [
  [1, 0.5],
  [1, 0.03],
  [20, 0.3],
  [50, 0.6],
  [10, 0.999],
  [1632, 0.3],
  [200, 0.5],
  [1000, 0.97],
  [100000, 0.0004],
  [1e6, 1e-5],
  [1e6, 0.5],
  [1e6, 0.999],
];
const draws = 100000;

const samplers: Array<[string, (n: number, p: number) => (rng: Rng) => number]> = [
  ['binomialSample', (n, p) => (rng) => binomialSample(rng, n, p)],
  ['binomialTableSampler', binomialTableSampler],
];

describe.each(samplers)('%s', (name, sampler) => {
  it('matches scipy.stats.binom: chi-square goodness of fit, mean and variance within Monte Carlo error', () => {
    const samples = cases.map(([n, p], i) => {
      const rng = createRng(20261201, `binomial:${name}:${i}`);
      const draw = sampler(n, p);
      return Array.from({ length: draws }, () => draw(rng));
    });
    // scipy does the reference side: expected counts from binom.pmf, cells merged until each
    // expects at least 5, the chi-square p-value, and z-scores of the sample mean and variance
    // against n p and n p q with their Monte Carlo standard errors (var of (X - mu)^2 from the
    // fourth central moment n p q (1 + 3 (n - 2) p q)).
    const ref: Array<{ pvalue: number; zMean: number; zVar: number; cells: number }> = python(
      `import sys, json, numpy as np
from scipy import stats
d = json.load(sys.stdin); out = []
for (n, p), xs in zip(d["cases"], d["samples"]):
    xs = np.array(xs, dtype=float); N = len(xs); q = 1 - p
    lo, hi = int(xs.min()), int(xs.max())
    lo = min(lo, int(stats.binom.ppf(1e-9, n, p))); hi = max(hi, int(stats.binom.isf(1e-9, n, p)))
    ks = np.arange(lo, hi + 1)
    obs = np.bincount((xs - lo).astype(int), minlength=len(ks))[:len(ks)].astype(float)
    exp = stats.binom.pmf(ks, n, p) * N
    exp[0] += stats.binom.cdf(lo - 1, n, p) * N; exp[-1] += stats.binom.sf(hi, n, p) * N
    O, E, o, e = [], [], 0.0, 0.0
    for a, b in zip(obs, exp):
        o += a; e += b
        if e >= 5: O.append(o); E.append(e); o, e = 0.0, 0.0
    if e > 0:
        if E: O[-1] += o; E[-1] += e
        else: O.append(o); E.append(e)
    O, E = np.array(O), np.array(E); E *= O.sum() / E.sum()
    pv = float(stats.chisquare(O, E).pvalue) if len(O) > 1 else 1.0
    mu, var = n * p, n * p * q
    mu4 = n * p * q * (1 + 3 * (n - 2) * p * q)
    zm = (xs.mean() - mu) / np.sqrt(var / N)
    # n = 1: a Bernoulli variance is a function of its mean, which zMean and the chi-square test
    zv = 0.0 if n == 1 else (xs.var() - var) / np.sqrt((mu4 - var * var) / N)
    out.append({"pvalue": pv, "zMean": float(zm), "zVar": float(zv), "cells": len(O)})
print(json.dumps(out))`,
      { cases, samples },
    );
    ref.forEach((r, i) => {
      const label = `n=${cases[i][0]} p=${cases[i][1]}`;
      // 12 cases: a p-value floor of 1e-4 leaves about 1 in 1000 for a false alarm; a wrong
      // sampler (off by one, wrong tail, 32-bit granularity in the tails) gives p < 1e-10 here
      expect(r.pvalue, `${label} chi-square over ${r.cells} cells`).toBeGreaterThan(1e-4);
      expect(Math.abs(r.zMean), `${label} mean`).toBeLessThan(4.5);
      expect(Math.abs(r.zVar), `${label} variance`).toBeLessThan(4.5);
    });
  });

  it('stays in 0..n and handles the degenerate parameters', () => {
    const rng = createRng(3, 'edges');
    expect(sampler(0, 0.4)(rng)).toBe(0);
    expect(sampler(17, 0)(rng)).toBe(0);
    expect(sampler(17, 1)(rng)).toBe(17);
    for (const [n, p] of cases) {
      const draw = sampler(n, p);
      const out = Array.from({ length: 2000 }, () => draw(rng)).filter((x) => !(Number.isInteger(x) && x >= 0 && x <= n));
      expect(out).toEqual([]);
    }
  });

  it('is a function of the stream: same seed and stream, same draws; another stream, others', () => {
    const run = (stream: string) => {
      const rng = createRng(8, stream);
      const [a, b] = [sampler(1632, 0.3), sampler(20, 0.3)];
      return Array.from({ length: 200 }, (_, i) => (i % 2 ? a : b)(rng));
    };
    expect(run('a')).toEqual(run('a'));
    expect(run('a')).not.toEqual(run('b'));
  });
});
