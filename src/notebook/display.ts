import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Figure } from '../figures/figure.js';
import { withConfig } from '../figures/render-figure.js';
import { escapeHtml } from '../report/escape-html.js';
import { REPORT_CSS, tableToHtmlFragment } from '../report/render-table.js';
import type { Table } from '../tables/table.js';

/**
 * HTML snippets for notebook cells (shown with tslab's `display.html`). Kept free of tslab itself so
 * the same functions serve any Jupyter kernel or page. Every string from a release is escaped.
 */

/** A table with the report's styling. */
export function tableHtml(table: Table): string {
  return `<style>${REPORT_CSS.replace(/body\{[^}]*\}/, '')}</style>${tableToHtmlFragment(table)}`;
}

const require = createRequire(import.meta.url);

/**
 * The vega, vega-lite and vega-embed browser bundles, inlined: no CDN is reachable here (nor at
 * many users' sites). Show once per notebook, before the first interactive figure.
 */
export function vegaScriptsHtml(): string {
  // the packages' "exports" hide their browser bundles, so find them beside each package's entry
  const files = [
    ['vega', 'vega.min.js'],
    ['vega-lite', 'vega-lite.min.js'],
    ['vega-embed', 'vega-embed.min.js'],
  ].map(([pkg, file]) => join(dirname(require.resolve(pkg)), file));
  // a bundle could contain '</script>' in a string literal; split it so the page parser never sees it
  return files.map((f) => `<script>${readFileSync(f, 'utf8').replace(/<\/script/gi, '<\\/script')}</script>`).join('\n');
}

let counter = 0;

/**
 * An interactive figure: the static SVG is shown at once (and stays if scripts are not run, e.g. in
 * an untrusted notebook); vega-embed replaces it with the live chart (tooltips, export menu).
 */
export function figureHtml(fig: Figure, svg: string): string {
  const id = `wb-fig-${fig.id.replace(/[^A-Za-z0-9_-]/g, '_')}-${++counter}`;
  const spec = JSON.stringify(withConfig(fig)).replace(/</g, '\\u003c');
  return (
    `<div><strong>${escapeHtml(fig.title)}</strong> <small>(${escapeHtml(fig.source)})</small></div>` +
    `<div id="${id}">${svg}</div>` +
    `<script>if (window.vegaEmbed) { vegaEmbed(${JSON.stringify('#' + id)}, ${spec}, {renderer: 'svg', actions: true}); }</script>`
  );
}

/** A JSON value shown as an escaped, pretty-printed block (drill-down into raw records). */
export function jsonHtml(title: string, value: unknown): string {
  return `<details open><summary>${escapeHtml(title)}</summary><pre>${escapeHtml(JSON.stringify(value, null, 2) ?? 'undefined')}</pre></details>`;
}
