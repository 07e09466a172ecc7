import { derived } from '../../../src/derive/memo.js';
import type { Table, TableRow } from '../../../src/present/tables/table.js';
import { BENCHMARKS, BENCHMARK_LABEL, type PawmContext } from '../derive/context.js';
import { grpoFamilies, methodQuery, pickConfig } from '../derive/configs.js';
import { indexOfBestAcc } from '../derive/exact-acc.js';
import { configMetrics, type Metrics } from '../derive/metrics.js';
import { cols } from './columns.js';
import { metricRow } from './metric-row.js';
import { PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';

export const FIG02_VARIANTS = ['SFT / prompted', '+ GRPO'];

/** Figure 2's rows, read by its data table and by the figure: every guidance method before and after GRPO. */
export const fig02Rows = derived((ctx: PawmContext): { rows: TableRow[]; rowMetrics: (Metrics | null)[] } => {
  const rows: TableRow[] = [];
  const rowMetrics: (Metrics | null)[] = [];
  const families = grpoFamilies(ctx);
  for (const b of BENCHMARKS) {
    for (const p of families) {
      for (const [variant, method] of [[FIG02_VARIANTS[0], p.base], [FIG02_VARIANTS[1], p.grpo]] as const) {
        const g = pickConfig(ctx, methodQuery(ctx, b, ctx.mainAgent, method));
        rows.push(metricRow(ctx, 'fig02-data', b, `${p.family}: ${variant}`, g, { family: p.family, variant }));
        rowMetrics.push(g ? configMetrics(ctx, g.key, g.episodes) : null);
      }
    }
  }
  return { rows, rowMetrics };
});

/** Figure 2's numbers: every guidance method before and after GRPO co-training. */
export function fig02Data(ctx: PawmContext): Table {
  const { rows, rowMetrics } = fig02Rows(ctx);
  const families = grpoFamilies(ctx);
  const best = BENCHMARKS.map((b) => {
    // exact fractions, so that equal accuracies tie; a tie goes to the first row in the figure's order
    const idx = rows.map((x, i) => i).filter((i) => rows[i].benchmark === BENCHMARK_LABEL[b]);
    const top = idx.length ? (rows[idx[indexOfBestAcc(idx.map((i) => rowMetrics[i]))]] ?? null) : null;
    return top ? `${BENCHMARK_LABEL[b]}: best ${top.config} (${((top.acc as number) * 100).toFixed(2)}%; Acc compared as exact fractions, a tie to the first in the figure's order).` : `${BENCHMARK_LABEL[b]}: no runs.`;
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
      ...best,
    ],
  };
}

