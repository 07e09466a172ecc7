import { COLUMNS } from '../../../src/present/tables/columns.js';
import type { Table } from '../../../src/present/tables/table.js';
import type { GlobeContext } from '../derive/context.js';
import { decisionGivenState } from '../derive/decision-given-state.js';
import { PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';

/**
 * Decision given a correct state (decisionGivenState): among answered responses whose state is
 * right, on the items of operators that build error items, the share whose error decision is right.
 * The paper: peers 61-91%, Astra over 99%. Its exact universe is not stated; this one is documented
 * in the notes.
 */
export function decisionGivenStateTable(ctx: GlobeContext): Table {
  const d = decisionGivenState(ctx);
  const rows = [...d.rows];
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
      `Universe: answered responses to items of the ${d.errorOperators} operators that build error items, having at least one decided (non-text) field; "state right" = every decided gold field present and matching (full field credit, as in partial-credit); "decision right" = the response passes.`,
      `${d.textOnlyItems} item(s) of those operators have no decided field (text fields only) and are outside the analysis.`,
    ],
  };
}
