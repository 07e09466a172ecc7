import type { Grade } from '../../../src/domain/grade/grade-response.js';
import { DEFAULT_JUDGE_THRESHOLD } from '../../../src/domain/grade/grade-response.js';
import { regradeJudgeDecided } from '../../../src/domain/grade/regrade-judge-decided.js';
import { mantelHaenszelRD } from '../../../src/derive/stats/mantel-haenszel-rd.js';
import type { Table } from '../../../src/present/tables/table.js';
import { prepareGlobe, rate, type GlobeContext } from '../derive/context.js';
import { MH_SPECS, strataCounts } from './mantel-haenszel.js';
import { modelOrder, passCounts } from '../derive/slices.js';

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

/** Every headline number under judge thresholds 0.70 to 0.90, and the share of verdicts that change. Beyond the paper. */
export function judgeSensitivityTable(ctx: GlobeContext): Table {
  const base = ctx.grades;
  const judgedBase = base.filter((g) => g.decided_by !== 'deterministic').length;
  const [first, second] = modelOrder(ctx);
  const items = ctx.release.items;
  const rows = JUDGE_THRESHOLDS.map((t) => {
    const { grades, fallbacks } = t === DEFAULT_JUDGE_THRESHOLD ? { grades: base, fallbacks: 0 } : regradeAtThreshold(ctx, t);
    const c = t === DEFAULT_JUDGE_THRESHOLD ? ctx : prepareGlobe(ctx.release, ctx.opts, grades);
    const counts = passCounts(c);
    let changed = 0;
    grades.forEach((g, i) => {
      if (g.pass !== base[i].pass) changed++;
    });
    const meanOver = (keep: (i: number) => boolean) => {
      let s = 0, n = 0;
      items.forEach((_, i) => {
        if (!keep(i)) return;
        s += counts[i];
        n += ctx.models.length;
      });
      return n ? s / n : null;
    };
    const mh = mantelHaenszelRD(strataCounts(c, MH_SPECS[0]));
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
      mh_radius_operator: mh.rd,
    };
  });
  return {
    id: 'judge-sensitivity',
    title: 'Judge sensitivity: headline numbers under terra confidence thresholds 0.70-0.90',
    source: 'beyond the paper (the paper fixes the threshold at 0.80)',
    columns: [
      { key: 'threshold', label: 'Threshold', format: 'num' },
      { key: 'judged', label: 'Judged responses', format: 'int' },
      { key: 'decided_by_sol', label: 'Decided by sol', format: 'int' },
      { key: 'fallbacks', label: 'No sol record (terra kept)', format: 'int' },
      { key: 'verdicts_changed', label: 'Verdicts changed', format: 'int', help: 'pass/fail different from the 0.80 grading' },
      { key: 'changed_share', label: 'Changed % of judged', format: 'pct' },
      { key: 'pooled_success', label: 'Pooled success %', format: 'pct' },
      { key: 'first_success', label: `${first.name} %`, format: 'pct' },
      { key: 'second_success', label: `${second?.name ?? '-'} %`, format: 'pct' },
      { key: 'l0_success', label: 'L0 %', format: 'pct' },
      { key: 'l3_success', label: 'L3 %', format: 'pct' },
      { key: 'rb_short_success', label: 'Reach-back <= 40 %', format: 'pct' },
      { key: 'rb_long_success', label: 'Reach-back > 40 %', format: 'pct' },
      { key: 'mh_radius_operator', label: 'MH radius within operator (pp)', format: 'pp' },
    ],
    rows,
    notes: ['Only responses that reach the judge (grading step 6) can change. Above 0.80 the release may hold no sol record for a response whose terra confidence is between 0.80 and the threshold; those keep terra\'s verdict and are counted.'],
  };
}
