import { derived } from '../../../src/derive/memo.js';
import type { Table, TableRow } from '../../../src/present/tables/table.js';
import { BENCHMARKS, BENCHMARK_LABEL, type PawmContext } from '../derive/context.js';
import { backbones, methodQuery, pickConfig } from '../derive/configs.js';
import { cols } from './columns.js';
import { metricRow } from './metric-row.js';
import { PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';

export const FIG03_VARIANTS = ['without PAWM', 'with PAWM'];

/** Figure 3's rows, read by its data table and by the figure: each backbone without guidance and with PAWM + GRPO. */
export const fig03Rows = derived((ctx: PawmContext): { rows: TableRow[]; gains: string[] } => {
  const rows: TableRow[] = [];
  const gains: string[] = [];
  for (const b of BENCHMARKS) {
    for (const agent of backbones(ctx)) {
      const pair: TableRow[] = [];
      for (const [variant, method] of [[FIG03_VARIANTS[0], 'none'], [FIG03_VARIANTS[1], 'pawm_grpo']] as const) {
        const g = pickConfig(ctx, methodQuery(ctx, b, agent, method));
        const row: TableRow = metricRow(ctx, 'fig03-data', b, `${agent}: ${variant}`, g, { agent, variant });
        pair.push(row);
        rows.push(row);
      }
      const [w, p] = pair;
      const gain = w.acc != null && p.acc != null ? (p.acc as number) - (w.acc as number) : null;
      p.gain = gain;
      if (gain !== null) gains.push(`${BENCHMARK_LABEL[b]}, ${agent}: ${gain >= 0 ? '+' : ''}${(gain * 100).toFixed(2)} points with PAWM.`);
    }
  }
  return { rows, gains };
});

/** Figure 3's numbers: each backbone without guidance and steered by PAWM + GRPO. */
export function fig03Data(ctx: PawmContext): Table {
  const { rows, gains } = fig03Rows(ctx);
  return {
    id: 'fig03-data',
    title: 'Figure 3 (data): transfer of PAWM (co-trained with the main agent) to other backbones',
    source: 'PAWM, Figure 3',
    columns: [
      ...cols('benchmark'),
      ...cols('backbone'),
      { key: 'variant', label: 'Guidance' },
      ...cols('n_tasks', 'acc', 'acc_sd', 'pass3'),
      { key: 'gain', label: 'Gain', format: 'pp', help: 'with minus without PAWM, percentage points' },
      ...cols('paper_acc', 'delta_acc'),
    ],
    rows,
    paper: paperField(PAPER, 'fig03-data'),
    notes: ['Paper: PAWM trained with Claude Sonnet 4.5 helps every other backbone (Haiku 4.5, Opus 4.5, GLM 5, Kimi K2.5); only the co-training backbone\'s numbers are printed (Table 4).', ...gains],
  };
}
