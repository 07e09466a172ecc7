import { episodeKey } from '../../../src/format/pawm.js';
import { derived } from '../../../src/derive/memo.js';
import { BENCHMARKS, type PawmContext } from './context.js';
import { stepLabels } from './labels.js';
import { isChanged } from './metrics.js';

/** The 2x2 counts of labelled guidance: changed / unchanged x pitfall / not. */
export interface SemanticCounts {
  changed_pitfall_n: number;
  changed_other_n: number;
  unchanged_pitfall_n: number;
  unchanged_other_n: number;
}

/**
 * Counts the labelled guided steps of the release (guidance_labels.jsonl), per benchmark and
 * pooled, one label per step as stepLabels chooses it (the only labeler, --labeler, or the majority).
 */
export const semanticCounts = derived((ctx: PawmContext): Record<'pooled' | (typeof BENCHMARKS)[number], SemanticCounts> => {
  const zero = (): SemanticCounts => ({ changed_pitfall_n: 0, changed_other_n: 0, unchanged_pitfall_n: 0, unchanged_other_n: 0 });
  const out = { pooled: zero(), scienceworld: zero(), webarena_lite: zero() };
  for (const { label: l, pitfall } of stepLabels(ctx).byStep.values()) {
    const s = ctx.release.stepsByEpisode.get(episodeKey(l))![l.step - 1];
    const k = `${isChanged(s) ? 'changed' : 'unchanged'}_${pitfall ? 'pitfall' : 'other'}_n` as keyof SemanticCounts;
    out.pooled[k]++;
    out[l.benchmark][k]++;
  }
  return out;
});
