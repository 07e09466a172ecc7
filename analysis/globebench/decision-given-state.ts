import { compareField } from '../../src/grade/compare-field.js';
import { getPath } from '../../src/grade/get-path.js';
import type { Table } from '../../src/tables/table.js';
import type { GlobeContext } from './context.js';

/** The error-handling failure types: the model decided wrongly whether the action errors. */
const DECISION_FAILURES = new Set(['under_error', 'over_error', 'error_class']);

/**
 * Decision given a correct state: on the items of operators that build error items (where the
 * model must decide whether the final action errors), among answered responses whose every decided
 * state field matches gold, the share whose error decision is also right (not under_error,
 * over_error or error_class). The paper: peers 61-91%, Astra over 99%. Its exact universe is not
 * stated; this one is documented in the notes.
 */
export function decisionGivenStateTable(ctx: GlobeContext): Table {
  const items = ctx.release.items;
  const errorOps = new Set(items.filter((it) => it.outcome === 'error').map((it) => it.operator));
  const gradeAt = new Map(ctx.grades.map((g) => [`${g.model_id}\u0000${g.item_id}`, g]));
  const rows = ctx.models.map((m) => {
    let stateRight = 0, decisionRight = 0;
    for (const r of ctx.release.responses) {
      if (r.model_id !== m.model_id || r.status !== 'answered' || r.prediction === null) continue;
      const it = items[ctx.itemIndex.get(r.item_id)!];
      if (!errorOps.has(it.operator)) continue;
      const decided = it.fields.filter((f) => f.kind !== 'text');
      const right = decided.every((f) => {
        const p = getPath(r.prediction, f.path);
        return p.found && compareField(f, getPath(it.gold, f.path).value, p.value) === 'match';
      });
      if (!right) continue;
      stateRight++;
      if (!DECISION_FAILURES.has(gradeAt.get(`${m.model_id}\u0000${r.item_id}`)!.failure_type ?? '')) decisionRight++;
    }
    return { model: m.name, model_id: m.model_id, state_right: stateRight, decision_right: decisionRight, share: stateRight ? decisionRight / stateRight : null };
  });
  rows.sort((a, b) => (b.share ?? -1) - (a.share ?? -1) || a.model.localeCompare(b.model));
  return {
    id: 'decision-given-state',
    title: 'Decision given a correct state: error decisions when the predicted state is right',
    source: 'GlobeBench, failure analysis (peers decide correctly 61-91% of the time when their state is right; Astra > 99%)',
    columns: [
      { key: 'model', label: 'Model' },
      { key: 'state_right', label: 'Responses with the state right', format: 'int' },
      { key: 'decision_right', label: 'Decision also right', format: 'int' },
      { key: 'share', label: 'Decision right %', format: 'pct' },
    ],
    rows,
    paper: { peers_low: 0.61, peers_high: 0.91, astra_above: 0.99 },
    notes: [
      `Universe: answered responses to items of the ${errorOps.size} operators that build error items; "state right" = every decided (non-text) gold field present and matching.`,
    ],
  };
}
