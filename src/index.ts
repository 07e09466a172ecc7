/**
 * The workbench library: what notebooks and other programs import as `workbench`.
 * Paper-specific analyses are under `workbench/analysis/<bench>/index.js`.
 */
export { WORKBENCH_VERSION } from './version.js';
export { type Problem, formatProblem, ReleaseError } from './release/io/problems.js';
export { parseJsonl, toJsonl } from './release/io/jsonl.js';
export * from './release/load/index.js';
export * as schemas from './format/index.js';
export {
  gradeResponse,
  JudgeMissingError,
  ANSWERED_FAILURES,
  threeWay,
  DEFAULT_JUDGE_THRESHOLD,
  type Grade,
  type FailureType,
  type JudgePair,
} from './domain/grade/grade-response.js';
export { gradeRelease } from './domain/grade/grade-release.js';
export { createRng } from './derive/stats/rng.js';
export { bootstrapMeanCI, bootstrapMeans, type Interval } from './derive/stats/bootstrap-mean-ci.js';
export { pairedBootstrapDiffCI } from './derive/stats/paired-bootstrap-diff-ci.js';
export { mcnemarExact } from './derive/stats/mcnemar-exact.js';
export { quantileSorted } from './derive/stats/quantile-sorted.js';
export { median } from './derive/stats/median.js';
export type { Table, Column, TableRow } from './present/tables/table.js';
export { formatCell } from './present/tables/number-format.js';
export type { Figure } from './present/figures/figure.js';
export { figureToSvg, svgToPng } from './present/figures/render-figure.js';
export { tableToMarkdown, tableToHtml, tableToJson } from './present/report/render-table.js';
export { tableViews, type TableView } from './present/tables/table-views.js';
export { escapeHtml } from './present/report/escape-html.js';
export { DEFAULT_RESAMPLES, DEFAULT_SEED, type Analysis, type Artifact, type Bench, type RunOptions } from './benchmark/contract.js';
export { registerBenchmark, benchmarks, benchmarkNames, findBenchmark, loadBench, type BenchmarkEntry } from './benchmark/registry.js';
export { releaseFile, fileKind, fileOf, type ReleaseFileKind, type ReleaseFiles } from './format/release-files.js';
export { Id } from './format/common.js';
export { makeProvenance, type Provenance } from './present/report/provenance.js';
export {
  tableHtml,
  tableText,
  figureHtml,
  figureBundle,
  figureSpec,
  vegaLiteV5Spec,
  vegaScriptsHtml,
  vegaBundleFile,
  jsonHtml,
  displayBundle,
  showTable,
  showFrame,
  showHtml,
  NOTEBOOK_CSS,
  VEGALITE_MIME,
  type MimeBundle,
} from './present/notebook/display.js';
export { showFigure, writeVegaBundle } from './output/notebook-figure.js';
export { frameTable, type FrameLike, type FrameTableOptions } from './present/notebook/frame-table.js';
export { matchingRecords, recordListHtml, recordViewHtml, showRecords, showRecord, type RecordQuery } from './present/notebook/records.js';
export type { ExplorerContent } from './present/explore/explorer.js';
export { repoRoot } from './repo-root.js';
export * from './domain/cube/index.js';
export { cubeNetSvg, FACE_COLOURS, type NetOptions } from './present/cube-net-svg.js';
export { wilsonInterval, Z_95 } from './derive/stats/wilson-interval.js';
export { tokenize } from './domain/text/tokenize.js';
export { weightedLogOdds, type LogOdds, type WeightedLogOddsOptions } from './derive/stats/weighted-log-odds.js';
export { logOddsZ } from './derive/stats/log-odds-z.js';
export { chiSquare2x2, type ChiSquare2x2 } from './derive/stats/chi-square-2x2.js';
export { chiSquareSf } from './derive/stats/chi-square-sf.js';
export { compareFractions, compareRatesAscending, compareRatesDescending } from './derive/stats/compare-fractions.js';
export { cohensKappa, type CohensKappa } from './derive/stats/cohens-kappa.js';
export { compareField, withinTolerance, type FieldOutcome } from './domain/grade/compare-field.js';
export { tableToCsv } from './present/report/render-csv.js';
export { tableToLatex, escapeLatex } from './present/report/render-latex.js';
export { buildScorecard, verdictLine, scorecardCounts, verdictOf, type ScorecardEntry, type ScorecardCounts } from './present/report/scorecard.js';
export {
  approx,
  count,
  indexPublished,
  pct,
  pp,
  printedText,
  publish,
  rate,
  stat,
  tolerance,
  type ComparedCell,
  type Printed,
  type PrintedUnit,
  type PublishedIndex,
  type PublishedNumber,
} from './present/report/published.js';
export { renderFigureAt } from './present/figures/render-preset.js';
export { svgToPdf } from './run/svg-to-pdf.js';
export { type FigureWidth, FIGURE_WIDTHS } from './present/figures/figure-presets.js';
export {
  VERDICTS,
  type ClaimDeclaration,
  type ClaimRow,
  type ClaimUnits,
  type Direction,
  type Estimand,
  type Evidence,
  type EveryUnitPart,
  type Stratum,
  type Verdict,
  type ZeroRateCell,
} from './derive/claims/claim.js';
export { evaluateClaims } from './derive/claims/evaluate-claims.js';
export { judgeClaims } from './derive/claims/judge-claims.js';
export type { RobustnessCell } from './derive/claims/robustness-grid.js';
export { claimsTable } from './present/claims/claims-table.js';
export { claimsForestFigure } from './present/claims/claims-forest-figure.js';
export { claimsHeatmapFigure } from './present/claims/claims-heatmap-figure.js';
export type { AnalysisChoice } from './derive/claims/analysis-choice.js';
export { robustnessTable } from './present/claims/robustness-table.js';
export { claimCounts, claimsLine, type ClaimCounts } from './present/claims/claim-counts.js';
