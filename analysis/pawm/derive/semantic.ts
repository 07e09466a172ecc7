import { episodeKey } from '../../../src/format/pawm.js';
import { chiSquare2x2 } from '../../../src/derive/stats/chi-square-2x2.js';
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

/** One scope of the semantic analysis: the shares of pitfall guidance and the chi-square test of the 2x2 counts. */
export interface SemanticTest extends SemanticCounts {
  changed_n: number;
  unchanged_n: number;
  /** pitfall share of CHANGED / UNCHANGED guidance; null without such guidance */
  changed_pitfall: number | null;
  unchanged_pitfall: number | null;
  /** Pearson's chi-square (1 df) without and with Yates' correction, and their p-values; null where undefined */
  chi2: number | null;
  chi2_yates: number | null;
  p: number | null;
  p_yates: number | null;
}

export const SEMANTIC_SCOPES = ['pooled', ...BENCHMARKS] as const;

/** How the p-values are computed, said beside the computation (the semantic table quotes it). */
export const P_VALUE_METHOD = 'χ² p-values from the chi-square(1) survival function Q(1/2, x/2) (src/derive/stats/chi-square-sf.ts).';

/**
 * The semantic analysis of each scope (pooled, then each benchmark), once per context: Pearson's
 * chi-square test of independence of CHANGED x pitfall (src/derive/stats/chi-square-2x2.ts, p from
 * the chi-square(1) survival function).
 */
export const semanticTests = derived((ctx: PawmContext): Record<(typeof SEMANTIC_SCOPES)[number], SemanticTest> => {
  const counts = semanticCounts(ctx);
  const test = (c: SemanticCounts): SemanticTest => {
    const changed = c.changed_pitfall_n + c.changed_other_n;
    const unchanged = c.unchanged_pitfall_n + c.unchanged_other_n;
    const t = chiSquare2x2([
      [c.changed_pitfall_n, c.changed_other_n],
      [c.unchanged_pitfall_n, c.unchanged_other_n],
    ]);
    const rate = (a: number, n: number): number | null => (n ? a / n : null);
    const fin = (x: number): number | null => (Number.isFinite(x) ? x : null);
    return {
      ...c,
      changed_n: changed,
      unchanged_n: unchanged,
      changed_pitfall: rate(c.changed_pitfall_n, changed),
      unchanged_pitfall: rate(c.unchanged_pitfall_n, unchanged),
      chi2: fin(t.chi2),
      chi2_yates: fin(t.chi2Yates),
      p: fin(t.p),
      p_yates: fin(t.pYates),
    };
  };
  return { pooled: test(counts.pooled), scienceworld: test(counts.scienceworld), webarena_lite: test(counts.webarena_lite) };
});
