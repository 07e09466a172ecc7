import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { TopLevelSpec } from 'vega-lite';
import type { Figure } from '../figures/figure.js';
import { figureToSvg, withConfig } from '../figures/render-figure.js';
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

/**
 * The vega, vega-lite and vega-embed browser bundles, inlined (no CDN is reachable here, nor at many
 * users' sites), loaded so they set `window.vegaEmbed` with or without RequireJS. Classic Notebook 6
 * and nbconvert's classic export load RequireJS; a UMD bundle that sees `define.amd` registers an
 * anonymous AMD module instead of a global (and RequireJS rejects anonymous modules from inline
 * scripts), so `define` is hidden while the bundles run and put back after. Inline scripts run in
 * order both when the page is parsed and when Notebook inserts an output, so the hiding holds.
 * About 820 KB: `showFigure` sends it once per kernel session, with the first figure.
 */
export function vegaScriptsHtml(): string {
  // the packages' "exports" hide their browser bundles, so find them beside each package's entry
  const code = BUNDLES.map(([pkg, file]) => readFileSync(join(dirname(require.resolve(pkg)), file), 'utf8'));
  // a bundle could contain '</script>' in a string literal; split it so the page parser never sees it
  const tag = (js: string) => `<script>${js.replace(/<\/script/gi, '<\\/script')}</script>`;
  return [
    tag('window.__wbDefine = window.define; window.define = undefined;'),
    ...code.map(tag),
    tag('window.define = window.__wbDefine; try { delete window.__wbDefine; } catch (e) {}'),
  ].join('\n');
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

/**
 * An interactive figure as HTML: the static SVG at once (it stays where scripts do not run, e.g. an
 * untrusted notebook or a page without the bundles), replaced by the live vega-embed chart (tooltips,
 * export menu) as soon as `window.vegaEmbed` and the element exist: Notebook runs an output's scripts
 * before it attaches the output to the page, so the script waits for both (up to 30 s).
 */
export function figureHtml(fig: Figure, svg: string): string {
  const id = `wb-fig-${fig.id.replace(/[^A-Za-z0-9_-]/g, '_')}-${++counter}`;
  const spec = JSON.stringify(figureSpec(fig)).replace(/</g, '\\u003c');
  const script =
    `(function(){var id=${JSON.stringify(id)},spec=${spec},tries=0;function go(){var el=document.getElementById(id);` +
    `if(el&&window.vegaEmbed){window.vegaEmbed(el,spec,{renderer:'svg',actions:true}).then(function(){el.setAttribute('data-wb-live','1');},` +
    `function(e){el.setAttribute('data-wb-error',String(e));});}else if(tries++<600){setTimeout(go,50);}}go();})();`;
  return (
    `<div class="wb-figure"><div><strong>${escapeHtml(fig.title)}</strong> <small>(${escapeHtml(fig.source)})</small></div>` +
    `<div id="${id}" class="wb-vega">${svg}</div></div>` +
    `<script>${script}</script>`
  );
}

/**
 * The display message of a figure, as Altair builds it: the v5 Vega-Lite spec (front ends that
 * render it natively), HTML with the live embed (classic Notebook, nbclassic, nbconvert's HTML export,
 * JupyterLab's HTML renderer), the static SVG and a line of text. `withScripts` prepends the bundles.
 */
export function figureBundle(fig: Figure, svg: string, withScripts: boolean): MimeBundle {
  return {
    [VEGALITE_MIME]: vegaLiteV5Spec(fig),
    'text/html': (withScripts ? vegaScriptsHtml() + '\n' : '') + figureHtml(fig, svg),
    'image/svg+xml': svg,
    'text/plain': `${fig.title} (${fig.source}) [figure ${fig.id}]`,
  };
}

let scriptsSent = false;

/**
 * Shows a figure: one display message per figure (see `figureBundle`); the bundles go with the first
 * figure of the kernel session only. After a kernel restart they are sent again.
 */
export async function showFigure(fig: Figure): Promise<void> {
  const svg = await figureToSvg(fig);
  displayBundle(figureBundle(fig, svg, !scriptsSent));
  scriptsSent = true;
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
