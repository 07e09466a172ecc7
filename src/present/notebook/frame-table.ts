import type { Cell, Column, Format, Table, TableRow } from '../tables/table.js';

/**
 * danfojs DataFrames, arquero tables and arrays of plain rows as a declared `Table`, so a notebook
 * shows them through the reports' one HTML renderer (escaped text, numbers right-aligned, rates as
 * percentages) instead of danfojs' box-drawn text or unformatted floats. Duck-typed, so the library
 * needs neither package at run time.
 */

/** What `frameTable` accepts. */
export type FrameLike =
  | { columnNames(): string[]; objects(options?: { limit?: number }): object[] } // arquero
  | { columns: string[]; values: unknown[]; index?: unknown[] } // danfojs DataFrame
  | readonly Record<string, unknown>[];

export interface FrameTableOptions {
  id?: string;
  title?: string;
  source?: string;
  /** a format per column key; overrides the guess */
  formats?: Record<string, Format>;
  /** column labels per key */
  labels?: Record<string, string>;
  /** rows the table holds at most (default 200; the caption says how many there are); `showFrame` shows the first `limit` and pages the rest */
  limit?: number;
  notes?: string[];
}

/**
 * Columns whose name says they hold a 0-1 rate (success, pass, share, credit, accuracy, ...): shown as
 * percentages. Anything else numeric shows as an integer or with two decimals; pass `formats` to say
 * otherwise.
 */
const RATE_NAME = /(^|_)(rate|success|pass_rate|share|credit|acc|accuracy|pass3|ir|acr|ci_low|ci_high|pct|frac|fraction)($|_)/i;

function toRows(frame: FrameLike): { keys: string[]; rows: TableRow[] } {
  if (Array.isArray(frame)) {
    const keys: string[] = [];
    for (const r of frame) for (const k of Object.keys(r)) if (!keys.includes(k)) keys.push(k);
    return { keys, rows: frame.map((r) => cells(r as Record<string, unknown>, keys)) };
  }
  const f = frame as Record<string, unknown>;
  if (typeof f.columnNames === 'function' && typeof f.objects === 'function') {
    const aq = frame as { columnNames(): string[]; objects(): object[] };
    const keys = aq.columnNames();
    return { keys, rows: aq.objects().map((r) => cells(r as Record<string, unknown>, keys)) };
  }
  if (Array.isArray(f.columns) && Array.isArray(f.values)) {
    const df = frame as { columns: string[]; values: unknown[][]; index?: unknown[] };
    const keys = [...df.columns];
    const rows = df.values.map((vals) => cells(Object.fromEntries(keys.map((k, j) => [k, (vals as unknown[])[j]])), keys));
    // a non-default index (after groupby, setIndex) is data: show it as the first column
    const index = df.index ?? [];
    if (index.some((v, i) => v !== i)) {
      keys.unshift('index');
      rows.forEach((r, i) => (r.index = cell(index[i])));
    }
    return { keys, rows };
  }
  throw new TypeError('frameTable: expected a danfojs DataFrame, an arquero table or an array of row objects');
}

function cell(v: unknown): Cell {
  // danfojs and arquero mark a missing value as NaN: shown as missing (an en dash), not "no data"
  if (typeof v === 'number' && Number.isNaN(v)) return null;
  if (v === null || v === undefined || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof Date) return v.toISOString();
  return JSON.stringify(v);
}

/** A row's cells under `keys`, own fields only: a row without a column named `constructor` has an empty cell there. */
function cells(r: Record<string, unknown>, keys: string[]): TableRow {
  return Object.fromEntries(keys.map((k) => [k, cell(Object.hasOwn(r, k) ? r[k] : undefined)]));
}

/** An option given per column key (`formats`, `labels`), own entries only. */
const perKey = <T>(o: Record<string, T> | undefined, key: string): T | undefined => (o && Object.hasOwn(o, key) ? o[key] : undefined);

function guessFormat(key: string, values: Cell[]): Format {
  const present = values.filter((v) => v !== null && v !== undefined);
  if (present.length === 0 || !present.every((v) => typeof v === 'number'))
    return present.every((v) => typeof v === 'boolean') && present.length ? 'bool' : 'text';
  const nums = present as number[];
  if (RATE_NAME.test(key) && nums.every((v) => !Number.isFinite(v) || (v >= -1 && v <= 1))) return 'pct';
  return nums.every((v) => Number.isInteger(v)) ? 'int' : 'num';
}

export function frameTable(frame: FrameLike, options: FrameTableOptions = {}): Table {
  const { keys, rows } = toRows(frame);
  const limit = options.limit ?? 200;
  const columns: Column[] = keys.map((key) => {
    const format =
      perKey(options.formats, key) ??
      guessFormat(
        key,
        rows.map((r) => r[key]),
      );
    const label = perKey(options.labels, key) ?? (format === 'pct' ? `${key} (%)` : key);
    return { key, label, format };
  });
  const shown = rows.slice(0, limit);
  const title = options.title ?? 'frame';
  return {
    id: options.id ?? 'frame',
    title:
      rows.length > shown.length
        ? `${title} (first ${shown.length} of ${rows.length.toLocaleString('en-US')} rows)`
        : `${title} (${rows.length.toLocaleString('en-US')} rows)`,
    source: options.source ?? 'notebook',
    columns,
    rows: shown,
    notes: options.notes,
  };
}
