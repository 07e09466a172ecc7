import { COLUMNS } from '../../../src/present/tables/columns.js';
import type { Grade } from '../../../src/domain/grade/grade-response.js';
import type { Table } from '../../../src/present/tables/table.js';
import { compareRatesDescending } from '../../../src/derive/stats/compare-fractions.js';
import type { GlobeContext } from '../derive/context.js';
import { FAILURE_CODES, NO_RESPONSE, responseColumns } from '../derive/responses.js';
import { PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';

/** The error-handling failure types: the model decided wrongly whether the action errors. */
const DECISION_FAILURES = new Set(['under_error', 'over_error', 'error_class']);

/**
 * "State right" as docs/release-format.md defines it and as partial credit counts it: an answered
 * response to an item with at least one decided field whose every decided field matches (full
 * field credit), whichever grading step failed it.
 */
export function stateRight(g: Grade): boolean {
  return g.failure_type !== 'no_response' && g.fields_decided > 0 && g.fields_matched === g.fields_decided;
}

/**
 * Decision given a correct state: on the items of operators that build error items (where the
 * model must decide whether the final action errors) with at least one decided field, among
 * answered responses whose state is right, the share that pass (the decision is right). The paper:
 * peers 61-91%, Astra over 99%. Its exact universe is not stated; this one is documented in the notes.
 */
export function decisionGivenStateTable(ctx: GlobeContext): Table {
  const items = ctx.release.items;
  const errorOps = new Set(items.filter((it) => it.outcome === 'error').map((it) => it.operator));
  const inOps = items.filter((it) => errorOps.has(it.operator));
  const textOnly = inOps.filter((it) => it.fields.every((f) => f.kind === 'text')).length;
  const cols = responseColumns(ctx);
  const inErrorOps = items.flatMap((it, i) => (errorOps.has(it.operator) ? [i] : []));
  const decisionCodes = new Set([...DECISION_FAILURES].map((f) => FAILURE_CODES.indexOf(f as (typeof FAILURE_CODES)[number])));
  const rows = ctx.models.map((m, k) => {
    let stateRightN = 0, decisionRight = 0, errorStepFails = 0;
    for (const i of inErrorOps) {
      const r = k * cols.items + i;
      // stateRight(g) on the columns: answered, at least one decided field, every one matching
      if (!cols.present[r] || cols.failure[r] === NO_RESPONSE || cols.fields_decided[r] === 0 || cols.fields_matched[r] !== cols.fields_decided[r]) continue;
      stateRightN++;
      if (cols.pass[r]) decisionRight++;
      else if (decisionCodes.has(cols.failure[r])) errorStepFails++;
    }
    return { model: m.name, model_id: m.model_id, state_right: stateRightN, decision_right: decisionRight, decision_wrong: errorStepFails, share: stateRightN ? decisionRight / stateRightN : null };
  });
  rows.sort((a, b) => compareRatesDescending(a.decision_right, a.state_right, b.decision_right, b.state_right) || a.model.localeCompare(b.model));
  return {
    id: 'decision-given-state',
    title: 'Decision given a correct state: error decisions when the predicted state is right',
    source: 'GlobeBench, failure analysis (peers decide correctly 61-91% of the time when their state is right; Astra > 99%)',
    columns: [
      COLUMNS.model,
      { key: 'state_right', label: 'Responses with the state right', format: 'int' },
      { key: 'decision_right', label: 'Decision also right', format: 'int', help: 'the response passes' },
      { key: 'decision_wrong', label: 'Failed at the error step', format: 'int', help: 'under_error, over_error or error_class' },
      { key: 'share', label: 'Decision right %', format: 'pct' },
    ],
    rows,
    paper: paperField(PAPER, 'decision-given-state'),
    notes: [
      `Universe: answered responses to items of the ${errorOps.size} operators that build error items, having at least one decided (non-text) field; "state right" = every decided gold field present and matching (full field credit, as in partial-credit); "decision right" = the response passes.`,
      `${textOnly} item(s) of those operators have no decided field (text fields only) and are outside the analysis.`,
    ],
  };
}
