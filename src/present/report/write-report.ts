import type { FigureRender } from '../figures/render-preset.js';
import type { Figure } from '../figures/figure.js';
import type { Table } from '../tables/table.js';
import { escapeHtml, escapeMarkdownAlt, escapeMarkdownText, markdownCode } from './escape-html.js';
import {
  htmlPage,
  provenanceHtml,
  provenanceLineHtml,
  provenanceLineMarkdown,
  provenanceMarkdown,
  syntheticNoticeHtml,
  syntheticNoticeMarkdown,
  tableToHtml,
  tableToHtmlFragment,
  tableToJson,
  tableToMarkdown,
} from './render-table.js';
import type { Provenance } from './provenance.js';
import { tableToCsv } from './render-csv.js';
import { tableToLatex } from './render-latex.js';
import { scorecardHtml, scorecardMarkdown } from './render-scorecard.js';
import type { PublishedNumber } from './published.js';
import { buildScorecard, scorecardToJson, type ScorecardEntry } from './scorecard.js';
import type { ClaimRow } from '../../derive/claims/claim.js';
import { claimCounts, claimsLine } from '../claims/claim-counts.js';
import { type ExplorerContent, renderExplorer, type TextChunkPlan } from '../explore/explorer.js';

/** File names come from ids; anything outside [A-Za-z0-9._-] is replaced so no id can name a path. */
export function safeFileName(id: string): string {
  const s = id.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_');
  return s.length ? s.slice(0, 120) : '_';
}

/** A file written beside the tables, e.g. grades.jsonl: every table is an aggregate of its rows. */
export interface Artifact {
  file: string;
  content: string;
}

export interface ReportContent {
  benchmark: string;
  provenance: Provenance;
  tables: Table[];
  figures: Figure[];
  artifacts: Artifact[];
  /** the benchmark's published numbers and the cells each is compared with (its paper.ts) */
  published?: readonly PublishedNumber[];
  /**
   * the figures' renders, one per figure in the same order, started by the caller at the size preset
   * it chose (src/run draws them in its figure thread): present lays out what they give
   */
  renders: readonly FigureRender[];
  /** the benchmark's judged claims (its claims table's rows), or null when it declares none */
  claims?: readonly ClaimRow[] | null;
  /** the benchmark's records, for explore.html (its count cells in index.html link there) */
  explorer?: ExplorerContent;
}

export interface Rendered {
  /** relative path -> bytes, for the report directory */
  report: Map<string, string | Buffer>;
  /** relative path -> bytes, for the figure directory */
  figures: Map<string, string | Buffer>;
  /** every published number beside the recomputed one (also written as summary.json) */
  scorecard: ScorecardEntry[];
  /** things a reader should know that did not stop the run */
  warnings: string[];
  /** the judged claims, or null when the benchmark declares none */
  claims: readonly ClaimRow[] | null;
  /** what the release is (the top index and `reproduce --json` say whether it is synthetic) */
  provenance: Provenance;
  /** the explorer's detail chunks, made by the writer from the release's rows (they hold its raw texts) */
  explorerTexts?: TextChunkPlan;
}

/**
 * Renders a report's tables in the calling thread, and lays out its figures from the renders the
 * caller started (`ReportContent.renders`); returns once every SVG is back, while the PNGs and PDFs
 * may still be being made; `done` gives the whole report. Everything is rendered in memory first, so
 * nothing is written unless all of it succeeded.
 * A failure is kept in `done` (it is never an unhandled rejection while the caller is busy).
 */
