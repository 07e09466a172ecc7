import { displayColumns, displayView, type DisplayColumn } from '../tables/display-columns.js';
import { displaySymbols, MISSING } from '../tables/number-format.js';
import { cellAt, type Table, type TableRow } from '../tables/table.js';
import { escapeHtml, escapeMarkdownCell, escapeMarkdownText, markdownCode } from './escape-html.js';
import { SYNTHETIC_NOTICE, type Provenance } from './provenance.js';
import { REPORT_CSS } from './table-style.js';
import { countFilter, filterHash } from '../explore/record-filter.js';

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
  if (provenance) {
    // the manifest's hash is shown on the pages; the JSON keeps the provenance fields it always had
    const { manifest_sha256: _shownOnPages, ...kept } = provenance;
    out.provenance = kept;
  }
  return JSON.stringify(out, null, 2) + '\n';
}

/** The notice a synthetic release's pages open with, above everything else (Markdown). */
export function syntheticNoticeMarkdown(p: Provenance): string {
  return p.synthetic ? `> **Synthetic release.** ${escapeMarkdownText(SYNTHETIC_NOTICE)}\n\n` : '';
}

/** The notice a synthetic release's pages open with, above everything else (HTML: the page's first element). */
export function syntheticNoticeHtml(p: Provenance): string {
  return p.synthetic ? `<p class="synthetic" id="synthetic-notice" role="note"><strong>Synthetic release.</strong> ${escapeHtml(SYNTHETIC_NOTICE)}</p>` : '';
}

/** What the release is, in one line: benchmark, release and version, synthetic or not, the manifest's sha256. */
export function provenanceLineMarkdown(p: Provenance): string {
  const sha = p.manifest_sha256 ? `; MANIFEST.json sha256 ${markdownCode(p.manifest_sha256)}` : '';
  return `**Release:** benchmark ${escapeMarkdownText(p.benchmark)}, release ${escapeMarkdownText(p.release)} version ${escapeMarkdownText(p.version)}; synthetic: **${p.synthetic ? 'yes' : 'no'}**${sha}.`;
}

/** What the release is, in one line (HTML; see `provenanceLineMarkdown`). */
export function provenanceLineHtml(p: Provenance): string {
  const sha = p.manifest_sha256 ? `; MANIFEST.json sha256 <code class="nw">${escapeHtml(p.manifest_sha256)}</code>` : '';
  return (
    `<p class="provenance-line"><strong>Release:</strong> benchmark <strong>${escapeHtml(p.benchmark)}</strong>, release <strong>${escapeHtml(p.release)}</strong> ` +
    `version <strong>${escapeHtml(p.version)}</strong>; synthetic: <strong>${p.synthetic ? 'yes' : 'no'}</strong>${sha}.</p>`
  );
}

export function provenanceMarkdown(p: Provenance): string {
  const lines = [
    `- release: ${escapeMarkdownText(p.release)} ${escapeMarkdownText(p.version)} (${escapeMarkdownText(p.benchmark)})${p.synthetic ? ' - **synthetic**' : ''}`,
    ...(p.manifest_sha256 ? [`- MANIFEST.json sha256 ${markdownCode(p.manifest_sha256)}`] : []),
    `- seed ${p.seed}, ${p.resamples} bootstrap resamples, workbench ${p.workbench}`,
    `- input files (sha256):`,
    ...Object.entries(p.files).map(([f, h]) => `  - ${markdownCode(f)} ${h}`),
  ];
  return lines.join('\n');
}

/** A Markdown table cell: a missing value as an en dash, never an empty cell. */
const markdownCell = (text: string) => escapeMarkdownCell(text === '' ? MISSING : text);

/**
 * A table as Markdown. A page of its own (`provenance` given) opens with the synthetic notice and
 * the release line; inside a README the page's top carries them.
 */
export function tableToMarkdown(table: Table, provenance?: Provenance): string {
  const { rows } = displayView(table);
  const columns = displayColumns(displayView(table).columns);
  const head = `| ${columns.map((c) => escapeMarkdownCell(c.label)).join(' | ')} |`;
  const rule = `| ${columns.map((c) => (c.numeric ? '---:' : '---')).join(' | ')} |`;
  const body = rows.map((r) => `| ${columns.map((c) => markdownCell(c.cell(r))).join(' | ')} |`);
  const parts: string[] = [];
  if (provenance?.synthetic) parts.push(syntheticNoticeMarkdown(provenance).trimEnd(), '');
  parts.push(`# ${escapeMarkdownCell(displaySymbols(table.title))}`, '');
  if (provenance) parts.push(provenanceLineMarkdown(provenance), '');
  parts.push(`Source: ${escapeMarkdownText(table.source)}. Id: ${markdownCode(table.id)}.`, '');
  // the table first: a reader (or a paste into a document) wants the numbers, the inputs after them
  parts.push(head, rule, ...body, '');
  const legend = columns.filter((c) => c.help).map((c) => `- **${escapeMarkdownText(c.label)}**: ${escapeMarkdownText(c.help!)}`);
  if (legend.length) parts.push(...legend, '');
  for (const n of table.notes ?? []) parts.push(`> ${escapeMarkdownText(displaySymbols(n))}`, '');
  if (provenance) parts.push('## Provenance', '', provenanceMarkdown(provenance), '');
  return parts.join('\n');
}

