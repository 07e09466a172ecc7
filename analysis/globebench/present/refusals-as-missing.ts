import { COLUMNS } from '../../../src/present/tables/columns.js';
import { GLOBE_COLUMNS } from './columns.js';
import type { Table } from '../../../src/present/tables/table.js';
import type { GlobeContext } from '../derive/context.js';
import { missingPolicyByDifficulty, missingPolicyByModel } from '../derive/refusals.js';

/**
 * Table 1 with refusals, and with every unusable response, as missing instead of failed: each
 * model's success over the items it kept, with bootstrap CIs and ranks (missingPolicyByModel).
 * Beyond the paper.
 */
export function refusalsAsMissingTable(ctx: GlobeContext): Table {
  const out = [...missingPolicyByModel(ctx)];
  return {
    id: 'refusals-as-missing',
    title: 'Table 1 with refusals (and every unusable response) as missing instead of failed',
    source: 'beyond the paper (critique: refusal-as-failure mixes safety policy into capability)',
    columns: [
      COLUMNS.model,
      GLOBE_COLUMNS.access,
      { key: 'n_items', label: 'Items', format: 'int' },
      { key: 'refusals', label: 'Refusals', format: 'int', help: 'status refusal' },
      GLOBE_COLUMNS.no_response_status,
      GLOBE_COLUMNS.success_as_failure,
      { key: 'rank_as_failure', label: 'Rank', format: 'int' },
      GLOBE_COLUMNS.success_refusals_missing_over,
      { key: 'ci_low_refusals', label: '95% CI low', format: 'pct' },
      { key: 'ci_high_refusals', label: '95% CI high', format: 'pct' },
      { key: 'rank_refusals_missing', label: 'Rank', format: 'int' },
      GLOBE_COLUMNS.change_refusals,
      GLOBE_COLUMNS.success_as_missing_over,
      COLUMNS.ci_low,
      COLUMNS.ci_high,
      { key: 'rank_as_missing', label: 'Rank', format: 'int' },
      GLOBE_COLUMNS.change,
    ],
    rows: out,
    notes: [
      'Two policies side by side. "Refusals missing": only responses with status refusal are left out, as the critique asks; empty outputs, errors and null predictions still count as failures. "Unusable missing": every response without a usable prediction (grading step 1: status refusal, empty or error, or a null prediction) is left out.',
      'Under each policy a model is scored on the items it kept only; CIs bootstrap those items. Ranks compare exact pass / scored counts, ties by name.',
    ],
  };
}

/** Mean success over models by radius level and reach-back band, under the paper's policy and both missing policies. */
export function refusalsDifficultyTable(ctx: GlobeContext): Table {
  const rows = [...missingPolicyByDifficulty(ctx)];
  return {
    id: 'refusals-as-missing-difficulty',
    title: 'Success by radius and reach-back with refusals (and every unusable response) as missing',
    source: 'beyond the paper',
    columns: [
      { key: 'level', label: 'Level' },
      COLUMNS.items,
      GLOBE_COLUMNS.success_as_failure,
      GLOBE_COLUMNS.success_refusals_missing,
      GLOBE_COLUMNS.change_refusals,
      GLOBE_COLUMNS.success_as_missing,
      GLOBE_COLUMNS.change,
    ],
    rows,
    notes: [
      'Pooled over responses (the 20-model mean when every model answers every item). "Refusals missing" leaves out status refusal only; "unusable missing" leaves out every response without a usable prediction.',
    ],
  };
}
