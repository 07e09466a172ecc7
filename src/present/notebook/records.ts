import type { ExplorerContent, TextSource } from '../explore/explorer.js';
import { recordMatches, type RecordFilter } from '../explore/record-filter.js';
import { RECORD_VIEW_RULES, recordView, type ViewText, viewHtml } from '../explore/record-view.js';
import { escapeHtml } from '../report/escape-html.js';
import type { Format } from '../tables/table.js';
import { rereadRow } from '../../release/load/reread.js';
import { tableToHtmlFragment } from '../report/render-table.js';
import { showHtml } from './display.js';
import { frameTable } from './frame-table.js';

/**
 * The explorer's record list and record view in a notebook, as static HTML (no script runs in an
 * output, so it works in classic Notebook, an untrusted notebook and nbconvert's export): the list
 * is searched and filtered in code (`RecordQuery`, the explorer's own filter and search), shows its
 * first 20 records and the rest behind a "show all" disclosure; a record opens with
 * `recordViewHtml`, the explorer's view (one renderer, src/present/explore/record-view.ts) with its
 * raw texts read again from the release.
 */

/** Which records: a kind of the explorer, fields that must have a value, and text to search for. */
export interface RecordQuery {
  /** the explorer's kind (`response`, `item`, `episode`, ...); the first kind by default */
  kind?: string;
  /** field -> the value it must have (compared as text, as the explorer's filters) */
  where?: Readonly<Record<string, string | number | boolean | null>>;
  /** text searched for (case-insensitive) in the kind's searchable fields */
  q?: string;
}

/**
 * Records a list's output holds at most (about 230 bytes each in a saved notebook): beyond them the
 * line above the list gives the count, and the query narrows it.
 */
const HELD = 200;
/** A raw text longer than this (characters) is cut in a notebook's output, which says where the whole is. */
const MAX_TEXT = 60_000;

function kindOf(content: ExplorerContent, kind: string | undefined): ExplorerContent['kinds'][number] {
  const k = kind === undefined ? content.kinds[0] : content.kinds.find((x) => x.kind.kind === kind);
  if (!k) throw new Error(`no records of kind ${JSON.stringify(kind)} (kinds: ${content.kinds.map((x) => x.kind.kind).join(', ')})`);
  return k;
}

/** The explorer's filter for a query (field names are the explorer's own; values are data). */
function filterOf(content: ExplorerContent, q: RecordQuery): RecordFilter {
  const where = q.where ?? {};
  const fields = Object.keys(where).map((f): [string, string] => {
    const v = where[f];
    return [f, v === null ? '' : String(v)];
  });
  return { kind: kindOf(content, q.kind).kind.kind, fields, q: q.q };
}

/** The indices of the records a query selects, in the explorer's order. */
export function matchingRecords(content: ExplorerContent, query: RecordQuery = {}): number[] {
  const k = kindOf(content, query.kind);
  const f = filterOf(content, query);
  const out: number[] = [];
  k.rows.forEach((r, i) => {
    if (recordMatches(r, f, k.kind.search)) out.push(i);
  });
  return out;
}

/** Describes a query in words, for a caption. */
function queryText(query: RecordQuery): string {
  const where = query.where ?? {};
  const parts = Object.keys(where).map((f) => `${f} = ${where[f] === null ? '(none)' : String(where[f])}`);
  if (query.q) parts.push(`search \u201c${query.q}\u201d`);
  return parts.length ? parts.join(', ') : 'all';
}

/**
 * The record list as HTML: the kind's list columns after a `record` column (the number to open
 * with `recordViewHtml`), the first `pageRows` records (20) and a "show all" disclosure for the
 * rest (up to 200 held; the line above it gives the count). The count is in `data-record-count`.
 * Styled by the notebook's table style, which `showRecords` puts beside it.
 */
