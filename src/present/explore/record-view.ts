import { FACES } from '../../domain/cube/moves.js';
import { FACE_COLOURS, NET_ORIGIN } from '../cube-net-svg.js';
import { escapeHtml } from '../report/escape-html.js';
import { fieldText } from './record-filter.js';

/**
 * The record view (a record beside its gold, each field's outcome, judge records, sources, cube
 * nets), laid out once as a tree of plain data: the explorer's page turns it into DOM nodes
 * (page/explorer-app.ts, `textContent` and attribute values only) and notebooks into escaped HTML
 * (`viewHtml`), so the two show the same view. Tags and attribute names are this module's own;
 * every string from a release is a text node or an attribute value, never markup or a name.
 */

/**
 * A record's detail, shown when it is opened: sections the page knows how to lay out. Every string
 * is data (the page sets it as text); values never become keys.
 */
export type DetailSection =
  | { type: 'facts'; title: string; facts: [string, string][] }
  | { type: 'side'; title: string; left: DetailText; right: DetailText }
  | { type: 'text'; title: string; text: DetailText }
  | { type: 'fields'; title: string; rows: FieldOutcomeRow[] }
  | { type: 'table'; title: string; columns: string[]; rows: string[][] }
  | { type: 'nets'; title: string; nets: { caption: string; facelets: string }[] }
  | { type: 'records'; title: string; links: { label: string; hash: string }[] };

/** A text of a detail: given, or read from the release when the report is written (`texts` of its slot). */
type DetailText = { title: string; text: string } | { title: string; textOf: string };

/** One field of a graded response: gold beside predicted, and how they compared. */
interface FieldOutcomeRow {
  path: string;
  kind: string;
  gold: string;
  predicted: string;
  outcome: string;
  /** whether the outcome is a match (shown plain) or a difference (highlighted) */
  same: boolean;
  detail: string;
}

/** A view as data: an element (its tag, attributes and children) or a text. */
export type ViewNode = string | ViewElement;
export interface ViewElement {
  tag: string;
  attrs?: [string, string][];
  children?: ViewNode[];
  /** an SVG element (the page makes it in the SVG namespace) */
  svg?: true;
}

/** A text of a detail: given, or named (`textOf`) and found by the caller, who read it from the release. */
export type ViewText = { title: string; text?: string; textOf?: string };

/** Where a "related records" link goes: the explorer's hash, or null to show the label alone. */
export type LinkOf = (hash: string) => string | null;

const h = (tag: string, attrs: [string, string][] = [], ...children: ViewNode[]): ViewElement => ({ tag, attrs, children });

