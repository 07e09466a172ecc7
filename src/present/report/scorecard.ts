import { formatCell } from '../tables/format-cell.js';
import { cellAt, type Column, type Format, type Table, type TableRow } from '../tables/table.js';

/**
 * How a table's published numbers line up with its recomputed ones. A paper column `paper_X` is
 * compared with column `X` unless a comparison says otherwise; a bare `paper` column always needs
 * one (it sits beside whichever value the table is about).
 */
export interface Comparison {
  /** key of the column holding the published number */
  paper: string;
  /** key of the recomputed column it is compared with */
  recomputed: string;
  /** keys of the recomputed value's interval, where the table has one */
  ci?: [string, string];
}

export interface TableScorecardSpec {
  /** columns whose values name a row in the label (default: the table's text columns) */
  rowKeys?: string[];
  comparisons?: Comparison[];
}

/** Per table id: what each published number in it is compared with. */
export type ScorecardSpec = Record<string, TableScorecardSpec>;

/** One published number beside the recomputed one (summary.json; rates 0-1 like every JSON). */
export interface ScorecardEntry {
  analysis: string;
  label: string;
  paper: number;
  recomputed: number | null;
  /** recomputed minus paper */
  delta: number | null;
  ci_low?: number | null;
  ci_high?: number | null;
  /** the paper's number lies inside the recomputed interval */
  covered?: boolean | null;
  /** the recomputed number rounds to the paper's at the paper's printed precision */
  within_rounding: boolean;
  paper_column: string;
  recomputed_column: string | null;
  /** index of the row in the table's JSON rows */
  row: number;
  /** the recomputed column's format, so a reader shows the numbers as the table does */
  format: Format;
}

export interface Scorecard {
  entries: ScorecardEntry[];
  /** paper columns that nothing declares a recomputed column for */
  warnings: string[];
}

const isPaperColumn = (key: string) => key === 'paper' || key.startsWith('paper_');
const isText = (c: Column) => c.format === undefined || c.format === 'text';

/** Decimal places of a number as written in paper.ts (0.4957 -> 4, 181.1 -> 1, 631 -> 0, 5e-7 -> 7). */
export function printedDecimals(x: number): number {
  const m = /^-?\d+(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(x));
  if (!m) return 0;
  return Math.max(0, (m[1]?.length ?? 0) - Number(m[2] ?? 0));
}

/** |recomputed - paper| is at most half a unit in the paper's last printed digit (float slack 1e-9 relative). */
export function withinRounding(recomputed: number, paper: number): boolean {
  const half = 0.5 * 10 ** -printedDecimals(paper);
  return Math.abs(recomputed - paper) <= half * (1 + 1e-9) + 1e-15;
}

