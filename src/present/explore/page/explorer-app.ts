/// <reference lib="dom" />
/**
 * The explorer's page script (bundled into explore-files/explorer.js by scripts/bundle-explorer.mjs;
 * see ../explorer.ts for the files it reads). The URL hash is the state (kind, field filters, search,
 * page, opened record): a count cell of `index.html` links here with its filter. Every string from
 * the release is set as text (`textContent`, attribute values); the page's policy refuses markup
 * strings (Trusted Types) and lets only the policy below make script URLs, for the detail chunks.
 */
import { visibleText } from '../../../domain/text/visible-text.js';
import { decodeColumn } from '../column-codes.js';
import type { DetailSection } from '../explorer.js';
import { recordView, type ViewNode } from '../record-view.js';
import { countMatching, fieldText, filterHash, parseFilterHash, recordMatches, tokenPostings, type RecordFilter } from '../record-filter.js';

interface KindMeta {
  kind: string;
  label: string;
  columns: { key: string; label: string }[];
  facets: string[];
  search: string[];
  fields: string[];
  total: number;
}
interface Meta {
  benchmark: string;
  kinds: KindMeta[];
  detailChunks: number;
}
type Rec = Record<string, unknown>;
type Text = { title: string; text?: string; textOf?: string };
type Slot = { d: { sections: DetailSection[] }; t: [string, string][] };

const PAGE_SIZE = 50;
const MAX_FACET_VALUES = 300;

let meta: Meta | undefined;
const records = new Map<string, Rec[]>();
const details = new Map<number, Slot[]>();
const waiting = new Map<number, ((slots: Slot[]) => void)[]>();
const facetValues = new Map<string, Map<string, string[] | null>>();

type Loader = (index: number, json: string) => void;
const w = window as unknown as {
  wbExplorerMeta: Loader;
  wbExplorerRecords: Loader;
  wbExplorerDetails: (index: number, slots: Slot[]) => void;
  trustedTypes?: TrustedTypes;
};
interface TrustedTypes {
  createPolicy(name: string, rules: { createScriptURL: (u: string) => string }): { createScriptURL(u: string): string };
}

w.wbExplorerMeta = (_i, json) => {
  meta = JSON.parse(json) as Meta;
};
// a run of one kind's records, each column a dictionary and a code per record (column-codes.ts)
w.wbExplorerRecords = (_i, json) => {
  const part = JSON.parse(json) as { kind: number; n: number; columns: [(string | number | boolean | null)[], string][] };
  const k = meta!.kinds[part.kind];
  let list = records.get(k.kind);
  if (!list) records.set(k.kind, (list = []));
  const columns = part.columns.map(([dict, codes]) => decodeColumn(dict, codes, part.n));
  for (let r = 0; r < part.n; r++) {
    // the field names are the explorer's own (meta.js), never a release string
    list.push(Object.fromEntries(k.fields.map((f, c) => [f, columns[c][r]])));
  }
};
// a detail chunk's slots, written as a JSON text (the explorer's own keys only: see DETAILS_CALL)
w.wbExplorerDetails = (i, slots) => {
  details.set(i, slots);
  for (const f of waiting.get(i) ?? []) f(slots);
  waiting.delete(i);
};

const DETAIL_URL = /^explore-files\/details-\d{4}\.js$/;
const policy = w.trustedTypes?.createPolicy('explorer', {
  createScriptURL: (u: string) => {
    if (!DETAIL_URL.test(u)) throw new Error(`not a detail chunk: ${u}`);
    return u;
  },
});

function loadDetails(index: number): Promise<Slot[]> {
  const have = details.get(index);
  if (have) return Promise.resolve(have);
  return new Promise((resolve, reject) => {
    const list = waiting.get(index);
    if (list) {
      list.push(resolve);
      return;
    }
    waiting.set(index, [resolve]);
    const s = document.createElement('script');
    const url = `explore-files/details-${String(index).padStart(4, '0')}.js`;
    (s as unknown as { src: unknown }).src = policy ? policy.createScriptURL(url) : url;
    s.onerror = () => reject(new Error(`cannot load ${url}`));
    document.body.append(s);
  });
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, cls?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  // as every report shows a release string: control, bidirectional and zero-width characters as visible \uXXXX
  if (text !== undefined) e.textContent = visibleText(text);
  if (cls) e.className = cls;
  return e;
}

