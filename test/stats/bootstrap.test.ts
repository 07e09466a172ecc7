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
    const ref = python('import sys,json,numpy as np; d=json.load(sys.stdin); print(json.dumps([float(np.percentile(d["x"], p*100)) for p in d["p"]]))', {
      x: xs,
      p: ps,
    });
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

// Discrete samples of the workbench's three kinds, the kinds bootstrapped by multinomial counts.
function shares(n: number, seed: number): number[] {
  const rng = createRng(seed, 'test-shares');
  // per item, the share of 20 models passing, items of varied difficulty
  return Array.from({ length: n }, () => {
    const theta = rng.next();
    let k = 0;
    for (let m = 0; m < 20; m++) if (rng.next() < theta) k++;
    return k / 20;
  });
}
function differences(n: number, seed: number): number[] {
  const rng = createRng(seed, 'test-differences');
  return Array.from({ length: n }, () => {
    const u = rng.next();
    return u < 0.2 ? -1 : u < 0.75 ? 0 : 1;
  });
}

/**
 * How far two percentile-bootstrap endpoints of B resamples each may differ by Monte Carlo error
 * alone: an endpoint's s.e. is about s.e.(mean) sqrt(a (1 - a)) / (phi(z_a) sqrt(B)) (the s.e.
 * of a sample quantile), two independent ones differ by sqrt(2) of that; allow 5 of those plus one
 * step of the lattice the resample means live on (1 / (n unit)).
 */
function mcTolerance(data: number[], B: number, unit: number): number {
  const n = data.length;
  const mean = data.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(data.reduce((a, x) => a + (x - mean) ** 2, 0) / n);
  const a = 0.025;
  const phi = Math.exp(-(1.959964 ** 2) / 2) / Math.sqrt(2 * Math.PI);
  const endpoint = ((sd / Math.sqrt(n)) * Math.sqrt(a * (1 - a))) / (phi * Math.sqrt(B));
  return 5 * Math.SQRT2 * endpoint + 1 / (n * unit);
}

