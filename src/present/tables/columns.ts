import type { Column, Format } from './table.js';

/**
 * The columns many tables share, each declared once (HELM's schema: key, label, format, help). A
 * table lists its columns by reference (`COLUMNS.model`, or `column(COLUMNS.success, { label })` to
 * rename one in place); benchmark-specific columns are declared once in `analysis/<bench>/columns.ts`.
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
  ci_low: { key: 'ci_low', label: '95% CI low', format: 'pct', help: 'percentile bootstrap over the units of the row (see the notes for the resamples and seed)' },
  ci_high: { key: 'ci_high', label: '95% CI high', format: 'pct', help: 'percentile bootstrap over the units of the row (see the notes for the resamples and seed)' },
  diff_ci_low: { key: 'ci_low', label: '95% CI low', format: 'pp', help: 'paired percentile bootstrap of the difference' },
  diff_ci_high: { key: 'ci_high', label: '95% CI high', format: 'pp', help: 'paired percentile bootstrap of the difference' },
  paper: { key: 'paper', label: 'Paper %', format: 'pct', help: 'as published' },
  delta: { key: 'delta', label: 'Delta', format: 'pp', help: 'recomputed minus published, in percentage points' },
} as const satisfies Record<string, Column>;

/** A declared column with some of its properties replaced for one table (the key stays unless given). */
export function column(base: Column, changes: { key?: string; label?: string; format?: Format; help?: string }): Column {
  return { ...base, ...changes };
}
