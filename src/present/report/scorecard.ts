import { cellAt, type Column, type Format, type Table, type TableRow } from '../tables/table.js';
import { printedText, tolerance, withinTolerance, type ComparedCell, type PrintedUnit, type PublishedNumber } from './published.js';

/** What a published number's comparison came to. */
export type Verdict = 'rounding' | 'approx' | 'ci' | 'outside' | 'missing';

/** The verdicts as summary.json, the scorecard pages and the verdict line write them. */
export const VERDICT_TEXT: Record<Verdict, string> = {
  rounding: 'within rounding',
  approx: 'within its approximation',
  ci: 'within CI',
  outside: 'outside',
  missing: 'not recomputed',
};

/** One published number beside the recomputed cell it is compared with (summary.json; rates 0-1 like every JSON). */
export interface ScorecardEntry {
  /** the published number's id in analysis/<bench>/paper.ts and docs/papers.md */
  id: string;
  /** the table it is compared in */
  analysis: string;
  /** the row's label and the recomputed column's label, as the table gives them (`GPT-6 Astra: Success %`) */
  label: string;
  /** the recomputed column's label, the end of `label` (the displayed pages restate its unit as the paper's) */
  column_label?: string;
  /** the published number in JSON units */
  paper: number;
  /** as the paper prints it, with its unit (`49.57%`, `0.75`, `about 21%`) */
  printed: string;
  unit: PrintedUnit;
  approximate: boolean;
  /** fixed by the release's design (an item count, the annotators): a check of the release, not evidence of a reproduction */
  design_fixed: boolean;
  /** how far the recomputed number may lie from the paper's and still be it as printed, JSON units (null: approximate, judged by the CI; or compared with a column of another unit, judged not at all) */
  tolerance: number | null;
  recomputed: number | null;
  /** recomputed minus paper */
  delta: number | null;
  ci_low?: number | null;
  ci_high?: number | null;
  /** the paper's number lies inside the recomputed interval */
  covered?: boolean | null;
  /** |delta| <= tolerance (never for an approximate number) */
  within_rounding: boolean;
  /** `within rounding`, `within its approximation`, `within CI`, `outside` or `not recomputed` */
  verdict: string;
  /** the table column that shows the published number (null: the table does not show it) */
  paper_column: string | null;
  recomputed_column: string;
  /** index of the row in the table's JSON rows (null: no such row in the recomputed table) */
  row: number | null;
  /** the recomputed column's format, so a reader shows the numbers as the table does */
  format: Format;
}

export interface Scorecard {
  entries: ScorecardEntry[];
  /** published numbers with nothing to compare with, and tables whose paper cells disagree with the declarations */
  warnings: string[];
}

const isPaperColumn = (key: string) => key === 'paper' || key.startsWith('paper_');
const isText = (c: Column) => c.format === undefined || c.format === 'text';

function rowLabel(table: Table | undefined, row: TableRow, keys: readonly string[] | undefined): string {
  const ks = keys ?? table?.columns.filter((c) => isText(c) && !isPaperColumn(c.key)).map((c) => c.key) ?? Object.keys(row);
  const parts = ks
    .map((k) => cellAt(row, k))
    .filter((v) => v !== null && v !== undefined && v !== '')
    .map(String);
  if (parts.length) return parts.join(', ');
  const first = table?.columns[0];
  return first ? `${first.label} ${summaryNumber(cellAt(row, first.key), first.format)}` : '';
}

/**
 * The column formats a printed unit may be compared with: a rate or a percentage with a column of
 * 0-1 rates (`pct`), percentage points with differences of rates (`pp`), a count with integers, a
 * statistic with plain numbers.
 */
const FITTING_FORMATS: Record<PrintedUnit, readonly Format[]> = {
  rate: ['pct'],
  pct: ['pct'],
  pp: ['pp'],
  count: ['int'],
  stat: ['num', 'num3', 'int'],
};

const fitsColumn = (unit: PrintedUnit, format: Format | undefined): boolean => FITTING_FORMATS[unit].includes(format ?? 'text');

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The rows of a table that hold every value of a comparison's row (own keys only). */
function matchingRows(table: Table, c: ComparedCell): number[] {
  const keys = Object.keys(c.row);
  const out: number[] = [];
  table.rows.forEach((r, i) => {
    if (keys.every((k) => cellAt(r, k) === c.row[k])) out.push(i);
  });
  return out;
}

/** How many entries a warning names before it gives the count of the rest. */
const NAMED_IN_WARNING = 5;

/**
 * Every published number compared with its recomputed cell, driven by the declarations (not by the
 * rows a table happens to have): a number whose table, row or value is absent is listed as not
 * recomputed and named in a warning. A table's paper cell that disagrees with the declarations, or
 * a paper number no declaration covers, is a warning too (the paper columns are filled from the
 * same declarations).
 */
