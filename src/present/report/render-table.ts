import { formatCell } from '../tables/format-cell.js';
import { cellAt, type Column, type Table, type TableRow } from '../tables/table.js';
import { escapeHtml, escapeMarkdownCell, escapeMarkdownText, markdownCode } from './escape-html.js';
import { SYNTHETIC_NOTICE, type Provenance } from './provenance.js';
import { countFilter, filterHash } from '../explore/record-filter.js';

function view(table: Table): { columns: Column[]; rows: TableRow[] } {
  return table.display ?? { columns: table.columns, rows: table.rows };
}

/** JSON: the long form, rates 0-1, keys in a fixed order so output is byte-stable. */
export function tableToJson(table: Table, provenance?: Provenance): string {
  const out: Record<string, unknown> = {
    id: table.id,
    title: table.title,
    source: table.source,
    // a column's count declaration is for the HTML's links to the explorer, not a property of the data
    columns: table.columns.map(({ count: _, ...c }) => c),
    // fromEntries: a column key from a release (a pivot by name) stays a key, `__proto__` included
    rows: table.rows.map((r) => Object.fromEntries(Object.keys(r).map((k) => [k, r[k] === undefined ? null : r[k]]))),
  };
  if (table.paper) out.paper = table.paper;
  if (table.notes) out.notes = table.notes;
  if (provenance) out.provenance = provenance;
  return JSON.stringify(out, null, 2) + '\n';
}

export function provenanceMarkdown(p: Provenance): string {
  const lines = [
    `- release: ${escapeMarkdownText(p.release)} ${escapeMarkdownText(p.version)} (${escapeMarkdownText(p.benchmark)})${p.synthetic ? ' - **synthetic**' : ''}`,
    `- seed ${p.seed}, ${p.resamples} bootstrap resamples, workbench ${p.workbench}`,
    `- input files (sha256):`,
    ...Object.entries(p.files).map(([f, h]) => `  - ${markdownCode(f)} ${h}`),
  ];
  if (p.synthetic) lines.unshift(`> ${SYNTHETIC_NOTICE}`, '');
  return lines.join('\n');
}

export function tableToMarkdown(table: Table, provenance?: Provenance): string {
  const { columns, rows } = view(table);
  const head = `| ${columns.map((c) => escapeMarkdownCell(c.label)).join(' | ')} |`;
  const rule = `| ${columns.map((c) => (c.format && c.format !== 'text' && c.format !== 'bool' ? '---:' : '---')).join(' | ')} |`;
  const body = rows.map((r) => `| ${columns.map((c) => escapeMarkdownCell(formatCell(cellAt(r, c.key), c.format))).join(' | ')} |`);
  // the table first: a reader (or a paste into a document) wants the numbers, the inputs after them
  const parts = [`# ${escapeMarkdownCell(table.title)}`, '', `Source: ${escapeMarkdownText(table.source)}. Id: ${markdownCode(table.id)}.`, ''];
  parts.push(head, rule, ...body, '');
  const legend = columns.filter((c) => c.help).map((c) => `- **${escapeMarkdownText(c.label)}**: ${escapeMarkdownText(c.help!)}`);
  if (legend.length) parts.push(...legend, '');
  for (const n of table.notes ?? []) parts.push(`> ${escapeMarkdownText(n)}`, '');
  if (provenance) parts.push('## Provenance', '', provenanceMarkdown(provenance), '');
  return parts.join('\n');
}

export function provenanceHtml(p: Provenance): string {
  const files = Object.entries(p.files)
    .map(([f, h]) => `<tr><td><code>${escapeHtml(f)}</code></td><td><code>${escapeHtml(h)}</code></td></tr>`)
    .join('');
  const banner = p.synthetic ? `<p class="synthetic"><strong>Synthetic release.</strong> ${escapeHtml(SYNTHETIC_NOTICE)}</p>` : '';
  return (
    `<section class="provenance">${banner}<p>Release <strong>${escapeHtml(p.release)}</strong> ${escapeHtml(p.version)} ` +
    `(${escapeHtml(p.benchmark)}), synthetic: ${p.synthetic ? 'yes' : 'no'}; seed ${p.seed}; ${p.resamples} bootstrap resamples; ` +
    `workbench ${escapeHtml(p.workbench)}.</p><details><summary>Input files (sha256)</summary><table>${files}</table></details></section>`
  );
}

/** A cell's text, linked to the explorer's view of the records it counts where its column declares them. */
function cellHtml(c: Column, r: TableRow, explorer: string | undefined): string {
  const text = escapeHtml(formatCell(cellAt(r, c.key), c.format));
  if (!explorer || !c.count || typeof cellAt(r, c.key) !== 'number') return text;
  const f = countFilter(c.count, r);
  return f ? `<a href="${escapeHtml(explorer)}#${escapeHtml(filterHash(f))}">${text}</a>` : text;
}

/** The table element alone (used by notebooks too); with `explorer`, count cells link to the records behind them. */
export function tableToHtmlFragment(table: Table, explorer?: string): string {
  const { columns, rows } = view(table);
  const numeric = (c: Column) => c.format !== undefined && c.format !== 'text' && c.format !== 'bool';
  const head = columns
    .map((c) => `<th${c.help ? ` title="${escapeHtml(c.help)}"` : ''}${numeric(c) ? ' class="num"' : ''}>${escapeHtml(c.label)}</th>`)
    .join('');
  const body = rows.map((r) => `<tr>${columns.map((c) => `<td${numeric(c) ? ' class="num"' : ''}>${cellHtml(c, r, explorer)}</td>`).join('')}</tr>`).join('\n');
  const notes = (table.notes ?? []).map((n) => `<p class="note">${escapeHtml(n)}</p>`).join('');
  return `<table class="wb-table" id="${escapeHtml(table.id)}"><caption>${escapeHtml(table.title)} <small>(${escapeHtml(table.source)})</small></caption><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>${notes}`;
}

export const REPORT_CSS =
  'body{font-family:"DejaVu Sans",sans-serif;margin:2em;max-width:75em}table{border-collapse:collapse;margin:1em 0}' +
  'td,th{border:1px solid #ccc;padding:2px 8px}th{background:#f3f3f3}.num{text-align:right;font-variant-numeric:tabular-nums}' +
  'caption{text-align:left;font-weight:bold;padding:4px 0}.synthetic{background:#fff3cd;padding:8px;border:1px solid #e0c36b}' +
  '.note{color:#555;font-size:90%}code{font-size:90%}';

/** A complete, self-contained HTML page. No scripts: a report is read, not run. */
export function htmlPage(title: string, body: string): string {
  return (
    `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">` +
    `<title>${escapeHtml(title)}</title><style>${REPORT_CSS}</style></head><body>\n${body}\n</body></html>\n`
  );
}

export function tableToHtml(table: Table, provenance?: Provenance): string {
  const body = `<h1>${escapeHtml(table.title)}</h1>${provenance ? provenanceHtml(provenance) : ''}${tableToHtmlFragment(table)}`;
  return htmlPage(table.title, body);
}
