import { logBeta } from './log-beta.js';
import { normalQuantileRefined } from './normal-quantile-refined.js';
import { studentTCdf } from './student-t-cdf.js';

/**
 * The quantile (inverse distribution function) of Student's t with `df` > 0 degrees of freedom: the
 * t with P(T <= t) = p. By symmetry it solves the lower tail L(t) = min(p, 1 - p) for t <= 0 (the
 * tail, not 1 minus it, so small tail probabilities keep their relative accuracy) with Newton's
 * method on L (its derivative is the density f(t) = (1 + t^2/df)^(-(df+1)/2) / (sqrt(df) B(df/2, 1/2)),
 * A&S 26.7.1), safeguarded by bisection inside a bracket [lo, hi] with L(lo) < q <= L(hi), from the
 * Cornish-Fisher start t0 = z + (z^3 + z)/(4 df) (A&S 26.7.5, z the normal quantile). Newton
 * converges quadratically, so the error is that of the distribution function (studentTCdf) divided
 * by the density: within 1e-13 of R's `qt` for df up to a few thousand (2e-12 beyond). The CR1
 * interval uses t(0.975, G - 1). scipy.stats.t.ppf gives the same to the 5e-9 that scipy 1.10's
 * cephes `stdtri` holds (it is the one that is off: at df 30, p 0.05 the table value is
 * -1.697260886594, scipy's -1.697260894). df = Infinity gives the normal quantile.
 */
export function studentTQuantile(p: number, df: number): number {
  if (Number.isNaN(p) || Number.isNaN(df) || !(df > 0) || p < 0 || p > 1) return NaN;
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  if (p === 0.5) return 0;
  if (df === Infinity) return normalQuantileRefined(p);
  const q = Math.min(p, 1 - p);
  const sign = p < 0.5 ? 1 : -1; // the lower-tail root is negative; flip it for p > 1/2
  const logNorm = -0.5 * Math.log(df) - logBeta(df / 2, 0.5);
  const density = (t: number) => Math.exp(logNorm - ((df + 1) / 2) * Math.log1p((t * t) / df));
  // bracket: hi = 0 has L = 1/2 >= q; walk lo down until L(lo) < q
  let hi = 0;
  const z = normalQuantileRefined(q);
  let t = Math.min(-1e-300, z + (z * z * z + z) / (4 * df));
  let lo = Math.min(2 * t, -1);
  while (studentTCdf(lo, df) >= q) {
    hi = lo;
    lo *= 2;
    if (lo === -Infinity) return -sign * Infinity;
  }
  if (!(t > lo && t < hi)) t = (lo + hi) / 2;
  for (let i = 0; i < 300; i++) {
    const f = studentTCdf(t, df) - q;
    if (f === 0) break;
    if (f > 0) hi = t;
    else lo = t;
    let next = t - f / density(t);
    // Newton leaving the bracket (or failing) falls back to bisection
    if (!(next > lo && next < hi)) next = lo / 2 + hi / 2;
    if (Math.abs(next - t) <= 2e-16 * Math.abs(t) || next === t) {
      t = next;
      break;
    }
    t = next;
  }
  return sign * t;
}
