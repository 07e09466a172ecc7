import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { TopLevelSpec } from 'vega-lite';
import type { Figure } from '../figures/figure.js';
import { withConfig } from '../figures/render-figure.js';
import { escapeHtml } from '../report/escape-html.js';
import { tableToHtmlFragment } from '../report/render-table.js';
import { scopedCss } from '../report/table-style.js';
import { displayColumns, displayView } from '../tables/display-columns.js';
import { displaySymbols } from '../tables/number-format.js';
import type { Table } from '../tables/table.js';
import { visibleText } from '../../domain/text/visible-text.js';
import { frameTable, type FrameLike, type FrameTableOptions } from './frame-table.js';

/**
 * What notebooks show. The HTML builders are pure (any kernel or page can use them; every string
 * from a release is escaped); `displayBundle` and the `show*` functions send them to the front end
 * through tslab's kernel-side writer.
 */

/** One display message: MIME type -> content (strings, or JSON for `+json` types). */
export type MimeBundle = Record<string, string | object>;

export const VEGALITE_MIME = 'application/vnd.vegalite.v5+json';
const VEGALITE_V5_SCHEMA = 'https://vega.github.io/schema/vega-lite/v5.json';

const require = createRequire(import.meta.url);

type Writer = (msg: { data: MimeBundle; metadata: Record<string, unknown>; transient: Record<string, unknown> }, update?: boolean) => void;

/**
 * Sends one display_data message holding every MIME type of `data`; the front end shows the richest
 * it supports. tslab's `display.*` functions send one type per message, through the writer that
 * tslab's kernel keeps for the running cell (`lastWriteDisplayData` in tslab/dist/jupyter.js, what
 * `display.raw()` calls); this sends the whole bundle through that same writer.
 */
export function displayBundle(data: MimeBundle, metadata: Record<string, unknown> = {}): void {
  let writer: Writer | null = null;
  try {
    writer = (require('tslab/dist/jupyter.js') as { lastWriteDisplayData: Writer | null }).lastWriteDisplayData;
  } catch {
    // not installed: reported below like "not in a kernel"
  }
  if (!writer) throw new Error('displayBundle: no running tslab kernel cell to display into (call it from a notebook cell)');
  writer({ data, metadata, transient: {} });
}

/**
 * The report's table style scoped to the notebook's outputs, so it styles them and not the rest of
 * the Jupyter page, and outranks classic Notebook's own table rules (`scopedCss`).
 */
const SCOPE = 'wb-nb';
export const NOTEBOOK_CSS = scopedCss(SCOPE);

/** A table with the report's styling (the same fragment as the HTML reports, paged after `pageRows` rows). */
export function tableHtml(table: Table, view?: string, pageRows?: number): string {
  return `<div class="${SCOPE}"${viewAttr(view)}><style>${NOTEBOOK_CSS}</style>${tableToHtmlFragment(table, { pageRows })}</div>`;
}

/** Names what an output shows (`data-wb-view`), so a reader's page, or a test, can find it. */
const viewAttr = (view?: string) => (view ? ` data-wb-view="${escapeHtml(view)}"` : '');

/** A cell of the plain-text table: visible text, and no tab or line end to break its columns. */
const plainCell = (s: string) => visibleText(s).replace(/[\t\r\n]/g, ' ');

/** Plain-text fallback of a table (front ends that show no HTML). */
export function tableText(table: Table, limit = 20): string {
  const { rows } = displayView(table);
  const columns = displayColumns(displayView(table).columns);
  const lines = [
    plainCell(displaySymbols(table.title)),
    columns.map((c) => plainCell(c.label)).join('\t'),
    ...rows.slice(0, limit).map((r) => columns.map((c) => plainCell(c.cell(r))).join('\t')),
  ];
  if (rows.length > limit) lines.push(`... ${(rows.length - limit).toLocaleString('en-US')} more rows`);
  return lines.join('\n');
}

/** Shows a table as one display message (styled HTML + plain text). */
export function showTable(table: Table, view?: string, pageRows?: number): void {
  displayBundle({ 'text/html': tableHtml(table, view, pageRows), 'text/plain': tableText(table, pageRows) });
}

const BUNDLES: [string, string][] = [
  ['vega', 'vega.min.js'],
  ['vega-lite', 'vega-lite.min.js'],
  ['vega-embed', 'vega-embed.min.js'],
];

