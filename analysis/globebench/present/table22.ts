import { COLUMNS, column } from '../../../src/present/tables/columns.js';
import { GLOBE_COLUMNS } from './columns.js';
import { delta, type Table, type TableRow } from '../../../src/present/tables/table.js';
import type { GlobeContext } from '../derive/context.js';
import { PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';
import { outcomeCell, outcomeDiff } from '../derive/cells.js';
import { MH_OUTCOME_OPERATOR, mhEstimate } from '../derive/mantel-haenszel.js';
import { itemsByOutcome } from '../derive/slices.js';
import { num } from './format.js';

/**
 * Table 22: success by the outcome of the executed final action (error/block vs normal), pooled over
 * responses with item-bootstrap CIs, their difference, and the difference within operator as a
 * Mantel-Haenszel stratified risk difference over operators (responses as units).
 */
export function table22(ctx: GlobeContext): Table {
  const by = itemsByOutcome(ctx);
  const N = ctx.models.length;
  const rows: TableRow[] = [];
  const side = (o: 'error' | 'normal') => {
    const idx = by.get(o) ?? [];
    const c = outcomeCell(ctx, o);
    const label = o === 'error' ? 'final action error / block' : 'final action normal';
    const paper = { items: PAPER.at('table22', 'items', { comparison: label }), success: PAPER.at('table22', 'success', { comparison: label }) };
    rows.push({
      comparison: label,
      outcome: o,
      items: idx.length,
      responses: idx.length * N,
      success: num(c.success),
      ci_low: c.ci_low,
      ci_high: c.ci_high,
      diff: null,
      diff_ci_low: null,
      diff_ci_high: null,
      strata_used: null,
      paper_items: paper.items,
      paper: paper.success,
      paper_diff: null,
      delta: delta(num(c.success), paper.success),
    });
  };
  side('error');
  side('normal');
  const diffRow = (
    comparison: string,
    d: number | null,
    low: number | null,
    high: number | null,
    strataUsed: number | null,
    paper = PAPER.at('table22', 'diff', { comparison }),
  ) => ({
    comparison,
    outcome: null,
    items: null,
    responses: null,
    success: null,
    ci_low: null,
    ci_high: null,
    diff: d,
    diff_ci_low: low,
    diff_ci_high: high,
    strata_used: strataUsed,
    paper_items: null,
    paper: null,
    paper_diff: paper,
    delta: delta(d, paper),
  });
  rows.push(diffRow('error minus normal, pooled', outcomeDiff(ctx), null, null, null));
  // the within-operator row is mh-outcome-operator's estimate: the one cell
  const within = mhEstimate(ctx, MH_OUTCOME_OPERATOR);
  const mh = within.mh;
  rows.push(diffRow('error minus normal, within operator (Mantel-Haenszel)', num(mh.rd), num(mh.low), num(mh.high), mh.strataUsed));
  return {
    id: 'table22',
    title: 'Table 22: success by the outcome of the executed final action',
    source: 'GlobeBench, Table 22 (and the within-operator comparison of the text)',
    columns: [
      { key: 'comparison', label: 'Items' },
      column(COLUMNS.items, { label: 'n items', count: { kind: 'item', by: { outcome: 'outcome' } } }),
      column(COLUMNS.responses, { count: { kind: 'response', by: { outcome: 'outcome' } } }),
      GLOBE_COLUMNS.pooled_success,
      GLOBE_COLUMNS.item_ci_low,
      COLUMNS.ci_high,
      { key: 'diff', label: 'Diff (pp)', format: 'pp', help: 'error minus normal' },
      { key: 'diff_ci_low', label: 'Diff CI low', format: 'pp', help: 'Mantel-Haenszel: Sato / Greenland-Robins variance' },
      { key: 'diff_ci_high', label: 'Diff CI high', format: 'pp' },
      { key: 'strata_used', label: 'Operators on both sides', format: 'int' },
      GLOBE_COLUMNS.paper_items,
      COLUMNS.paper,
      { key: 'paper_diff', label: 'Paper diff (pp)', format: 'pp' },
      GLOBE_COLUMNS.delta_success_or_diff,
    ],
    rows,
    paper: paperField(PAPER, 'table22'),
    notes: [
      `Success rows: pooled over all ${N} models' responses (= mean over models), 95% CI by ${ctx.opts.resamples} percentile-bootstrap resamples of the items (seed ${ctx.opts.seed}).`,
      `Within operator: Mantel-Haenszel risk difference over ${within.strata} operators with responses as units (a = passes on the operator's error items, n1 = its error responses; c, n0 the same on normal items); ${mh.strataUsed} operators have items on both sides and carry weight. CI: Sato / Greenland-Robins variance, which treats responses as independent (the 20 responses to one item are not), so it is too narrow.`,
      'No CI is given for the pooled difference; the within-operator row is the same estimate as mh-outcome-operator.',
    ],
  };
}
