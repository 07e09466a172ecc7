/**
 * The one table style of the reports and the notebooks, as rules (selector, declarations) so the
 * notebook can scope every rule to its outputs (`scopedCss`) and win over classic Notebook's own
 * table rules (`.rendered_html td { text-align: right }`, `table-layout: fixed`, striped rows).
 *
 * - text left, numbers right in tabular figures; a cell never wraps, except long text, which wraps
 *   at spaces only (`.nw` spans keep each token whole: an id never breaks at its hyphen);
 * - the first column stays in view (sticky) when a table scrolls sideways, and a table scrolls
 *   sideways only inside `.wb-scroll`, which shows that it does (a scrollbar always drawn, and
 *   shadows at the edge that has more);
 * - long tables show their first rows and a `<details>` "show all" (no script: `:has()` shows the
 *   rest when it is open); strata with no weight fold the same way, and so do a wide table's paper
 *   and delta columns (a column chooser without scripts);
 * - `summary` is a list item, so the disclosure triangle shows where a page makes it a block.
 */
const RULES: [string, string][] = [
  ['table', 'border-collapse:separate;border-spacing:0;margin:0;table-layout:auto'],
  [
    'td,th',
    'border-right:1px solid #ddd;border-bottom:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top;white-space:nowrap;max-width:none;line-height:1.35',
  ],
  ['th', 'background:#f3f3f3;white-space:normal;vertical-align:bottom;min-width:3em'],
  ['tr>:first-child', 'border-left:1px solid #ddd'],
  ['thead tr:first-child>*', 'border-top:1px solid #ddd'],
  ['tbody td', 'background:#fff'],
  ['tbody tr:nth-child(even) td', 'background:#f7f7f7'],
  ['.wb-table td:first-child,.wb-table th:first-child', 'position:sticky;left:0;z-index:1'],
  ['.num', 'text-align:right;font-variant-numeric:tabular-nums'],
  ['.long', 'white-space:normal;min-width:12em;max-width:36em'],
  ['.nw', 'white-space:nowrap'],
  ['caption', 'text-align:left;font-weight:bold;padding:4px 0;caption-side:top'],
  [
    '.wb-scroll',
    'overflow-x:auto;max-width:100%;margin:.6em 0;scrollbar-width:thin;scrollbar-color:#999 #eee;' +
      'background:linear-gradient(to right,#fff 30%,rgba(255,255,255,0)) left/32px 100% no-repeat local,' +
      'linear-gradient(to left,#fff 30%,rgba(255,255,255,0)) right/32px 100% no-repeat local,' +
      'radial-gradient(farthest-side at 0 50%,rgba(0,0,0,.28),rgba(0,0,0,0)) left/12px 100% no-repeat scroll,' +
      'radial-gradient(farthest-side at 100% 50%,rgba(0,0,0,.28),rgba(0,0,0,0)) right/12px 100% no-repeat scroll',
  ],
  ['.wb-scroll::-webkit-scrollbar', 'height:10px;background:#eee'],
  ['.wb-scroll::-webkit-scrollbar-thumb', 'background:#999;border-radius:5px'],
  ['summary', 'display:list-item;cursor:pointer'],
  ['.wb-toggle', 'margin:.2em 0 .8em 0;color:#244'],
  ['.synthetic', 'background:#fff3cd;padding:8px;border:1px solid #e0c36b;margin:0 0 1em 0'],
  ['.provenance-line', 'margin:.4em 0'],
  ['.note', 'color:#555;font-size:90%'],
  // a figure wider than the page is scaled down to it (vega's SVG has a viewBox), never scrolled
  ['figure', 'margin:1em 0;max-width:100%'],
  ['figure>svg', 'max-width:100%;height:auto'],
  ['code', 'font-size:90%'],
  ['.wb-table tbody tr.wb-diff td', 'background:#fde2e1'],
  ['tr.wb-diff td:first-child', 'box-shadow:inset 4px 0 #c0392b'],
  ['tr.wb-same td', 'color:#555'],
];

/** Paging and folding: rows beyond the first page, and folded rows, show when their toggle is open. */
const PAGING =
  '@supports selector(:has(*)){' +
  '.wb-paged:not(:has(>details.wb-all[open])) tr.wb-extra{display:none}' +
  '.wb-paged:not(:has(>details.wb-fold[open])) tr.wb-folded{display:none}' +
  '.wb-paged:not(:has(>details.wb-cols[open])) .wb-pc{display:none}}';

/** The report pages' stylesheet. */
export const REPORT_CSS =
  'body{font-family:"DejaVu Sans",sans-serif;margin:2em;max-width:75em}' + RULES.map(([sel, decl]) => `${sel}{${decl}}`).join('') + PAGING;

/**
 * The same rules under `.scope` twice over (`.wb-nb.wb-nb td`), so each outranks classic Notebook's
 * `.rendered_html` rules and its striping (`.rendered_html tbody tr:nth-child(odd)`), and styles
 * nothing else on the page. The difference highlight outranks the striping on every row.
 */
export function scopedCss(scope: string): string {
  const prefix = `.${scope}.${scope}`;
  const rules = RULES.map(
    ([sel, decl]) =>
      `${sel
        .split(',')
        .map((s) => `${prefix} ${s.trim()}`)
        .join(',')}{${decl}}`,
  ).join('');
  return rules + PAGING.replace(/\.wb-paged/g, `${prefix} .wb-paged`);
}
