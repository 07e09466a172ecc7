/**
 * Exact order of two rates given as integer counts, a = an / ad and b = bn / bd, by
 * cross-multiplication (an * bd vs bn * ad) instead of comparing rounded floats: two skills with
 * 36/147 successes each are tied exactly, so the documented tie rule decides, not the last bits of
 * a float sum. Products beyond 2^53 are compared as BigInt.
 *
 * Returns a negative number when a < b, positive when a > b, 0 when equal. A rate with a zero
 * denominator is undefined and sorts after every defined rate (in both helpers below).
 */
export function compareFractions(an: number, ad: number, bn: number, bd: number): number {
  if (ad === 0 || bd === 0) return ad === 0 && bd === 0 ? 0 : ad === 0 ? 1 : -1;
  const x = an * bd,
    y = bn * ad;
  if (Number.isSafeInteger(x) && Number.isSafeInteger(y)) return x < y ? -1 : x > y ? 1 : 0;
  const bx = BigInt(an) * BigInt(bd),
    by = BigInt(bn) * BigInt(ad);
  return bx < by ? -1 : bx > by ? 1 : 0;
}

/** Comparator for a sort by rate, highest first (undefined rates last); 0 on an exact tie. */
export function compareRatesDescending(an: number, ad: number, bn: number, bd: number): number {
  if (ad === 0 || bd === 0) return compareFractions(an, ad, bn, bd);
  return -compareFractions(an, ad, bn, bd);
}

/** Comparator for a sort by rate, lowest first (undefined rates last); 0 on an exact tie. */
export function compareRatesAscending(an: number, ad: number, bn: number, bd: number): number {
  return compareFractions(an, ad, bn, bd);
}
