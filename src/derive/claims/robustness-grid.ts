import type { AnalysisChoice } from './analysis-choice.js';
import type { ClaimDeclaration, ClaimRow, Verdict } from './claim.js';
import { choiceJudgement } from './choice-judgement.js';
import { judgeEvidence } from './judge-evidence.js';
import { finiteOrNull } from './judgement.js';

/** One cell of the robustness grid: a claim's estimate, interval and verdict under one analysis choice. */
export interface RobustnessCell {
  claim_id: string;
  choice: string;
  value: string;
  estimate: number | null;
  ci_low: number | null;
  ci_high: number | null;
  verdict: Verdict;
}

/**
 * Each claim's verdict under the analysis choices the workbench exposes for it, one at a time, in
 * long form: the interval method (the headline interval, the item bootstrap and CR1, read off the
 * claim's row, so they cost nothing more; a claim with one kind of interval has the headline cell
 * only), the seed (S, S+1, S+2: the headline interval drawn again from the same streams of
 * another seed, since CR1, used for the other choices, does not depend on the seed), then the
 * benchmark's own choices (`choices`: a judge threshold, a refusal policy, a labeler, a cluster
 * unit) that apply to the claim, each value's claims evaluated on its context and judged by CR1 (choiceJudgement), so no
 * cell draws a bootstrap. A rank or a resampled value has no CR1 form and no cells for those
 * choices; a claim not computable on the release has the headline cell only. Each value's context
 * is built once, when the first claim asks for it.
 */
export function robustnessGrid<C>(
  claims: readonly ClaimDeclaration<C>[],
  ctx: C,
  rows: readonly ClaimRow[],
  opts: { seed: number; resamples: number },
  choices: readonly AnalysisChoice<C>[] = [],
): RobustnessCell[] {
  const out: RobustnessCell[] = [];
  const contexts = new Map<object, C>();
  const contextOf = (v: AnalysisChoice<C>['values'][number]): C => {
    let c = contexts.get(v);
    if (c === undefined) contexts.set(v, (c = v.context(ctx)));
    return c;
  };
  claims.forEach((c, i) => {
    const r = rows[i];
    const cell = (choice: string, value: string, estimate: number | null, low: number | null, high: number | null, verdict: Verdict) =>
      out.push({ claim_id: c.id, choice, value, estimate, ci_low: low, ci_high: high, verdict });
    cell('interval', `headline: ${r.interval}`, r.estimate, r.ci_low, r.ci_high, r.verdict);
    if (r.item_low !== null && r.item_high !== null) cell('interval', 'item bootstrap', r.estimate, r.item_low, r.item_high, r.verdict_item_bootstrap);
    if (r.cr1_low !== null && r.cr1_high !== null) cell('interval', 'CR1', r.estimate, r.cr1_low, r.cr1_high, r.verdict_clustered);
    if (r.verdict === 'not computable') return;
    const evidence = c.evaluate(ctx);
    const side = { direction: c.direction, threshold: c.threshold };
    for (const k of [0, 1, 2]) {
      const seed = opts.seed + k;
      const j = k === 0 ? null : judgeEvidence(evidence, side, { seed, resamples: opts.resamples, stream: `claims:${c.id}`, headlineOnly: true });
      if (j === null) cell('seed', `S = ${seed}`, r.estimate, r.ci_low, r.ci_high, r.verdict);
      else cell('seed', k === 1 ? `S+1 = ${seed}` : `S+2 = ${seed}`, finiteOrNull(j.estimate), finiteOrNull(j.ci_low), finiteOrNull(j.ci_high), j.verdict);
    }
    if (choiceJudgement(evidence, side) === null) return;
    for (const choice of choices) {
      if (choice.applies && !choice.applies(c)) continue;
      for (const v of choice.values) {
        const declared = v.claims?.find((d) => d.id === c.id) ?? c;
        const j = choiceJudgement(declared.evaluate(contextOf(v)), { direction: declared.direction, threshold: declared.threshold });
        if (j !== null) cell(choice.choice, v.value, j.estimate, j.ci_low, j.ci_high, j.verdict);
      }
    }
  });
  return out;
}

/** The rows with `robust`: the share of the claim's grid cells whose verdict equals its headline verdict. */
export function withRobust(rows: readonly ClaimRow[], grid: readonly RobustnessCell[]): ClaimRow[] {
  return rows.map((r) => {
    const cells = grid.filter((g) => g.claim_id === r.claim_id);
    return { ...r, robust: cells.length ? cells.filter((g) => g.verdict === r.verdict).length / cells.length : null };
  });
}
