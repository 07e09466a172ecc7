import { join } from 'node:path';
import type { Rendered } from '../src/present/report/write-report.js';
import { scorecardCounts, verdictLine, type ScorecardCounts } from '../src/present/report/scorecard.js';
import { claimCounts, claimsLine, type ClaimCounts } from '../src/present/claims/claim-counts.js';

/** What `reproduce --json` prints on stdout: enough for a script to find every output and judge the run. */
export interface RunSummary {
  ok: true;
  workbench: string;
  command: 'reproduce';
  seed: number;
  resamples: number;
  figure_width: string;
  benchmarks: {
    benchmark: string;
    /** the release is a synthetic sample (its MANIFEST.json says so): its numbers are not the paper's data */
    synthetic: boolean;
    report_dir: string;
    /** where the figures are: FIGURES/<bench>, or report_dir/figures when they go with the report */
    figure_dir: string;
    tables: number;
    figures: number;
    scorecard: ScorecardCounts;
    verdict: string;
    /** how many of the benchmark's claims got each verdict (OUT/<bench>/claims.json); null when it declares none */
    claims: ClaimCounts | null;
    /** the claims verdict line, as above the scorecard; null when it declares none */
    claims_verdict: string | null;
    /** every file written for this benchmark, absolute, sorted (a copy of the figures always goes under report_dir/figures) */
    files: string[];
  }[];
  top_index: string | null;
  warnings: string[];
}

/** The files a rendered benchmark puts on disk: the report (with a copy of the figures) and the figure directory. */
function writtenFiles(r: Rendered, reportDir: string, figureDir: string): string[] {
  const files = [...r.report.keys()].map((k) => join(reportDir, k));
  for (const k of r.figures.keys()) files.push(join(reportDir, 'figures', k));
  if (figureDir !== reportDir) for (const k of r.figures.keys()) files.push(join(figureDir, k));
  return files.sort();
}

/**
 * The directory that holds a benchmark's figures: FIGURES/<bench>, or the report's own `figures/`
 * when the figures go with the report (`--out` without `--figures`).
 */
const figuresFolder = (reportDir: string, figureDir: string): string => (figureDir === reportDir ? join(reportDir, 'figures') : figureDir);

export function benchSummary(
  benchmark: string,
  r: Rendered,
  reportDir: string,
  figureDir: string,
  tables: number,
  figures: number,
): RunSummary['benchmarks'][number] {
  return {
    benchmark,
    synthetic: r.provenance.synthetic,
    report_dir: reportDir,
    figure_dir: figuresFolder(reportDir, figureDir),
    tables,
    figures,
    scorecard: scorecardCounts(r.scorecard),
    verdict: verdictLine(benchmark, r.scorecard),
    claims: r.claims ? claimCounts(r.claims) : null,
    claims_verdict: r.claims ? claimsLine(benchmark, claimCounts(r.claims)) : null,
    files: writtenFiles(r, reportDir, figureDir),
  };
}

/** Removes a boolean flag from an argument list (the shared option parser takes string options only). */
export function takeFlag(args: string[], flag: string): { present: boolean; rest: string[] } {
  return { present: args.includes(flag), rest: args.filter((a) => a !== flag) };
}
