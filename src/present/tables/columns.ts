import type { Column } from './table.js';

/**
 * The columns many tables share, each declared once with its help text (HELM's schema: key, label,
 * format, help). A table lists its columns by reference (`COLUMNS.model`, or
 * `column(COLUMNS.success, { label })` to rename one in place); it never rewords a column's help or
 * changes its format: a column that means something else (an interval of another kind, a count
 * where a rate was) is a column of its own, declared here or, for one benchmark, in
 * `analysis/<bench>/present/columns.ts`.
 */
export const COLUMNS = {
  model: { key: 'model', label: 'Model' },
  agent: { key: 'agent', label: 'Agent' },
  rank: { key: 'rank', label: 'Rank', format: 'int', help: 'by the recomputed rate, exact fractions compared; ties share a rank' },
  items: { key: 'items', label: 'Items', format: 'int' },
  responses: { key: 'responses', label: 'Responses', format: 'int' },
  episodes: { key: 'episodes', label: 'Episodes', format: 'int' },
  passed: { key: 'passed', label: 'Passed', format: 'int' },
  success: { key: 'success', label: 'Success %', format: 'pct' },
  ci_low: {
    key: 'ci_low',
    label: '95% CI low',
    format: 'pct',
    help: 'percentile bootstrap over the units of the row (see the notes for the resamples and seed)',
  },
  ci_high: {
    key: 'ci_high',
    label: '95% CI high',
    format: 'pct',
    help: 'percentile bootstrap over the units of the row (see the notes for the resamples and seed)',
  },
  diff_ci_low: { key: 'ci_low', label: '95% CI low', format: 'pp', help: 'paired percentile bootstrap of the difference' },
  diff_ci_high: { key: 'ci_high', label: '95% CI high', format: 'pp', help: 'paired percentile bootstrap of the difference' },
  paper: { key: 'paper', label: 'Paper %', format: 'pct', help: 'as published' },
  /** the published value of a table where only some rows have one */
  paper_where_given: { key: 'paper', label: 'Paper %', format: 'pct', help: 'published value, where the paper gives one' },
  delta: { key: 'delta', label: 'Delta', format: 'pp', help: 'recomputed minus published, in percentage points' },
} as const satisfies Record<string, Column>;

/**
 * A declared column under another label (or key) in one table, or with the records its cells count
 * declared: the same column, so its format and help stay those of its declaration.
 */
export function column(base: Column, changes: { key?: string; label?: string; count?: Column['count'] }): Column {
  return { ...base, ...changes };
}
