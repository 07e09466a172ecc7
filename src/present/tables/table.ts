/**
 * A table is declared once (id, title, where it sits in the paper, columns) and carries its rows as
 * plain data; one renderer turns it into JSON, Markdown and HTML (the HELM summarizer's approach).
 */
export type Format =
  | 'text' // shown as is
  | 'int' // 1,234
  | 'pct' // a 0-1 rate shown as a percentage with two decimals: 0.4957 -> 49.57
  | 'pp' // a 0-1 rate difference shown as signed percentage points: 0.2145 -> +21.45
  | 'num' // two decimals
  | 'num3' // three decimals
  | 'p' // a p-value: 4 significant digits, '< 1e-16' below
  | 'bool';

export interface Column {
  key: string;
  label: string;
  format?: Format;
  /** a short explanation shown as a tooltip in HTML and in the Markdown legend */
  help?: string;
  /** the column's cells count records: which ones, so `index.html` links each cell to them in the explorer */
  count?: RecordCount;
}

/**
 * The records a count cell counts, declared with its column: the explorer's record kind and the
 * filter that selects them (every field equal). `by` takes a field's value from the row (record
 * field -> the row's column key), `where` gives it (record field -> value); `distinct` counts the
 * distinct values of a field over the selected records (items behind responses) rather than the
 * records. The cell equals the number of records the filter selects (tested in Chromium).
 */
export interface RecordCount {
  kind: string;
  by?: Readonly<Record<string, string>>;
  where?: Readonly<Record<string, string | number | boolean | null>>;
  distinct?: string;
  /** row values that mean "every value" (a total row's 'all'): the field is then left out of the filter */
  any?: readonly string[];
  /** the record field is named by the row (its `field` cell) and its value is the row's `value` cell (table 20's dimension and level) */
  named?: { field: string; value: string };
  /**
   * the cell counts a word's occurrences (the row's `token` cell) among the tokens of the records'
   * `field` text (src/domain/text/tokenize.ts), over the selected records that hold it (PAWM's lexical counts)
   */
  tokens?: { field: string; token: string };
}

export type { Cell } from '../../derive/row.js';
import type { Cell, Row } from '../../derive/row.js';
export type TableRow = Row;

export interface Table {
  id: string;
  title: string;
  /** where the table sits in the paper, or 'beyond the paper' */
  source: string;
  columns: Column[];
  rows: TableRow[];
  /** the published numbers this table is compared against, as printed in the paper (optional) */
  paper?: Record<string, unknown>;
  /** sentences shown under the table: method, policy, what a column means */
  notes?: string[];
  /** optional pivoted view for MD/HTML (the JSON keeps the long form) */
  display?: { columns: Column[]; rows: TableRow[] };
  /**
   * rows the HTML pages fold behind a toggle: those whose `key` cell is 0 (strata that carry no
   * weight), under a summary that names them (`summary` follows their count: "strata with no weight")
   */
  fold?: { key: string; summary: string };
}

/** Difference between a recomputed and a published value, or null where nothing is published. */
export function delta(recomputed: number | null | undefined, paper: number | null | undefined): number | null {
  if (recomputed === null || recomputed === undefined || paper === null || paper === undefined) return null;
  if (!Number.isFinite(recomputed) || !Number.isFinite(paper)) return null;
  return recomputed - paper;
}

/**
 * The cell of a row under a column key, own properties only: a key that a release string named
 * (`constructor`, `toString`) must not find Object.prototype's function when a row lacks it.
 */
export function cellAt(row: TableRow, key: string): Cell {
  return Object.hasOwn(row, key) ? (row[key] ?? null) : null;
}
