import { DEFAULT_JUDGE_THRESHOLD, type Grade } from '../../../src/domain/grade/grade-response.js';
import { regradeJudgeDecided } from '../../../src/domain/grade/regrade-judge-decided.js';
import { derived, derivedBy } from '../../../src/derive/memo.js';
import type { Model } from '../../../src/format/globebench.js';
import { prepareGlobe, rate, type GlobeContext } from './context.js';
import { MH_RADIUS_OPERATOR, mhEstimate } from './mantel-haenszel.js';
import { modelOrder, passCounts } from './slices.js';

export const JUDGE_THRESHOLDS = [0.7, 0.75, 0.8, 0.85, 0.9];

/**
 * The release's grades under another terra confidence threshold: only the responses the judge
 * decided are regraded (regradeJudgeDecided); responses with no sol record where the new threshold
 * needs one keep terra's verdict and are counted as `fallbacks`.
 */
export function regradeAtThreshold(ctx: GlobeContext, threshold: number): { grades: Grade[]; fallbacks: number } {
  const { grades, fallbacks } = regradeJudgeDecided(ctx.release, ctx.grades, { threshold });
  return { grades, fallbacks };
}

/**
 * The context at another judge threshold (the release's grades regraded, regradeAtThreshold), with
 * its fallbacks: built once per threshold, for judge-sensitivity and the claims' robustness grid.
 */
export const contextAtThreshold = derivedBy(
  (ctx: GlobeContext, threshold: number): { ctx: GlobeContext; fallbacks: number } => {
    const { grades, fallbacks } = regradeAtThreshold(ctx, threshold);
    return { ctx: prepareGlobe(ctx.release, ctx.opts, grades), fallbacks };
  },
  (t) => String(t),
);

/** The headline numbers at one judge threshold. */
export type ThresholdRow = {
  threshold: number;
  judged: number;
  decided_by_sol: number;
  fallbacks: number;
  /** pass/fail different from the grading at the default threshold */
  verdicts_changed: number;
  changed_share: number;
  pooled_success: number | null;
  first_success: number;
  second_success: number | null;
  l0_success: number | null;
  l3_success: number | null;
  rb_short_success: number | null;
  rb_long_success: number | null;
  mh_radius_operator: number;
};

export interface JudgeSensitivity {
  /** the two best models at the default threshold (modelOrder), whose success each row follows */
  first: Model;
  second: Model | undefined;
  rows: ThresholdRow[];
}

/**
 * Every headline number under judge thresholds 0.70 to 0.90 (JUDGE_THRESHOLDS), and the share of
 * verdicts that change; at the default threshold the release's own grades and cells. Beyond the paper.
 */
export const judgeSensitivity = derived((ctx: GlobeContext): JudgeSensitivity => {
  const base = ctx.grades;
  const judgedBase = base.filter((g) => g.decided_by !== 'deterministic').length;
  const [first, second] = modelOrder(ctx);
  const items = ctx.release.items;
  const rows = JUDGE_THRESHOLDS.map((t): ThresholdRow => {
    const { ctx: c, fallbacks } = t === DEFAULT_JUDGE_THRESHOLD ? { ctx, fallbacks: 0 } : contextAtThreshold(ctx, t);
    const grades = c.grades;
    const counts = passCounts(c);
    let changed = 0;
    grades.forEach((g, i) => {
      if (g.pass !== base[i].pass) changed++;
    });
    const meanOver = (keep: (i: number) => boolean) => {
      let s = 0,
        n = 0;
      items.forEach((_, i) => {
        if (!keep(i)) return;
        s += counts[i];
        n += ctx.models.length;
      });
      return n ? s / n : null;
    };
    return {
      threshold: t,
      judged: grades.filter((g) => g.decided_by !== 'deterministic').length,
      decided_by_sol: grades.filter((g) => g.decided_by === 'sol').length,
      fallbacks,
      verdicts_changed: changed,
      changed_share: judgedBase ? changed / judgedBase : 0,
      pooled_success: meanOver(() => true),
      first_success: rate(c.pass.get(first.model_id)!),
      second_success: second ? rate(c.pass.get(second.model_id)!) : null,
      l0_success: meanOver((i) => items[i].impact_radius === 'L0'),
      l3_success: meanOver((i) => items[i].impact_radius === 'L3'),
      rb_short_success: meanOver((i) => items[i].reach_back !== null && items[i].reach_back! <= 40),
      rb_long_success: meanOver((i) => items[i].reach_back !== null && items[i].reach_back! > 40),
      // at the default threshold this is mh-radius-operator's own cell
      mh_radius_operator: mhEstimate(c, MH_RADIUS_OPERATOR).mh.rd,
    };
  });
  return { first, second, rows };
});
