/**
 * The explorer's filter, as a URL hash: `kind=response&model=GPT-5&pass=true&distinct=item_id`.
 * One module for both sides: `index.html` writes a count cell's link with `filterHash`, and the
 * explorer's page (bundled from ./page/) reads it with `parseFilterHash` and counts with
 * `countMatching`, so a cell and the count its link opens cannot be computed two ways.
 * Field names are the explorer's own; values are data, compared as text (`fieldText`) and never
 * used as a key of a plain object.
 */
import { cellAt, type RecordCount, type TableRow } from '../tables/table.js';

/** Hash keys that are not record fields. */
const RESERVED = new Set(['kind', 'distinct', 'q', 'page', 'open']);

export interface RecordFilter {
  kind: string;
  /** record field and the text its value must have, in order */
  fields: [string, string][];
  distinct?: string;
  /** text searched for in the record's searchable fields (case-insensitive) */
  q?: string;
  /** 1-based page of the list */
  page?: number;
  /** the id of the record opened beside the list */
  open?: string;
}

/** A record field's value as a filter compares it: null and absence are the empty text. */
export function fieldText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/** The filter behind one count cell of a row, or null when the row lacks a value it needs. */
export function countFilter(count: RecordCount, row: TableRow): RecordFilter | null {
  const fields: [string, string][] = [];
  const any = (v: string) => count.any?.includes(v) ?? false;
  for (const [field, key] of Object.entries(count.by ?? {})) {
    if (!Object.hasOwn(row, key)) return null;
    const v = fieldText(cellAt(row, key));
    if (!any(v)) fields.push([field, v]);
  }
  if (count.named) {
    const field = fieldText(cellAt(row, count.named.field));
    const v = fieldText(cellAt(row, count.named.value));
    if (!any(field) && !any(v)) fields.push([field, v]);
  }
  for (const [field, value] of Object.entries(count.where ?? {})) fields.push([field, fieldText(value)]);
  return { kind: count.kind, fields, distinct: count.distinct };
}

/** The hash (without '#') that opens the explorer on a filter. */
export function filterHash(f: RecordFilter): string {
  const parts: [string, string][] = [['kind', f.kind], ...f.fields];
  if (f.distinct) parts.push(['distinct', f.distinct]);
  if (f.q) parts.push(['q', f.q]);
  if (f.page && f.page > 1) parts.push(['page', String(f.page)]);
  if (f.open) parts.push(['open', f.open]);
  return parts.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}

/** Reads a hash written by `filterHash` (a leading '#' is allowed); unknown text is kept as a field. */
export function parseFilterHash(hash: string, defaultKind: string): RecordFilter {
  const f: RecordFilter = { kind: defaultKind, fields: [] };
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  for (const part of text.split('&')) {
    if (part === '') continue;
    const at = part.indexOf('=');
    const k = decode(at < 0 ? part : part.slice(0, at));
    const v = decode(at < 0 ? '' : part.slice(at + 1));
    if (k === 'kind') f.kind = v;
    else if (k === 'distinct') f.distinct = v;
    else if (k === 'q') f.q = v;
    else if (k === 'page') f.page = Math.max(1, Number.parseInt(v, 10) || 1);
    else if (k === 'open') f.open = v;
    else if (!RESERVED.has(k)) f.fields.push([k, v]);
  }
  return f;
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** Whether a record has every field of the filter and contains its search text. */
export function recordMatches(rec: Readonly<Record<string, unknown>>, f: RecordFilter, searchable: readonly string[]): boolean {
  for (const [field, value] of f.fields) if (fieldText(Object.hasOwn(rec, field) ? rec[field] : null) !== value) return false;
  if (f.q) {
    const q = f.q.toLowerCase();
    if (!searchable.some((k) => Object.hasOwn(rec, k) && fieldText(rec[k]).toLowerCase().includes(q))) return false;
  }
  return true;
}

/** The filter's count: the records it selects, or the distinct values of `distinct` among them. */
export function countMatching(
  records: readonly Readonly<Record<string, unknown>>[],
  f: RecordFilter,
  searchable: readonly string[],
): { records: number; count: number } {
  let n = 0;
  const seen = new Set<string>();
  for (const r of records) {
    if (!recordMatches(r, f, searchable)) continue;
    n++;
    if (f.distinct) seen.add(fieldText(Object.hasOwn(r, f.distinct) ? r[f.distinct] : null));
  }
  return { records: n, count: f.distinct ? seen.size : n };
}
