import { describe, expect, it } from 'vitest';
import { MultinomialSampler, multinomialSample } from '../../src/derive/stats/multinomial-sample.js';
import { createRng } from '../../src/derive/stats/rng.js';
import { python } from '../helpers/reference.js';

describe('multinomialSample', () => {
  const weights = [5, 0, 120, 3, 40, 1]; // counts of six distinct values, one of them absent
  const W = weights.reduce((a, b) => a + b, 0);
  const n = 169;
  const draws = 50000;
  const rng = createRng(4, 'multinomial');
  const samples = Array.from({ length: draws }, () => Array.from(multinomialSample(rng, n, weights, new Float64Array(weights.length))));

  it('counts are non-negative integers that sum to n; a zero weight never draws', () => {
    const bad = samples.filter((s) => s.reduce((a, b) => a + b, 0) !== n || !s.every((x) => Number.isInteger(x) && x >= 0) || s[1] !== 0);
    expect(bad).toEqual([]);
  });

  it('marginal means, variances and a covariance match n p_j, n p_j (1 - p_j), -n p_i p_j within Monte Carlo error', () => {
    for (let j = 0; j < weights.length; j++) {
      if (weights[j] === 0) continue;
      const p = weights[j] / W;
      const xs = samples.map((s) => s[j]);
      const mean = xs.reduce((a, b) => a + b, 0) / draws;
      const variance = xs.reduce((a, x) => a + (x - mean) ** 2, 0) / draws;
      const v = n * p * (1 - p);
      expect(Math.abs(mean - n * p) / Math.sqrt(v / draws), `mean of ${j}`).toBeLessThan(4.5);
      // a binomial marginal: var of (X - mu)^2 is mu4 - v^2, mu4 = v (1 + 3 (n - 2) p (1 - p))
      const mu4 = v * (1 + 3 * (n - 2) * p * (1 - p));
      expect(Math.abs(variance - v) / Math.sqrt((mu4 - v * v) / draws), `variance of ${j}`).toBeLessThan(4.5);
    }
    const [i, j] = [2, 4];
    const mi = samples.reduce((a, s) => a + s[i], 0) / draws;
    const mj = samples.reduce((a, s) => a + s[j], 0) / draws;
    const cov = samples.reduce((a, s) => a + (s[i] - mi) * (s[j] - mj), 0) / draws;
    const expected = (-n * weights[i] * weights[j]) / W / W;
    // s.e. of a sample covariance is about sqrt(var_i var_j + cov^2) / sqrt(draws)
    const vi = (n * weights[i] * (W - weights[i])) / W / W;
    const vj = (n * weights[j] * (W - weights[j])) / W / W;
    expect(Math.abs(cov - expected) / Math.sqrt((vi * vj + expected * expected) / draws)).toBeLessThan(4.5);
  });

  it('the joint law matches scipy.stats.multinomial (chi-square over every outcome of a small case)', () => {
    const small = [2, 1, 3];
    const m = 4;
    const r = createRng(5, 'multinomial-small');
    const tally = new Map<string, number>();
    const N = 60000;
    for (let t = 0; t < N; t++) {
      const key = Array.from(multinomialSample(r, m, small, new Int32Array(3))).join(',');
      tally.set(key, (tally.get(key) ?? 0) + 1);
    }
    const pvalue = python(
      `import sys, json, numpy as np
from scipy import stats
d = json.load(sys.stdin); w = np.array(d["w"], float); m = d["m"]
keys = [(a, b, m - a - b) for a in range(m + 1) for b in range(m + 1 - a)]
obs = np.array([d["tally"].get(",".join(map(str, k)), 0) for k in keys], float)
exp = np.array([stats.multinomial.pmf(k, m, w / w.sum()) for k in keys]) * obs.sum()
assert obs.sum() == d["N"]
print(json.dumps(float(stats.chisquare(obs, exp).pvalue)))`,
      { w: small, m, tally: Object.fromEntries(tally), N },
    );
    expect(pvalue).toBeGreaterThan(1e-4);
  });
});

describe('MultinomialSampler', () => {
  it('draws what multinomialSample draws from the same stream, number for number', () => {
    // weight vectors that reach every branch: zero weights, a last weight that takes the rest,
    // p above and below 1/2, BINV (n p <= 30) and BTPE, counts left that collide in the setup cache
    const cases: Array<[number, number[]]> = [
      [1632, [329, 210, 175, 144, 117, 114, 93, 77, 65, 48, 44, 42, 41, 27, 29, 31, 17, 16, 10, 3]],
      [1632, [80, 1452, 100]],
      [300, [0, 5, 0, 280, 15, 0]],
      [7, [1, 1, 1, 1, 1, 1, 1]],
      [5000, [4990, 10]],
      [1, [0.5, 0.25, 0.25]],
      [100000, [3, 99990, 7]],
      [40, [0, 0, 40]],
    ];
    for (const [n, w] of cases) {
      const sampler = new MultinomialSampler(n, w);
      const a = createRng(11, `sampler:${n}:${w.length}`),
        b = createRng(11, `sampler:${n}:${w.length}`);
      const x = new Float64Array(w.length),
        y = new Float64Array(w.length);
      for (let t = 0; t < 3000; t++) {
        multinomialSample(a, n, w, x);
        sampler.draw(b, y);
        if (x.some((v, j) => v !== y[j])) expect([n, w, t, [...y]]).toEqual([n, w, t, [...x]]);
      }
      expect(a.u32()).toBe(b.u32()); // and the streams are where they were
    }
  });
});