export function recordListHtml(content: ExplorerContent, query: RecordQuery = {}, pageRows = 20): string {
  const k = kindOf(content, query.kind);
  const hits = matchingRecords(content, query);
  const rows = hits.slice(0, HELD).map((i) => {
    const r = k.rows[i];
    return Object.fromEntries([['record', i], ...k.kind.columns.map((c) => [c.key, Object.hasOwn(r, c.key) ? r[c.key] : null])]);
  });
  const labels = Object.fromEntries([['record', 'record'], ...k.kind.columns.map((c) => [c.key, c.label])]);
  // numbers as counts (with decimals if any is not whole), yes/no columns as such, the rest as text
  const formatOf = (key: string): Format => {
    const values = rows.map((r) => r[key]).filter((v) => v !== null && v !== undefined);
    if (values.length && values.every((v) => typeof v === 'boolean')) return 'bool';
    if (values.length && values.every((v) => typeof v === 'number')) return values.every((v) => Number.isInteger(v)) ? 'int' : 'num';
    return 'text';
  };
  const formats = Object.fromEntries(k.kind.columns.map((c) => [c.key, formatOf(c.key)]));
  const table = frameTable(rows, {
    id: `records-${k.kind.kind}`,
    title: `${k.kind.label} (${queryText(query)})`,
    source: 'explorer records',
    labels,
    formats: { record: 'int', ...formats },
    limit: HELD,
  });
  const count =
    `<p><span class="count" data-record-count="${hits.length}">${hits.length.toLocaleString('en-US')}</span> ` +
    `${escapeHtml(k.kind.label.toLowerCase())} of ${k.rows.length.toLocaleString('en-US')}` +
    (hits.length > HELD ? `; the first ${HELD} are held here (narrow the query for the rest)` : '') +
    '. Open one with <code>showRecord(content, kind, record)</code>.</p>';
  return `<div data-wb-view="record-list">${count}${tableToHtmlFragment(table, { pageRows })}</div>`;
}

/** Reads a named text of a record from the release (its sha256 checked, as the explorer's writer does). */
function readText(content: ExplorerContent, src: TextSource): string {
  const value = rereadRow(content.release.dir, content.release.sha256, src)[src.field];
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? null, null, 2);
  return text.length > MAX_TEXT
    ? `${text.slice(0, MAX_TEXT)}\n\n[cut here: ${text.length.toLocaleString('en-US')} characters in all, at ${src.file}:${src.line}]`
    : text;
}

/**
 * The record view's rules scoped to a notebook's output (`.wb-nb.wb-nb`, as the table style), and a
 * differing field's cells highlighted above the table style's striping on every row, whichever
 * output's style sheet comes later on the page.
 */
const SCOPED_VIEW_CSS = [...RECORD_VIEW_RULES, ['tbody tr.wb-diff.wb-diff td', 'background:#fde2e1'] as [string, string]]
  .map(([sel, decl]) => `.wb-nb.wb-nb ${sel}{${decl}}`)
  .join('');

/**
 * One record's view, as the explorer shows it: its fields, then its detail's sections (raw response
 * beside gold, each field's outcome with differences marked, judge records, sources, cube nets).
 * `explorer` (a URL of explore.html) makes the related-records lines links into it.
 */
export function recordViewHtml(content: ExplorerContent, kind: string, index: number, explorer?: string): string {
  const k = kindOf(content, kind);
  const rec = k.rows[index];
  if (!rec) throw new Error(`no ${k.kind.label.toLowerCase()} record ${index} (there are ${k.rows.length})`);
  const detail = k.detailOf(index);
  const texts = new Map(detail.texts ?? []);
  const textOf = (t: ViewText) => {
    if (t.text !== undefined) return t.text;
    const src = t.textOf === undefined ? undefined : texts.get(t.textOf);
    return src ? readText(content, src) : '(not in this release)';
  };
  const fields = Object.keys(rec);
  const view = recordView({ label: k.kind.label, fields }, `${k.kind.kind}:${index}`, rec, detail.sections, textOf, (hash) =>
    explorer === undefined ? null : `${explorer}#${hash}`,
  );
  return `<style>${SCOPED_VIEW_CSS}</style>${viewHtml(view)}`;
}

/** Shows the record list (see `recordListHtml`). */
export function showRecords(content: ExplorerContent, query: RecordQuery = {}, pageRows = 20): void {
  const n = matchingRecords(content, query).length;
  showHtml(recordListHtml(content, query, pageRows), `${n} ${kindOf(content, query.kind).kind.label.toLowerCase()} (${queryText(query)})`);
}

/** Shows one record's view (see `recordViewHtml`). */
export function showRecord(content: ExplorerContent, kind: string, index: number, explorer?: string): void {
  showHtml(recordViewHtml(content, kind, index, explorer), `${kind} record ${index}`, 'record-view');
}
