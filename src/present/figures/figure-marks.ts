/**
 * How every figure draws the paper's published value and an interval, so that a reader tells them
 * apart at a glance and the picture itself (PNG, SVG, PDF: no caption travels with it) says what
 * they are: the paper's value an open red diamond, an interval a thick grey rule behind the estimate,
 * each named in a legend of its own inside the picture. Also the axis range fitted to the values
 * drawn, and the interval as a tooltip shows it.
 */

/** The paper's value: an open diamond in a colour no estimate uses. */
export const PAPER_COLOUR = '#d62728';
/** An interval: a grey rule thicker than any estimate's line, drawn under it. */
export const INTERVAL_COLOUR = '#555555';
export const INTERVAL_WIDTH = 4;

/**
 * The legend entries name marks through channels no estimate uses (`strokeDash` for an interval,
 * `shape` for the paper's value), each a scale of one constant value: they share one legend per
 * figure even in small multiples (an independent colour scale would repeat it in every panel), and
 * leave the colour channel to the data.
 */
const key = (label: string, range: unknown, legend: Record<string, unknown>) => ({
  datum: label,
  type: 'nominal' as const,
  scale: { domain: [label], range: [range] },
  legend: { title: null, labelLimit: 260, ...legend },
});

/** The encoding of an interval layer's legend entry (spread into the layer's encoding). */
export function intervalKey(label: string) {
  return { strokeDash: key(label, [1, 0], { symbolType: 'stroke', symbolStrokeColor: INTERVAL_COLOUR, symbolStrokeWidth: INTERVAL_WIDTH, symbolSize: 200 }) };
}

/** The encoding of the paper-value layer's legend entry (spread into the layer's encoding). */
export function paperKey(label = "paper's published value") {
  return { shape: key(label, 'diamond', { symbolStrokeColor: PAPER_COLOUR, symbolFillColor: 'white', symbolStrokeWidth: 2, symbolSize: 90 }) };
}

/** The mark of the paper's value: an open diamond (the estimate's bar or point stays visible through it). */
export const PAPER_MARK = { type: 'point' as const, color: PAPER_COLOUR, filled: false, size: 90, strokeWidth: 2, opacity: 1 };

/** The mark of an interval. */
export const INTERVAL_MARK = { type: 'rule' as const, color: INTERVAL_COLOUR, strokeWidth: INTERVAL_WIDTH, strokeCap: 'butt' as const };

const LADDER = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];

/**
 * The axis range [0, top] for values drawn on it: top is the smallest of 1, 1.2, 1.5, 2, 2.5, 3, 4,
 * 5, 6, 8 times a power of ten at or above the largest value (at most a third above it), capped at
 * `cap` (100 for percentages). Nothing drawn is cut off, and data under 50 never gets an axis to 100.
 */
export function fittedDomain(values: Iterable<number | null | undefined>, cap = 100): [number, number] {
  let max = 0;
  for (const v of values) if (typeof v === 'number' && Number.isFinite(v) && v > max) max = v;
  if (max === 0) return [0, cap];
  const power = 10 ** Math.floor(Math.log10(max));
  const step = LADDER.find((k) => k * power >= max * (1 - 1e-12))!;
  return [0, Math.min(cap, +(step * power).toPrecision(12))];
}

/**
 * A number that may be missing as a tooltip shows it: `digits` decimals, an en dash when there is
 * none (a tooltip's own number format would print a missing value as 0).
 */
export function valueText(v: number | null | undefined, digits = 1): string {
  return typeof v === 'number' && Number.isFinite(v) ? v.toFixed(digits) : '\u2013';
}

/** An interval as a tooltip shows it: "[25.9, 30.3]" with `digits` decimals, an en dash when there is none. */
export function intervalText(low: number | null | undefined, high: number | null | undefined, digits = 1): string {
  if (typeof low !== 'number' || typeof high !== 'number' || !Number.isFinite(low) || !Number.isFinite(high)) return '\u2013';
  return `[${low.toFixed(digits)}, ${high.toFixed(digits)}]`;
}
