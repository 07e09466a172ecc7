import { holmAdjust } from '../stats/holm-adjust.js';
import type { ClaimDeclaration, ClaimRow } from './claim.js';
import { judgeEvidence } from './judge-evidence.js';
import { finiteOrNull } from './judgement.js';
import { replicationProbability } from './replication-probability.js';

/**
 * Every claim of a benchmark judged on a prepared context: each declaration's evidence (its
 * `evaluate`, reading derived cells) through judgeEvidence against its direction and threshold,
 * with random streams named for the claim (`claims:<id>`, then `:cluster`, `:item`,
 * `:replication`, ...), and `p_holm`, Holm's adjustment over the claims that have a p-value
 * (holmAdjust, as R's p.adjust). `robust` stays null here (the robustness grid fills it).
 */
export function evaluateClaims<C>(claims: readonly ClaimDeclaration<C>[], ctx: C, opts: { seed: number; resamples: number }): ClaimRow[] {
  const seen = new Set<string>();
  const rows = claims.map((c): ClaimRow => {
    if (seen.has(c.id)) throw new Error(`claim ${c.id} is declared twice`);
    seen.add(c.id);
    const side = { direction: c.direction, threshold: c.threshold };
    const stream = `claims:${c.id}`;
    const evidence = c.evaluate(ctx);
    const j = judgeEvidence(evidence, side, { seed: opts.seed, resamples: opts.resamples, stream });
    const replication = j.verdict === 'not computable' ? null : replicationProbability(evidence, side, opts.seed, `${stream}:replication`);
    return {
      claim_id: c.id,
      claim: c.claim,
      paper_ref: c.paper_ref,
      estimand: c.estimand,
      direction: c.direction,
      threshold: c.threshold,
      margin: c.margin ?? null,
      estimate: finiteOrNull(j.estimate),
      ci_low: finiteOrNull(j.ci_low),
      ci_high: finiteOrNull(j.ci_high),
      interval: j.interval,
      item_low: finiteOrNull(j.item_low),
      item_high: finiteOrNull(j.item_high),
      cr1_low: finiteOrNull(j.cr1_low),
      cr1_high: finiteOrNull(j.cr1_high),
      p_value: j.p_value,
      p_holm: null,
      verdict: j.verdict,
      verdict_item_bootstrap: j.verdict_item_bootstrap,
      verdict_clustered: j.verdict_clustered,
      mde: finiteOrNull(j.mde),
      replication_probability: replication,
      robust: null,
      units_as_claimed: j.units_as_claimed,
      units_significant: j.units_significant,
      missing: j.missing,
    };
  });
  const holm = holmAdjust(rows.map((r) => r.p_value));
  return rows.map((r, i) => ({ ...r, p_holm: finiteOrNull(holm[i]) }));
}
