import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from './escape-html.js';
import type { Provenance } from './provenance.js';
import { scorecardLine } from './render-scorecard.js';
import { htmlPage, provenanceLineHtml } from './render-table.js';
import type { ScorecardEntry } from './scorecard.js';

/** Marks a page as the workbench's own, so a later run may replace it and nothing else. */
const TOP_INDEX_MARK = '<meta name="generator" content="agent-bench-workbench top index">';

/** A `<bench>/README.md` line that names the manifest's sha256 (written by `provenanceLineMarkdown`). */
const MANIFEST_SHA_IN_README = /MANIFEST\.json sha256 `([0-9a-f]{64})`/;

/**
 * The provenance of a benchmark reproduced earlier into this directory: the one its table JSON files
 * carry (the first that has one, by name), with the manifest's sha256 from its README.md.
 */
function provenanceOnDisk(dir: string): Provenance | null {
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.json') && f !== 'summary.json')
        .sort()
    : [];
  for (const f of files) {
    try {
      const p = (JSON.parse(readFileSync(join(dir, f), 'utf8')) as { provenance?: Provenance }).provenance;
      if (!p || typeof p.benchmark !== 'string' || typeof p.synthetic !== 'boolean') continue;
      const readme = join(dir, 'README.md');
      const sha = existsSync(readme) ? MANIFEST_SHA_IN_README.exec(readFileSync(readme, 'utf8'))?.[1] : undefined;
      return sha ? { ...p, manifest_sha256: sha } : p;
    } catch {
      // not a table of ours: the next one
    }
  }
  return null;
}

const TOP_SYNTHETIC_NOTICE =
  "Synthetic releases. The releases reproduced here that are marked synthetic were made by the workbench's own " +
  "seeded generator, calibrated to the papers' published aggregates: they are not the papers' data, and their " +
  "reports show that the pipeline reproduces the published structure, not that the papers' claims hold.";

/**
 * The top-level index.html of a report directory: one entry per benchmark with its release line and
 * scorecard line, read from this run (`provenances`) or from each `<bench>/` present (so a run of one
 * benchmark keeps the others). When any release is synthetic, the page opens with a notice saying so.
 */
function topIndexHtml(outDir: string, benchmarks: string[], provenances: ReadonlyMap<string, Provenance>): string {
  let synthetic = false;
  const items = benchmarks.map((b) => {
    const summary = join(outDir, b, 'summary.json');
    if (!existsSync(summary)) return `<li>${escapeHtml(b)}: not reproduced in this directory yet</li>`;
    const entries = JSON.parse(readFileSync(summary, 'utf8')) as ScorecardEntry[];
    const p = provenances.get(b) ?? provenanceOnDisk(join(outDir, b));
    if (p?.synthetic) synthetic = true;
    const release = p ? provenanceLineHtml(p) : '<p class="provenance-line">Release: unknown (no table of it carries its provenance).</p>';
    return (
      `<li><h2><a href="${escapeHtml(b)}/index.html">${escapeHtml(b)}</a></h2>${release}` +
      `<p>${escapeHtml(scorecardLine(b, entries))}</p><p>(<a href="${escapeHtml(b)}/README.md">README.md</a>, <a href="${escapeHtml(b)}/summary.json">summary.json</a>)</p></li>`
    );
  });
  const notice = synthetic ? `<p class="synthetic" id="synthetic-notice" role="note"><strong>${escapeHtml(TOP_SYNTHETIC_NOTICE)}</strong></p>` : '';
  const body = `${notice}<h1>Reproduced benchmarks</h1><p>Each report opens with its scorecard: every published number beside the recomputed one.</p><ul class="benchmarks">${items.join('')}</ul>`;
  return htmlPage('Reproduced benchmarks', body).replace('<meta charset="utf-8">', `<meta charset="utf-8">${TOP_INDEX_MARK}`);
}

/**
 * Writes OUT/index.html, unless an index.html there was not written by the workbench (then it is
 * left alone and the reason returned as a warning).
 */
export function writeTopIndex(
  outDir: string,
  benchmarks: string[],
  provenances: ReadonlyMap<string, Provenance> = new Map(),
): { file: string | null; warning?: string } {
  const file = join(outDir, 'index.html');
  if (existsSync(file) && !readFileSync(file, 'utf8').includes(TOP_INDEX_MARK)) {
    return { file: null, warning: `${file} exists and was not written by the workbench: left as it is (no top-level index)` };
  }
  // written beside and renamed over, so a killed run leaves the old page or the new one, never half
  // a run killed between the write and the rename left its temporary page: remove it
  for (const f of readdirSync(outDir)) if (/^index\.html\.tmp-\d+$/.test(f)) rmSync(join(outDir, f), { force: true });
  const tmp = `${file}.tmp-${process.pid}`;
  writeFileSync(tmp, topIndexHtml(outDir, benchmarks, provenances));
  renameSync(tmp, file);
  return { file };
}
