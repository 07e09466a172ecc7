import { compareRatesAscending, compareRatesDescending } from '../../../src/derive/stats/compare-fractions.js';
import type { Grade } from '../../../src/domain/grade/grade-response.js';
import { derived } from '../../../src/derive/memo.js';
import type { GlobeContext } from './context.js';
import { NO_RESPONSE, responseColumns, type ResponseColumns } from './responses.js';

/**
 * Field-level credit of one response: matched / decided fields, for every answered response
 * whichever grading step failed it (the grader counts fields before the error step); 0 for no
 * usable response; null for an item without decided fields.
 */
export function partialCredit(g: Grade): number | null {
  if (g.fields_decided === 0) return null;
  return g.failure_type === 'no_response' ? 0 : g.fields_matched / g.fields_decided;
}

/** The credit figures of a set of responses, each response counted as partialCredit counts it. */
export type CreditSummary = {
  n_responses: number;
  passed: number;
  success: number;
  /** mean credit over the responses with decided fields */
  partial_credit: number | null;
  /** mean credit of the answered failures with decided fields */
  credit_when_failed: number | null;
  failed_answered: number;
  /** answered failures with at least NEAR_MISS of their decided fields right */
  near_misses: number;
  near_miss_share: number | null;
};

/** The paper's 74-93% example: an answered failure with at least this credit is a near miss. */
const NEAR_MISS = 0.74;

/** The credit figures over a set of response cells (responseColumns), as partialCredit counts each. */
function summarise(cols: ResponseColumns, cells: Iterable<number>): CreditSummary {
  let n = 0,
    pass = 0,
    credit = 0,
    creditN = 0,
    failCredit = 0,
    failN = 0,
    nearMiss = 0;
  for (const r of cells) {
    if (!cols.present[r]) continue;
    n++;
    if (cols.pass[r]) pass++;
    const decided = cols.fields_decided[r];
    if (decided === 0) continue;
    const noResponse = cols.failure[r] === NO_RESPONSE;
    const c = noResponse ? 0 : cols.fields_matched[r] / decided;
    credit += c;
    creditN++;
    if (!cols.pass[r] && !noResponse) {
      failCredit += c;
      failN++;
      if (c >= NEAR_MISS) nearMiss++;
    }
  }
  return {
    n_responses: n,
    passed: pass,
    success: pass / n,
    partial_credit: creditN ? credit / creditN : null,
    credit_when_failed: failN ? failCredit / failN : null,
    failed_answered: failN,
    near_misses: nearMiss,
    near_miss_share: failN ? nearMiss / failN : null,
  };
}

function* modelCells(cols: ResponseColumns, k: number) {
  for (let r = k * cols.items; r < (k + 1) * cols.items; r++) yield r;
}

function* skillCells(cols: ResponseColumns, code: number) {
  // model-major, as the grades are ordered, so the float sums add in the same order
  for (let k = 0; k < cols.models; k++) for (let i = 0; i < cols.items; i++) if (cols.skill.code[i] === code) yield k * cols.items + i;
}

/** Credit per model, by success (exact pass / response counts) best first, ties by name. */
export const creditByModel = derived((ctx: GlobeContext): ({ model: string; model_id: string } & CreditSummary)[] => {
  const cols = responseColumns(ctx);
  const rows = ctx.models.map((m, k) => ({ model: m.name, model_id: m.model_id, ...summarise(cols, modelCells(cols, k)) }));
  return rows.sort((a, b) => compareRatesDescending(a.passed, a.n_responses, b.passed, b.n_responses) || a.model.localeCompare(b.model));
});

/** Credit per primary skill, by success hardest first, ties by skill name. */
export const creditBySkill = derived((ctx: GlobeContext): ({ skill: string } & CreditSummary)[] => {
  const cols = responseColumns(ctx);
  const skills = [...cols.skill.values].sort();
  const rows = skills.map((skill) => ({ skill, ...summarise(cols, skillCells(cols, cols.skill.values.indexOf(skill))) }));
  return rows.sort((a, b) => compareRatesAscending(a.passed, a.n_responses, b.passed, b.n_responses) || a.skill.localeCompare(b.skill));
});
