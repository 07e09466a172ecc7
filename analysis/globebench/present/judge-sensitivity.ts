import type { Table } from '../../../src/present/tables/table.js';
import type { GlobeContext } from '../derive/context.js';
import { judgeSensitivity } from '../derive/judge-sensitivity.js';

/** Every headline number under judge thresholds 0.70 to 0.90 (judgeSensitivity), and the share of verdicts that change. Beyond the paper. */
export function judgeSensitivityTable(ctx: GlobeContext): Table {
  const { first, second, rows: cells } = judgeSensitivity(ctx);
  const rows = [...cells];
  return {
    id: 'judge-sensitivity',
    title: 'Judge sensitivity: headline numbers under terra confidence thresholds 0.70-0.90',
    source: 'beyond the paper (the paper fixes the threshold at 0.80)',
    columns: [
      { key: 'threshold', label: 'Threshold', format: 'num' },
      { key: 'judged', label: 'Judged responses', format: 'int' },
      { key: 'decided_by_sol', label: 'Decided by sol', format: 'int' },
      { key: 'fallbacks', label: 'No sol record (terra kept)', format: 'int' },
      { key: 'verdicts_changed', label: 'Verdicts changed', format: 'int', help: 'pass/fail different from the 0.80 grading' },
      { key: 'changed_share', label: 'Changed % of judged', format: 'pct' },
      { key: 'pooled_success', label: 'Pooled success %', format: 'pct' },
      { key: 'first_success', label: `${first.name} %`, format: 'pct' },
      { key: 'second_success', label: `${second?.name ?? '-'} %`, format: 'pct' },
      { key: 'l0_success', label: 'L0 %', format: 'pct' },
      { key: 'l3_success', label: 'L3 %', format: 'pct' },
      { key: 'rb_short_success', label: 'Reach-back <= 40 %', format: 'pct' },
      { key: 'rb_long_success', label: 'Reach-back > 40 %', format: 'pct' },
      { key: 'mh_radius_operator', label: 'MH radius within operator (pp)', format: 'pp' },
    ],
    rows,
    notes: [
      "Only responses that reach the judge (grading step 6) can change. Above 0.80 the release may hold no sol record for a response whose terra confidence is between 0.80 and the threshold; those keep terra's verdict and are counted.",
    ],
  };
}