/** The run's inputs in full: seed, resamples, workbench, every input file's sha256. */
export function provenanceHtml(p: Provenance): string {
  const files = Object.entries(p.files)
    .map(([f, h]) => `<tr><td><code>${escapeHtml(f)}</code></td><td><code>${escapeHtml(h)}</code></td></tr>`)
    .join('');
  return (
    `<section class="provenance"><p>Release <strong>${escapeHtml(p.release)}</strong> ${escapeHtml(p.version)} ` +
    `(${escapeHtml(p.benchmark)}), synthetic: ${p.synthetic ? 'yes' : 'no'}; seed ${p.seed}; ${p.resamples} bootstrap resamples; ` +
    `workbench ${escapeHtml(p.workbench)}.</p><details><summary>Input files (sha256)</summary><div class="wb-scroll"><table>${files}</table></div></details></section>`
  );
}

/** Rows a table shows before its "show all" toggle. */
const PAGE_ROWS = 20;

/** Text cells longer than this wrap (at spaces only); shorter ones stay on one line. */
const LONG_TEXT = 32;

/**
 * Text as HTML that wraps at spaces only: each token with a break opportunity of its own (a hyphen,
 * a slash) is kept whole, so an id such as `gpt-6-astra` never breaks inside.
 */
export function wrapAtSpaces(text: string): string {
  return text
    .split(/( +)/)
    .map((t) => (/[^\w\s]/.test(t) && t.length > 1 ? `<span class="nw">${escapeHtml(t)}</span>` : escapeHtml(t)))
    .join('');
}

/** Tables with more displayed columns than this show their paper and delta columns behind a toggle. */
const WIDE_COLUMNS = 10;

/** A column of the comparison with the paper (`paper`, `paper_*`, `delta`, `delta_*`). */
const isPaperColumn = (c: DisplayColumn) => /^(paper|delta)(_|$)/.test(c.key);

/** The columns a wide table folds behind its "compare with the paper" toggle (none for a table that fits). */
function foldedColumns(columns: DisplayColumn[]): Set<DisplayColumn> {
  const paper = columns.filter(isPaperColumn);
  return columns.length > WIDE_COLUMNS && paper.length >= 2 && paper.length < columns.length - 1 ? new Set(paper) : new Set();
}

/**
 * A wide table's column chooser, without scripts: a checkbox per column (all but the row labels'
 * first column and the paper columns, which have their own toggle), ticked at first; the rules
 * beside it hide the cells of a column whose box is cleared (`:has()`, where the browser has it;
 * elsewhere every column stays). Classes and positions are the renderer's own; labels are escaped.
 */
function columnChooser(columns: DisplayColumn[], paperFold: Set<DisplayColumn>): string {
  if (columns.length <= WIDE_COLUMNS) return '';
  const choices = columns.map((c, i) => ({ c, n: i + 1 })).filter(({ c, n }) => n > 1 && !paperFold.has(c));
  const boxes = choices.map(({ c, n }) => `<label class="nw"><input type="checkbox" class="wb-c${n}" checked> ${escapeHtml(c.label)}</label>`).join(' ');
  const rules = choices.map(({ n }) => `.wb-paged:has(>details.wb-choose .wb-c${n}:not(:checked)) tr>:nth-child(${n}){display:none}`).join('');
  return (
    `<details class="wb-choose wb-toggle"><summary>Choose the columns shown (${choices.length} of them; the first stays)</summary><p>${boxes}</p></details>` +
    `<style>@supports selector(:has(*)){${rules}}</style>`
  );
}

const classes = (...names: (string | false)[]) => {
  const list = names.filter(Boolean);
  return list.length ? ` class="${list.join(' ')}"` : '';
};

/** A numeric cell's text, linked to the explorer's view of the records it counts where its column declares them. */
function countLink(c: DisplayColumn, r: TableRow, text: string, explorer: string | undefined): string {
  if (!explorer || !c.count || typeof cellAt(r, c.key) !== 'number') return escapeHtml(text);
  const f = countFilter(c.count, r);
  return f ? `<a href="${escapeHtml(explorer)}#${escapeHtml(filterHash(f))}">${escapeHtml(text)}</a>` : escapeHtml(text);
}

