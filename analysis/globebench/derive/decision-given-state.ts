import { compareRatesDescending } from '../../../src/derive/stats/compare-fractions.js';
import { derived } from '../../../src/derive/memo.js';
import type { GlobeContext } from './context.js';
import { FAILURE_CODES, NO_RESPONSE, responseColumns } from './responses.js';

/** The error-handling failure types: the model decided wrongly whether the action errors. */
const DECISION_FAILURES = new Set(['under_error', 'over_error', 'error_class']);

/** One model's error decisions among its responses whose state is right. */
export type DecisionRow = {
  model: string;
  model_id: string;
  /** answered responses with every decided field matching (full field credit) */
  state_right: number;
  /** of those, the ones that pass */
  decision_right: number;
  /** of those, the ones failed at the error step (under_error, over_error, error_class) */
  decision_wrong: number;
  share: number | null;
};

export interface DecisionGivenState {
  /** by share of decisions right (exact fractions), best first, ties by name */
  rows: DecisionRow[];
  /** operators that build at least one error item */
  errorOperators: number;
  /** items of those operators without a decided field (text fields only), outside the analysis */
  textOnlyItems: number;
}

/**
 * Decision given a correct state: on the items of operators that build error items (where the
 * model must decide whether the final action errors) with at least one decided field, among
 * answered responses whose state is right (docs/release-format.md's "state right": answered, at
 * least one decided field, every decided field matching, whichever grading step failed it), the
 * share that pass (the decision is right).
 */
export const decisionGivenState = derived((ctx: GlobeContext): DecisionGivenState => {
  const items = ctx.release.items;
  const errorOps = new Set(items.filter((it) => it.outcome === 'error').map((it) => it.operator));
  const inOps = items.filter((it) => errorOps.has(it.operator));
  const textOnly = inOps.filter((it) => it.fields.every((f) => f.kind === 'text')).length;
  const cols = responseColumns(ctx);
  const inErrorOps = items.flatMap((it, i) => (errorOps.has(it.operator) ? [i] : []));
  const decisionCodes = new Set([...DECISION_FAILURES].map((f) => FAILURE_CODES.indexOf(f as (typeof FAILURE_CODES)[number])));
  const rows = ctx.models.map((m, k): DecisionRow => {
    let stateRightN = 0,
      decisionRight = 0,
      errorStepFails = 0;
    for (const i of inErrorOps) {
      const r = k * cols.items + i;
      // the state is right: answered, at least one decided field, every one matching
      if (!cols.present[r] || cols.failure[r] === NO_RESPONSE || cols.fields_decided[r] === 0 || cols.fields_matched[r] !== cols.fields_decided[r]) continue;
      stateRightN++;
      if (cols.pass[r]) decisionRight++;
      else if (decisionCodes.has(cols.failure[r])) errorStepFails++;
    }
    return {
      model: m.name,
      model_id: m.model_id,
      state_right: stateRightN,
      decision_right: decisionRight,
      decision_wrong: errorStepFails,
      share: stateRightN ? decisionRight / stateRightN : null,
    };
  });
  rows.sort((a, b) => compareRatesDescending(a.decision_right, a.state_right, b.decision_right, b.state_right) || a.model.localeCompare(b.model));
  return { rows, errorOperators: errorOps.size, textOnlyItems: textOnly };
});
