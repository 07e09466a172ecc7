import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from './escape-html.js';
import { htmlPage } from './render-table.js';
import { verdictLine, type ScorecardEntry } from './scorecard.js';

/** Marks a page as the workbench's own, so a later run may replace it and nothing else. */
const TOP_INDEX_MARK = '<meta name="generator" content="agent-bench-workbench top index">';

/**
 * The top-level index.html of a report directory: one link per benchmark with its scorecard
 * verdict, read from each `<bench>/summary.json` present (so a run of one benchmark keeps the others).
 */
function topIndexHtml(outDir: string, benchmarks: string[]): string {
  const items = benchmarks.map((b) => {
    const summary = join(outDir, b, 'summary.json');
    if (!existsSync(summary)) return `<li>${escapeHtml(b)}: not reproduced in this directory yet</li>`;
    const entries = JSON.parse(readFileSync(summary, 'utf8')) as ScorecardEntry[];
    return `<li><a href="${escapeHtml(b)}/index.html">${escapeHtml(b)}</a> (<a href="${escapeHtml(b)}/README.md">README.md</a>, <a href="${escapeHtml(b)}/summary.json">summary.json</a>): ${escapeHtml(verdictLine(b, entries))}</li>`;
  });
  const body = `<h1>Reproduced benchmarks</h1><p>Each report opens with its scorecard: every published number beside the recomputed one.</p><ul>${items.join('')}</ul>`;
  return htmlPage('Reproduced benchmarks', body).replace('<meta charset="utf-8">', `<meta charset="utf-8">${TOP_INDEX_MARK}`);
}

/**
 * Writes OUT/index.html, unless an index.html there was not written by the workbench (then it is
 * left alone and the reason returned as a warning).
 */
export function writeTopIndex(outDir: string, benchmarks: string[]): { file: string | null; warning?: string } {
  const file = join(outDir, 'index.html');
  if (existsSync(file) && !readFileSync(file, 'utf8').includes(TOP_INDEX_MARK)) {
    return { file: null, warning: `${file} exists and was not written by the workbench: left as it is (no top-level index)` };
  }
  // written beside and renamed over, so a killed run leaves the old page or the new one, never half
  // a run killed between the write and the rename left its temporary page: remove it
  for (const f of readdirSync(outDir)) if (/^index\.html\.tmp-\d+$/.test(f)) rmSync(join(outDir, f), { force: true });
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, topIndexHtml(outDir, benchmarks));
  renameSync(tmp, file);
  return { file };
}
