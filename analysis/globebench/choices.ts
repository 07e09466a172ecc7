import type { AnalysisChoice } from '../../src/derive/claims/analysis-choice.js';
import { DEFAULT_JUDGE_THRESHOLD } from '../../src/domain/grade/grade-response.js';
import { globeClaims } from './claims.js';
import type { GlobeContext } from './derive/context.js';
import { contextAtThreshold } from './derive/judge-sensitivity.js';
import { refusalsMissingContext } from './derive/refusals.js';

/** The judge thresholds of the robustness grid: the default (0.80) and one step of 0.10 either side. */
const GRID_THRESHOLDS = [0.7, DEFAULT_JUDGE_THRESHOLD, 0.9];

/** Claims that read no grade (the human study against the LLM audit; the items' reach-back by operator). */
const READ_NO_GRADES = new Set(['globebench.judge-agrees-two-of-four', 'globebench.construction-entanglement']);

/**
 * GlobeBench's analysis choices for the claims' robustness grid:
 * - the judge threshold, for the claims that read grades: the release's judge-decided responses
 *   regraded at 0.70 and 0.90 (contextAtThreshold, as judge-sensitivity does); 0.80 is the release's
 *   own grading;
 * - the refusal policy, for the same claims: refusals (response status `refusal`) count as failures,
 *   as the paper counts them, or as missing (refusalsMissingContext: each model judged over the items
 *   it did not refuse, as the refusals-as-missing table does); a release with no refusal has no
 *   cells for it, since both policies give the same data;
 * - the cluster unit, for the claims clustered on the item's unit: the operator, as declared, or
 *   the domain (the claims as globeClaims('domain') declares them); the Mantel-Haenszel claims keep
 *   their strata.
 */
export function globeChoices(ctx: GlobeContext): AnalysisChoice<GlobeContext>[] {
  const byDomain = globeClaims('domain');
  const readsGrades = (c: { id: string }) => !READ_NO_GRADES.has(c.id);
  const refusals: AnalysisChoice<GlobeContext>[] =
    refusalsMissingContext(ctx) === null
      ? []
      : [
          {
            choice: 'refusal policy',
            applies: readsGrades,
            values: [
              { value: 'failures', context: (c: GlobeContext) => c },
              { value: 'missing', context: (c: GlobeContext) => refusalsMissingContext(c) ?? c },
            ],
          },
        ];
  return [
    {
      choice: 'judge threshold',
      applies: readsGrades,
      values: GRID_THRESHOLDS.map((t) => ({
        value: t.toFixed(2),
        context: (c: GlobeContext) => (t === DEFAULT_JUDGE_THRESHOLD ? c : contextAtThreshold(c, t).ctx),
      })),
    },
    ...refusals,
    {
      choice: 'cluster unit',
      applies: (c) => byDomain.find((d) => d.id === c.id)?.units.clustered_on === 'domain',
      values: [
        { value: 'operator', context: (c: GlobeContext) => c },
        { value: 'domain', context: (c: GlobeContext) => c, claims: byDomain },
      ],
    },
  ];
}
