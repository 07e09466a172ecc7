import { displaySymbols, formatCell, formatInterval } from './number-format.js';
import { cellAt, type Column, type Table, type TableRow } from './table.js';

/** A column as the displayed forms (HTML, Markdown, LaTeX, notebooks) show it. */
export interface DisplayColumn {
  label: string;
  help?: string;
  /** right-aligned, tabular figures */
  numeric: boolean;
  /** the cell's text (unescaped) */
  cell: (r: TableRow) => string;
  /** the column key (the low bound's, for an interval) */
  key: string;
  /** the records its cells count, for the explorer's links (never on an interval) */
  count?: Column['count'];
}

const isNumeric = (c: Column) => c.format !== undefined && c.format !== 'text' && c.format !== 'bool';

/**
 * The columns and rows a table shows: its display view (a pivot) when it has one, else the long form.
 */
export function displayView(table: Table): { columns: Column[]; rows: TableRow[] } {
  return table.display ?? { columns: table.columns, rows: table.rows };
}

/**
 * The displayed columns: each adjacent `..._low` / `..._high` pair of one format folded into one
 * `[lo, hi]` column (an interval is one token, never two columns a reader pairs up), labels and help
 * texts with their symbols (`displaySymbols`).
 */
export function displayColumns(columns: readonly Column[]): DisplayColumn[] {
  const out: DisplayColumn[] = [];
  for (let i = 0; i < columns.length; i++) {
    const c = columns[i];
    const next = columns[i + 1];
    if (next && /_low$/.test(c.key) && next.key === c.key.replace(/_low$/, '_high') && c.format === next.format) {
      const label = c.label.replace(/\s*low$/i, '') || 'CI';
      out.push({
        key: c.key,
        label: displaySymbols(label),
        help: c.help === undefined ? undefined : displaySymbols(c.help),
        numeric: true,
        cell: (r) => formatInterval(cellAt(r, c.key), cellAt(r, next.key), c.format ?? 'num'),
      });
      i++;
      continue;
    }
    out.push({
      key: c.key,
      label: displaySymbols(c.label),
      help: c.help === undefined ? undefined : displaySymbols(c.help),
      numeric: isNumeric(c),
      cell: (r) => formatCell(cellAt(r, c.key), c.format),
      ...(c.count ? { count: c.count } : {}),
    });
  }
  return out;
}
