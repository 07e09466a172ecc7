import type { Rng } from './rng.js';

/**
 * One exact draw from Binomial(n, p), as numpy's `random_binomial` does it:
 *
 * - by symmetry, draw with r = min(p, 1 - p) and return n - X when p > 1/2;
 * - if n r <= 30, sequential inversion (Kachitvichyanukul & Schmeiser 1988, algorithm BINV; numpy's
 *   `random_binomial_inversion`): walk the pmf from P(0) = (1-r)^n with the ratio
 *   P(x) / P(x-1) = (n - x + 1) r / (x (1 - r)) until the uniform is used up; expected n r + 1 steps,
 *   so at most about 31;
 * - otherwise BTPE (Kachitvichyanukul & Schmeiser 1988, "Binomial random variate generation",
 *   CACM 31(2):216-222; numpy's `random_binomial_btpe`): acceptance/rejection under a hat of a
 *   triangle, two parallelograms and two exponential tails around the mode, with a squeeze and, far
 *   from the mode, Stirling's series for log f(y)/f(m). Expected O(1) uniforms and work per draw
 *   (acceptance probability above 0.8 for n r >= 30).
 *
 * Uniforms are 53-bit doubles drawn from `rng` (Rng.uniform53), so a seed and stream give the same
 * draws on every machine. n must be a non-negative integer (below 2^31), p in [0, 1].
 */
export function binomialSample(rng: Rng, n: number, p: number): number {
  if (n === 0 || p <= 0) return 0;
  if (p >= 1) return n;
  if (p <= 0.5) return p * n <= 30 ? inversion(rng, n, p) : btpe(rng, n, p);
  const q = 1 - p;
  return n - (q * n <= 30 ? inversion(rng, n, q) : btpe(rng, n, q));
}

// The setup of the last (n, p) inverted, reused while the parameters repeat (as numpy's
// binomial_t): a bootstrap of 0/1 data draws Bin(n, c/n) B times, and the exp, log and sqrt of the
// setup cost as much as the walk. Only speed depends on it, never a draw.
let invN = -1;
let invP = -1;
let invQn = 0;
let invBound = 0;

/** BINV for p <= 1/2 and n p <= 30; numpy's bound restarts the walk if rounding ran it off the tail. */
function inversion(rng: Rng, n: number, p: number): number {
  const q = 1 - p;
  if (n !== invN || p !== invP) {
    const np = n * p;
    invN = n;
    invP = p;
    invQn = Math.exp(n * Math.log(q));
    invBound = Math.min(n, np + 10 * Math.sqrt(np * q + 1));
  }
  const qn = invQn;
  const bound = invBound;
  let x = 0;
  let px = qn;
  let u = rng.uniform53();
  while (u > px) {
    x++;
    if (x > bound) {
      x = 0;
      px = qn;
      u = rng.uniform53();
    } else {
      u -= px;
      px = ((n - x + 1) * p * px) / (x * q);
    }
  }
  return x;
}

/** BTPE for p <= 1/2 and n p > 30, step for step as numpy's `random_binomial_btpe`. */
function btpe(rng: Rng, n: number, p: number): number {
  const r = p;
  const q = 1 - r;
  const fm = n * r + r;
  const m = Math.floor(fm);
  const p1 = Math.floor(2.195 * Math.sqrt(n * r * q) - 4.6 * q) + 0.5;
  const xm = m + 0.5;
  const xl = xm - p1;
  const xr = xm + p1;
  const c = 0.134 + 20.5 / (15.3 + m);
  let a = (fm - xl) / (fm - xl * r);
  const laml = a * (1 + a / 2);
  a = (xr - fm) / (xr * q);
  const lamr = a * (1 + a / 2);
  const p2 = p1 * (1 + 2 * c);
  const p3 = p2 + c / laml;
  const p4 = p3 + c / lamr;
  const nrq = n * r * q;

  for (;;) {
    // Step 1: the triangle (accepted at once) or one of the other regions
    const u = rng.uniform53() * p4;
    let v = rng.uniform53();
    let y: number;
    if (u <= p1) return Math.floor(xm - p1 * v + u);
    if (u <= p2) {
      // Step 2: the parallelograms
      const x = xl + (u - p1) / c;
      v = v * c + 1 - Math.abs(m - x + 0.5) / p1;
      if (v > 1) continue;
      y = Math.floor(x);
    } else if (u <= p3) {
      // Step 3: left exponential tail
      y = Math.floor(xl + Math.log(v) / laml);
      if (y < 0 || v === 0) continue;
      v = v * (u - p2) * laml;
    } else {
      // Step 4: right exponential tail
      y = Math.floor(xr - Math.log(v) / lamr);
      if (y > n || v === 0) continue;
      v = v * (u - p3) * lamr;
    }
    // Step 5: acceptance test
    const k = Math.abs(y - m);
    if (k <= 20 || k >= nrq / 2 - 1) {
      // Step 5.1: f(y)/f(m) by the recursion of pmf ratios
      const s = r / q;
      const aa = s * (n + 1);
      let f = 1;
      if (m < y) for (let i = m + 1; i <= y; i++) f *= aa / i - s;
      else if (m > y) for (let i = y + 1; i <= m; i++) f /= aa / i - s;
      if (v > f) continue;
      return y;
    }
    // Step 5.2: squeeze on log f(y)/f(m)
    const rho = (k / nrq) * ((k * (k / 3 + 0.625) + 0.16666666666666666) / nrq + 0.5);
    const t = (-k * k) / (2 * nrq);
    const logv = Math.log(v);
    if (logv < t - rho) return y;
    if (logv > t + rho) continue;
    // Step 5.3: the exact bound by Stirling's series
    const x1 = y + 1;
    const f1 = m + 1;
    const z = n + 1 - m;
    const w = n - y + 1;
    const x2 = x1 * x1;
    const f2 = f1 * f1;
    const z2 = z * z;
    const w2 = w * w;
    const bound =
      xm * Math.log(f1 / x1) +
      (n - m + 0.5) * Math.log(z / w) +
      (y - m) * Math.log((w * r) / (x1 * q)) +
      (13680 - (462 - (132 - (99 - 140 / f2) / f2) / f2) / f2) / f1 / 166320 +
      (13680 - (462 - (132 - (99 - 140 / z2) / z2) / z2) / z2) / z / 166320 +
      (13680 - (462 - (132 - (99 - 140 / x2) / x2) / x2) / x2) / x1 / 166320 +
      (13680 - (462 - (132 - (99 - 140 / w2) / w2) / w2) / w2) / w / 166320;
    if (logv > bound) continue;
    return y;
  }
}
