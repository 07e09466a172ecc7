import type { Cell, TableRow } from '../tables/table.js';
import { cellAt } from '../tables/table.js';

/**
 * A paper's published numbers, each declared once with how the paper prints it. The printed text
 * (never a JavaScript float) decides the number's value in the JSON's units and how close a
 * recomputed number must be to count as "within rounding".
 *
 * Units, as the paper prints the number, and how they become JSON units (rates 0-1):
 * - `rate`: a 0-1 rate printed as such (CubeBench's `0.75`): the value as printed.
 * - `pct`: a percentage (`49.57%`, PAWM's `54.6`): the value / 100.
 * - `pp`: a difference in percentage points (`+21.45 points`): the value / 100.
 * - `count`: an integer count (`631`, `22,431`): exact.
 * - `stat`: a statistic in its own units (a chi-square `181.1`, a mean rating `4.73`, eta `0.69`,
 *   calls per episode `36.5`): the value as printed.
 *
 * Tolerance ("within rounding"): half a unit of the last printed digit, in the printed unit,
 * converted to JSON units: rate `0.75` -> 0.005; pct `49.57` -> 0.005 points = 0.00005; stat `181.1`
 * -> 0.05; count -> 0 (exact). An approximate number ("about 21%") has no rounding tolerance: it is
 * judged against the recomputed 95% CI, or against the tolerance its declaration states
 * (`approx(pct('21'), '1')`: 20% to 22%), never "within rounding".
 */
export type PrintedUnit = 'rate' | 'pct' | 'pp' | 'count' | 'stat';

export interface Printed {
  /** the digits as the paper prints them, sign included, without the unit (`49.57`, `+21.45`, `0.75`, `22,431`) */
  text: string;
  unit: PrintedUnit;
  /** the paper says "about" (or the like): never judged within rounding */
  approximate: boolean;
  /** approximate numbers only: the stated band around the value, in the printed text's unit (`'1'`: +-1 point); null = judged against the CI only */
  approxTolerance: string | null;
}

/** One cell of a recomputed table that a published number is compared with. */
export interface ComparedCell {
  /** id of the table */
  analysis: string;
  /** which row: column key -> the value that row holds there (every listed key must match) */
  row: Readonly<Record<string, string | number | boolean>>;
  /** the recomputed column */
  column: string;
  /** the table's column that shows the published number (null: shown in the scorecard only) */
  paper: string | null;
  /** the recomputed value's 95% interval columns, where the table has one */
  ci?: readonly [string, string];
  /** columns whose values name the row in the scorecard's label (default: the table's text columns) */
  rowKeys?: readonly string[];
}

/** A published number, as a paper prints it, and where the workbench compares it. */
export interface PublishedNumber {
  /** stable id, unique within the benchmark (`table01/success/GPT-6 Astra`) */
  id: string;
  /** where the paper prints it (`Table 1`, `text`) */
  where: string;
  /** what the number is, in words */
  what: string;
  printed: Printed;
  /** in JSON units (rates 0-1), from the printed text */
  value: number;
  /** fixed by the release's design (item counts, annotators, items per level): a check of the release, not evidence of a reproduction */
  design_fixed: boolean;
  /** the recomputed cells it is compared with (a number printed once may be compared with several); empty: quoted only */
  compare: readonly ComparedCell[];
  /** quoted only (no cell to compare with): where the workbench shows its counterpart, and why it is not compared */
  quoted?: string;
}

const DECIMAL = /^[+-]?\d+(?:\.(\d+))?$/;
const COUNT = /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)$/;

function printed(unit: PrintedUnit, text: string): Printed {
  if (typeof text !== 'string') throw new Error(`a published number is declared with its printed text as a string, got ${typeof text}`);
  if (!(unit === 'count' ? COUNT : DECIMAL).test(text)) throw new Error(`not a number as a paper prints a ${unit}: ${JSON.stringify(text)}`);
  return { text, unit, approximate: false, approxTolerance: null };
}

/** A 0-1 rate as printed (`rate('0.75')`). */
export const rate = (text: string): Printed => printed('rate', text);
/** A percentage as printed, without the % (`pct('49.57')`). */
export const pct = (text: string): Printed => printed('pct', text);
/** A difference in percentage points as printed (`pp('+21.45')`). */
export const pp = (text: string): Printed => printed('pp', text);
/** An integer count as printed (`count('22,431')`): compared exactly. */
export const count = (text: string): Printed => printed('count', text);
/** A statistic in its own units as printed (`stat('181.1')`). */
export const stat = (text: string): Printed => printed('stat', text);

/** Marks a number the paper gives as approximate ("about 21%"), with an optional stated band in the same unit. */
export function approx(p: Printed, tolerance: string | null = null): Printed {
  if (tolerance !== null && !DECIMAL.test(tolerance)) throw new Error(`not a tolerance: ${JSON.stringify(tolerance)}`);
  return { ...p, approximate: true, approxTolerance: tolerance };
}

/** Decimal places of a printed text (`49.57` -> 2, `631` -> 0). */
function printedDecimals(text: string): number {
  return DECIMAL.exec(text.replace(/,/g, ''))?.[1]?.length ?? 0;
}

/** Moves the decimal point of a printed decimal `shift` places left, as text, so that `49.57` becomes exactly the double 0.4957. */
function shiftLeft(text: string, shift: number): number {
  const t = text.replace(/,/g, '');
  if (shift === 0) return Number(t);
  const sign = t.startsWith('-') ? '-' : '';
  const [int, frac = ''] = t.replace(/^[+-]/, '').split('.');
  const digits = int.padStart(shift + 1, '0');
  return Number(`${sign}${digits.slice(0, digits.length - shift)}.${digits.slice(digits.length - shift)}${frac}`);
}

