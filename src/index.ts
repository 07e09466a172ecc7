/**
 * The workbench library: what notebooks and other programs import as `workbench`.
 * Paper-specific analyses are under `workbench/analysis/<bench>/index.js`.
 */
export { WORKBENCH_VERSION } from './version.js';
export { type Problem, formatProblem, ReleaseError } from './io/problems.js';
export { parseJsonl, toJsonl } from './io/jsonl.js';
export * from './load/index.js';
export * as schemas from './schemas/index.js';
export { gradeResponse, JudgeMissingError, ANSWERED_FAILURES, threeWay, DEFAULT_JUDGE_THRESHOLD, type Grade, type FailureType, type JudgePair } from './grade/grade-response.js';
export { gradeRelease } from './grade/grade-release.js';
export { createRng } from './stats/rng.js';
export { bootstrapMeanCI, bootstrapMeans, type Interval } from './stats/bootstrap-mean-ci.js';
export { pairedBootstrapDiffCI } from './stats/paired-bootstrap-diff-ci.js';
export { mcnemarExact } from './stats/mcnemar-exact.js';
export { quantileSorted } from './stats/quantile-sorted.js';
export { median } from './stats/median.js';
export { type Table, type Column, type TableRow } from './tables/table.js';
export { formatCell } from './tables/format-cell.js';
export { type Figure } from './figures/figure.js';
export { figureToSvg, svgToPng } from './figures/render-figure.js';
export { tableToMarkdown, tableToHtml, tableToJson } from './report/render-table.js';
export { escapeHtml } from './report/escape-html.js';
export { DEFAULT_RESAMPLES, DEFAULT_SEED, type Bench, type RunOptions } from './report/analysis.js';
export {
  tableHtml, tableText, figureHtml, figureBundle, figureSpec, vegaLiteV5Spec, vegaScriptsHtml, jsonHtml, displayBundle, showTable, showFigure, showFrame, showHtml,
  NOTEBOOK_CSS, VEGALITE_MIME, type MimeBundle,
} from './notebook/display.js';
export { frameTable, type FrameLike, type FrameTableOptions } from './notebook/frame-table.js';
export { repoRoot } from './cli/repo-root.js';
export * from './cube/index.js';
export { wilsonInterval, Z_95 } from './stats/wilson-interval.js';
export { tokenize } from './text/tokenize.js';
export { weightedLogOdds, type LogOdds, type WeightedLogOddsOptions } from './stats/weighted-log-odds.js';
export { logOddsZ } from './stats/log-odds-z.js';
export { chiSquare2x2, type ChiSquare2x2 } from './stats/chi-square-2x2.js';
export { chiSquareSf } from './stats/chi-square-sf.js';
export { compareFractions, compareRatesAscending, compareRatesDescending } from './stats/compare-fractions.js';
export { cohensKappa, type CohensKappa } from './stats/cohens-kappa.js';
export { compareField, withinTolerance, type FieldOutcome } from './grade/compare-field.js';
export { tableToCsv } from './report/render-csv.js';
export { tableToLatex, escapeLatex } from './report/render-latex.js';
export { buildScorecard, verdictLine, scorecardCounts, type ScorecardEntry, type ScorecardSpec } from './report/scorecard.js';
export { renderFigureAt, svgToPdf } from './figures/render-preset.js';
export { type FigureWidth, FIGURE_WIDTHS } from './figures/figure-presets.js';
