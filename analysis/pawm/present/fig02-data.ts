import type { Table, TableRow } from '../../../src/present/tables/table.js';
import { BENCHMARKS, BENCHMARK_LABEL, type PawmContext } from '../derive/context.js';
import { grpoComparison } from '../derive/runs.js';
import { cols } from './columns.js';
import { metricRow } from './metric-row.js';
import { PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';

/** Figure 2's numbers: every guidance method before and after GRPO co-training (the derived runs the figure draws). */
export function fig02Data(ctx: PawmContext): Table {
  const { families, runs, best } = grpoComparison(ctx);
  const rows: TableRow[] = runs.map((r) => metricRow('fig02-data', r, { family: r.family, variant: r.variant }));
  const bestNotes = BENCHMARKS.map((b) => {
    // exact fractions, so that equal accuracies tie; a tie goes to the first row in the figure's order
    const top = best[b];
    return top
      ? `${BENCHMARK_LABEL[b]}: best ${top.label} (${(top.metrics!.acc * 100).toFixed(2)}%; Acc compared as exact fractions, a tie to the first in the figure's order).`
      : `${BENCHMARK_LABEL[b]}: no runs.`;
  });
  return {
    id: 'fig02-data',
    title: 'Figure 2 (data): every guidance method with and without GRPO co-training',
    source: 'PAWM, Figure 2',
    columns: [
      ...cols('benchmark'),
      { key: 'family', label: 'Method' },
      { key: 'variant', label: 'Training' },
      ...cols('method', 'n_tasks', 'acc', 'acc_sd', 'pass3', 'paper_acc', 'delta_acc'),
    ],
    rows,
    paper: paperField(PAPER, 'fig02-data'),
    notes: [
      'Paper: after GRPO, PAWM is best on both benchmarks. Only the values printed in Table 4 are available as paper numbers.',
      `Families: every method with a "+ GRPO" run (a method id ending in _grpo), by the format page's ids first, then any other id as its own family, and PAWM (pawm_sft, pawm_grpo): ${families.map((p) => `${p.base} / ${p.grpo}`).join(', ')}.`,
      ...bestNotes,
    ],
  };
}
