import { ANSWERED_FAILURES, threeWay, type FailureType } from '../../../src/release/grade/grade-response.js';
import { derived } from '../../../src/derive/memo.js';
import type { GlobeContext } from './context.js';

/** One graded response with what the failure tables group by, and 0/1 indicators to sum. */
export interface FailureRecord {
  model_id: string;
  access: 'open' | 'closed';
  kind: 'general' | 'world_model';
  provider: string;
  domain: string;
  pass: number;
  fail: number;
  no_response: number;
  answered_failure: number;
  /** Table 2's three-way split of answered failures */
  wv3: number;
  so3: number;
  nsf3: number;
  /** Table 23's six answered-failure types */
  wrong_value: number;
  structure_only: number;
  no_state_fields: number;
  error_class: number;
  under_error: number;
  over_error: number;
}

/** Every grade as a FailureRecord, in grade order (model-major, then items.jsonl order). */
export const failureRecords = derived((ctx: GlobeContext): FailureRecord[] => {
  const model = new Map(ctx.models.map((m) => [m.model_id, m]));
  const items = ctx.release.items;
  return ctx.grades.map((g) => {
    const m = model.get(g.model_id)!;
    const ft: FailureType | null = g.failure_type;
    const answered = ft !== null && ft !== 'no_response';
    const three = answered ? threeWay(ft) : null;
    const rec: FailureRecord = {
      model_id: g.model_id,
      access: m.access,
      kind: m.kind,
      provider: m.provider,
      domain: items[ctx.itemIndex.get(g.item_id)!].domain,
      pass: g.pass ? 1 : 0,
      fail: g.pass ? 0 : 1,
      no_response: ft === 'no_response' ? 1 : 0,
      answered_failure: answered ? 1 : 0,
      wv3: three === 'wrong_value' ? 1 : 0,
      so3: three === 'structure_only' ? 1 : 0,
      nsf3: three === 'no_state_fields' ? 1 : 0,
      wrong_value: 0,
      structure_only: 0,
      no_state_fields: 0,
      error_class: 0,
      under_error: 0,
      over_error: 0,
    };
    if (answered && ANSWERED_FAILURES.includes(ft)) (rec as unknown as Record<string, number>)[ft] = 1;
    return rec;
  });
});

/** x / n, or null when n is 0. */
export function share(x: number, n: number): number | null {
  return n > 0 ? x / n : null;
}
