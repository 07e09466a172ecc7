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
  if (p <= 0.5) return drawBinomial(rng, setupBinomial(n, p, scratch, 0), 0);
  return n - drawBinomial(rng, setupBinomial(n, 1 - p, scratch, 0), 0);
}

// A draw's setup: what BINV or BTPE works out from (n, r) before its first uniform, in slots of a
// Float64Array (`BINOMIAL_SETUP` of them from `at`), so that a caller drawing many times with the same
// (n, r) (the multinomial bootstrap: one r per category, a few n each) works it out once. A draw
// from a kept setup is the draw binomialSample makes: the same arithmetic on the same uniforms.
const N = 0,
  R = 1,
  Q = 2,
  METHOD = 3;
// BINV: P(0) = (1-r)^n, and numpy's bound on the walk
const QN = 4,
  BOUND = 5;
// BTPE: the regions of the hat and the constants of its acceptance tests
const M = 4,
  P1 = 5,
  XM = 6,
  XL = 7,
  XR = 8,
  C = 9,
  LAML = 10,
  LAMR = 11,
  P2 = 12,
  P3 = 13,
  P4 = 14,
  NRQ = 15;
/** Slots one setup takes. */
export const BINOMIAL_SETUP = 16;
const INVERSION = 0,
  BTPE = 1;
const scratch = new Float64Array(BINOMIAL_SETUP);

/**
 * Works out the setup of Binomial(n, r) draws, r in (0, 1/2], n >= 1, into `out` from `at`: BINV when
 * n r <= 30, else BTPE (see binomialSample). Returns `out`.
 */
export function setupBinomial(n: number, r: number, out: Float64Array, at: number): Float64Array {
  const q = 1 - r;
  out[at + N] = n;
  out[at + R] = r;
  out[at + Q] = q;
  if (r * n <= 30) {
    const np = n * r;
    out[at + METHOD] = INVERSION;
    out[at + QN] = Math.exp(n * Math.log(q));
    out[at + BOUND] = Math.min(n, np + 10 * Math.sqrt(np * q + 1));
    return out;
  }
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
  out[at + METHOD] = BTPE;
  out[at + M] = m;
  out[at + P1] = p1;
  out[at + XM] = xm;
  out[at + XL] = xl;
  out[at + XR] = xr;
  out[at + C] = c;
  out[at + LAML] = laml;
  out[at + LAMR] = lamr;
  out[at + P2] = p2;
  out[at + P3] = p3;
  out[at + P4] = p3 + c / lamr;
  out[at + NRQ] = n * r * q;
  return out;
}

/**
 * For a BINV setup (setupBinomial with n r <= 30), P(0), P(1), ... up to the walk's bound, by the
 * walk's own recurrence (so the same doubles), for drawInversionFromPmf; null for a BTPE setup.
 */
export function inversionPmf(setup: Float64Array, at: number): Float64Array | null {
  if (setup[at + METHOD] !== INVERSION) return null;
  const n = setup[at + N],
    p = setup[at + R],
    q = setup[at + Q];
  const pmf = new Float64Array(Math.floor(setup[at + BOUND]) + 1);
  pmf[0] = setup[at + QN];
  for (let x = 1; x < pmf.length; x++) pmf[x] = ((n - x + 1) * p * pmf[x - 1]) / (x * q);
  return pmf;
}

/**
 * A BINV draw (inversion) walking a tabulated pmf (inversionPmf) instead of working each step's
 * probability out: the same subtractions on the same uniforms, so the same draw.
 */
export function drawInversionFromPmf(rng: Rng, pmf: Float64Array): number {
  let x = 0;
  let u = rng.uniform53();
  while (u > pmf[x]) {
    if (x + 1 >= pmf.length) {
      // past the bound: start again
      x = 0;
      u = rng.uniform53();
    } else {
      u -= pmf[x];
      x++;
    }
  }
  return x;
}

/** One draw of Binomial(n, r) from a setup (setupBinomial). */
export function drawBinomial(rng: Rng, setup: Float64Array, at: number): number {
  return setup[at + METHOD] === INVERSION ? inversion(rng, setup, at) : btpe(rng, setup, at);
}

/** BINV for p <= 1/2 and n p <= 30; numpy's bound restarts the walk if rounding ran it off the tail. */
function inversion(rng: Rng, setup: Float64Array, at: number): number {
  const n = setup[at + N],
    p = setup[at + R],
    q = setup[at + Q];
  const qn = setup[at + QN];
  const bound = setup[at + BOUND];
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

/**
 * BTPE for p <= 1/2 and n p > 30, step for step as numpy's `random_binomial_btpe`. Draws are returned
 * as int32 (`| 0`, the same integer): a double returned from a call is a heap allocation per draw.
 */
function btpe(rng: Rng, setup: Float64Array, at: number): number {
  const n = setup[at + N],
    r = setup[at + R],
    q = setup[at + Q];
  const m = setup[at + M],
    p1 = setup[at + P1],
    xm = setup[at + XM],
    xl = setup[at + XL],
    xr = setup[at + XR],
    c = setup[at + C];
  const laml = setup[at + LAML],
    lamr = setup[at + LAMR],
    p2 = setup[at + P2],
    p3 = setup[at + P3],
    p4 = setup[at + P4],
    nrq = setup[at + NRQ];

  for (;;) {
    // Step 1: the triangle (accepted at once) or one of the other regions
    const u = rng.uniform53() * p4;
    let v = rng.uniform53();
    let y: number;
    if (u <= p1) return Math.floor(xm - p1 * v + u) | 0;
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
      return y | 0;
    }
    // Step 5.2: squeeze on log f(y)/f(m)
    const rho = (k / nrq) * ((k * (k / 3 + 0.625) + 0.16666666666666666) / nrq + 0.5);
    const t = (-k * k) / (2 * nrq);
    const logv = Math.log(v);
    if (logv < t - rho) return y | 0;
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
    return y | 0;
  }
}