function rowLabel(table: Table, row: TableRow, spec: TableScorecardSpec | undefined): string {
  const keys = spec?.rowKeys ?? table.columns.filter((c) => isText(c) && !isPaperColumn(c.key)).map((c) => c.key);
  const parts = keys.map((k) => cellAt(row, k)).filter((v) => v !== null && v !== undefined && v !== '').map(String);
  if (parts.length) return parts.join(', ');
  const first = table.columns[0];
  return first ? `${first.label} ${formatCell(cellAt(row, first.key), first.format)}` : '';
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * Every finite number in a paper column of the tables, beside its recomputed value, delta and
 * (where declared) interval. Booleans in paper columns (a bold "best" marker) are not numbers and
 * are left out.
 */
export function buildScorecard(tables: Table[], spec: ScorecardSpec = {}): Scorecard {
  const entries: ScorecardEntry[] = [];
  const warnings: string[] = [];
  for (const t of tables) {
    const s = spec[t.id];
    const byKey = new Map(t.columns.map((c) => [c.key, c]));
    for (const pc of t.columns.filter((c) => isPaperColumn(c.key))) {
      if (!t.rows.some((r) => num(cellAt(r, pc.key)) !== null)) continue;
      const declared = s?.comparisons?.find((c) => c.paper === pc.key);
      const conventional = pc.key.startsWith('paper_') && byKey.has(pc.key.slice(6)) ? pc.key.slice(6) : null;
      const recKey = declared?.recomputed ?? conventional;
      const rec = recKey ? byKey.get(recKey) : undefined;
      if (!rec) warnings.push(`${t.id}: no recomputed column is declared for paper column ${JSON.stringify(pc.key)}`);
      t.rows.forEach((r, i) => {
        const paper = num(cellAt(r, pc.key));
        if (paper === null) return;
        const recomputed = rec ? num(cellAt(r, rec.key)) : null;
        const e: ScorecardEntry = {
          analysis: t.id,
          label: `${rowLabel(t, r, s)}: ${(rec ?? pc).label}`,
          paper,
          recomputed,
          delta: recomputed === null ? null : recomputed - paper,
          within_rounding: recomputed !== null && withinRounding(recomputed, paper),
          paper_column: pc.key,
          recomputed_column: rec?.key ?? null,
          row: i,
          format: (rec ?? pc).format ?? 'num',
        };
        if (declared?.ci) {
          const lo = num(cellAt(r, declared.ci[0]));
          const hi = num(cellAt(r, declared.ci[1]));
          e.ci_low = lo;
          e.ci_high = hi;
          e.covered = lo === null || hi === null ? null : lo <= paper && paper <= hi;
        }
        entries.push(e);
      });
    }
  }
  return { entries, warnings };
}

/** How far off an entry is in the units the table shows (percentage points for rates). */
export function shownDelta(e: ScorecardEntry): number {
  if (e.delta === null) return -1;
  return Math.abs(e.delta) * (e.format === 'pct' || e.format === 'pp' ? 100 : 1);
}

/** Largest miss first; entries that could not be recomputed last; ties in table order. */
export function sortedByDelta(entries: ScorecardEntry[]): ScorecardEntry[] {
  return entries.map((e, i) => ({ e, i })).sort((a, b) => shownDelta(b.e) - shownDelta(a.e) || a.i - b.i).map(({ e }) => e);
}

export type Verdict = 'rounding' | 'ci' | 'outside' | 'missing';

/** within rounding beats within the CI; "missing" = nothing recomputed to compare with. */
export function verdictOf(e: ScorecardEntry): Verdict {
  if (e.recomputed === null) return 'missing';
  if (e.within_rounding) return 'rounding';
  return e.covered ? 'ci' : 'outside';
}

export interface ScorecardCounts {
  published: number;
  within_rounding: number;
  within_ci: number;
  outside: number;
  not_recomputed: number;
}

export function scorecardCounts(entries: ScorecardEntry[]): ScorecardCounts {
  const n = (v: Verdict) => entries.filter((e) => verdictOf(e) === v).length;
  return { published: entries.length, within_rounding: n('rounding'), within_ci: n('ci'), outside: n('outside'), not_recomputed: n('missing') };
}

/** The one-line verdict for a benchmark. */
export function verdictLine(benchmark: string, entries: ScorecardEntry[]): string {
  const c = scorecardCounts(entries);
  const reproduced = c.within_rounding + c.within_ci;
  let s = `${benchmark}: ${reproduced} of ${c.published} published numbers reproduced (${c.within_rounding} within rounding, ${c.within_ci} more within their 95% CI); ${c.outside} outside`;
  if (c.not_recomputed) s += `; ${c.not_recomputed} not recomputed`;
  const worst = sortedByDelta(entries.filter((e) => verdictOf(e) === 'outside'))[0];
  if (worst) s += `; largest miss: ${worst.analysis} ${worst.label} (${formatDelta(worst)})`;
  return s + '.';
}

const DELTA_FORMAT: Partial<Record<Format, Format>> = { pct: 'pp', pp: 'pp', int: 'int', num: 'num', num3: 'num3' };

export function formatValue(e: ScorecardEntry, v: number | null | undefined): string {
  return formatCell(v, e.format);
}

export function formatDelta(e: ScorecardEntry): string {
  if (e.delta === null) return '';
  const f = DELTA_FORMAT[e.format] ?? 'num';
  const s = formatCell(e.delta, f);
  return f === 'pp' || s.startsWith('-') || /^0(\.0*)?$/.test(s) ? s : `+${s}`;
}

/** summary.json: the entries in table order, rates 0-1. */
export function scorecardToJson(entries: ScorecardEntry[]): string {
  return JSON.stringify(entries, null, 2) + '\n';
}