export function buildScorecard(tables: Table[], published: readonly PublishedNumber[] = []): Scorecard {
  const entries: ScorecardEntry[] = [];
  const warnings: string[] = [];
  const byId = new Map(tables.map((t) => [t.id, t]));
  // (table, row, paper column) cells that a declaration covers
  const covered = new Set<string>();
  const cellKey = (t: string, row: number, col: string) => JSON.stringify([t, row, col]);
  const notRecomputed: string[] = [];
  const ambiguous: string[] = [];
  const mismatched: string[] = [];
  for (const p of published) {
    for (const c of p.compare) {
      const table = byId.get(c.analysis);
      const rows = table ? matchingRows(table, c) : [];
      if (rows.length > 1) ambiguous.push(`${p.id} (${rows.length} rows of ${c.analysis})`);
      const i = rows.length === 1 ? rows[0] : null;
      const row = i === null ? null : table!.rows[i];
      const col = table?.columns.find((x) => x.key === c.column);
      const paperCol = c.paper !== null && table?.columns.some((x) => x.key === c.paper) ? c.paper : null;
      const recomputed = row ? num(cellAt(row, c.column)) : null;
      const tol = tolerance(p.printed);
      // a number printed in one unit and compared with a column of another (a percentage against a
      // mean, a rate against percentage points) could agree as a float by accident: never a match
      const unitFits = col === undefined || fitsColumn(p.printed.unit, col.format);
      if (!unitFits) mismatched.push(`${p.id} (printed as ${p.printed.unit}, compared with ${c.analysis} ${c.column} in format ${col?.format ?? 'text'})`);
      const columnLabel = col?.label ?? c.column;
      const e: ScorecardEntry = {
        id: p.id,
        analysis: c.analysis,
        label: `${rowLabel(table, row ?? (c.row as TableRow), c.rowKeys)}: ${columnLabel}`,
        column_label: columnLabel,
        paper: p.value,
        printed: printedText(p.printed),
        unit: p.printed.unit,
        approximate: p.printed.approximate,
        design_fixed: p.design_fixed,
        tolerance: unitFits ? tol : null,
        recomputed,
        delta: recomputed === null ? null : recomputed - p.value,
        within_rounding: unitFits && recomputed !== null && !p.printed.approximate && tol !== null && withinTolerance(recomputed, p.value, tol),
        verdict: '',
        paper_column: paperCol,
        recomputed_column: c.column,
        row: i,
        format: col?.format ?? 'num',
      };
      if (c.ci) {
        const lo = row ? num(cellAt(row, c.ci[0])) : null;
        const hi = row ? num(cellAt(row, c.ci[1])) : null;
        e.ci_low = lo;
        e.ci_high = hi;
        e.covered = !unitFits || lo === null || hi === null ? null : lo <= p.value && p.value <= hi;
      }
      e.verdict = VERDICT_TEXT[verdictOf(e)];
      if (e.recomputed === null) notRecomputed.push(`${e.analysis} ${e.label}`);
      if (row && paperCol !== null) {
        covered.add(cellKey(c.analysis, i!, paperCol));
        const shown = cellAt(row, paperCol);
        if (shown !== p.value) warnings.push(`${c.analysis}: row ${i} shows ${JSON.stringify(shown)} in ${paperCol}, but ${p.id} is declared as ${p.value}`);
      }
      entries.push(e);
    }
  }
  if (notRecomputed.length) {
    const named = notRecomputed.slice(0, NAMED_IN_WARNING).join('; ');
    const more = notRecomputed.length > NAMED_IN_WARNING ? `; and ${notRecomputed.length - NAMED_IN_WARNING} more (every one is in summary.json)` : '';
    warnings.push(
      `${notRecomputed.length} published number${notRecomputed.length === 1 ? '' : 's'} not recomputed (no such row or value in the recomputed table): ${named}${more}`,
    );
  }
  if (mismatched.length) warnings.push(`published numbers compared with a column of another unit (never within rounding or CI): ${mismatched.join('; ')}`);
  if (ambiguous.length) warnings.push(`published numbers whose row is not one row of the recomputed table (not compared): ${ambiguous.join('; ')}`);
  // a paper cell that no declaration covers would be a published number outside the scorecard
  for (const t of tables) {
    for (const pc of t.columns.filter((c) => isPaperColumn(c.key))) {
      t.rows.forEach((r, i) => {
        if (num(cellAt(r, pc.key)) !== null && !covered.has(cellKey(t.id, i, pc.key)))
          warnings.push(`${t.id}: row ${i} shows a published number in ${pc.key} that no declaration compares`);
      });
    }
  }
  return { entries, warnings };
}

/** How far off an entry is in the units the table shows (percentage points for rates). */
function shownDelta(e: ScorecardEntry): number {
  if (e.delta === null) return -1;
  return Math.abs(e.delta) * (e.format === 'pct' || e.format === 'pp' ? 100 : 1);
}

/** Largest miss first; entries that could not be recomputed last; ties in declared order. */
export function sortedByDelta(entries: ScorecardEntry[]): ScorecardEntry[] {
  return entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => shownDelta(b.e) - shownDelta(a.e) || a.i - b.i)
    .map(({ e }) => e);
}

