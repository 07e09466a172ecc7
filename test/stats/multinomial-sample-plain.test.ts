import { describe, expect, it } from 'vitest';
import { MultinomialSampler, multinomialSample } from '../../src/derive/stats/multinomial-sample.js';
import { multinomialSamplePlain } from '../../src/derive/stats/multinomial-sample-plain.js';
import { createRng, type Rng } from '../../src/derive/stats/rng.js';
import { python } from '../helpers/reference.js';

// The plain draw (n categorical draws, counted) and the two fast samplers (conditional binomials)
// must draw one law, Multinomial(n; w / sum w): each is checked against scipy.stats.multinomial's pmf
// over every outcome of small cases (zero weights among them), by a chi-square goodness-of-fit test
// of 20,000 draws at a fixed seed; the degenerate cases (n = 0, one category, one positive weight)
// draw one outcome.
const DRAWS = 20000;
const samplers: [string, (n: number, w: number[]) => (rng: Rng) => Int32Array][] = [
  ['multinomialSamplePlain', (n, w) => (rng) => multinomialSamplePlain(rng, n, w, new Int32Array(w.length))],
  ['multinomialSample', (n, w) => (rng) => multinomialSample(rng, n, w, new Int32Array(w.length))],
  [
    'MultinomialSampler',
    (n, w) => {
      const s = new MultinomialSampler(n, w);
      return (rng) => s.draw(rng, new Int32Array(w.length));
    },
  ],
];
const cases: [number, number[]][] = [
  [4, [2, 1, 3]],
  [6, [1, 0, 1, 0, 2]],
  [3, [0.001, 1, 0.5]],
  [10, [5, 5]],
  [1, [1, 2, 3, 4]],
];

describe.each(samplers)('%s', (name, sampler) => {
  it('draws Multinomial(n; w / sum w): chi-square goodness of fit against scipy.stats.multinomial over every outcome, p > 0.001', () => {
    const tallies = cases.map(([n, w], i) => {
      const rng = createRng(20261202, `multinomial-plain:${name}:${i}`);
      const draw = sampler(n, w);
      const tally: Record<string, number> = {};
      for (let t = 0; t < DRAWS; t++) {
        const x = draw(rng);
        expect(x.reduce((a, b) => a + b, 0)).toBe(n);
        const key = x.join(',');
        tally[key] = (tally[key] ?? 0) + 1;
      }
      return tally;
    });
    const pvalues: number[] = python(
      `import sys, json, itertools, numpy as np
from scipy import stats
d = json.load(sys.stdin); out = []
for (n, w), tally in zip(d["cases"], d["tallies"]):
    w = np.array(w, float); k = len(w)
    outcomes = [c for c in itertools.product(range(n + 1), repeat=k) if sum(c) == n]
    exp = np.array([stats.multinomial.pmf(c, n, w / w.sum()) for c in outcomes])
    keys = [",".join(map(str, c)) for c in outcomes]
    assert set(tally) <= set(k2 for k2, e in zip(keys, exp) if e > 0), "an outcome of probability 0 was drawn"
    obs = np.array([tally.get(k2, 0) for k2 in keys], float)
    order = np.argsort(exp); obs, exp = obs[order], exp[order] * obs.sum()
    o, e, co, ce = [], [], 0.0, 0.0
    for a, b in zip(obs, exp):
        co += a; ce += b
        if ce >= 5: o.append(co); e.append(ce); co = ce = 0.0
    if ce > 0 and e: o[-1] += co; e[-1] += ce
    out.append(float(stats.chisquare(o, e).pvalue) if len(e) > 1 else 1.0)
print(json.dumps(out))`,
      { cases, tallies },
    );
    cases.forEach(([n, w], i) => expect(pvalues[i], `Multinomial(${n}; ${w})`).toBeGreaterThan(0.001));
  });

  it('the degenerate cases draw one outcome', () => {
    const rng = createRng(20261202, `multinomial-plain:${name}:degenerate`);
    for (const [n, w, want] of [
      [0, [1, 2, 3], [0, 0, 0]],
      [5, [3], [5]],
      [5, [0, 2, 0], [0, 5, 0]],
      [5, [0, 0, 1], [0, 0, 5]],
      [5, [4, 0, 0], [5, 0, 0]],
    ] as [number, number[], number[]][]) {
      const draw = sampler(n, w);
      for (let t = 0; t < 100; t++) expect(Array.from(draw(rng)), `Multinomial(${n}; ${w})`).toEqual(want);
    }
  });
});
