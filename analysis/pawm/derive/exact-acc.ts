import type { Metrics } from './metrics.js';

/**
 * Acc as an exact fraction: (1/R) * sum over runs of successes / episodes, summed over a common
 * denominator in BigInt. Two configurations whose per-run rates are 0/10, 0/10, 3/10 and 1/10,
 * 1/10, 1/10 have the same Acc (1/10), although the float means differ in the last bit
 * (0.09999999999999999 and 0.10000000000000002); a "best" chosen by the floats would be noise.
 * Null without runs.
 */
export function accFraction(runs: readonly { ok: number; n: number }[]): { num: bigint; den: bigint } | null {
  if (runs.length === 0 || runs.some((r) => r.n === 0)) return null;
  let num = 0n,
    den = 1n;
  for (const r of runs) {
    num = num * BigInt(r.n) + BigInt(r.ok) * den;
    den *= BigInt(r.n);
  }
  return { num, den: den * BigInt(runs.length) };
}

/** Order of two Acc values, exactly: negative when a < b, positive when a > b, 0 when equal. */
export function compareAcc(a: { num: bigint; den: bigint }, b: { num: bigint; den: bigint }): number {
  const x = a.num * b.den,
    y = b.num * a.den;
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The index of the candidate with the highest Acc, compared as exact fractions; among tied
 * candidates the first in the given order (the caller's documented tie rule); -1 when none has runs.
 */
export function indexOfBestAcc(candidates: readonly (Metrics | null)[]): number {
  let best = -1;
  let bestAcc: { num: bigint; den: bigint } | null = null;
  candidates.forEach((m, i) => {
    const f = m ? accFraction(m.run_counts) : null;
    if (f === null) return;
    if (bestAcc === null || compareAcc(f, bestAcc) > 0) {
      best = i;
      bestAcc = f;
    }
  });
  return best;
}