const kindMeta = (kind: string) => meta!.kinds.find((k) => k.kind === kind) ?? meta!.kinds[0];

function currentFilter(): RecordFilter {
  return parseFilterHash(location.hash, meta!.kinds[0].kind);
}

function go(f: RecordFilter): void {
  const hash = filterHash(f);
  if (location.hash.slice(1) === hash) render();
  else location.hash = hash;
}

/** The distinct values of a facet (null when there are too many to list). */
function valuesOf(kind: string, field: string): string[] | null {
  let m = facetValues.get(kind);
  if (!m) facetValues.set(kind, (m = new Map()));
  if (m.has(field)) return m.get(field)!;
  const seen = new Set<string>();
  for (const r of records.get(kind) ?? []) {
    seen.add(fieldText(Object.hasOwn(r, field) ? r[field] : null));
    if (seen.size > MAX_FACET_VALUES) break;
  }
  const out = seen.size > MAX_FACET_VALUES ? null : [...seen].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  m.set(field, out);
  return out;
}

function renderControls(f: RecordFilter, k: KindMeta): void {
  const bar = document.getElementById('controls')!;
  bar.replaceChildren();
  const kindSel = el('select');
  kindSel.id = 'kind';
  for (const m of meta!.kinds) {
    const o = el('option', `${m.label} (${m.total.toLocaleString('en-US')})`);
    o.value = m.kind;
    o.selected = m.kind === k.kind;
    kindSel.append(o);
  }
  kindSel.onchange = () => go({ kind: kindSel.value, fields: [] });
  const search = el('input');
  search.id = 'search';
  search.type = 'search';
  search.placeholder = `search ${k.search.join(', ')}`;
  search.value = f.q ?? '';
  search.onchange = () => go({ ...f, q: search.value || undefined, page: 1, open: undefined });
  const kl = el('label', 'records: ');
  kl.append(kindSel);
  bar.append(kl, search);
  for (const field of k.facets) {
    const values = valuesOf(k.kind, field);
    if (!values) continue;
    const sel = el('select');
    sel.dataset.facet = field;
    const any = el('option', 'any');
    any.value = '\u0000any';
    sel.append(any);
    const cur = f.fields.find(([n]) => n === field);
    for (const v of values) {
      const o = el('option', v === '' ? '(none)' : v);
      o.value = v;
      o.selected = cur !== undefined && cur[1] === v;
      sel.append(o);
    }
    sel.onchange = () => {
      const fields = f.fields.filter(([n]) => n !== field);
      if (sel.value !== '\u0000any') fields.push([field, sel.value]);
      go({ ...f, fields, page: 1, open: undefined });
    };
    const l = el('label', `${field}: `);
    l.append(sel);
    bar.append(l);
  }
  const chips = document.getElementById('chips')!;
  chips.replaceChildren();
  f.fields.forEach(([name, value], i) => {
    const b = el('button', `${name} = ${value === '' ? '(none)' : value} \u00d7`);
    b.dataset.chip = name;
    b.title = 'remove this filter';
    b.onclick = () => go({ ...f, fields: f.fields.filter((_, j) => j !== i), page: 1, open: undefined });
    chips.append(b);
  });
  if (f.distinct) chips.append(el('span', ` counting distinct ${f.distinct}`));
  if (f.token) {
    const b = el('button', `${f.token.field} holds the word \u201c${f.token.word}\u201d \u00d7`);
    b.dataset.chip = 'token';
    b.title = 'remove this filter';
    b.onclick = () => go({ ...f, token: undefined, page: 1, open: undefined });
    chips.append(b);
  }
}

