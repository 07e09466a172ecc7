import type { TopLevelSpec } from 'vega-lite';
import { VERDICTS, type ClaimRow } from '../../derive/claims/claim.js';
import type { RobustnessCell } from '../../derive/claims/robustness-grid.js';
import { intervalText, valueText } from '../figures/figure-marks.js';
import type { Figure } from '../figures/figure.js';

/**
 * One colour per verdict, in VERDICTS' order: blue for holding, red for contradicted, pale for not
 * significant (a diverging scheme that reads in grey and for red-green colour blindness), grey for
 * not computable.
 */
const VERDICT_COLOURS = ['#2166ac', '#92c5de', '#f4a582', '#b2182b', '#bdbdbd'];

/**
 * The grid column a cell falls in, `choice = value`: the headline interval cells share one column
 * ("interval = headline"; how each claim's headline interval is made differs, and its tooltip says it).
 */
function columnOf(g: RobustnessCell): string {
  return g.choice === 'interval' && g.value.startsWith('headline') ? 'interval = headline' : `${g.choice} = ${g.value}`;
}

/**
 * A verdicts x choices heat map of a benchmark's robustness grid: one row per claim (the claims
 * table's order), one column per grid cell `choice = value` (the grid's order), the colour the
 * verdict under that choice; empty where a choice does not apply to the claim. The tooltip gives
 * the cell's estimate and 95% interval. It reads the grid the claims-robustness table lists.
 */
export function claimsHeatmapFigure(benchmark: string, rows: readonly ClaimRow[], grid: readonly RobustnessCell[]): Figure {
  // the axes' orders as fields of the data (a sort list would put release strings, a labeler's
  // name, into the spec itself)
  const columnIndex = new Map<string, number>();
  for (const g of grid) if (!columnIndex.has(columnOf(g))) columnIndex.set(columnOf(g), columnIndex.size);
  const rowIndex = new Map(rows.map((r, i) => [r.claim_id, i]));
  const values = grid.map((g) => ({
    claim_id: g.claim_id,
    claim_order: rowIndex.get(g.claim_id) ?? rows.length,
    cell: columnOf(g),
    cell_order: columnIndex.get(columnOf(g))!,
    choice: g.choice,
    value: g.value,
    verdict: g.verdict,
    estimate: valueText(g.estimate, 3),
    interval: intervalText(g.ci_low, g.ci_high, 3),
  }));
  const spec: TopLevelSpec = {
    title: `${benchmark}: each claim's verdict under each analysis choice`,
    data: { values },
    width: { step: 18 },
    height: { step: 18 },
    mark: { type: 'rect', stroke: 'white', strokeWidth: 1 },
    encoding: {
      x: {
        field: 'cell',
        type: 'nominal',
        sort: { field: 'cell_order', op: 'min' },
        title: 'analysis choice = value',
        axis: { labelAngle: -60, labelLimit: 240, orient: 'top' },
      },
      y: { field: 'claim_id', type: 'nominal', sort: { field: 'claim_order', op: 'min' }, title: null, axis: { labelLimit: 320 } },
      color: {
        field: 'verdict',
        type: 'nominal',
        scale: { domain: [...VERDICTS], range: VERDICT_COLOURS },
        title: 'verdict',
        legend: { orient: 'bottom', direction: 'vertical', labelLimit: 320 },
      },
      tooltip: [
        { field: 'claim_id', title: 'claim' },
        { field: 'choice' },
        { field: 'value' },
        { field: 'verdict' },
        { field: 'estimate' },
        { field: 'interval', title: '95% interval' },
      ],
    },
  };
  return {
    id: 'fig-claims-grid',
    title: `Claims of ${benchmark}: verdicts under each analysis choice`,
    source: 'beyond the paper (the claims-robustness table)',
    spec,
    notes: [
      "Each row is a claim, each column one value of one analysis choice (the others as in the run); a blank cell: the choice does not apply to the claim. The interval and seed columns use the claim's headline method; the other choices use CR1 (estimate ± t(0.975, G − 1) × the cluster-robust SE).",
    ],
  };
}