/** The three bundles' code, read once from the installed packages. */
let bundleCode: string[] | undefined;
function bundles(): string[] {
  // the packages' "exports" hide their browser bundles, so find them beside each package's entry
  bundleCode ??= BUNDLES.map(([pkg, file]) => readFileSync(join(dirname(require.resolve(pkg)), file), 'utf8'));
  return bundleCode;
}

/**
 * The vega, vega-lite and vega-embed browser bundles, inlined (for a notebook whose folder cannot
 * hold `vegaBundleFile`), loaded so they set `window.vegaEmbed` with or without RequireJS. Classic
 * Notebook 6 and nbconvert's classic export load RequireJS; a UMD bundle that sees `define.amd`
 * registers an anonymous AMD module instead of a global (and RequireJS rejects anonymous modules
 * from inline scripts), so `define` is hidden while the bundles run and put back after. Inline
 * scripts run in order both when the page is parsed and when Notebook inserts an output, so the
 * hiding holds. About 820 KB.
 */
export function vegaScriptsHtml(): string {
  // a bundle could contain '</script>' in a string literal; split it so the page parser never sees it
  const tag = (js: string) => `<script>${js.replace(/<\/script/gi, '<\\/script')}</script>`;
  return [
    tag('window.__wbDefine = window.define; window.define = undefined;'),
    ...bundles().map(tag),
    tag('window.define = window.__wbDefine; try { delete window.__wbDefine; } catch (e) {}'),
  ].join('\n');
}

let bundleFile: { name: string; text: string } | undefined;

/**
 * The three bundles as one script file, which a figure's HTML loads by a relative URL, so that a saved
 * notebook carries no library code (~820 KB less). The file's code runs inside a function whose
 * parameters `define`, `module`, `exports` and `require` are undefined, so each UMD bundle takes its
 * global path (`window.vega`, `window.vegaLite`, `window.vegaEmbed`) whether or not the page has
 * RequireJS, and whenever it loads. Named for its content (`workbench-vega-<sha256 prefix>.js`): a
 * file of that name is that code, and another version of the libraries gets another name.
 */
export function vegaBundleFile(): { name: string; text: string } {
  if (!bundleFile) {
    const text = `(function (define, module, exports, require) {\n${bundles().join('\n;\n')}\n}).call(window);\n`;
    bundleFile = { name: `workbench-vega-${createHash('sha256').update(text).digest('hex').slice(0, 12)}.js`, text };
  }
  return bundleFile;
}

/** The figure's Vega-Lite spec with the shared config, declared as v5 for v5 renderers (see `vegaLiteV5Spec`). */
export function figureSpec(fig: Figure): TopLevelSpec {
  return withConfig(fig);
}

/**
 * The spec as the `application/vnd.vegalite.v5+json` MIME type expects it. The workbench compiles
 * with vega-lite 6, whose specs declare a v6 `$schema`; the figures use only grammar that v5 has too
 * (marks, layers, facets, encodings, scales, tooltips), so the same spec under the v5 schema URL is
 * what JupyterLab's, VS Code's and nteract's v5 renderers take.
 */
export function vegaLiteV5Spec(fig: Figure): TopLevelSpec {
  return { ...withConfig(fig), $schema: VEGALITE_V5_SCHEMA };
}

let counter = 0;

