import { COLUMNS, column } from '../../../src/present/tables/columns.js';
import { GLOBE_COLUMNS } from './columns.js';
import type { Grade } from '../../../src/domain/grade/grade-response.js';
import type { Table } from '../../../src/present/tables/table.js';
import { compareRatesAscending, compareRatesDescending } from '../../../src/derive/stats/compare-fractions.js';
import type { GlobeContext } from '../derive/context.js';
import { NO_RESPONSE, responseColumns, type ResponseColumns } from '../derive/responses.js';

/**
 * Field-level credit of one response: matched / decided fields, for every answered response
 * whichever grading step failed it (the grader counts fields before the error step); 0 for no
 * usable response; null for an item without decided fields.
 */
export function partialCredit(g: Grade): number | null {
  if (g.fields_decided === 0) return null;
  return g.failure_type === 'no_response' ? 0 : g.fields_matched / g.fields_decided;
}

/** The credit figures over a set of response cells (responseColumns), as partialCredit counts each. */
function summarise(cols: ResponseColumns, cells: Iterable<number>) {
  let n = 0, pass = 0, credit = 0, creditN = 0, failCredit = 0, failN = 0, nearMiss = 0;
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
      if (c >= 0.74) nearMiss++;
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

const CREDIT_COLUMNS = [
  { key: 'n_responses', label: 'Responses', format: 'int' as const },
  column(COLUMNS.success, { label: 'Binary success %' }),
  { key: 'partial_credit', label: 'Field credit %', format: 'pct' as const, help: 'mean of matched / decided fields over responses with decided fields; no usable response = 0' },
  { key: 'credit_when_failed', label: 'Field credit of answered failures %', format: 'pct' as const },
  { key: 'failed_answered', label: 'Answered failures', format: 'int' as const },
  { key: 'near_misses', label: 'Near misses', format: 'int' as const, help: 'answered failures with at least 74% of decided fields right (the paper\'s 74-93% example)' },
  { key: 'near_miss_share', label: 'Near-miss share %', format: 'pct' as const },
];

/**
 * Field-level partial credit next to the binary score, per model: the paper's own example is an
 * audit where 74-93% of balance fields are right yet the item fails. Beyond the paper.
 */
export function partialCreditByModel(ctx: GlobeContext): Table {
  const cols = responseColumns(ctx);
  const rows = ctx.models.map((m, k) => ({ model: m.name, model_id: m.model_id, ...summarise(cols, modelCells(cols, k)) }));
  rows.sort((a, b) => compareRatesDescending(a.passed, a.n_responses, b.passed, b.n_responses) || a.model.localeCompare(b.model));
  return {
    id: 'partial-credit',
    title: 'Field-level partial credit next to binary success, by model',
    source: 'beyond the paper (critique: all-or-nothing grading of long outputs)',
    columns: [COLUMNS.model, ...CREDIT_COLUMNS],
    rows,
    notes: [
      'Field credit counts for every answered response whichever grading step failed it: an under_error, over_error or error_class response whose state fields are right has full field credit. A response with full field credit has "the state right" in decision-given-state.',
      'Text fields are decided by the judge as a whole and are not part of field credit. Items whose fields are all text have no field credit.',
    ],
  };
}

export function partialCreditBySkill(ctx: GlobeContext): Table {
  const cols = responseColumns(ctx);
  const skills = [...cols.skill.values].sort();
  const rows = skills.map((skill) => ({ skill, ...summarise(cols, skillCells(cols, cols.skill.values.indexOf(skill))) }));
  rows.sort((a, b) => compareRatesAscending(a.passed, a.n_responses, b.passed, b.n_responses) || a.skill.localeCompare(b.skill));
  return {
    id: 'partial-credit-skill',
    title: 'Field-level partial credit next to binary success, by primary skill (hardest first)',
    source: 'beyond the paper',
    columns: [GLOBE_COLUMNS.skill, ...CREDIT_COLUMNS],
    rows,
  };
}
