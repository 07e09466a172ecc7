import { describe, expect, it } from 'vitest';
import { bootstrapMeanCI, bootstrapMeans } from '../../src/derive/stats/bootstrap-mean-ci.js';
import { pairedBootstrapDiffCI } from '../../src/derive/stats/paired-bootstrap-diff-ci.js';
import { quantileSorted } from '../../src/derive/stats/quantile-sorted.js';
import { createRng } from '../../src/derive/stats/rng.js';
import { python } from '../helpers/reference.js';

function bernoulli(n: number, p: number, seed: number): number[] {
  const rng = createRng(seed, 'test-data');
  return Array.from({ length: n }, () => (rng.next() < p ? 1 : 0));
}

describe('quantileSorted (type 7)', () => {
  it('equals numpy.percentile on the same data', () => {
    const rng = createRng(7);
    const xs = Array.from({ length: 101 }, () => rng.next() * 10).sort((a, b) => a - b);
    const ps = [0, 0.025, 0.1, 0.5, 0.77, 0.975, 1];
    const ref = python('import sys,json,numpy as np; d=json.load(sys.stdin); print(json.dumps([float(np.percentile(d["x"], p*100)) for p in d["p"]]))', { x: xs, p: ps });
    ps.forEach((p, i) => expect(quantileSorted(xs, p)).toBeCloseTo(ref[i], 12));
  });
});

describe('bootstrapMeanCI', () => {
  const data = bernoulli(400, 0.3, 1);
  it('agrees with scipy.stats.bootstrap (percentile) within Monte Carlo error', () => {
    const ours = bootstrapMeanCI(data, { resamples: 20000, seed: 5 });
    const ref = python(
      `import sys,json,numpy as np
from scipy import stats
d=np.array(json.load(sys.stdin),dtype=float)
r=stats.bootstrap((d,), np.mean, n_resamples=20000, method='percentile', confidence_level=0.95, random_state=np.random.default_rng(3))
print(json.dumps([float(r.confidence_interval.low), float(r.confidence_interval.high)]))`,
      data,
    );
    const mean = data.reduce((a, b) => a + b, 0) / data.length;
    expect(ours.estimate).toBeCloseTo(mean, 12);
    // the endpoints' Monte Carlo s.e. at B = 20,000 is about 0.001 here; allow 4 s.e.
    expect(Math.abs(ours.low - ref[0])).toBeLessThan(0.005);
    expect(Math.abs(ours.high - ref[1])).toBeLessThan(0.005);
    // and the interval is not degenerate
    expect(ours.high - ours.low).toBeGreaterThan(0.05);
  });
  it('is deterministic for a seed and changes with it', () => {
    const a = bootstrapMeanCI(data, { resamples: 500, seed: 9 });
    const b = bootstrapMeanCI(data, { resamples: 500, seed: 9 });
    const c = bootstrapMeanCI(data, { resamples: 500, seed: 10 });
    expect(a).toEqual(b);
    expect(a.low === c.low && a.high === c.high).toBe(false);
  });
});

describe('pairedBootstrapDiffCI', () => {
  it('agrees with scipy.stats.bootstrap(paired=True) within Monte Carlo error', () => {
    const a = bernoulli(600, 0.5, 2);
    const rng = createRng(3);
    // b is correlated with a, as two models on the same items are
    const b = a.map((x) => (rng.next() < 0.8 ? x : 1 - x) * (rng.next() < 0.7 ? 1 : 0));
    const ours = pairedBootstrapDiffCI(a, b, { resamples: 20000, seed: 11 });
    const ref = python(
      `import sys,json,numpy as np
from scipy import stats
d=json.load(sys.stdin); a=np.array(d["a"],dtype=float); b=np.array(d["b"],dtype=float)
r=stats.bootstrap((a,b), lambda x,y,axis=-1: np.mean(x,axis=axis)-np.mean(y,axis=axis), paired=True, vectorized=True, n_resamples=20000, method='percentile', random_state=np.random.default_rng(4))
print(json.dumps([float(r.confidence_interval.low), float(r.confidence_interval.high)]))`,
      { a, b },
    );
    expect(Math.abs(ours.low - ref[0])).toBeLessThan(0.005);
    expect(Math.abs(ours.high - ref[1])).toBeLessThan(0.005);
  });
  it('refuses vectors of different length', () => {
    expect(() => pairedBootstrapDiffCI([1, 0], [1], { resamples: 10, seed: 1 })).toThrow(/lengths differ/);
  });
});

describe('bootstrapMeans inner loop', () => {
  it('draws exactly the createRng stream: equals the plain implementation', () => {
    const data = bernoulli(97, 0.4, 8).map((x, i) => x + i / 100);
    const opts = { resamples: 300, seed: 12, stream: 'check' };
    const u32 = createRng(opts.seed, opts.stream).u32;
    const plain = new Float64Array(opts.resamples);
    for (let r = 0; r < opts.resamples; r++) {
      let s = 0;
      for (let i = 0; i < data.length; i++) s += data[Math.floor((u32() * data.length) / 4294967296)];
      plain[r] = s / data.length;
    }
    expect(Array.from(bootstrapMeans(data, opts))).toEqual(Array.from(plain.sort()));
  });
});
