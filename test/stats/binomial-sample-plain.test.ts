import { describe, expect, it } from 'vitest';
import { binomialSample } from '../../src/derive/stats/binomial-sample.js';
import { binomialSamplePlain } from '../../src/derive/stats/binomial-sample-plain.js';
import { binomialTableSampler } from '../../src/derive/stats/binomial-table-sampler.js';
import { createRng, type Rng } from '../../src/derive/stats/rng.js';
import { python } from '../helpers/reference.js';

// The plain draw (n Bernoulli trials) and the two fast samplers must draw one law, Binomial(n, p):
// each is checked against scipy.stats.binom's pmf by a chi-square goodness-of-fit test of 20,000
// draws at a fixed seed, for (n, p) on both sides of p = 1/2, tiny p, n = 1 and n large (the plain
// draw costs n uniforms, so it stops at n = 2,000); the degenerate laws (n = 0, p = 0, p = 1) are
// checked draw by draw.
const DRAWS = 20000;
const samplers: [string, (n: number, p: number) => (rng: Rng) => number, number][] = [
  ['binomialSamplePlain', (n, p) => (rng) => binomialSamplePlain(rng, n, p), 2000],
  ['binomialSample', (n, p) => (rng) => binomialSample(rng, n, p), Infinity],
  ['binomialTableSampler', binomialTableSampler, Infinity],
];
const cases: [number, number][] = [
  [1, 0.5],
  [1, 0.03],
  [12, 0.3],
  [40, 0.75],
  [300, 0.5],
  [2000, 0.001],
  [2000, 0.9995],
  [1000, 1e-6 * 1000],
  [100000, 0.3],
  [1e6, 1e-6],
  [1e6, 0.999999],
];

describe.each(samplers)('%s', (name, sampler, maxN) => {
  it('draws Binomial(n, p): chi-square goodness of fit against scipy.stats.binom, p > 0.001', () => {
    const used = cases.filter(([n]) => n <= maxN);
    const tallies = used.map(([n, p], i) => {
      const rng = createRng(20261202, `binomial-plain:${name}:${i}`);
      const draw = sampler(n, p);
      const tally: Record<string, number> = {};
      for (let t = 0; t < DRAWS; t++) {
        const x = draw(rng);
        tally[x] = (tally[x] ?? 0) + 1;
      }
      return tally;
    });
    // scipy: expected counts from binom.pmf over the support, the tails beyond 1e-9 folded into the
    // outermost cells, cells merged from the left until each expects at least 5, the chi-square p-value
    const pvalues: number[] = python(
      `import sys, json, numpy as np
from scipy import stats
d = json.load(sys.stdin); out = []
for (n, p), tally in zip(d["cases"], d["tallies"]):
    N = sum(tally.values())
    lo = int(stats.binom.ppf(1e-9, n, p)); hi = int(stats.binom.isf(1e-9, n, p))
    lo = min([lo] + [int(k) for k in tally]); hi = max([hi] + [int(k) for k in tally])
    ks = np.arange(lo, hi + 1)
    obs = np.array([tally.get(str(k), 0) for k in ks], float)
    exp = stats.binom.pmf(ks, n, p)
    exp[0] += stats.binom.cdf(lo - 1, n, p); exp[-1] += stats.binom.sf(hi, n, p)
    exp = exp * N
    o, e, co, ce = [], [], 0.0, 0.0
    for a, b in zip(obs, exp):
        co += a; ce += b
        if ce >= 5: o.append(co); e.append(ce); co = ce = 0.0
    if ce > 0 and e: o[-1] += co; e[-1] += ce
    out.append(float(stats.chisquare(o, e).pvalue) if len(e) > 1 else 1.0)
print(json.dumps(out))`,
      { cases: used, tallies },
    );
    used.forEach(([n, p], i) => expect(pvalues[i], `Binomial(${n}, ${p})`).toBeGreaterThan(0.001));
  });

  it('the degenerate laws: n = 0, p = 0 and p = 1 draw one value', () => {
    const rng = createRng(20261202, `binomial-plain:${name}:degenerate`);
    for (const [n, p, want] of [
      [0, 0.3, 0],
      [0, 0, 0],
      [0, 1, 0],
      [7, 0, 0],
      [7, 1, 7],
      [1000, 0, 0],
      [1000, 1, 1000],
    ] as const) {
      const draw = sampler(n, p);
      for (let t = 0; t < 200; t++) expect(draw(rng), `Binomial(${n}, ${p})`).toBe(want);
    }
  });
});
