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

/** One model's responses whose state is right: the item of each, 1 when it passes (the decision is right), and the failures at the error step. */
interface StateRightResponses {
  item: number[];
  right: number[];
  errorStepFails: number;
}

const DECISION_CODES = new Set([...DECISION_FAILURES].map((f) => FAILURE_CODES.indexOf(f as (typeof FAILURE_CODES)[number])));

/** The operators that build at least one error item. */
const errorOperators = derived((ctx: GlobeContext): Set<string> => new Set(ctx.release.items.filter((it) => it.outcome === 'error').map((it) => it.operator)));

/**
 * Per model (ctx.models order), its responses whose state is right on the items of the operators
 * that build error items: answered, at least one decided field, every decided field matching
 * (docs/release-format.md's "state right"), whichever grading step failed it.
 */
export const decisionGivenStateResponses = derived((ctx: GlobeContext): StateRightResponses[] => {
  const errorOps = errorOperators(ctx);
  const cols = responseColumns(ctx);
  const inErrorOps = ctx.release.items.flatMap((it, i) => (errorOps.has(it.operator) ? [i] : []));
  return ctx.models.map((_, k) => {
    const out: StateRightResponses = { item: [], right: [], errorStepFails: 0 };
    for (const i of inErrorOps) {
      const r = k * cols.items + i;
      if (!cols.present[r] || cols.failure[r] === NO_RESPONSE || cols.fields_decided[r] === 0 || cols.fields_matched[r] !== cols.fields_decided[r]) continue;
      out.item.push(i);
      out.right.push(cols.pass[r] ? 1 : 0);
      if (!cols.pass[r] && DECISION_CODES.has(cols.failure[r])) out.errorStepFails++;
    }
    return out;
  });
});

/**
 * Decision given a correct state: on the items of operators that build error items (where the
 * model must decide whether the final action errors) with at least one decided field, among
 * answered responses whose state is right (decisionGivenStateResponses), the share that pass (the
 * decision is right).
 */
export const decisionGivenState = derived((ctx: GlobeContext): DecisionGivenState => {
  const items = ctx.release.items;
  const errorOps = errorOperators(ctx);
  const textOnly = items.filter((it) => errorOps.has(it.operator) && it.fields.every((f) => f.kind === 'text')).length;
  const responses = decisionGivenStateResponses(ctx);
  const rows = ctx.models.map((m, k): DecisionRow => {
    const { right, errorStepFails } = responses[k];
    const decisionRight = right.reduce((a, b) => a + b, 0);
    return {
      model: m.name,
      model_id: m.model_id,
      state_right: right.length,
      decision_right: decisionRight,
      decision_wrong: errorStepFails,
      share: right.length ? decisionRight / right.length : null,
    };
  });
  rows.sort((a, b) => compareRatesDescending(a.decision_right, a.state_right, b.decision_right, b.state_right) || a.model.localeCompare(b.model));
  return { rows, errorOperators: errorOps.size, textOnlyItems: textOnly };
});
