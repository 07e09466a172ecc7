import type { AnalysisChoice } from '../../src/derive/claims/analysis-choice.js';
import { DEFAULT_JUDGE_THRESHOLD } from '../../src/domain/grade/grade-response.js';
import { globeClaims } from './claims.js';
import type { GlobeContext } from './derive/context.js';
import { contextAtThreshold } from './derive/judge-sensitivity.js';

/** The judge thresholds of the robustness grid: the default (0.80) and one step of 0.10 either side. */
const GRID_THRESHOLDS = [0.7, DEFAULT_JUDGE_THRESHOLD, 0.9];

/** Claims that read no grade (the human study against the LLM audit; the items' reach-back by operator). */
const READ_NO_GRADES = new Set(['globebench.judge-agrees-two-of-four', 'globebench.construction-entanglement']);

/**
 * GlobeBench's analysis choices for the claims' robustness grid: the judge threshold (the release's
 * judge-decided responses regraded at 0.70 and 0.90, as judge-sensitivity does; 0.80 is the
 * release's own grading), for the claims that read grades; and the cluster unit (the item's
 * operator, as declared, or its domain: the claims as globeClaims('domain') declares them), for
 * the claims clustered on the item's unit (the Mantel-Haenszel claims keep their strata). Refusals
 * are failures in every cell: the claims' per-item vectors have no missing responses, so the
 * refusal policy is shown by the refusals-as-missing tables only.
 */
export function globeChoices(_ctx: GlobeContext): AnalysisChoice<GlobeContext>[] {
  const byDomain = globeClaims('domain');
  return [
    {
      choice: 'judge threshold',
      applies: (c) => !READ_NO_GRADES.has(c.id),
      values: GRID_THRESHOLDS.map((t) => ({
        value: t.toFixed(2),
        context: (ctx: GlobeContext) => (t === DEFAULT_JUDGE_THRESHOLD ? ctx : contextAtThreshold(ctx, t).ctx),
      })),
    },
    {
      choice: 'cluster unit',
      applies: (c) => byDomain.find((d) => d.id === c.id)?.units.clustered_on === 'domain',
      values: [
        { value: 'operator', context: (ctx: GlobeContext) => ctx },
        { value: 'domain', context: (ctx: GlobeContext) => ctx, claims: byDomain },
      ],
    },
  ];
}
