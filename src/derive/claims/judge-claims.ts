import type { AnalysisChoice } from './analysis-choice.js';
import type { ClaimDeclaration, ClaimRow } from './claim.js';
import { evaluateClaims } from './evaluate-claims.js';
import { robustnessGrid, withRobust, type RobustnessCell } from './robustness-grid.js';

/**
 * A benchmark's claims judged as `reproduce` judges them (src/run/run-bench.ts), and as notebooks
 * and other programs call it: every claim's row (evaluateClaims), the robustness grid on those rows,
 * and each row's `robust` read from the grid; `choices` are the benchmark's own analysis choices
 * (`Bench.choices` of the prepared context: a judge threshold, a labeler, a cluster unit), none by
 * default. One definition, so a notebook's claims table is the
 * report's, and a reader's own declaration goes through the same steps as the paper's.
 */
export function judgeClaims<C>(
  claims: readonly ClaimDeclaration<C>[],
  ctx: C,
  opts: { seed: number; resamples: number },
  choices: readonly AnalysisChoice<C>[] = [],
): { rows: ClaimRow[]; grid: RobustnessCell[] } {
  const judged = evaluateClaims(claims, ctx, opts);
  const grid = robustnessGrid(claims, ctx, judged, opts, choices);
  return { rows: withRobust(judged, grid), grid };
}
