import { expect, it } from 'vitest';
import { studentTCdf } from '../../src/derive/stats/student-t-cdf.js';
import { python, rscript } from '../helpers/reference.js';

const DFS = [1, 2, 3, 4.5, 9, 29, 30, 100, 499, 1599, 3000, 1e5];
const TS = [-1e6, -40, -8, -4.2, -2.045, -1.96, -1, -0.3, -1e-3, -1e-9, 0, 1e-9, 1e-3, 0.5, 1.5, 2.2, 3, 6, 25, 1e3];
const CASES = DFS.flatMap((df) => TS.map((t) => [t, df]));

/**
 * The accuracy the continued fraction keeps: about 1e-13 relative up to df of a few thousand (the
 * workbench's G - 1), worse as df grows (its first terms cancel near x = 1).
 */
const tolerance = (df: number) => (df <= 3000 ? 2e-13 : 1e-11);

it('studentTCdf (lower and upper tail) matches scipy.stats.t.cdf / t.sf', () => {
  const ref: { cdf: number[]; sf: number[] } = python(
    `import sys, json
from scipy.stats import t
d = json.load(sys.stdin)
print(json.dumps({'cdf': [float(t.cdf(x, df)) for x, df in d], 'sf': [float(t.sf(x, df)) for x, df in d]}))`,
    CASES,
  );
  CASES.forEach(([t, df], i) => {
    expect(Math.abs(studentTCdf(t, df) - ref.cdf[i])).toBeLessThanOrEqual(tolerance(df) * ref.cdf[i]);
    expect(Math.abs(studentTCdf(t, df, true) - ref.sf[i])).toBeLessThanOrEqual(tolerance(df) * ref.sf[i]);
  });
});

it('studentTCdf matches R pt (lower and upper tail)', () => {
  const ref: { cdf: string[]; sf: string[] } = rscript(
    `d <- jsonlite::fromJSON(file("stdin"))
cat(jsonlite::toJSON(list(cdf = sprintf("%.17g", pt(d[, 1], d[, 2])), sf = sprintf("%.17g", pt(d[, 1], d[, 2], lower.tail = FALSE)))))`,
    CASES,
  );
  CASES.forEach(([t, df], i) => {
    const lower = Number(ref.cdf[i]),
      upper = Number(ref.sf[i]);
    expect(Math.abs(studentTCdf(t, df) - lower)).toBeLessThanOrEqual(tolerance(df) * lower);
    expect(Math.abs(studentTCdf(t, df, true) - upper)).toBeLessThanOrEqual(tolerance(df) * upper);
  });
});

it('hand values: Cauchy (df 1) and df 2 have closed forms; df = Infinity is the normal', () => {
  for (const t of [-30, -2, -0.4, 0.7, 5]) {
    expect(studentTCdf(t, 1)).toBeCloseTo(0.5 + Math.atan(t) / Math.PI, 15);
    expect(studentTCdf(t, 2)).toBeCloseTo(0.5 + t / (2 * Math.sqrt(2 + t * t)), 15);
  }
  // a t near 0 is not lost to rounding (1 - x would be 0): P(T <= -1e-9) = 1/2 - 1e-9 / pi for the Cauchy
  expect(studentTCdf(-1e-9, 1)).toBeLessThan(0.5);
  expect(Math.abs(studentTCdf(-1e-9, 1) - (0.5 - 1e-9 / Math.PI))).toBeLessThan(1e-16);
  expect(studentTCdf(-1.959963984540054, Infinity)).toBeCloseTo(0.025, 15);
  expect(studentTCdf(0, 7)).toBe(0.5);
  expect(studentTCdf(Infinity, 7)).toBe(1);
  expect(studentTCdf(1, 0)).toBeNaN();
  expect(studentTCdf(NaN, 3)).toBeNaN();
});