export async function beginReport(c: ReportContent): Promise<{ done: Promise<Rendered> }> {
  if (c.renders.length !== c.figures.length) throw new Error(`${c.benchmark}: ${c.figures.length} figures but ${c.renders.length} renders of them`);
  // two ids that sanitise to one name would silently overwrite each other: refused before any file is rendered
  const names = [
    ...c.tables.map((t) => t.id),
    ...c.figures.map((f) => f.id),
    ...c.artifacts.map((a) => a.file),
    'summary',
    'index',
    'README',
    ...(c.explorer ? ['explore'] : []),
  ];
  const seen = new Map<string, string>();
  for (const id of names) {
    const name = safeFileName(id);
    if (seen.has(name))
      throw new Error(
        `two outputs of ${c.benchmark} would both be written as ${JSON.stringify(name)}: ${JSON.stringify(seen.get(name))} and ${JSON.stringify(id)}`,
      );
    seen.set(name, id);
  }
  const report = new Map<string, string | Buffer>();
  const rasters: { name: string; svg: string; vl: string; png: Promise<Buffer>; pdf: Promise<Buffer> }[] = [];
  const p = c.provenance;
  const svgs = new Map<string, string>();
  for (const t of c.tables) {
    const name = safeFileName(t.id);
    report.set(`${name}.json`, tableToJson(t, p));
    report.set(`${name}.md`, tableToMarkdown(t, p));
    report.set(`${name}.html`, tableToHtml(t, p));
    report.set(`${name}.csv`, tableToCsv(t));
    report.set(`${name}.tex`, tableToLatex(t, p));
  }
  const { entries, warnings } = buildScorecard(c.tables, c.published);
  report.set('summary.json', scorecardToJson(entries));
  // the explorer before the figures are awaited: its details (seconds on a real-size release) are
  // made while the figure thread draws the SVGs
  const explorer = c.explorer ? renderExplorer(c.benchmark, p, c.explorer) : undefined;
  for (const [i, f] of c.figures.entries()) {
    const name = safeFileName(f.id);
    const at = await c.renders[i].at;
    if (at.warning) warnings.push(at.warning);
    svgs.set(f.id, at.svg);
    const { png, pdf } = c.renders[i];
    // the complete spec that was rendered: the same picture in any Vega-Lite tool
    rasters.push({ name, svg: at.svg, vl: JSON.stringify(at.spec, null, 2) + '\n', png, pdf });
  }
  for (const a of c.artifacts) report.set(safeFileName(a.file), a.content);
  if (explorer) for (const [k, v] of explorer.files) report.set(k, v);

  const title = `${c.benchmark}: reproduced tables and figures`;
  const claims = c.claims?.length ? claimsLine(c.benchmark, claimCounts(c.claims)) : null;
  // the top of a page, in this order: the synthetic notice, the release line, the claims line, the
  // scorecard line and the scorecard
  const claimsMarkdown = claims === null ? '' : `**${escapeMarkdownText(claims)}** (the claims table: claims.md)`;
  const md = [
    `${syntheticNoticeMarkdown(p)}# ${title}`,
    '',
    provenanceLineMarkdown(p),
    '',
    ...(claimsMarkdown ? [claimsMarkdown, ''] : []),
    scorecardMarkdown(c.benchmark, entries),
    '## Provenance',
    '',
    provenanceMarkdown(p),
    '',
  ];
  const toc = [
    ...c.tables.map(
      (t) =>
        `<li><a href="#${escapeHtml(t.id)}">${escapeHtml(t.title)}</a> (${['html', 'json', 'md', 'csv', 'tex'].map((x) => `<a href="${escapeHtml(safeFileName(t.id))}.${x}">${x}</a>`).join(', ')})</li>`,
    ),
    ...c.figures.map(
      (f) =>
        `<li><a href="#${escapeHtml(f.id)}">${escapeHtml(f.title)}</a> (${['svg', 'png', 'pdf', 'vl.json'].map((x) => `<a href="figures/${escapeHtml(safeFileName(f.id))}.${x}">${x === 'vl.json' ? 'vega-lite' : x}</a>`).join(', ')})</li>`,
    ),
  ].join('');
  const claimsHtml = claims === null ? '' : `<p class="verdict claims"><strong>${escapeHtml(claims)}</strong> (<a href="#claims">the claims table</a>)</p>`;
  let html = `${syntheticNoticeHtml(p)}<h1>${escapeHtml(title)}</h1>${provenanceLineHtml(p)}${claimsHtml}${scorecardHtml(c.benchmark, entries)}${provenanceHtml(p)}<nav><ul>${toc}</ul></nav>`;
  for (const t of c.tables) {
    md.push(tableToMarkdown(t).replace(/^# /, '## '), '');
    html += tableToHtmlFragment(t, explorer ? { explorer: 'explore.html' } : {});
  }
  for (const f of c.figures) {
    md.push(
      `## ${escapeMarkdownText(f.title)}`,
      '',
      `Source: ${escapeMarkdownText(f.source)}. Id: ${markdownCode(f.id)}.`,
      '',
      `![${escapeMarkdownAlt(f.title)}](figures/${safeFileName(f.id)}.svg)`,
      '',
    );
    // vega's SVG escapes the data's text; it is our own output, inlined as a static fallback
    html += `<figure id="${escapeHtml(f.id)}"><figcaption>${escapeHtml(f.title)} <small>(${escapeHtml(f.source)})</small></figcaption>${svgs.get(f.id)}</figure>`;
    for (const n of f.notes ?? []) html += `<p class="note">${escapeHtml(n)}</p>`;
  }
  report.set('README.md', md.join('\n'));
  report.set('index.html', htmlPage(title, html));
  const done = (async (): Promise<Rendered> => {
    const figures = new Map<string, string | Buffer>();
    for (const r of rasters) {
      figures.set(`${r.name}.svg`, r.svg);
      figures.set(`${r.name}.png`, await r.png);
      figures.set(`${r.name}.pdf`, await r.pdf);
      figures.set(`${r.name}.vl.json`, r.vl);
    }
    return {
      report,
      figures,
      scorecard: entries,
      warnings,
      claims: c.claims ?? null,
      provenance: p,
      ...(explorer ? { explorerTexts: explorer.texts } : {}),
    };
  })();
  done.catch(() => {});
  return { done };
}
