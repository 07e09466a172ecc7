import { normalCdf } from './normal-cdf.js';
import { regularizedIncompleteBeta } from './regularized-incomplete-beta.js';

/**
 * The distribution function of Student's t with `df` > 0 degrees of freedom, P(T <= t), or the
 * upper tail P(T > t) with `upper = true`, through the regularized incomplete beta function
 * (Abramowitz & Stegun 26.7.1 and 26.5.27): for t < 0,
 *
 *   P(T <= t) = I_x(df/2, 1/2) / 2,   x = df / (df + t^2),   1 - x = t^2 / (df + t^2),
 *
 * and P(T <= t) = 1 - P(T <= -t) for t > 0. x and 1 - x are both formed as ratios (never 1 - x by
 * subtraction), so a small |t| against df keeps its accuracy, and the tail asked for is computed
 * directly (the far tail keeps its relative accuracy, as p-values need). df = Infinity gives the
 * normal distribution. Same as R's `pt` and scipy.stats.t.cdf / t.sf to about 1e-13 relative for
 * df up to a few thousand (the workbench's G - 1); the error grows with df (1e-11 at df = 1e5),
 * where the continued fraction's first terms cancel.
 */
export function studentTCdf(t: number, df: number, upper = false): number {
  if (Number.isNaN(t) || Number.isNaN(df) || !(df > 0)) return NaN;
  if (df === Infinity) return normalCdf(t, upper);
  if (t === 0) return 0.5;
  if (t === Infinity) return upper ? 0 : 1;
  if (t === -Infinity) return upper ? 1 : 0;
  // x = df / (df + t^2) and y = 1 - x, as ratios of the smaller to one plus it
  let x: number, y: number;
  const t2 = t * t;
  if (t2 < df) {
    const s = t2 / df;
    x = 1 / (1 + s);
    y = s / (1 + s);
  } else {
    const r = df / t2;
    x = r / (1 + r);
    y = 1 / (1 + r);
  }
  // I_x(df/2, 1/2) is P(|T| > |t|); the half of it on one side is the tail beyond |t|
  const smallTail = t < 0 ? !upper : upper;
  return smallTail ? regularizedIncompleteBeta(x, df / 2, 0.5, y) / 2 : 0.5 + regularizedIncompleteBeta(x, df / 2, 0.5, y, true) / 2;
}
