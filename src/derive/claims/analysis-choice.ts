import type { ClaimDeclaration } from './claim.js';

/**
 * One value of an analysis choice (a judge threshold of 0.70, refusals as missing, one labeler):
 * the context the claims read under it, rebuilt from the run's own, and the claims as declared
 * under it where the declarations themselves change (another cluster unit).
 */
interface ChoiceValue<C> {
  /** as the grid shows it: '0.70', 'missing', 'majority', 'domain' */
  value: string;
  /** the context under this value (the run's own context where the value is the run's) */
  context: (ctx: C) => C;
  /** the claims under this value, matched to the benchmark's by id; the benchmark's own when absent */
  claims?: readonly ClaimDeclaration<C>[];
}

/**
 * An analysis choice a benchmark exposes to the robustness grid (README, "Does the paper hold?"),
 * declared in `analysis/<bench>/choices.ts`: its name and every value, the run's own included.
 * The grid judges each claim under each value, one choice at a time, with CR1 (choiceJudgement).
 */
export interface AnalysisChoice<C> {
  /** 'judge threshold', 'refusal policy', 'labeler', 'cluster unit' */
  choice: string;
  values: readonly ChoiceValue<C>[];
  /**
   * the claims whose data the choice can change (a judge threshold: the claims that read grades);
   * every claim when absent. A claim it does not apply to has no cells for it, so its `robust` is
   * not weighted by copies of its CR1 verdict.
   */
  applies?: (claim: ClaimDeclaration<C>) => boolean;
}
