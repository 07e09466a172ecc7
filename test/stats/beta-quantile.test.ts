import { expect, it } from 'vitest';
import { betaQuantile } from '../../src/derive/stats/beta-quantile.js';
import { regularizedIncompleteBeta } from '../../src/derive/stats/regularized-incomplete-beta.js';
import { rscript } from '../helpers/reference.js';

const SHAPES: [number, number][] = [
  [0.7, 1.633],
  [1, 1],
  [2, 5],
  [5, 2],
  [0.5, 0.5],
  [20, 1],
  [1, 20],
  [3, 18],
  [150, 300],
  [0.1, 4],
];
const PS = [1e-10, 0.001, 0.025, 0.2, 0.5, 0.8, 0.975, 0.999, 1 - 1e-9];

it('betaQuantile matches R qbeta to 1e-12 relative (and 1e-15 absolute near 0 and 1)', () => {
  const cases = SHAPES.flatMap(([a, b]) => PS.map((p) => [p, a, b]));
  const ref: string[] = rscript(
    `d <- jsonlite::fromJSON(file("stdin"))
cat(jsonlite::toJSON(sprintf("%.17g", qbeta(d[, 1], d[, 2], d[, 3]))))`,
    cases,
  );
  cases.forEach(([p, a, b], i) => {
    const r = Number(ref[i]);
    expect(Math.abs(betaQuantile(p, a, b) - r)).toBeLessThanOrEqual(1e-12 * r + 1e-15);
  });
});

it('inverts the incomplete beta function; closed forms; edges', () => {
  for (const [a, b] of SHAPES) for (const p of [0.03, 0.5, 0.9]) expect(regularizedIncompleteBeta(betaQuantile(p, a, b), a, b)).toBeCloseTo(p, 13);
  // Beta(a, 1) has quantile p^(1/a); Beta(1, b) has 1 - (1 - p)^(1/b)
  expect(betaQuantile(0.3, 4, 1)).toBeCloseTo(0.3 ** 0.25, 14);
  expect(betaQuantile(0.3, 1, 4)).toBeCloseTo(1 - 0.7 ** 0.25, 14);
  expect(betaQuantile(0, 2, 3)).toBe(0);
  expect(betaQuantile(1, 2, 3)).toBe(1);
  expect(betaQuantile(0.5, 0, 3)).toBeNaN();
  expect(betaQuantile(1.1, 2, 3)).toBeNaN();
});
