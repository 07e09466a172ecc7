import type { Figure } from '../present/figures/figure.js';
import type { Table } from '../present/tables/table.js';
import type { Provenance } from '../present/report/provenance.js';
import type { PublishedNumber } from '../present/report/published.js';
import type { Artifact } from '../present/report/write-report.js';
import type { ExplorerContent } from '../present/explore/explorer.js';
import type { RunOptions } from '../derive/run-options.js';
import type { ClaimDeclaration } from '../derive/claims/claim.js';
import type { AnalysisChoice } from '../derive/claims/analysis-choice.js';

// run options live low (analysis/<bench>/derive reads them); they are part of this contract
export { DEFAULT_RESAMPLES, DEFAULT_SEED, type RunOptions } from '../derive/run-options.js';
export type { Artifact } from '../present/report/write-report.js';

/**
 * One paper table or figure: a pure function from a prepared context (the loaded release plus
 * whatever the benchmark derives once from it, e.g. GlobeBench's grades) to a table or a figure.
 */
export type Analysis<C> = { id: string; kind: 'table'; build: (ctx: C) => Table } | { id: string; kind: 'figure'; build: (ctx: C) => Figure };

/**
 * Everything the CLI needs to reproduce one benchmark: the `bench` export of the module its entry in
 * the list of benchmarks names (`src/benchmark/registry.ts`, `analysis/index.ts`).
 */
export interface Bench<R, C> {
  /** the benchmark's name, as its entry in the list gives it (checked when the module is loaded) */
  benchmark: string;
  load: (dir: string) => R;
  prepare: (release: R, opts: RunOptions) => C;
  provenance: (release: R, opts: RunOptions) => Provenance;
  analyses: Analysis<C>[];
  artifacts?: (ctx: C) => Artifact[];
  /**
   * the paper's claims (analysis/<bench>/claims.ts), judged on the prepared context after the
   * analyses: the runner writes them as the `claims` table, the `claims-robustness` grid, the `fig-claims`
   * forest plot and the `fig-claims-grid` heat map, and
   * puts their verdict line above the scorecard (README, "Does the paper hold?")
   */
  claims?: readonly ClaimDeclaration<C>[];
  /**
   * the analysis choices the robustness grid varies one at a time (analysis/<bench>/choices.ts):
   * each value's context rebuilt from the run's; the interval method and the seed are the engine's
   */
  choices?: (ctx: C) => readonly AnalysisChoice<C>[];
  /** the records behind the tables, for the report's explorer (explore.html) */
  explorer?: (ctx: C) => ExplorerContent;
  /** the published numbers, each with how the paper prints it and the cells it is compared with (summary.json) */
  published?: readonly PublishedNumber[];
  /** a one-screen summary for `workbench validate` */
  summary: (release: R) => string[];
}
