import type { Rng } from './rng.js';
import { logGamma } from './log-gamma.js';

/**
 * A sampler of Binomial(n, p) for many draws with the same (n, p): inversion of the tabulated CDF
 * with a guide table (inversionTable of binomialPmf; setup O(n)). A draw is X = min{x : U < F(x)} for one 53-bit uniform U, found in expected
 * O(1) steps from g[floor(U (n + 1))]. The bootstrap of 0/1 data draws Bin(n, c/n) B times: this
 * costs a uniform and a comparison or two where binomialSample costs a BINV walk or BTPE's tests.
 */
export function binomialTableSampler(n: number, p: number): (rng: Rng) => number {
  const table = new BinomialTable(n, p);
  return (rng) => table.draw(rng);
}

/** binomialTableSampler's table and its draw (a class: one call target for every (n, p)). */
export class BinomialTable {
  /** Bin(n, 0) and Bin(n, 1): the one value, drawn without a uniform; else -1 */
  private readonly constant: number = -1;
  private readonly size: number = 0;
  private readonly cdf: Float64Array = new Float64Array(0);
  private readonly guide: Int32Array = new Int32Array(0);

  constructor(n: number, p: number) {
    if (n === 0 || p <= 0) this.constant = 0;
    else if (p >= 1) this.constant = n;
    if (this.constant >= 0) return;
    const { cdf, guide } = inversionTable(binomialPmf(n, p));
    this.size = n + 1;
    this.cdf = cdf;
    this.guide = guide;
  }

  draw(rng: Rng): number {
    if (this.constant >= 0) return this.constant;
    const u = rng.uniform53();
    let x = this.guide[Math.floor(u * this.size)];
    while (this.cdf[x] <= u) x++;
    return x;
  }
}

/**
 * The Binomial(n, p) pmf at 0..n for 0 < p < 1, up to a constant factor (inversionTable normalises):
 * from its mode m = floor((n + 1) p), f(m) = exp(lnC(n, m) + m ln p + (n - m) ln(1 - p)) by
 * logGamma, outward by the ratios f(x+1)/f(x) = (n - x) p / ((x + 1)(1 - p)), so (1-p)^n cannot
 * underflow at large n.
 */
export function binomialPmf(n: number, p: number): Float64Array {
  const q = 1 - p;
  const m = Math.min(n, Math.floor((n + 1) * p));
  const pmf = new Float64Array(n + 1);
  pmf[m] = Math.exp(logGamma(n + 1) - logGamma(m + 1) - logGamma(n - m + 1) + m * Math.log(p) + (n - m) * Math.log(q));
  for (let x = m; x < n; x++) pmf[x + 1] = (pmf[x] * (n - x) * p) / ((x + 1) * q);
  for (let x = m; x > 0; x--) pmf[x - 1] = (pmf[x] * x * q) / ((n - x + 1) * p);
  return pmf;
}

/**
 * Inversion of a pmf on 0..size-1 (any positive scale): its CDF F, normalised to end at 1, and the
 * guide g[i] = min{x : F(x) > i/size} (Chen & Asau 1974; Devroye 1986, sec. III.2.4). A draw for a
 * uniform U is min{x : U < F(x)}, found in expected O(1) steps from g[floor(U size)].
 */
export function inversionTable(pmf: Float64Array): { cdf: Float64Array; guide: Int32Array } {
  const size = pmf.length;
  let total = 0;
  for (let x = 0; x < size; x++) total += pmf[x];
  const cdf = new Float64Array(size);
  let run = 0;
  for (let x = 0; x < size; x++) {
    run += pmf[x] / total;
    cdf[x] = run;
  }
  cdf[size - 1] = 1; // rounding must not leave a uniform past the last cell
  const guide = new Int32Array(size);
  for (let i = 0, x = 0; i < size; i++) {
    while (cdf[x] <= i / size) x++;
    guide[i] = x;
  }
  return { cdf, guide };
}
