/** A finite number or null (JSON cannot carry NaN). */
export function num(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}

/** 0.2145 -> "+21.45 pp" for notes. */
export function ppText(x: number | null | undefined): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return 'n/a';
  const s = (x * 100).toFixed(2);
  return `${x >= 0 ? '+' : ''}${s} pp`;
}

/** Percentages 0-100 for figure data, null where undefined. */
export function pct100(x: number | null): number | null {
  return x === null || !Number.isFinite(x) ? null : 100 * x;
}
