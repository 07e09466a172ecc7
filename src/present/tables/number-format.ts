import type { Cell, Format } from './table.js';

/**
 * How every displayed form (HTML, Markdown, notebooks, LaTeX) writes a number; JSON and CSV keep
 * the numbers as they are. One place, so a table, the scorecard and a notebook frame agree:
 * - a missing value (null: not given, not applicable) is an en dash; a statistic of nothing (NaN)
 *   says "no data";
 * - negative numbers carry the minus sign U+2212, never a hyphen, and never "-0.00";
 * - every number of four or more integer digits has thousands separators (1,632 and 1,632.50);
 * - p-values have two significant digits, and below 0.001 are shown as "< 0.001" (APA 7th ed., 6.36);
 * - rates (0-1) are shown as percentages with two decimals, differences of rates as signed
 *   percentage points; a published number is shown in the unit and with the decimals the paper
 *   prints it (`inPrintedUnit`).
 */

export const MISSING = '\u2013';
const MINUS = '\u2212';
/** What a statistic of nothing (a rate over no items, a CI of one value) shows instead of "NaN". */
const NO_DATA = 'no data';
/** The smallest p-value shown as a number; anything below is "< 0.001". */
const P_FLOOR = 0.001;

/** `digits` decimals, thousands separators, U+2212 for a negative number, no negative zero. */
function formatFixed(x: number, digits: number): string {
  if (Number.isNaN(x)) return NO_DATA;
  if (!Number.isFinite(x)) return x > 0 ? '\u221e' : `${MINUS}\u221e`;
  const s = Math.abs(x).toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: true });
  // a value that rounds to zero is zero, whatever its sign
  return x < 0 && /[1-9]/.test(s) ? `${MINUS}${s}` : s;
}

/** An integer with thousands separators (rounded to the nearest). */
function formatInteger(x: number): string {
  return formatFixed(Math.round(x), 0);
}

/** A signed number: "+" for a positive one, U+2212 for a negative one, none for zero. */
function withSign(s: string): string {
  return s.startsWith(MINUS) || !/[1-9]/.test(s) ? s : `+${s}`;
}

/** A 0-1 rate as a percentage with two decimals (0.4957 -> "49.57"). */
function formatPercent(rate: number): string {
  return formatFixed(rate * 100, 2);
}

/** A difference of 0-1 rates as signed percentage points (0.2145 -> "+21.45", -0.3084 -> "−30.84"). */
function formatPoints(diff: number): string {
  return withSign(formatFixed(diff * 100, 2));
}

/** A p-value: two significant digits, "< 0.001" below the floor (APA). */
export function formatPValue(p: number): string {
  if (Number.isNaN(p)) return NO_DATA;
  if (p < P_FLOOR) return `< ${P_FLOOR}`;
  return Number(p.toPrecision(2)) >= 1 ? '1.0' : p.toPrecision(2);
}

/** Text for one table cell in its column's format. */
export function formatCell(value: Cell, format: Format = 'text'): string {
  if (value === null || value === undefined) return MISSING;
  if (typeof value !== 'number') {
    if (format === 'bool') return value ? 'yes' : 'no';
    return String(value);
  }
  switch (format) {
    case 'int':
      return formatInteger(value);
    case 'pct':
      return formatPercent(value);
    case 'pp':
      return formatPoints(value);
    case 'num':
      return formatFixed(value, 2);
    case 'num3':
      return formatFixed(value, 3);
    case 'p':
      return formatPValue(value);
    case 'bool':
      return value ? 'yes' : 'no';
    default:
      return Number.isNaN(value) ? NO_DATA : String(value);
  }
}

/** An interval as one token, `[lo, hi]`, each bound in the column's format; either bound missing: an en dash. */
export function formatInterval(lo: Cell, hi: Cell, format: Format): string {
  if (lo === null || lo === undefined || hi === null || hi === undefined) return MISSING;
  return `[${formatCell(lo, format)}, ${formatCell(hi, format)}]`;
}

/** The units a paper prints its numbers in (`src/present/report/published.ts`). */
export type PrintedUnitName = 'rate' | 'pct' | 'pp' | 'count' | 'stat';

/** Decimal places of a number as printed (`49.57%` -> 2, `about 21%` -> 0, `0.75` -> 2). */
export function printedDecimals(printed: string): number {
  return /\d\.(\d+)/.exec(printed)?.[1].length ?? 0;
}

/**
 * A value in JSON units (rates 0-1) shown as the paper prints its numbers of this unit: a rate as
 * `0.75`, a percentage as `54.6%`, percentage points as `+21.45 pp`, a count as `22,431`, a statistic
 * as `181.1`, with `decimals` decimals.
 */
export function inPrintedUnit(value: number, unit: PrintedUnitName, decimals: number, opts: { signed?: boolean; suffix?: boolean } = {}): string {
  const suffix = opts.suffix ?? true;
  let s: string;
  switch (unit) {
    case 'pct':
      s = formatFixed(value * 100, decimals) + (suffix ? '%' : '');
      break;
    case 'pp':
      s = formatFixed(value * 100, decimals) + (suffix ? ' pp' : '');
      break;
    default:
      s = formatFixed(value, decimals);
  }
  return opts.signed ? withSign(s) : s;
}

/**
 * A published number's printed text with proper symbols: U+2212 for a leading minus, thousands
 * separators kept as printed.
 */
export function printedForDisplay(printed: string): string {
  return printed.replace(/(^|\s)-(?=\d)/g, `$1${MINUS}`);
}

/**
 * The workbench's own words (column labels, help texts, notes, titles) with the symbols they mean:
 * "±" for "+-" and "-+", "η²" for "eta^2". Release strings never pass here.
 */
export function displaySymbols(text: string): string {
  return text
    .replace(/ -\+ | \+- /g, ' \u00b1 ')
    .replace(/(^|[\s(])\+-(?=\d)/g, '$1\u00b1')
    .replace(/\beta\^2/g, '\u03b7\u00b2');
}