/**
 * Within rounding (|delta| <= the printed precision's half unit) beats within the CI; an
 * approximate number is within its approximation inside its stated band, else judged by its CI;
 * "missing" = nothing recomputed to compare with. (An entry read from an older summary.json
 * without `approximate` is judged as it was then.)
 */
export function verdictOf(e: ScorecardEntry): Verdict {
  if (e.recomputed === null) return 'missing';
  if (e.within_rounding) return 'rounding';
  if (e.approximate && e.tolerance !== null && e.delta !== null && withinTolerance(e.recomputed, e.paper, e.tolerance)) return 'approx';
  return e.covered ? 'ci' : 'outside';
}

export interface ScorecardCounts {
  /** every published number listed (one per compared cell) */
  published: number;
  within_rounding: number;
  /** approximate numbers inside their stated band */
  within_approximation: number;
  within_ci: number;
  outside: number;
  not_recomputed: number;
  /** how many of the published are fixed by the release's design (counted in the verdicts above too) */
  design_fixed: number;
}

export function scorecardCounts(entries: ScorecardEntry[]): ScorecardCounts {
  const n = (v: Verdict) => entries.filter((e) => verdictOf(e) === v).length;
  return {
    published: entries.length,
    within_rounding: n('rounding'),
    within_approximation: n('approx'),
    within_ci: n('ci'),
    outside: n('outside'),
    not_recomputed: n('missing'),
    design_fixed: entries.filter((e) => e.design_fixed === true).length,
  };
}

/**
 * The one-line verdict for a benchmark. The displayed pages pass `deltaText` (the number format of
 * the displayed forms) and `labelText` (the label in the paper's unit); the default keeps the text that `reproduce --json` has always printed.
 */
export function verdictLine(
  benchmark: string,
  entries: ScorecardEntry[],
  deltaText: (e: ScorecardEntry) => string = formatDelta,
  labelText: (e: ScorecardEntry) => string = (e) => e.label,
): string {
  const c = scorecardCounts(entries);
  const reproduced = c.within_rounding + c.within_approximation + c.within_ci;
  const approx = c.within_approximation ? `, ${c.within_approximation} within their stated approximation` : '';
  let s = `${benchmark}: ${reproduced} of ${c.published} published numbers reproduced (${c.within_rounding} within rounding${approx}, ${c.within_ci} more within their 95% CI); ${c.outside} outside`;
  if (c.not_recomputed) s += `; ${c.not_recomputed} not recomputed`;
  const worst = sortedByDelta(entries.filter((e) => verdictOf(e) === 'outside'))[0];
  if (worst) s += `; largest miss: ${worst.analysis} ${labelText(worst)} (${deltaText(worst)})`;
  if (c.design_fixed) {
    const differ = entries.filter((e) => e.design_fixed === true && (verdictOf(e) === 'outside' || verdictOf(e) === 'missing')).length;
    s += `; ${c.design_fixed} of them fixed by the release's design${differ ? ` (${differ} of those differ)` : ''}`;
  }
  return s + '.';
}

const DELTA_FORMAT: Partial<Record<Format, Format>> = { pct: 'pp', pp: 'pp', int: 'int', num: 'num', num3: 'num3' };

/**
 * A number in the text of the JSON outputs (a scorecard label in summary.json, the verdict of
 * `reproduce --json`): the plain form those have always had (a hyphen-minus, no en dash), so
 * scripts reading them see no change; the displayed pages use `number-format.ts`.
 */
function summaryNumber(value: unknown, format: Format | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && !Number.isFinite(value)) return Number.isNaN(value) ? 'no data' : value > 0 ? 'inf' : '-inf';
  if (format === 'bool') return value ? 'yes' : 'no';
  if (typeof value !== 'number' || format === undefined || format === 'text') return String(value);
  const fixed = (x: number, d: number) => {
    const t = x.toFixed(d);
    return /^-0\.?0*$/.test(t) ? t.slice(1) : t;
  };
  switch (format) {
    case 'int':
      return Math.round(value).toLocaleString('en-US');
    case 'pct':
    case 'pp':
      return fixed(value * 100, 2);
    case 'num3':
      return fixed(value, 3);
    case 'p':
      if (value < 1e-16) return '< 1e-16';
      return value < 1e-3 ? value.toExponential(2) : value.toPrecision(4);
    default:
      return fixed(value, 2);
  }
}

/** The delta as the verdict line of `reproduce --json` gives it (see `summaryNumber`). */
function formatDelta(e: ScorecardEntry): string {
  if (e.delta === null) return '';
  const s = summaryNumber(e.delta, DELTA_FORMAT[e.format] ?? 'num');
  return s.startsWith('-') || /^0(\.0*)?$/.test(s) ? s : `+${s}`;
}

/** summary.json: the entries in declared order, rates 0-1. */
export function scorecardToJson(entries: ScorecardEntry[]): string {
  return JSON.stringify(entries, null, 2) + '\n';
}
