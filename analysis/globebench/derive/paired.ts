import { mcnemarExact } from '../../../src/derive/stats/mcnemar-exact.js';
import { pairedBootstrapDiffCI } from '../../../src/derive/stats/paired-bootstrap-diff-ci.js';
import { derivedBy } from '../../../src/derive/memo.js';
import type { GlobeContext } from './context.js';

/** Two models on the same items. */
export type PairComparison = {
  a: string;
  b: string;
  a_id: string;
  b_id: string;
  /** success of A minus success of B, with its paired percentile bootstrap CI over items */
  diff: number;
  ci_low: number;
  ci_high: number;
  items_a_only: number;
  items_b_only: number;
  /** exact McNemar test on the discordant items */
  mcnemar_p: number;
};

const pairCell = derivedBy(
  (ctx: GlobeContext, { a: aId, b: bId }: { a: string; b: string }): PairComparison => {
    const a = ctx.pass.get(aId)!,
      b = ctx.pass.get(bId)!;
    let aOnly = 0,
      bOnly = 0;
    for (let i = 0; i < a.length; i++) {
      if (a[i] && !b[i]) aOnly++;
      else if (b[i] && !a[i]) bOnly++;
    }
    const ci = pairedBootstrapDiffCI(a, b, { resamples: ctx.opts.resamples, seed: ctx.opts.seed, stream: `table01-paired:a=${aId}:b=${bId}` });
    const name = (id: string) => ctx.models.find((m) => m.model_id === id)!.name;
    return {
      a: name(aId),
      b: name(bId),
      a_id: aId,
      b_id: bId,
      diff: ci.estimate,
      ci_low: ci.low,
      ci_high: ci.high,
      items_a_only: aOnly,
      items_b_only: bOnly,
      mcnemar_p: mcnemarExact(aOnly, bOnly),
    };
  },
  ({ a, b }) => JSON.stringify([a, b]),
);

/**
 * Paired comparison of two models (by model_id) on the same items: the success difference with a
 * paired percentile bootstrap CI over items (stream `table01-paired:a=..:b=..`), the discordant
 * items, and an exact McNemar test on them. One cell per ordered pair.
 */
export function comparePair(ctx: GlobeContext, aId: string, bId: string): PairComparison {
  return pairCell(ctx, { a: aId, b: bId });
}
