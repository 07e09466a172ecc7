import { describe, expect, it } from 'vitest';
import { normalCdf } from '../../src/derive/stats/normal-cdf.js';
import { python, rscript } from '../helpers/reference.js';

const XS = [
  -38, -37.5, -30, -20, -10, -8.3, -6, -5.656854, -5.7, -5, -3.5, -2.5758, -1.959963984540054, -1.5, -1, -0.66291, -0.6, -0.3, -1e-9, 0, 1e-20, 0.2, 0.66292,
  0.8416212335729143, 1, 1.96, 3, 5.5, 6, 8, 8.3, 9, 20, 38,
];

describe('normalCdf', () => {
  const ref: { cdf: number[]; sf: number[] } = python(
    `import sys, json
from scipy.stats import norm
xs = json.load(sys.stdin)
print(json.dumps({'cdf': [float(norm.cdf(x)) for x in xs], 'sf': [float(norm.sf(x)) for x in xs]}))`,
    XS,
  );

  // R's pnorm is Cody's algorithm with the same split of x^2; scipy's ndtr goes through erfc(x / sqrt 2),
  // whose rounded argument costs it about x^2 * 1e-16 relative in the far tail (3e-14 at x = 20)
  const r: { cdf: string[]; sf: string[] } = rscript(
    `x <- jsonlite::fromJSON(file("stdin"))
cat(jsonlite::toJSON(list(cdf = sprintf("%.17g", pnorm(x)), sf = sprintf("%.17g", pnorm(x, lower.tail = FALSE)))))`,
    XS,
  );

  it('matches R pnorm (lower and upper tail) to 2e-16 relative over the whole range', () => {
    XS.forEach((x, i) => {
      for (const [ours, theirs] of [
        [normalCdf(x), Number(r.cdf[i])],
        [normalCdf(x, true), Number(r.sf[i])],
      ]) {
        if (theirs === 0) expect(ours).toBeLessThan(1e-300);
        else expect(Math.abs(ours - theirs) / theirs).toBeLessThanOrEqual(2.3e-16);
      }
    });
  });

  it('matches scipy.stats.norm.cdf and .sf to 1e-14 relative for |x| <= 10 (4e-14 beyond)', () => {
    XS.forEach((x, i) => {
      const tol = Math.abs(x) <= 10 ? 1e-14 : 4e-14 * (x / 20) ** 2;
      for (const [ours, theirs] of [
        [normalCdf(x), ref.cdf[i]],
        [normalCdf(x, true), ref.sf[i]],
      ]) {
        if (theirs < 1e-300) expect(ours).toBeLessThan(1e-300);
        else expect(Math.abs(ours - theirs) / theirs).toBeLessThan(tol);
      }
    });
  });

  it('hand values: Phi(0) = 1/2, Phi(-1.959964) = 0.025, symmetry, NaN', () => {
    expect(normalCdf(0)).toBe(0.5);
    expect(normalCdf(-1.959963984540054)).toBeCloseTo(0.025, 15);
    expect(normalCdf(1.959963984540054, true)).toBeCloseTo(0.025, 15);
    for (const x of [0.3, 1.7, 4.2, 7.5]) expect(normalCdf(-x)).toBe(normalCdf(x, true));
    expect(normalCdf(NaN)).toBeNaN();
    expect(normalCdf(-Infinity)).toBe(0);
    expect(normalCdf(Infinity)).toBe(1);
  });
});