function renderList(f: RecordFilter, k: KindMeta): void {
  const list = document.getElementById('list')!;
  list.replaceChildren();
  const all = records.get(k.kind) ?? [];
  const { records: n, count } = countMatching(all, f, k.search);
  const summary = el('p');
  const countEl = el('span', count.toLocaleString('en-US'), 'count');
  countEl.setAttribute('data-record-count', String(count));
  summary.append(
    countEl,
    f.distinct
      ? ` distinct ${f.distinct} over ${n.toLocaleString('en-US')} ${k.label.toLowerCase()}`
      : f.token
        ? ` occurrences of the word \u201c${f.token.word}\u201d in the ${f.token.field} of ${n.toLocaleString('en-US')} ${k.label.toLowerCase()}`
        : ` ${k.label.toLowerCase()}`,
  );
  summary.append(` (of ${all.length.toLocaleString('en-US')})`);
  list.append(summary);
  const pages = Math.max(1, Math.ceil(n / PAGE_SIZE));
  const page = Math.min(f.page ?? 1, pages);
  const nav = el('p');
  nav.className = 'pager';
  const prev = el('button', '\u2039 previous');
  prev.id = 'prev';
  prev.disabled = page <= 1;
  prev.onclick = () => go({ ...f, page: page - 1 });
  const next = el('button', 'next \u203a');
  next.id = 'next';
  next.disabled = page >= pages;
  next.onclick = () => go({ ...f, page: page + 1 });
  const at = el('span', ` page ${page} of ${pages} `);
  at.id = 'page';
  nav.append(prev, at, next);
  list.append(nav);
  const table = el('table');
  const head = el('tr');
  for (const c of k.columns) head.append(el('th', c.label));
  table.append(el('thead'));
  table.tHead!.append(head);
  const body = el('tbody');
  let seen = 0;
  const from = (page - 1) * PAGE_SIZE;
  // with a word, only the records holding it are looked at
  const posted = tokenPostings(all, f);
  const rest: RecordFilter = { ...f, token: undefined };
  (posted ? posted.indices : all.map((_, i) => i)).forEach((index) => {
    const r = all[index];
    if (seen >= from + PAGE_SIZE || !recordMatches(r, rest, k.search)) return;
    if (seen++ < from) return;
    const tr = el('tr', undefined, 'rec');
    const id = `${k.kind}:${index}`;
    tr.dataset.record = id;
    if (f.open === id) tr.classList.add('sel');
    for (const c of k.columns) {
      const v = Object.hasOwn(r, c.key) ? r[c.key] : null;
      tr.append(el('td', typeof v === 'boolean' ? (v ? 'yes' : 'no') : fieldText(v), typeof v === 'number' ? 'num' : undefined));
    }
    tr.onclick = () => go({ ...f, open: id });
    body.append(tr);
  });
  table.append(body);
  list.append(table);
}

function textOf(t: Text, slot: Slot): string {
  if (t.text !== undefined) return t.text;
  const found = slot.t.find(([name]) => name === t.textOf);
  return found ? found[1] : '(not in this release)';
}

const SVG = 'http://www.w3.org/2000/svg';

/** The record view's tree (record-view.ts) as DOM nodes: texts as text nodes, values as attribute values. */
function toDom(node: ViewNode): Node {
  // as every report shows a release string: control, bidirectional and zero-width characters as visible \uXXXX
  if (typeof node === 'string') return document.createTextNode(visibleText(node));
  const e = node.svg ? document.createElementNS(SVG, node.tag) : document.createElement(node.tag);
  for (const [k, v] of node.attrs ?? []) e.setAttribute(k, visibleText(v));
  for (const c of node.children ?? []) e.append(toDom(c));
  return e;
}

let shown = 0;
function renderDetail(f: RecordFilter): void {
  const box = document.getElementById('detail')!;
  const ticket = ++shown;
  box.replaceChildren();
  if (!f.open) {
    box.append(el('p', 'Open a record to see it beside its gold, with its grade and sources.'));
    return;
  }
  const at = f.open.lastIndexOf(':');
  const rec = records.get(f.open.slice(0, at))?.[Number(f.open.slice(at + 1))];
  if (!rec) {
    box.append(el('p', `no record ${f.open}`));
    return;
  }
  box.append(el('p', 'Loading...'));
  loadDetails(Number(rec._d)).then(
    (slots) => {
      if (ticket !== shown) return;
      const slot = slots[Number(rec._s)];
      const k = kindMeta(f.open!.slice(0, at));
      const view = toDom(
        recordView(
          k,
          f.open!,
          rec,
          slot.d.sections,
          (t) => textOf(t, slot),
          (hash) => `#${hash}`,
        ),
      );
      box.replaceChildren(view);
    },
    (e: Error) => box.replaceChildren(el('p', e.message)),
  );
}

function render(): void {
  if (!meta) return;
  const f = currentFilter();
  const k = kindMeta(f.kind);
  renderControls(f, k);
  renderList({ ...f, kind: k.kind }, k);
  renderDetail(f);
  document.body.dataset.ready = '1';
}

window.addEventListener('hashchange', render);
document.addEventListener('DOMContentLoaded', render);