/** A start tag of vega's SVG: its attribute values are quoted, with `"` escaped inside them. */
const START_TAG = /<[A-Za-z][^<>"]*(?:"[^"]*"[^<>"]*)*>/g;
/** Accessibility attributes vega writes on every mark and group. */
const MARK_ARIA = / (?:aria-label|aria-roledescription|role)="[^"]*"/g;

/**
 * The static SVG as a notebook carries it: vega's per-mark accessibility attributes (an
 * `aria-label` naming each point's fields and values, `aria-roledescription`, `role`) dropped from
 * its start tags, which were two fifths of a faceted figure's 530 KB; the live chart that replaces
 * it has them all, and text content is left as it is.
 */
function staticSvg(svg: string): string {
  return svg.replace(START_TAG, (tag) => tag.replace(MARK_ARIA, ''));
}

/** The title of the picture itself, if it has one. */
function pictureTitle(fig: Figure): string | null {
  const t = (fig.spec as { title?: unknown }).title;
  if (typeof t === 'string') return t;
  if (t && typeof t === 'object' && typeof (t as { text?: unknown }).text === 'string') return (t as { text: string }).text;
  return null;
}

/**
 * An interactive figure as HTML: the static SVG at once (it stays where scripts do not run, e.g. an
 * untrusted notebook, or where the bundle file is not beside the page, e.g. an HTML export saved
 * elsewhere: the element then says why in `data-wb-static`), replaced by the live vega-embed chart
 * (tooltips, export menu) once `window.vegaEmbed` and the element exist. The bundle file
 * (`vegaBundleFile`) is loaded by a relative URL once per page, by the first figure that needs it;
 * Notebook runs an output's scripts before it attaches the output to the page, so the script waits
 * for the element (up to 30 s). The caption line names the figure and its source, without the title
 * the picture already shows.
 */
export function figureHtml(fig: Figure, svg: string): string {
  const id = `wb-fig-${fig.id.replace(/[^A-Za-z0-9_-]/g, '_')}-${++counter}`;
  const spec = JSON.stringify(figureSpec(fig)).replace(/</g, '\\u003c');
  const src = JSON.stringify(vegaBundleFile().name);
  const script =
    `(function(){var id=${JSON.stringify(id)},spec=${spec},src=${src},tries=0;` +
    `function vega(){if(window.vegaEmbed)return Promise.resolve();if(!window.__wbVegaLoad){window.__wbVegaLoad=new Promise(function(ok,fail){` +
    `var s=document.createElement('script');s.src=src;s.onload=function(){window.vegaEmbed?ok():fail(new Error(src+' did not define vegaEmbed'));};` +
    `s.onerror=function(){fail(new Error(src+' was not found beside this page: the static figure is shown'));};document.head.appendChild(s);});}return window.__wbVegaLoad;}` +
    `function go(){var el=document.getElementById(id);if(!el){if(tries++<600)setTimeout(go,50);return;}` +
    `vega().then(function(){window.vegaEmbed(el,spec,{renderer:'svg',actions:true}).then(function(){el.setAttribute('data-wb-live','1');},` +
    `function(e){el.setAttribute('data-wb-error',String(e));});},function(e){el.setAttribute('data-wb-static',String(e&&e.message||e));});}go();})();`;
  const caption = pictureTitle(fig) === fig.title ? '' : `<strong>${escapeHtml(fig.title)}</strong> `;
  return (
    `<div class="wb-figure"><div>${caption}<small>(${escapeHtml(fig.source)})</small></div>` +
    `<div id="${id}" class="wb-vega">${staticSvg(svg)}</div></div>` +
    `<script>${script}</script>`
  );
}

/**
 * The display message of a figure, as Altair builds it: the v5 Vega-Lite spec (front ends that
 * render it natively), HTML with the live embed and the static SVG inside it (classic Notebook,
 * nbclassic, nbconvert's HTML export, JupyterLab's HTML renderer) and a line of text.
 * `withScripts` prepends the bundles inline (only where the bundle file could not be written beside
 * the notebook). The SVG is carried once, in the HTML: an `image/svg+xml` copy beside it would
 * double a saved notebook's weight (a faceted figure's SVG is ~0.5 MB) for no front end tried here
 * (each picks the Vega-Lite spec or the HTML; classic Notebook ignores an untrusted SVG output).
 */
export function figureBundle(fig: Figure, svg: string, withScripts = false): MimeBundle {
  return {
    [VEGALITE_MIME]: vegaLiteV5Spec(fig),
    'text/html': (withScripts ? vegaScriptsHtml() + '\n' : '') + figureHtml(fig, svg),
    'text/plain': `${fig.title} (${fig.source}) [figure ${fig.id}]`,
  };
}

/** A JSON value shown as an escaped, pretty-printed block (drill-down into raw records). */
export function jsonHtml(title: string, value: unknown): string {
  return `<details open><summary>${escapeHtml(title)}</summary><pre>${escapeHtml(JSON.stringify(value, null, 2) ?? 'undefined')}</pre></details>`;
}

/** Shows HTML built by one of the builders here (with its plain-text fallback). */
export function showHtml(html: string, text = '[HTML output]', view?: string): void {
  displayBundle({ 'text/html': `<div class="${SCOPE}"${viewAttr(view)}><style>${NOTEBOOK_CSS}</style>${html}</div>`, 'text/plain': text });
}

/** Rows a frame's output holds at most; beyond them, the title gives the count and the frame is filtered in code. */
const FRAME_ROWS_HELD = 500;

/**
 * Shows a danfojs DataFrame, an arquero table or an array of rows as a report-styled table: the first
 * `limit` rows (default 20), then "show all" for the rest, up to 500 rows in the output.
 */
export function showFrame(frame: FrameLike, options: FrameTableOptions & { view?: string } = {}): void {
  const page = options.limit ?? 20;
  showTable(frameTable(frame, { ...options, limit: Math.max(page, FRAME_ROWS_HELD) }), options.view, page);
}