/** Gold and predicted with the part where they differ marked (common prefix and suffix plain). */
function marked(a: string, b: string): [ViewElement, ViewElement] {
  let p = 0;
  while (p < a.length && p < b.length && a[p] === b[p]) p++;
  let s = 0;
  while (s < a.length - p && s < b.length - p && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
  const one = (x: string) => {
    const mid = x.slice(p, x.length - s);
    return h('code', [], x.slice(0, p), ...(mid ? [h('mark', [], mid)] : []), x.slice(x.length - s));
  };
  return [one(a), one(b)];
}

const STICKER = 9;

/** A cube state as an unfolded net (the layout and colours of cube-net-svg.ts), as view nodes. */
function netView(facelets: string): ViewElement {
  const rects: ViewNode[] = [];
  FACES.forEach((face, f) => {
    const [ox, oy] = NET_ORIGIN[face];
    for (let k = 0; k < 9; k++) {
      const letter = facelets[f * 9 + k];
      rects.push({
        tag: 'rect',
        svg: true,
        attrs: [
          ['x', String(2 + (ox + (k % 3)) * STICKER)],
          ['y', String(2 + (oy + Math.floor(k / 3)) * STICKER)],
          ['width', String(STICKER)],
          ['height', String(STICKER)],
          ['fill', letter !== undefined && Object.hasOwn(FACE_COLOURS, letter) ? FACE_COLOURS[letter] : '#888'],
          ['stroke', '#222'],
        ],
      });
    }
  });
  return {
    tag: 'svg',
    svg: true,
    attrs: [
      ['width', String(12 * STICKER + 4)],
      ['height', String(9 * STICKER + 4)],
      ['role', 'img'],
    ],
    children: rects,
  };
}

/** A table in the scroll wrapper of the report style (`.wb-scroll`): it scrolls sideways there, and shows that it does. */
const scroll = (title: string, table: ViewElement): ViewElement =>
  h(
    'div',
    [
      ['class', 'wb-scroll'],
      ['role', 'region'],
      ['tabindex', '0'],
      ['aria-label', title],
    ],
    table,
  );

/** One section of a record's detail. `textOf` gives a named text; `link` where a related record goes. */
function sectionView(s: DetailSection, textOf: (t: ViewText) => string, link: LinkOf): ViewElement {
  const body: ViewNode[] = [];
  switch (s.type) {
    case 'facts':
      body.push(scroll(s.title, h('table', [], ...s.facts.map(([k, v]) => h('tr', [], h('th', [], k), h('td', [], v))))));
      break;
    case 'side':
      body.push(
        h(
          'div',
          [['class', 'side']],
          ...(
            [
              [s.left, 'left'],
              [s.right, 'right'],
            ] as const
          ).map(([t, name]) => h('div', [['data-side', name]], h('h4', [], t.title), h('pre', [], textOf(t)))),
        ),
      );
      break;
    case 'text':
      body.push(h('pre', [], textOf(s.text)));
      break;
    case 'fields':
      body.push(
        scroll(
          s.title,
          h(
            'table',
            [],
            h('tr', [], ...['field', 'kind', 'gold', 'predicted', 'outcome', 'what differs'].map((x) => h('th', [], x))),
            ...s.rows.map((r) => {
              const [g, p] = r.same ? [h('code', [], r.gold), h('code', [], r.predicted)] : marked(r.gold, r.predicted);
              return h(
                'tr',
                [
                  ['class', r.same ? 'wb-same' : 'wb-diff'],
                  ['data-outcome', r.outcome],
                ],
                h('td', [], r.path),
                h('td', [], r.kind),
                h('td', [], g),
                h('td', [], p),
                h('td', [], r.outcome),
                h('td', [], r.detail),
              );
            }),
          ),
        ),
      );
      break;
    case 'table':
      body.push(
        scroll(
          s.title,
          h(
            'table',
            [],
            h('tr', [], ...s.columns.map((c) => h('th', [], c))),
            ...s.rows.map((row) => h('tr', [], ...row.map((c) => h('td', [], c)))),
            ...(s.rows.length === 0 ? [h('tr', [], h('td', [], 'none'))] : []),
          ),
        ),
      );
      break;
    case 'nets':
      body.push(h('div', [['class', 'nets']], ...s.nets.map((n) => h('figure', [], netView(n.facelets), h('figcaption', [], n.caption)))));
      break;
    case 'records':
      body.push(
        h(
          'ul',
          [],
          ...s.links.map((l) => {
            const href = link(l.hash);
            return h('li', [], href === null ? l.label : h('a', [['href', href]], l.label));
          }),
        ),
      );
      break;
  }
  return h('section', [['data-section', s.type]], h('h3', [], s.title), ...body);
}

/** The kind of a record, as the view names it and lists its own fields. */
export interface ViewKind {
  label: string;
  fields: string[];
}

/**
 * A record's whole view: its own fields first (a detail does not repeat them), then each section of
 * its detail. `id` is the record's id in the explorer (`kind:index`).
 */
export function recordView(
  kind: ViewKind,
  id: string,
  record: Readonly<Record<string, unknown>>,
  sections: readonly DetailSection[],
  textOf: (t: ViewText) => string,
  link: LinkOf,
): ViewElement {
  const own: DetailSection = {
    type: 'facts',
    title: `${kind.label.replace(/s$/, '')} ${id.slice(id.lastIndexOf(':') + 1)}`,
    facts: kind.fields.filter((x) => !x.startsWith('_')).map((x) => [x, fieldText(Object.hasOwn(record, x) ? record[x] : null)]),
  };
  return h(
    'div',
    [
      ['data-view', 'record'],
      ['data-record', id],
    ],
    ...[own, ...sections].map((s) => sectionView(s, textOf, link)),
  );
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The view as HTML: every text and attribute value escaped (`escapeHtml`: visible text, then entities). */
export function viewHtml(node: ViewNode): string {
  if (typeof node === 'string') return escapeHtml(node);
  const attrs = [...(node.tag === 'svg' ? ([['xmlns', SVG_NS]] as [string, string][]) : []), ...(node.attrs ?? [])]
    .map(([k, v]) => ` ${k}="${escapeHtml(v)}"`)
    .join('');
  return `<${node.tag}${attrs}>${(node.children ?? []).map(viewHtml).join('')}</${node.tag}>`;
}

/** The rules of the view's style (the explorer's page and a notebook's scoped sheet share them). */
export const RECORD_VIEW_RULES: [string, string][] = [
  ['pre', 'white-space:pre-wrap;word-break:break-word;max-height:30em;overflow:auto;background:#fafafa;border:1px solid #ddd;padding:6px;font-size:12px'],
  ['.side', 'display:flex;gap:8px'],
  ['.side>div', 'flex:1 1 50%;min-width:0'],
  ['.wb-diff', 'background:#fde2e1'],
  ['.wb-same', 'color:#555'],
  ['mark', 'background:#f7b3ad'],
  ['.nets', 'display:flex;flex-wrap:wrap;gap:4px'],
  ['.nets figure', 'margin:2px;font-size:11px'],
  ['.wb-scroll', 'overflow-x:auto;max-width:100%'],
];
