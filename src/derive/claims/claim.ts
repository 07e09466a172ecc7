/**
 * The claims contract: a paper's conclusion declared once, as data plus an evaluator that reads
 * derived cells only. The evaluator returns raw per-unit evidence; the claims engine
 * (`src/derive/claims/`) computes every estimate, interval, p-value and verdict from it, so the
 * declarations of the three benchmarks share one set of rules (README, "Does the paper hold?").
 */
import type { Rng } from '../stats/rng.js';

/** What the claim estimates; decides which rule of the engine judges it. */
export type Estimand =
  | 'difference'
  | 'paired-difference'
  | 'stratified-difference'
  | 'share'
  | 'count'
  | 'rank'
  | 'zero-rates'
  | 'non-inferiority'
  | 'every-unit'
  | 'value';

/** The claimed sign of (estimate - threshold). */
export type Direction = 'greater' | 'less';

/** The units a claim's data are paired or clustered on ("task", "operator"); absent when independent. */
export interface ClaimUnits {
  paired_on?: string;
  clustered_on?: string;
}

export interface ClaimDeclaration<Ctx> {
  /** e.g. 'cubebench.gpt5-best-basic': an id of the claims section of docs/papers.md */
  id: string;
  /** the claim in plain English */
  claim: string;
  /** where in the paper ("Table 2", "Section 4.1, Figure 3") */
  paper_ref: string;
  estimand: Estimand;
  direction: Direction;
  /** the null or the stated threshold: 0 for a difference, 0.5 for "most", -0.03 for non-inferiority */
  threshold: number;
  units: ClaimUnits;
  /** the test in plain words: "two-stage cluster bootstrap over operators; CR1" */
  test: string;
  /** non-inferiority margin in the estimate's units (0.03 = 3 percentage points); shown in the table */
  margin?: number;
  /** reads derived cells (analysis/<bench>/derive); never the paper's numbers */
  evaluate(ctx: Ctx): Evidence;
}

/** Rates of a few cells claimed to be 0 (one episode count per cell). */
export interface ZeroRateCell {
  label: string;
  count: number;
  n: number;
}

/** One stratum of a stratified difference: binary (0/1) outcomes of the two groups. */
export interface Stratum {
  stratum: string;
  a: number[];
  b: number[];
}

/** One unit of an every-unit claim ("every model drops"): its own evidence, judged by the same rules. */
export interface EveryUnitPart {
  label: string;
  evidence: Evidence;
}

/**
 * What an evaluator returns: raw per-unit data. `cluster` arrays run parallel to the values
 * (cluster of each value); null when the values are independent. `small_counts` marks a binary
 * rate of a small cell (a CubeBench cell of 20 tasks): its headline interval is then Wilson (a share)
 * rather than a bootstrap.
 */
export type Evidence =
  /** a share or rate (or any mean) against the threshold */
  | { kind: 'mean'; y: number[]; cluster: string[] | null; small_counts?: boolean }
  /** a_i - b_i on the same units (a and b parallel) */
  | { kind: 'paired-difference'; a: number[]; b: number[]; cluster: string[] | null }
  /** mean(a) - mean(b), unpaired */
  | { kind: 'difference'; a: number[]; b: number[]; cluster_a: string[] | null; cluster_b: string[] | null }
  /** Mantel-Haenszel risk difference of a over b across strata (binary outcomes) */
  | { kind: 'stratified-difference'; strata: Stratum[] }
  /** every cell's count claimed to be 0 */
  | { kind: 'zero-rates'; cells: ZeroRateCell[] }
  /** a count the release fixes: holds when recomputed equal; only `share` (if any) gets an interval */
  | { kind: 'count'; recomputed: number; expected: number; share?: Evidence }
  /** intersection-union over units: holds only if every unit holds */
  | { kind: 'every-unit'; units: EveryUnitPart[] }
  /**
   * the rank of a named model on a leaderboard: `scores` per model (one row per unit, parallel to
   * `cluster`), `model` the one claimed; the estimate is its point rank (1 = best), judged against
   * the threshold by the rank interval over the cluster bootstrap
   */
  | { kind: 'rank'; model: string; scores: { model: string; y: number[] }[]; cluster: string[] | null }
  /** a descriptive value (eta^2 ...); `resample` draws it once under resampling for an interval */
  | { kind: 'value'; estimate: number; resample?: (rng: Rng) => number }
  /** names the missing file or field */
  | { kind: 'not-computable'; missing: string };

export const VERDICTS = ['holds', 'same direction, not significant', 'opposite direction, not significant', 'contradicted', 'not computable'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** One row of the claims table (`OUT/<bench>/claims.*`). */
export interface ClaimRow {
  claim_id: string;
  claim: string;
  paper_ref: string;
  estimand: Estimand;
  direction: Direction;
  threshold: number;
  margin: number | null;
  estimate: number | null;
  ci_low: number | null;
  ci_high: number | null;
  /** how the headline interval was made ("cluster bootstrap", "bootstrap", "Wilson", "exact", ...) */
  interval: string;
  /** the item bootstrap's interval and the CR1 t interval, beside the headline one (the forest plot shows all three) */
  item_low: number | null;
  item_high: number | null;
  cr1_low: number | null;
  cr1_high: number | null;
  p_value: number | null;
  p_holm: number | null;
  verdict: Verdict;
  verdict_item_bootstrap: Verdict;
  verdict_clustered: Verdict;
  mde: number | null;
  replication_probability: number | null;
  /** share of the robustness grid's cells that apply whose verdict equals the headline; null without a grid */
  robust: number | null;
  /** every-unit claims: units whose estimate is on the claimed side, and those significantly so */
  units_as_claimed: number | null;
  units_significant: number | null;
  /** not computable: the missing file or field */
  missing: string | null;
}
