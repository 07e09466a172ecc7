import { expect, it } from 'vitest';
import { logBeta } from '../../src/derive/stats/log-beta.js';
import { python, rscript } from '../helpers/reference.js';

const CASES: [number, number][] = [
  [0.5, 0.5],
  [1, 1],
  [2, 3],
  [0.7, 1.633],
  [5, 0.5],
  [9.9, 9.9],
  [10, 0.5],
  [14.5, 0.5],
  [50, 0.5],
  [799.5, 0.5],
  [5e4, 0.5],
  [1e7, 0.5],
  [12, 30],
  [100, 250],
  [1000.5, 3000.25],
  [3, 1e5],
  [0.01, 200],
];

it('logBeta matches R lbeta to 1e-14 (relative above 1)', () => {
  const ref: string[] = rscript(
    `d <- jsonlite::fromJSON(file("stdin"))
cat(jsonlite::toJSON(sprintf("%.17g", lbeta(d[, 1], d[, 2]))))`,
    CASES,
  );
  CASES.forEach(([a, b], i) => {
    expect(Math.abs(logBeta(a, b) - Number(ref[i]))).toBeLessThan(1e-14 * Math.max(1, Math.abs(Number(ref[i]))));
    expect(logBeta(b, a)).toBe(logBeta(a, b));
  });
});

it('logBeta matches scipy.special.betaln where both arguments are moderate (scipy sums log-gammas beyond 171)', () => {
  const moderate = CASES.filter(([a, b]) => a + b < 171);
  const ref: number[] = python(
    `import sys, json
from scipy.special import betaln
print(json.dumps([float(betaln(a, b)) for a, b in json.load(sys.stdin)]))`,
    moderate,
  );
  moderate.forEach(([a, b], i) => expect(Math.abs(logBeta(a, b) - ref[i])).toBeLessThan(1e-14 * Math.max(1, Math.abs(ref[i]))));
});

it('hand values: B(1, 1) = 1, B(2, 3) = 1/12, B(1/2, 1/2) = pi, B(a, 1) = 1/a; edges', () => {
  expect(logBeta(1, 1)).toBeCloseTo(0, 14);
  expect(logBeta(2, 3)).toBeCloseTo(Math.log(1 / 12), 14);
  expect(logBeta(0.5, 0.5)).toBeCloseTo(Math.log(Math.PI), 14);
  expect(logBeta(40, 1)).toBeCloseTo(-Math.log(40), 13); // the large-argument branch
  expect(logBeta(0, 2)).toBe(Infinity);
  expect(logBeta(-1, 2)).toBeNaN();
});