function cellHtml(c: DisplayColumn, r: TableRow, folded: boolean, explorer: string | undefined): string {
  const text = c.cell(r);
  if (c.numeric) return `<td${classes('num', folded && 'wb-pc')}>${countLink(c, r, text, explorer)}</td>`;
  const long = text.length > LONG_TEXT && text.includes(' ');
  return `<td${classes(long && 'long', folded && 'wb-pc')}>${long ? wrapAtSpaces(text) : escapeHtml(text)}</td>`;
}

/** Rows folded behind a toggle (`Table.fold`): their `key` cell is 0. */
function isFolded(table: Table, r: TableRow): boolean {
  return table.fold !== undefined && cellAt(r, table.fold.key) === 0;
}

/**
 * The table element alone, in its scroll wrapper, with its toggles and notes (used by notebooks
 * too): the first `PAGE_ROWS` rows, then a `<details>` that shows all of them; rows that carry no
 * weight (`Table.fold`) behind a toggle of their own; a wide table's paper and delta columns
 * behind a "compare with the paper" toggle (the scorecard above gives every comparison), and its
 * other columns in a chooser (`columnChooser`). No script:
 * the style sheet's `:has()` rules show what an open toggle holds. With `explorer`, count cells link
 * to the records behind them.
 */
export function tableToHtmlFragment(table: Table, opts: { pageRows?: number; explorer?: string } = {}): string {
  const pageRows = opts.pageRows ?? PAGE_ROWS;
  const { rows } = displayView(table);
  const columns = displayColumns(displayView(table).columns);
  const paperFold = foldedColumns(columns);
  const head = columns
    .map((c) => `<th${c.help ? ` title="${escapeHtml(c.help)}"` : ''}${classes(c.numeric && 'num', paperFold.has(c) && 'wb-pc')}>${wrapAtSpaces(c.label)}</th>`)
    .join('');
  const folded = rows.filter((r) => isFolded(table, r)).length;
  let shown = 0;
  const body = rows
    .map((r) => {
      const cls = isFolded(table, r) ? 'wb-folded' : shown++ >= pageRows ? 'wb-extra' : '';
      return `<tr${cls ? ` class="${cls}"` : ''}>${columns.map((c) => cellHtml(c, r, paperFold.has(c), opts.explorer)).join('')}</tr>`;
    })
    .join('\n');
  const extra = shown - pageRows;
  const columnToggle = paperFold.size
    ? `<details class="wb-cols wb-toggle"><summary>Compare with the paper: show the ${paperFold.size} paper and delta columns (${[...paperFold].map((c) => escapeHtml(c.label)).join(', ')})</summary></details>`
    : '';
  const toggles =
    (extra > 0
      ? `<details class="wb-all wb-toggle"><summary>Show all ${(rows.length - folded).toLocaleString('en-US')} rows (the first ${pageRows} are shown)</summary></details>`
      : '') +
    (folded > 0 && table.fold
      ? `<details class="wb-fold wb-toggle"><summary>Show the ${folded.toLocaleString('en-US')} ${escapeHtml(table.fold.summary)}</summary></details>`
      : '');
  const notes = (table.notes ?? []).map((n) => `<p class="note">${escapeHtml(displaySymbols(n))}</p>`).join('');
  return (
    `<div class="wb-paged" id="${escapeHtml(table.id)}">${columnToggle}${columnChooser(columns, paperFold)}<div class="wb-scroll" role="region" tabindex="0" aria-label="${escapeHtml(table.title)}">` +
    `<table class="wb-table"><caption>${wrapAtSpaces(displaySymbols(table.title))} <small>(${escapeHtml(table.source)})</small></caption><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table></div>${toggles}${notes}</div>`
  );
}

/** A complete, self-contained HTML page. No scripts: a report is read, not run. */
export function htmlPage(title: string, body: string): string {
  return (
    `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)}</title><style>${REPORT_CSS}</style></head><body>\n${body}\n</body></html>\n`
  );
}

/** A table's page: the synthetic notice first, the title, the release line, the table, then the inputs in full. */
export function tableToHtml(table: Table, provenance?: Provenance): string {
  const top = provenance ? syntheticNoticeHtml(provenance) : '';
  const line = provenance ? provenanceLineHtml(provenance) : '';
  const body = `${top}<h1>${wrapAtSpaces(displaySymbols(table.title))}</h1>${line}${tableToHtmlFragment(table)}${provenance ? provenanceHtml(provenance) : ''}`;
  return htmlPage(table.title, body);
}
