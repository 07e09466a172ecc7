import type { Column } from '../../../src/present/tables/table.js';

/**
 * GlobeBench columns that several of its tables show, each declared once (the columns every
 * benchmark shares are in src/present/tables/columns.ts). A table renames one in place with
 * `column(GLOBE_COLUMNS.x, { label })`.
 */
export const GLOBE_COLUMNS = {
  paper_items: { key: 'paper_items', label: 'Paper items', format: 'int' },
  access: { key: 'access', label: 'Access' },
  skill: { key: 'skill', label: 'Skill' },
  domain: { key: 'domain', label: 'Domain' },
  radius: { key: 'radius', label: 'Radius' },
  success_as_failure: { key: 'success_as_failure', label: 'Success % (paper policy)', format: 'pct' },
  success_refusals_missing: { key: 'success_refusals_missing', label: 'Success % (refusals missing)', format: 'pct' },
  success_as_missing: { key: 'success_as_missing', label: 'Success % (unusable missing)', format: 'pct' },
  change: { key: 'change', label: 'Change (pp)', format: 'pp' },
  change_refusals: { key: 'change_refusals', label: 'Change (pp)', format: 'pp' },
  no_response: { key: 'no_response', label: 'No usable response', format: 'int' },
  answered_failures: { key: 'answered_failures', label: 'Answered failures', format: 'int' },
  paper_answered_failures: { key: 'paper_answered_failures', label: 'Paper answered failures', format: 'int' },
  delta_answered_failures: { key: 'delta_answered_failures', label: 'Delta answered failures', format: 'int' },
  delta_items: { key: 'delta_items', label: 'Delta items', format: 'int' },
} as const satisfies Record<string, Column>;
