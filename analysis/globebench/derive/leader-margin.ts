import { median } from '../../../src/derive/stats/median.js';
import { derivedBy } from '../../../src/derive/memo.js';
import type { Item } from '../../../src/format/globebench.js';
import type { GlobeContext } from './context.js';
import { modelRateAt } from './slices.js';

/** An L3 "long audit": impact radius L3 and reach-back over 40 turns. */
export const isLongAudit = (it: Pick<Item, 'impact_radius' | 'reach_back'>) => it.impact_radius === 'L3' && it.reach_back !== null && it.reach_back > 40;

/** Where a leader's margin over a runner-up comes from, on the same items. */
export interface LeaderMargin {
  /** L3 long-audit items (L3, reach-back > 40) */
  longAudits: number;
  leaderOnly: number;
  runnerUpOnly: number;
  /** leader-only minus runner-up-only items (the paper's "350 items") */
  net: number;
  /** of the leader-only items, the L3 long audits */
  leaderOnlyLongAudits: number;
  /** the leader's success on the long audits, and the median of every other model's */
  leaderLongSuccess: number;
  otherModels: number;
  medianOthersLongSuccess: number;
}

/**
 * Of the items the leader solves and the runner-up misses, how many are L3 long audits; and each
 * model's success on the long audits, the leader against the median of the rest. Leader and
 * runner-up by model_id (the same model twice: zero items either side).
 */
export const leaderMargin = derivedBy(
  (ctx: GlobeContext, { leader, runnerUp }: { leader: string; runnerUp: string }): LeaderMargin => {
    const items = ctx.release.items;
    const all = items.map((_, i) => i);
    const long = all.filter((i) => isLongAudit(items[i]));
    const a = ctx.pass.get(leader)!,
      b = ctx.pass.get(runnerUp)!;
    const aOnly = all.filter((i) => a[i] && !b[i]);
    const bOnly = all.filter((i) => b[i] && !a[i]);
    const others = ctx.models.filter((m) => m.model_id !== leader).map((m) => modelRateAt(ctx, m.model_id, long));
    return {
      longAudits: long.length,
      leaderOnly: aOnly.length,
      runnerUpOnly: bOnly.length,
      net: aOnly.length - bOnly.length,
      leaderOnlyLongAudits: aOnly.filter((i) => isLongAudit(items[i])).length,
      leaderLongSuccess: modelRateAt(ctx, leader, long),
      otherModels: others.length,
      medianOthersLongSuccess: median(others),
    };
  },
  ({ leader, runnerUp }) => JSON.stringify([leader, runnerUp]),
);