const PERCENT_UNITS = new Set<PrintedUnit>(['pct', 'pp']);

/** The printed number in JSON units (rates 0-1). */
export function printedValue(p: Printed): number {
  return shiftLeft(p.text, PERCENT_UNITS.has(p.unit) ? 2 : 0);
}

/** Half a unit of a text's last printed digit, in JSON units for `unit`. */
function halfUnit(text: string, unit: PrintedUnit): number {
  // as text, so that 49.57% gives exactly the double 0.00005
  return Number(`5e-${printedDecimals(text) + 1 + (PERCENT_UNITS.has(unit) ? 2 : 0)}`);
}

/**
 * How far a recomputed number may lie from the published one and still be the same number as
 * printed, in JSON units: half a unit of the last printed digit (counts: 0, exact). Approximate
 * numbers: their stated band, or null (judged against the CI only).
 */
export function tolerance(p: Printed): number | null {
  if (p.approximate) return p.approxTolerance === null ? null : shiftLeft(p.approxTolerance, PERCENT_UNITS.has(p.unit) ? 2 : 0);
  if (p.unit === 'count') return 0;
  return halfUnit(p.text, p.unit);
}

/** |recomputed - published| is within the tolerance (float slack 1e-9 relative, so 0.4957 + 0.00005 counts). */
export function withinTolerance(recomputed: number, published: number, tol: number): boolean {
  return Math.abs(recomputed - published) <= tol * (1 + 1e-9) + 1e-12 * Math.max(1, Math.abs(published));
}

/** The number as the paper prints it, with its unit sign (`49.57%`, `+21.45 pp`, `0.75`, `about 21%`). */
export function printedText(p: Printed): string {
  const unit = p.unit === 'pct' ? '%' : p.unit === 'pp' ? ' pp' : '';
  return `${p.approximate ? 'about ' : ''}${p.text}${unit}`;
}

/** Declares a published number; the value comes from the printed text. */
export function publish(
  id: string,
  where: string,
  what: string,
  p: Printed,
  opts: { design_fixed?: boolean; compare?: readonly ComparedCell[]; quoted?: string } = {},
): PublishedNumber {
  const compare = opts.compare ?? [];
  if (!compare.length && !opts.quoted) throw new Error(`published number ${id}: compared nowhere and not said where it is quoted`);
  if (p.approximate && p.approxTolerance === null && compare.some((c) => !c.ci))
    throw new Error(`published number ${id}: approximate, without a stated band, compared with a cell without an interval`);
  return {
    id,
    where,
    what,
    printed: p,
    value: printedValue(p),
    design_fixed: opts.design_fixed ?? false,
    compare,
    ...(opts.quoted ? { quoted: opts.quoted } : {}),
  };
}

const selectorKey = (analysis: string, column: string, keys: readonly string[], values: readonly Cell[]) => JSON.stringify([analysis, column, keys, values]);

/**
 * A benchmark's published numbers, checked and indexed: by id, and by the cell each is compared
 * with (so a table fills its "paper" column from the same declaration the scorecard compares).
 * Indexes are Maps: a row value such as `constructor` or `__proto__` finds nothing.
 */
export interface PublishedIndex {
  readonly list: readonly PublishedNumber[];
  /** the declaration with this id (an unknown id is a programming error: throws) */
  byId(id: string): PublishedNumber;
  /** the published value compared with this row's cell of `column` in table `analysis`, or null */
  at(analysis: string, column: string, row: TableRow): number | null;
  /** the declarations shown in (compared in, or grouped under) table `analysis`, in declared order */
  of(analysis: string): PublishedNumber[];
}

export function indexPublished(list: readonly PublishedNumber[]): PublishedIndex {
  const byId = new Map<string, PublishedNumber>();
  const byCell = new Map<string, PublishedNumber>();
  const keySets = new Map<string, string[][]>();
  for (const p of list) {
    if (byId.has(p.id)) throw new Error(`two published numbers share the id ${JSON.stringify(p.id)}`);
    byId.set(p.id, p);
    for (const c of p.compare) {
      const keys = Object.keys(c.row).sort();
      const k = selectorKey(
        c.analysis,
        c.column,
        keys,
        keys.map((x) => c.row[x]),
      );
      const other = byCell.get(k);
      if (other) throw new Error(`published numbers ${other.id} and ${p.id} are both compared with ${c.analysis} ${c.column} ${JSON.stringify(c.row)}`);
      byCell.set(k, p);
      const sets = keySets.get(c.analysis) ?? [];
      if (!sets.some((s) => s.join('\u0000') === keys.join('\u0000'))) sets.push(keys);
      keySets.set(c.analysis, sets);
    }
  }
  return {
    list,
    byId(id) {
      const p = byId.get(id);
      if (!p) throw new Error(`no published number has the id ${JSON.stringify(id)}`);
      return p;
    },
    at(analysis, column, row) {
      for (const keys of keySets.get(analysis) ?? []) {
        const p = byCell.get(
          selectorKey(
            analysis,
            column,
            keys,
            keys.map((k) => cellAt(row, k)),
          ),
        );
        if (p) return p.value;
      }
      return null;
    },
    of(analysis) {
      return list.filter((p) => p.compare.some((c) => c.analysis === analysis) || (!p.compare.length && p.id.split('/')[0] === analysis));
    },
  };
}

/** The published numbers of a table, as its JSON's `paper` field shows them: id -> as printed, with its value. */
export function paperField(index: PublishedIndex, analysis: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of index.of(analysis)) {
    out[p.id] = { what: p.what, printed: printedText(p.printed), value: p.value, ...(p.design_fixed ? { design_fixed: true } : {}) };
  }
  return out;
}
