import type { Column } from '../../../src/present/tables/table.js';
import { COLUMNS } from '../../../src/present/tables/columns.js';

/**
 * GlobeBench columns that several of its tables show, each declared once (the columns every
 * benchmark shares are in src/present/tables/columns.ts). A table renames one in place with
 * `column(GLOBE_COLUMNS.x, { label })`.
 */
const BASE = {
  paper_items: { key: 'paper_items', label: 'Paper items', format: 'int' },
  access: { key: 'access', label: 'Access' },
  skill: { key: 'skill', label: 'Skill' },
  domain: { key: 'domain', label: 'Domain' },
  radius: { key: 'radius', label: 'Radius' },
  success_as_failure: { key: 'success_as_failure', label: 'Success % (paper policy)', format: 'pct' },
  success_refusals_missing: { key: 'success_refusals_missing', label: 'Success % (refusals missing)', format: 'pct' },
  success_as_missing: { key: 'success_as_missing', label: 'Success % (unusable missing)', format: 'pct' },
  change: { key: 'change', label: 'Change (pp)', format: 'pp' },
  change_refusals: { key: 'change_refusals', label: 'Change (pp)', format: 'pp' },
  no_response: { key: 'no_response', label: 'No usable response', format: 'int' },
  answered_failures: { key: 'answered_failures', label: 'Answered failures', format: 'int' },
  paper_answered_failures: { key: 'paper_answered_failures', label: 'Paper answered failures', format: 'int' },
  delta_answered_failures: { key: 'delta_answered_failures', label: 'Delta answered failures', format: 'int' },
  delta_items: { key: 'delta_items', label: 'Delta items', format: 'int' },
} as const satisfies Record<string, Column>;

export const GLOBE_COLUMNS = {
  ...BASE,
  // the shared columns as GlobeBench's tables explain them: each a column of its own, with its help
  /** a success rate pooled over the responses of the row's items */
  pooled_success: { ...COLUMNS.success, help: 'pooled over the responses (= mean over models)' },
  /** a success rate of one difficulty cell */
  cell_success: { ...COLUMNS.success, help: "mean over models = pooled over the cell's responses" },
  /** a domain's share of passing responses */
  passing_share: { ...COLUMNS.success, help: 'share of the responses that pass' },
  /** the bounds of a success rate's percentile bootstrap over items (the upper one is COLUMNS.ci_high) */
  item_ci_low: { ...COLUMNS.ci_low, help: 'percentile bootstrap over items' },
  cell_item_ci_low: { ...COLUMNS.ci_low, help: "percentile bootstrap over the cell's items" },
  skill_item_ci_low: { ...COLUMNS.ci_low, help: "percentile bootstrap over the skill's items" },
  /** a paired difference's percentile bootstrap interval, in percentage points */
  paired_ci_low: { ...COLUMNS.ci_low, format: 'pp', help: 'paired percentile bootstrap over items' },
  paired_ci_high: { ...COLUMNS.ci_high, format: 'pp' },
  /** a Mantel-Haenszel risk difference's interval, in percentage points */
  mh_ci_low: { ...COLUMNS.ci_low, format: 'pp', help: 'Sato / Greenland-Robins variance' },
  mh_ci_high: { ...COLUMNS.ci_high, format: 'pp' },
  /** a published difference, in percentage points */
  paper_diff: { ...COLUMNS.paper, label: 'Paper (pp)', format: 'pp' },
  /** a published item count, and the recomputed count minus it */
  paper_item_count: { ...COLUMNS.paper, label: 'Paper items', format: 'int' },
  delta_count: { ...COLUMNS.delta, format: 'int' },
  delta_points: { ...COLUMNS.delta, help: 'recomputed minus published, percentage points' },
  /** table22's delta, of its success rows or its difference rows */
  delta_success_or_diff: { ...COLUMNS.delta, help: 'recomputed minus published (success or diff)' },
  /** the columns of refusals-as-missing, with what each counts */
  no_response_status: { ...BASE.no_response, help: 'status refusal, empty or error, or a null prediction' },
  answered_failures_of_failed: { ...BASE.answered_failures, help: 'failed decisions with a usable response' },
  success_refusals_missing_over: { ...BASE.success_refusals_missing, help: 'over the items not refused; empty, error and null predictions still fail' },
  success_as_missing_over: { ...BASE.success_as_missing, help: 'over the items with a usable prediction' },
  /** a rate's uncertainty with operators as clusters (Table 1, design-effects) */
  clusters: { key: 'clusters', label: 'Operators', format: 'int', help: "operators that built the row's items (the clusters)" },
  se_item: {
    key: 'se_item',
    label: 'SE (units)',
    format: 'pct',
    help: 'standard error as if the units were independent: sandwich::vcovHC(lm(y ~ 1), type = "HC1"), in points',
  },
  se_cluster: {
    key: 'se_cluster',
    label: 'SE (by operator)',
    format: 'pct',
    help: 'cluster-robust standard error, operators as clusters: sandwich::vcovCL(lm(y ~ 1), cluster = ~operator, type = "HC1") (CR1), in points',
  },
  ci_cluster_low: {
    key: 'ci_cluster_low',
    label: '95% CI low (by operator)',
    format: 'pct',
    help: 'two-stage cluster bootstrap percentile: operators with replacement, then units within each',
  },
  ci_cluster_high: {
    key: 'ci_cluster_high',
    label: '95% CI high (by operator)',
    format: 'pct',
    help: 'two-stage cluster bootstrap percentile: operators with replacement, then units within each',
  },
  design_effect: {
    key: 'design_effect',
    label: 'Design effect',
    format: 'num',
    help: 'SE (by operator)^2 / SE (units)^2: how many times the clustered variance exceeds the naive one',
  },
  icc: { key: 'icc', label: 'ICC', format: 'num3', help: 'intraclass correlation of the units within operators, one-way ANOVA estimator' },
} as const satisfies Record<string, Column>;
