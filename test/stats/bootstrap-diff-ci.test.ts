import { describe, expect, it } from 'vitest';
import { bootstrapDiffCI } from '../../src/derive/stats/bootstrap-diff-ci.js';
import { createRng } from '../../src/derive/stats/rng.js';
import { python } from '../helpers/reference.js';

describe('bootstrapDiffCI', () => {
  const rng = createRng(11, 'test-data');
  const a = Array.from({ length: 300 }, () => (rng.next() < 0.6 ? 1 : 0));
  const b = Array.from({ length: 200 }, () => (rng.next() < 0.4 ? 1 : 0));
  it('agrees with scipy.stats.bootstrap of two independent samples (percentile) within Monte Carlo error', () => {
    const ours = bootstrapDiffCI(a, b, { resamples: 20000, seed: 3 });
    const ref = python(
      `import sys,json,numpy as np
from scipy import stats
d=json.load(sys.stdin); a=np.array(d["a"],dtype=float); b=np.array(d["b"],dtype=float)
r=stats.bootstrap((a,b), lambda x,y,axis=-1: x.mean(axis=axis)-y.mean(axis=axis), n_resamples=20000, method='percentile', random_state=np.random.default_rng(3))
print(json.dumps([float(r.confidence_interval.low), float(r.confidence_interval.high)]))`,
      { a, b },
    );
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(ours.estimate).toBeCloseTo(mean(a) - mean(b), 12);
    // endpoint Monte Carlo s.e. about 0.0015 at B = 20,000: allow about 4 s.e.
    expect(Math.abs(ours.low - ref[0])).toBeLessThan(0.006);
    expect(Math.abs(ours.high - ref[1])).toBeLessThan(0.006);
  });
  it('is deterministic for a seed and stream; an empty group gives NaN', () => {
    expect(bootstrapDiffCI(a, b, { resamples: 300, seed: 1, stream: 's' })).toEqual(bootstrapDiffCI(a, b, { resamples: 300, seed: 1, stream: 's' }));
    expect(Number.isNaN(bootstrapDiffCI([], b, { resamples: 10, seed: 1 }).low)).toBe(true);
  });
});
