import type { Table, TableRow } from '../../../src/present/tables/table.js';
import { BENCHMARK_LABEL, type PawmContext } from '../derive/context.js';
import { backboneTransfer, FIG03_VARIANTS } from '../derive/runs.js';
import { cols } from './columns.js';
import { metricRow } from './metric-row.js';
import { PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';

/** Figure 3's numbers: each backbone without guidance and steered by PAWM + GRPO (the derived pairs the figure draws). */
export function fig03Data(ctx: PawmContext): Table {
  const rows: TableRow[] = [];
  const gains: string[] = [];
  for (const p of backboneTransfer(ctx).pairs) {
    rows.push(metricRow('fig03-data', p.without, { agent: p.agent, variant: FIG03_VARIANTS[0] }));
    rows.push({ ...metricRow('fig03-data', p.with, { agent: p.agent, variant: FIG03_VARIANTS[1] }), gain: p.gain });
    if (p.gain !== null) gains.push(`${BENCHMARK_LABEL[p.benchmark]}, ${p.agent}: ${p.gain >= 0 ? '+' : ''}${(p.gain * 100).toFixed(2)} points with PAWM.`);
  }
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
    notes: [
      "Paper: PAWM trained with Claude Sonnet 4.5 helps every other backbone (Haiku 4.5, Opus 4.5, GLM 5, Kimi K2.5); only the co-training backbone's numbers are printed (Table 4).",
      ...gains,
    ],
  };
}
