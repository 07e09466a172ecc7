import { derived } from '../../../src/derive/memo.js';
import type { FailureType } from '../../../src/domain/grade/grade-response.js';
import type { GlobeContext } from './context.js';
import { RADII, reachBand } from './slices.js';

export const FAILURE_CODES = [
  'no_response',
  'wrong_value',
  'structure_only',
  'no_state_fields',
  'error_class',
  'under_error',
  'over_error',
] as const satisfies readonly FailureType[];
/** Failure-type code of a passing response. */
export const PASSED = -1;
export const NO_RESPONSE = 0;

/** Codes of one item attribute: the code of item i, and the value each code stands for (first-seen order). */
export interface Coded {
  code: Int32Array;
  values: string[];
}

function encode(n: number, value: (i: number) => string): Coded {
  const at = new Map<string, number>();
  const values: string[] = [];
  const code = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const v = value(i);
    let c = at.get(v);
    if (c === undefined) at.set(v, (c = values.push(v) - 1));
    code[i] = c;
  }
  return { code, values };
}

/**
 * Every graded response as typed columns, cell r = m * items + i (model m in ctx.models order, item
 * i in items.jsonl order), and the item attributes as codes. The per-response tables (refusals as
 * missing, partial credit, decision given a state) read these instead of each walking the grade
 * objects and looking responses up by string key.
 */
export interface ResponseColumns {
  items: number;
  models: number;
  /** whether the response exists (every model answers every item in a loaded release) */
  present: Uint8Array;
  pass: Uint8Array;
  /** index into FAILURE_CODES, PASSED for a pass */
  failure: Int8Array;
  fields_matched: Int32Array;
  fields_decided: Int32Array;
  /** response status `refusal` */
  refused: Uint8Array;
  skill: Coded;
  domain: Coded;
  operator: Coded;
  /** index into RADII, -1 without a radius */
  radius: Int8Array;
  /** 0 reach-back <= 40, 1 > 40, -1 without a reach-back */
  band: Int8Array;
  /** final action errors */
  error: Uint8Array;
}

export const responseColumns = derived((ctx: GlobeContext): ResponseColumns => {
  const items = ctx.release.items;
  const nI = items.length,
    nM = ctx.models.length,
    n = nI * nM;
  const modelIndex = new Map(ctx.models.map((m, k) => [m.model_id, k]));
  const failureIndex = new Map<string, number>(FAILURE_CODES.map((f, k) => [f, k]));
  const present = new Uint8Array(n),
    pass = new Uint8Array(n),
    refused = new Uint8Array(n);
  const failure = new Int8Array(n).fill(PASSED);
  const fields_matched = new Int32Array(n),
    fields_decided = new Int32Array(n);
  for (const g of ctx.grades) {
    const r = modelIndex.get(g.model_id)! * nI + ctx.itemIndex.get(g.item_id)!;
    present[r] = 1;
    pass[r] = g.pass ? 1 : 0;
    failure[r] = g.failure_type === null ? PASSED : failureIndex.get(g.failure_type)!;
    fields_matched[r] = g.fields_matched;
    fields_decided[r] = g.fields_decided;
  }
  for (const resp of ctx.release.responses) {
    if (resp.status !== 'refusal') continue;
    const m = modelIndex.get(resp.model_id),
      i = ctx.itemIndex.get(resp.item_id);
    if (m !== undefined && i !== undefined) refused[m * nI + i] = 1;
  }
  const radius = Int8Array.from(items, (it) => (it.impact_radius === null ? -1 : RADII.indexOf(it.impact_radius)));
  const band = Int8Array.from(items, (it) => {
    const b = reachBand(it.reach_back);
    return b === null ? -1 : b === '<=40' ? 0 : 1;
  });
  return {
    items: nI,
    models: nM,
    present,
    pass,
    failure,
    fields_matched,
    fields_decided,
    refused,
    skill: encode(nI, (i) => items[i].skill),
    domain: encode(nI, (i) => items[i].domain),
    operator: encode(nI, (i) => items[i].operator),
    radius,
    band,
    error: Uint8Array.from(items, (it) => (it.outcome === 'error' ? 1 : 0)),
  };
});
