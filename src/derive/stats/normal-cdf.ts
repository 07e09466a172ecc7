/**
 * The standard normal distribution function Phi(x) = P(Z <= x), or its upper tail P(Z > x) with
 * `upper = true`, to full double precision in both tails: W. J. Cody's rational Chebyshev
 * approximations (Cody 1969, "Rational Chebyshev approximations for the error function", Math.
 * Comp. 23:631-637; as ANORM in Cody 1993, ACM TOMS 715, and R's `pnorm`):
 *
 * - |x| <= 0.66291: Phi(x) = 1/2 + x R1(x^2), R1 a rational function of degree (3, 3) in x^2;
 * - 0.66291 < |x| <= sqrt(32): the tail phi-scaled, exp(-x^2/2) R2(|x|), R2 of degree (8, 8);
 * - |x| > sqrt(32): exp(-x^2/2) / |x| (1/sqrt(2 pi) - R3(1/x^2) / x^2), R3 of degree (4, 4);
 *
 * where exp(-x^2/2) is computed as exp(-s^2/2) exp(-(x - s)(x + s)/2) with s = x rounded down to a
 * multiple of 1/16 (exact products), so the far tail keeps its relative accuracy. The tail that is
 * asked for is computed directly, never as 1 minus the other. Same as scipy.stats.norm.cdf / .sf.
 * simple-statistics' cumulativeStdNormalProbability reads a table to 4 decimals: not enough here.
 */
export function normalCdf(x: number, upper = false): number {
  if (Number.isNaN(x)) return NaN;
  const y = Math.abs(x);
  let lowerTail: number; // P(Z <= -|x|)
  if (y <= 0.66291) {
    const xsq = y > 1.1102230246251565e-16 ? x * x : 0;
    let xnum = A[4] * xsq;
    let xden = xsq;
    for (let i = 0; i < 3; i++) {
      xnum = (xnum + A[i]) * xsq;
      xden = (xden + B[i]) * xsq;
    }
    const temp = (x * (xnum + A[3])) / (xden + B[3]);
    return upper ? 0.5 - temp : 0.5 + temp;
  } else if (y <= SQRT_32) {
    let xnum = C[8] * y;
    let xden = y;
    for (let i = 0; i < 7; i++) {
      xnum = (xnum + C[i]) * y;
      xden = (xden + D[i]) * y;
    }
    lowerTail = gaussianFactor(y) * ((xnum + C[7]) / (xden + D[7]));
  } else if (y < 38.5) {
    const xsq = 1 / (x * x);
    let xnum = P[5] * xsq;
    let xden = xsq;
    for (let i = 0; i < 4; i++) {
      xnum = (xnum + P[i]) * xsq;
      xden = (xden + Q[i]) * xsq;
    }
    const temp = (INV_SQRT_2PI - (xsq * (xnum + P[4])) / (xden + Q[4])) / y;
    lowerTail = gaussianFactor(y) * temp;
  } else {
    lowerTail = 0; // below the smallest double (Phi(-38.5) < 1e-324)
  }
  // lowerTail is P(Z <= -|x|) = P(Z > |x|)
  const wantSmall = upper ? x > 0 : x < 0;
  return wantSmall ? lowerTail : 1 - lowerTail;
}

/** exp(-y^2 / 2), with y split at a multiple of 1/16 so the square loses no bits. */
function gaussianFactor(y: number): number {
  const s = Math.trunc(y * 16) / 16;
  const del = (y - s) * (y + s);
  return Math.exp((-s * s) / 2) * Math.exp(-del / 2);
}

const SQRT_32 = 5.656854249492380195206754896838;
const INV_SQRT_2PI = 0.398942280401432677939946059934;
// Cody's coefficients (TOMS 715, ANORM), as published
const A = [2.2352520354606839287, 161.02823106855587881, 1067.6894854603709582, 18154.981253343561249, 0.065682337918207449113];
const B = [47.20258190468824187, 976.09855173777669322, 10260.932208618978205, 45507.789335026729956];
const C = [
  0.39894151208813466764, 8.8831497943883759412, 93.506656132177855979, 597.27027639480026226, 2494.5375852903726711, 6848.1904505362823326,
  11602.651437647350124, 9842.7148383839780218, 1.0765576773720192317e-8,
];
const D = [
  22.266688044328115691, 235.38790178262499861, 1519.377599407554805, 6485.558298266760755, 18615.571640885098091, 34900.952721145977266, 38912.003286093271411,
  19685.429676859990727,
];
const P = [0.21589853405795699, 0.1274011611602473639, 0.022235277870649807, 0.001421619193227893466, 2.9112874951168792e-5, 0.02307344176494017303];
const Q = [1.28426009614491121, 0.468238212480865118, 0.0659881378689285515, 0.00378239633202758244, 7.29751555083966205e-5];
