/**
 * The explorer's filter, as a URL hash: `kind=response&model=GPT-5&pass=true&distinct=item_id`.
 * One module for both sides: `index.html` writes a count cell's link with `filterHash`, and the
 * explorer's page (bundled from ./page/) reads it with `parseFilterHash` and counts with
 * `countMatching`, so a cell and the count its link opens cannot be computed two ways.
 * Field names are the explorer's own; values are data, compared as text (`fieldText`) and never
 * used as a key of a plain object.
 */
import { tokenize } from '../../domain/text/tokenize.js';
import { cellAt, type RecordCount, type TableRow } from '../tables/table.js';

/** Hash keys that are not record fields. */
const RESERVED = new Set(['kind', 'distinct', 'q', 'page', 'open', 'token', 'token_in']);

export interface RecordFilter {
  kind: string;
  /** record field and the text its value must have, in order */
  fields: [string, string][];
  distinct?: string;
  /** count this word's occurrences among the tokens of the record field `field` (only records holding it are selected) */
  token?: { field: string; word: string };
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
  const f: RecordFilter = { kind: count.kind, fields, distinct: count.distinct };
  if (count.tokens) {
    if (!Object.hasOwn(row, count.tokens.token)) return null;
    f.token = { field: count.tokens.field, word: fieldText(cellAt(row, count.tokens.token)) };
  }
  return f;
}

/** The hash (without '#') that opens the explorer on a filter. */
export function filterHash(f: RecordFilter): string {
  const parts: [string, string][] = [['kind', f.kind], ...f.fields];
  if (f.distinct) parts.push(['distinct', f.distinct]);
  if (f.token) parts.push(['token_in', f.token.field], ['token', f.token.word]);
  if (f.q) parts.push(['q', f.q]);
  if (f.page && f.page > 1) parts.push(['page', String(f.page)]);
  if (f.open) parts.push(['open', f.open]);
  return parts.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}

/** Reads a hash written by `filterHash` (a leading '#' is allowed); unknown text is kept as a field. */
export function parseFilterHash(hash: string, defaultKind: string): RecordFilter {
  const f: RecordFilter = { kind: defaultKind, fields: [] };
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  let tokenIn: string | undefined;
  let token: string | undefined;
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
    else if (k === 'token_in') tokenIn = v;
    else if (k === 'token') token = v;
    else if (!RESERVED.has(k)) f.fields.push([k, v]);
  }
  if (tokenIn !== undefined && token !== undefined) f.token = { field: tokenIn, word: token };
  return f;
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** How often `word` is a token of the record's `field` text (tokenize's rule, the lexical analysis' own). */
function tokenOccurrences(rec: Readonly<Record<string, unknown>>, field: string, word: string): number {
  let n = 0;
  for (const t of tokenize(fieldText(Object.hasOwn(rec, field) ? rec[field] : null))) if (t === word) n++;
  return n;
}

/** The records whose text holds a word: their indices, and how often it occurs in each. */
export interface Postings {
  indices: number[];
  counts: number[];
}

/** Per list of records and text field: word -> its postings, built once (a page asks for many words). */
const postingsOf = new WeakMap<object, Map<string, Map<string, Postings>>>();

/**
 * The records a filter's word can select (those whose `token.field` text holds it), or null for a
 * filter without a word: each text is tokenised once per list, not once per word asked for.
 */
export function tokenPostings(records: readonly Readonly<Record<string, unknown>>[], f: RecordFilter): Postings | null {
  if (!f.token) return null;
  let byField = postingsOf.get(records);
  if (!byField) postingsOf.set(records, (byField = new Map()));
  let index = byField.get(f.token.field);
  if (!index) {
    index = new Map();
    const field = f.token.field;
    records.forEach((r, i) => {
      const counts = new Map<string, number>();
      for (const t of tokenize(fieldText(Object.hasOwn(r, field) ? r[field] : null))) counts.set(t, (counts.get(t) ?? 0) + 1);
      for (const [w, n] of counts) {
        let p = index!.get(w);
        if (!p) index!.set(w, (p = { indices: [], counts: [] }));
        p.indices.push(i);
        p.counts.push(n);
      }
    });
    byField.set(field, index);
  }
  return index.get(f.token.word) ?? { indices: [], counts: [] };
}

/** Whether a record has every field of the filter and contains its search text. */
export function recordMatches(rec: Readonly<Record<string, unknown>>, f: RecordFilter, searchable: readonly string[]): boolean {
  for (const [field, value] of f.fields) if (fieldText(Object.hasOwn(rec, field) ? rec[field] : null) !== value) return false;
  if (f.token && tokenOccurrences(rec, f.token.field, f.token.word) === 0) return false;
  if (f.q) {
    const q = f.q.toLowerCase();
    if (!searchable.some((k) => Object.hasOwn(rec, k) && fieldText(rec[k]).toLowerCase().includes(q))) return false;
  }
  return true;
}

/** The filter's count: the records it selects, the distinct values of `distinct` among them, or the occurrences of its word in them. */
export function countMatching(
  records: readonly Readonly<Record<string, unknown>>[],
  f: RecordFilter,
  searchable: readonly string[],
): { records: number; count: number } {
  let n = 0;
  let occurrences = 0;
  const seen = new Set<string>();
  const posted = tokenPostings(records, f);
  // with a word, only the records holding it are looked at (and the word is not checked again)
  const rest: RecordFilter = { ...f, token: undefined };
  const visit = (r: Readonly<Record<string, unknown>>, times: number) => {
    if (!recordMatches(r, rest, searchable)) return;
    n++;
    if (f.distinct) seen.add(fieldText(Object.hasOwn(r, f.distinct) ? r[f.distinct] : null));
    occurrences += times;
  };
  if (posted) posted.indices.forEach((i, j) => visit(records[i], posted.counts[j]));
  else for (const r of records) visit(r, 0);
  return { records: n, count: f.distinct ? seen.size : f.token ? occurrences : n };
}
