import { cellAt, type Cell, type Table } from '../tables/table.js';
import { visibleText } from '../../domain/text/visible-text.js';

/**
 * The CSV columns of a table: the declared column keys first, then any other key the long-form
 * rows carry (ids kept for joins), in order of first appearance, so every JSON field is in the CSV.
 */
export function csvHeader(table: Table): string[] {
  const keys = table.columns.map((c) => c.key);
  const seen = new Set(keys);
  for (const r of table.rows) for (const k of Object.keys(r)) if (!seen.has(k)) seen.add(k), keys.push(k);
  return keys;
}

/**
 * A spreadsheet opening a cell that starts with = + - @ (or a tab / CR) evaluates it as a formula:
 * such strings from a release get a leading apostrophe, the OWASP advice for CSV injection.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field: numbers in full precision (JavaScript's shortest round-trip form), no separators.
 * A string is shown as in every other report (visibleText): control characters other than tab and
 * line ends, bidirectional controls and zero-width characters as visible `\uXXXX` (a spreadsheet
 * would show them invisibly, or reorder the cell: `\u202Eevil` as "live"); the JSON keeps the string
 * as the release has it. Then the formula rule, then RFC 4180 quoting.
 */
export function csvField(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''; // JSON has null there too
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const shown = visibleText(value);
  const s = FORMULA_START.test(shown) ? `'${shown}` : shown;
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

/** RFC 4180 CSV of the JSON's long-form rows: UTF-8, CRLF line ends, a header of column keys. */
export function tableToCsv(table: Table): string {
  const keys = csvHeader(table);
  const lines = [keys.map((k) => csvField(k)), ...table.rows.map((r) => keys.map((k) => csvField(cellAt(r, k))))];
  return lines.map((l) => l.join(',')).join('\r\n') + '\r\n';
}
