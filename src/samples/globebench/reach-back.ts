import { createRng } from '../../derive/stats/rng.js';
import type { ItemMeta } from './items.js';

const SHORT_MAX = 40;
const LONG_MAX = 3600;

/** Standard normal CDF (Abramowitz & Stegun 7.1.26 via erf, |error| < 1.5e-7). */
function normCdf(x: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2);
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-(x * x) / 2);
  return x >= 0 ? 0.5 * (1 + y) : 0.5 * (1 - y);
}

/** Inverse standard normal CDF (Acklam's rational approximation, relative error < 1.2e-9). */
export function normInv(p: number): number {
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const lo = 0.02425;
  if (p < lo) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  if (p > 1 - lo) return -normInv(1 - p);
  const q = p - 0.5,
    r = q * q;
  return ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

/** Share of the variance of y explained by the group means (eta squared / one-way ANOVA R^2). */
function groupR2(values: number[], groups: number[]): number {
  const n = values.length;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const sum = new Map<number, { s: number; n: number }>();
  let sst = 0;
  values.forEach((v, i) => {
    sst += (v - mean) ** 2;
    const g = sum.get(groups[i]) ?? { s: 0, n: 0 };
    g.s += v;
    g.n++;
    sum.set(groups[i], g);
  });
  let ssb = 0;
  for (const g of sum.values()) ssb += g.n * (g.s / g.n - mean) ** 2;
  return ssb / sst;
}

/**
 * Draws every item's reach-back from its operator's typical length (log-normal, truncated to the
 * item's band), with one within-operator spread for all operators. The spread is solved for so that
 * the operator explains the published 81.64% of the variance of log reach-back.
 */
export function assignReachBack(items: ItemMeta[], seed: number, targetR2: number): { sigma: number; r2: number } {
  const rng = createRng(seed, 'globebench:reach-back');
  const u = items.map(() => (rng.u32() + 0.5) / 4294967296);
  const withBand = items.filter((it) => it.band !== null);
  const draw = (sigma: number) => {
    for (const it of withBand) {
      const mu = Math.log(it.op.rb);
      const [lo, hi] = it.band === 'short' ? [Math.log(1), Math.log(SHORT_MAX + 0.49)] : [Math.log(SHORT_MAX + 0.51), Math.log(LONG_MAX)];
      const a = normCdf((lo - mu) / sigma),
        b = normCdf((hi - mu) / sigma);
      const p = Math.min(1 - 1e-12, Math.max(1e-12, a + u[it.idx] * (b - a)));
      let v = Math.round(Math.exp(mu + sigma * normInv(p)));
      if (it.band === 'short') v = Math.min(SHORT_MAX, Math.max(1, v));
      else v = Math.min(LONG_MAX, Math.max(SHORT_MAX + 1, v));
      it.reachBack = v;
    }
    return groupR2(
      withBand.map((it) => Math.log(it.reachBack!)),
      withBand.map((it) => it.opIndex),
    );
  };
  // R^2 falls as the spread grows: bisect on the spread
  let lo = 0.05,
    hi = 3;
  for (let k = 0; k < 60; k++) {
    const mid = (lo + hi) / 2;
    if (draw(mid) > targetR2) lo = mid;
    else hi = mid;
  }
  const rLo = draw(lo),
    rHi = draw(hi);
  const sigma = Math.abs(rLo - targetR2) <= Math.abs(rHi - targetR2) ? lo : hi;
  const r2 = draw(sigma);
  for (const it of items) if (it.band === null) it.reachBack = null;
  return { sigma, r2 };
}
