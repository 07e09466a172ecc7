import { logBeta } from './log-beta.js';

// the Lentz factors settle within a few ulps of 1; stopping at 1e-15 leaves a relative error of that order
const EPS = 1e-15;
const TINY = 1e-300;
const MAX_ITER = 1_000_000;

/**
 * The regularized incomplete beta function I_x(a, b) = B(x; a, b) / B(a, b) for a, b > 0 and
 * 0 <= x <= 1, the distribution function of Beta(a, b) (Press et al., Numerical Recipes, 3rd ed.,
 * sec. 6.4, `betai`; Abramowitz & Stegun 26.5.8):
 *
 *   I_x(a, b) = x^a (1 - x)^b / (a B(a, b)) * 1/(1+ d_1/(1+ d_2/(1+ ...))),
 *   d_(2m+1) = -(a + m)(a + b + m) x / ((a + 2m)(a + 2m + 1)),
 *   d_(2m)   = m (b - m) x / ((a + 2m - 1)(a + 2m)),
 *
 * the continued fraction evaluated by the modified Lentz method, used directly for
 * x < (a + 1)/(a + b + 2), where it converges fast, and otherwise through the symmetry
 * I_x(a, b) = 1 - I_(1-x)(b, a). It converges in O(sqrt(max(a, b))) terms. The prefix is
 * exp(a ln x + b ln(1 - x) - ln B(a, b)) with logBeta (accurate for large a or b), the logarithm of
 * whichever of x and 1 - x is above 1/2 taken as log1p of minus the other.
 *
 * `y` is 1 - x: give it when the caller knows it more accurately than 1 - x can be computed
 * (Student's t: x = df/(df + t^2), y = t^2/(df + t^2)), as R's and TOMS 708's `bratio(a, b, x, y)`
 * take both. With `upper = true` the complement 1 - I_x(a, b) = I_y(b, a) is returned, computed
 * directly rather than as 1 minus a number close to 1. Same as scipy.special.betainc (and
 * betaincc for the complement).
 */
export function regularizedIncompleteBeta(x: number, a: number, b: number, y: number = 1 - x, upper = false): number {
  if (Number.isNaN(x) || Number.isNaN(y) || !(a > 0) || !(b > 0) || x < 0 || y < 0) return NaN;
  // x or y may round to 1 while the other is a small positive number known exactly: only a zero ends early
  if (x === 0) return upper ? 1 : 0;
  if (y === 0) return upper ? 0 : 1;
  // the tail the continued fraction gives directly, and whether it is the one asked for
  const direct = x < (a + 1) / (a + b + 2);
  const tail = direct ? fractionTerm(x, y, a, b) : fractionTerm(y, x, b, a);
  // direct: tail = I_x(a, b); otherwise tail = I_y(b, a) = 1 - I_x(a, b)
  return direct === !upper ? tail : 1 - tail;
}

/** x^a y^b / (a B(a, b)) times the continued fraction: I_x(a, b) where x < (a + 1)/(a + b + 2). */
function fractionTerm(x: number, y: number, a: number, b: number): number {
  // ln x from y when x is near 1 (and vice versa): a ln x with a in the thousands multiplies any
  // rounding of x, and 1 - y loses the low bits of y
  const lx = x > 0.5 ? Math.log1p(-y) : Math.log(x);
  const ly = y > 0.5 ? Math.log1p(-x) : Math.log(y);
  const logPrefix = a * lx + b * ly - logBeta(a, b);
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  // 1 - (a + b) x / (a + 1), from y when x is near 1 (it cancels there)
  let d = x > 0.5 ? (1 - b + qab * y) / qap : 1 - (qab * x) / qap;
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= MAX_ITER; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < EPS) break;
  }
  return (Math.exp(logPrefix) * h) / a;
}
