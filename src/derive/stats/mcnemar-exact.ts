/**
 * Exact McNemar test (McNemar 1947; exact form as in statsmodels' `mcnemar(exact=True)`): of the n
 * discordant pairs, b favour the first and c the second; under H0 b ~ Binomial(b + c, 1/2).
 * Two-sided p = min(1, 2 P(X <= min(b, c))). Computed with log-factorials, so it stays exact in
 * double precision for thousands of discordant pairs.
 */
export function mcnemarExact(b: number, c: number): number {
  const n = b + c;
  if (n === 0) return 1;
  const k = Math.min(b, c);
  const logHalfN = -n * Math.LN2;
  let logTerm = logHalfN; // log C(n,0) / 2^n
  let tail = Math.exp(logTerm);
  for (let i = 1; i <= k; i++) {
    logTerm += Math.log(n - i + 1) - Math.log(i);
    tail += Math.exp(logTerm);
  }
  return Math.min(1, 2 * tail);
}
