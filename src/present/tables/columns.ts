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
 * The columns of a leaderboard's ranks and multiplicity (the rank columns of a ranked table and its
 * `pairwise` table), declared once for the three benchmarks: what the bootstrap resamples (operators
 * and items, tasks and runs, tasks) is said in each table's notes.
 */
export const RANK_COLUMNS = {
  rank_low: {
    key: 'rank_low',
    label: 'Rank 2.5%',
    format: 'num',
    help: "2.5 percentile of the row's min-rank over the cluster bootstrap (marginal; need not contain the point rank)",
  },
  rank_high: { key: 'rank_high', label: 'Rank 97.5%', format: 'num', help: "97.5 percentile of the row's min-rank over the cluster bootstrap" },
  in_leader_group: {
    key: 'in_leader_group',
    label: "In leader's group",
    format: 'bool',
    help: 'the leader, or its exact McNemar p against the leader, Holm-adjusted over the k - 1 comparisons with the leader, is >= 0.05',
  },
  a_id: { key: 'a_id', label: 'A id' },
  b_id: { key: 'b_id', label: 'B id' },
  a: { key: 'a', label: 'A' },
  b: { key: 'b', label: 'B' },
  diff: { key: 'diff', label: 'A - B (pp)', format: 'pp', help: 'paired difference of the scores the leaderboard ranks by, over the shared units' },
  ci_low: {
    key: 'ci_low',
    label: '95% CI low',
    format: 'pp',
    help: "paired percentile interval over the leaderboard's two-stage cluster bootstrap (the one its rank intervals use)",
  },
  ci_high: {
    key: 'ci_high',
    label: '95% CI high',
    format: 'pp',
    help: "paired percentile interval over the leaderboard's two-stage cluster bootstrap (the one its rank intervals use)",
  },
  a_only: { key: 'a_only', label: 'A only', format: 'int', help: 'pairing units A passes and B fails' },
  b_only: { key: 'b_only', label: 'B only', format: 'int', help: 'pairing units B passes and A fails' },
  mcnemar_p: { key: 'mcnemar_p', label: 'McNemar exact p', format: 'p', help: 'exact McNemar test on the discordant pairing units' },
  p_holm: { key: 'p_holm', label: 'p (Holm)', format: 'p', help: "Holm-adjusted over every pair of the leaderboard (R's p.adjust)" },
  p_bh: { key: 'p_bh', label: 'p (BH)', format: 'p', help: "Benjamini-Hochberg-adjusted over every pair of the leaderboard (R's p.adjust)" },
} as const satisfies Record<string, Column>;

/** The columns of a pairwise table, after the leaderboard's own (tier, benchmark, names): one pair a row. */
export const PAIRWISE_COLUMNS = [
  RANK_COLUMNS.a_id,
  RANK_COLUMNS.b_id,
  RANK_COLUMNS.diff,
  RANK_COLUMNS.ci_low,
  RANK_COLUMNS.ci_high,
  RANK_COLUMNS.a_only,
  RANK_COLUMNS.b_only,
  RANK_COLUMNS.mcnemar_p,
  RANK_COLUMNS.p_holm,
  RANK_COLUMNS.p_bh,
] as const;

/**
 * A declared column under another label (or key) in one table, or with the records its cells count
 * declared: the same column, so its format and help stay those of its declaration.
 */
export function column(base: Column, changes: { key?: string; label?: string; count?: Column['count'] }): Column {
  return { ...base, ...changes };
}