describe('bootstrapMeanCI by multinomial counts over the distinct values', () => {
  const B = 20000;
  const kinds: Array<{ name: string; data: number[]; unit: number }> = [
    { name: '0/1 pass bits', data: bernoulli(300, 0.2, 21), unit: 1 },
    { name: 'shares k/20', data: shares(250, 22), unit: 20 },
    { name: '-1/0/1 paired differences', data: differences(500, 23), unit: 1 },
  ];
  const scipy = (data: number[], seed: number): [number, number] =>
    python(
      `import sys,json,numpy as np
from scipy import stats
d=json.load(sys.stdin); x=np.array(d["x"],dtype=float)
r=stats.bootstrap((x,), np.mean, n_resamples=${B}, method='percentile', confidence_level=0.95, random_state=np.random.default_rng(d["seed"]))
print(json.dumps([float(r.confidence_interval.low), float(r.confidence_interval.high)]))`,
      { x: data, seed },
    );

  for (const [i, kind] of kinds.entries()) {
    it(`agrees with scipy.stats.bootstrap (percentile) within Monte Carlo error: ${kind.name}`, () => {
      const ours = bootstrapMeanCI(kind.data, { resamples: B, seed: 31, stream: kind.name, draw: 'counts' });
      const ref = scipy(kind.data, 40 + i);
      const tol = mcTolerance(kind.data, B, kind.unit);
      expect(ours.estimate).toBeCloseTo(kind.data.reduce((a, b) => a + b, 0) / kind.data.length, 12);
      expect(Math.abs(ours.low - ref[0])).toBeLessThan(tol);
      expect(Math.abs(ours.high - ref[1])).toBeLessThan(tol);
      // the tolerance is a small part of the interval: the check has teeth
      expect(tol).toBeLessThan((ours.high - ours.low) / 8);
    });
    it(`agrees with its own item resampling within Monte Carlo error: ${kind.name}`, () => {
      const counts = bootstrapMeanCI(kind.data, { resamples: B, seed: 32, stream: kind.name, draw: 'counts' });
      const items = bootstrapMeanCI(kind.data, { resamples: B, seed: 32, stream: kind.name, draw: 'items' });
      const tol = mcTolerance(kind.data, B, kind.unit);
      expect(Math.abs(counts.low - items.low)).toBeLessThan(tol);
      expect(Math.abs(counts.high - items.high)).toBeLessThan(tol);
      expect(counts.estimate).toBe(items.estimate);
    });
  }

  it('without a `draw` option, agrees with scipy.stats.bootstrap on discrete data (few distinct values or many) and on continuous data', () => {
    const B2 = 10000;
    const rng = createRng(34, 'continuous');
    const samples = [
      { name: '0/1 pass bits', data: kinds[0].data, unit: 1 },
      { name: 'shares k/20 at n = 1000', data: shares(1000, 24), unit: 20 },
      { name: 'continuous', data: Array.from({ length: 300 }, () => rng.next()), unit: Infinity },
    ];
    for (const [i, { name, data, unit }] of samples.entries()) {
      const ours = bootstrapMeanCI(data, { resamples: B2, seed: 33, stream: name });
      const ref = python(
        `import sys,json,numpy as np
from scipy import stats
d=json.load(sys.stdin); x=np.array(d["x"],dtype=float)
r=stats.bootstrap((x,), np.mean, n_resamples=${B2}, method='percentile', confidence_level=0.95, random_state=np.random.default_rng(d["seed"]))
print(json.dumps([float(r.confidence_interval.low), float(r.confidence_interval.high)]))`,
        { x: data, seed: 60 + i },
      );
      const tol = mcTolerance(data, B2, unit);
      expect(Math.abs(ours.low - ref[0]), name).toBeLessThan(tol);
      expect(Math.abs(ours.high - ref[1]), name).toBeLessThan(tol);
      expect(tol, name).toBeLessThan((ours.high - ours.low) / 8);
    }
  });

  it('same seed and stream give identical intervals; another stream or seed gives others', () => {
    for (const kind of kinds) {
      const opts = { resamples: 1000, seed: 35, stream: 'table01:model=astra' };
      const a = bootstrapMeanCI(kind.data, opts);
      expect(bootstrapMeanCI(kind.data, opts)).toEqual(a);
      expect(Array.from(bootstrapMeans(kind.data, opts))).toEqual(Array.from(bootstrapMeans(kind.data, opts)));
      // the replicates differ (an interval of lattice-valued means may coincide by chance)
      const means = Array.from(bootstrapMeans(kind.data, opts));
      expect(Array.from(bootstrapMeans(kind.data, { ...opts, stream: 'table01:model=grok' }))).not.toEqual(means);
      expect(Array.from(bootstrapMeans(kind.data, { ...opts, seed: 36 }))).not.toEqual(means);
    }
  });

  it('the interval quantiles equal the type 7 quantiles of bootstrapMeans (sorted replicates)', () => {
    const opts = { resamples: 3001, seed: 37, stream: 'q' };
    for (const kind of kinds) {
      const ci = bootstrapMeanCI(kind.data, opts);
      const sorted = bootstrapMeans(kind.data, opts);
      expect(ci.low).toBe(quantileSorted(sorted, 0.025));
      expect(ci.high).toBe(quantileSorted(sorted, 0.975));
    }
  });

  it('integer-valued samples (read off a histogram of resample sums) give the quantiles of the sorted replicates', () => {
    const rng = createRng(38, 'integers');
    const samples = [
      Array.from({ length: 700 }, () => Math.floor(rng.next() * 21)), // counts 0..20: multinomial draws
      Array.from({ length: 90 }, () => (rng.next() < 0.5 ? 5 : -3)), // two values, one negative
      Array.from({ length: 60 }, () => (rng.next() < 0.5 ? 0 : -1)), // two values, mean never -0
      Array.from({ length: 120 }, () => Math.floor(rng.next() * 4) * 1_000_000), // sums beyond the histogram's cells: selection
      Array.from({ length: 30 }, () => (rng.next() < 0.1 ? 1 : 0)), // few ones: many equal means
    ];
    for (const data of samples) {
      for (const resamples of [1, 2, 10, 999]) {
        for (const level of [0.95, 0.5, 1]) {
          const opts = { resamples, seed: 39, stream: `int:${resamples}`, level, draw: 'counts' as const };
          const ci = bootstrapMeanCI(data, opts);
          const sorted = bootstrapMeans(data, opts);
          expect(Object.is(ci.low, quantileSorted(sorted, (1 - level) / 2))).toBe(true);
          expect(Object.is(ci.high, quantileSorted(sorted, (1 + level) / 2))).toBe(true);
        }
      }
    }
  });

  it('a constant sample has the point interval, and an empty one NaN', () => {
    const ci = bootstrapMeanCI([0.35, 0.35, 0.35], { resamples: 100, seed: 1 });
    expect([ci.low, ci.high]).toEqual([0.35, 0.35]);
    expect(ci.estimate).toBeCloseTo(0.35, 15);
    expect(bootstrapMeanCI([], { resamples: 100, seed: 1 }).low).toBeNaN();
  });
});

describe('bootstrapMeans inner loop', () => {
  it('draws exactly the createRng stream: equals the plain implementation', () => {
    const data = bernoulli(97, 0.4, 8).map((x, i) => x + i / 100);
    const opts = { resamples: 300, seed: 12, stream: 'check', draw: 'items' as const };
    const rng = createRng(opts.seed, opts.stream);
    const plain = new Float64Array(opts.resamples);
    for (let r = 0; r < opts.resamples; r++) {
      let s = 0;
      for (let i = 0; i < data.length; i++) s += data[Math.floor((rng.u32() * data.length) / 4294967296)];
      plain[r] = s / data.length;
    }
    expect(Array.from(bootstrapMeans(data, opts))).toEqual(Array.from(plain.sort()));
  });
});
