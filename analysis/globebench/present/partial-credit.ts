import { COLUMNS, column } from '../../../src/present/tables/columns.js';
import { GLOBE_COLUMNS } from './columns.js';
import type { Table } from '../../../src/present/tables/table.js';
import type { GlobeContext } from '../derive/context.js';
import { creditByModel, creditBySkill } from '../derive/partial-credit.js';

const CREDIT_COLUMNS = [
  { key: 'n_responses', label: 'Responses', format: 'int' as const },
  column(COLUMNS.success, { label: 'Binary success %' }),
  {
    key: 'partial_credit',
    label: 'Field credit %',
    format: 'pct' as const,
    help: 'mean of matched / decided fields over responses with decided fields; no usable response = 0',
  },
  { key: 'credit_when_failed', label: 'Field credit of answered failures %', format: 'pct' as const },
  { key: 'failed_answered', label: 'Answered failures', format: 'int' as const },
  {
    key: 'near_misses',
    label: 'Near misses',
    format: 'int' as const,
    help: "answered failures with at least 74% of decided fields right (the paper's 74-93% example)",
  },
  { key: 'near_miss_share', label: 'Near-miss share %', format: 'pct' as const },
];

/**
 * Field-level partial credit next to the binary score, per model: the paper's own example is an
 * audit where 74-93% of balance fields are right yet the item fails. Beyond the paper.
 */
export function partialCreditByModel(ctx: GlobeContext): Table {
  const rows = [...creditByModel(ctx)];
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
  const rows = [...creditBySkill(ctx)];
  return {
    id: 'partial-credit-skill',
    title: 'Field-level partial credit next to binary success, by primary skill (hardest first)',
    source: 'beyond the paper',
    columns: [GLOBE_COLUMNS.skill, ...CREDIT_COLUMNS],
    rows,
  };
}
