import type { Figure } from '../../src/present/figures/figure.js';
import type { Table, TableRow } from '../../src/present/tables/table.js';
import { BENCHMARKS, BENCHMARK_LABEL, cached, type PawmContext } from './context.js';
import { barsFromRows, groupedBars } from './grouped-bars.js';
import { PAPER } from './paper.js';
import { chosenRatio, cols, metricRow, pickConfig } from './rows.js';

const VARIANTS = ['without PAWM', 'with PAWM'];

/** The backbones of the release: the main agent first, then the others by name. */
export function backbones(ctx: PawmContext): string[] {
  const agents = new Set(ctx.release.episodes.map((e) => e.agent));
  agents.delete(ctx.mainAgent);
  return [ctx.mainAgent, ...[...agents].sort()];
}

/** Figure 3's numbers: each backbone without guidance and steered by PAWM + GRPO. */
export function fig03Data(ctx: PawmContext): Table {
  return cached(ctx, 'fig03-data', () => {
    const rows: TableRow[] = [];
    const gains: string[] = [];
    for (const b of BENCHMARKS) {
      const ratio = chosenRatio(ctx, b);
      for (const agent of backbones(ctx)) {
        const pair: TableRow[] = [];
        for (const [variant, method] of [[VARIANTS[0], 'none'], [VARIANTS[1], 'pawm_grpo']] as const) {
          const g = pickConfig(ctx, { benchmark: b, agent, method, ...(method === 'pawm_grpo' && ratio !== null ? { train_ratio: ratio } : {}) });
          const paper = (PAPER.fig03[b] as Record<string, object>)[`${agent}|${method}`] ?? {};
          const row: TableRow = { ...metricRow(ctx, b, `${agent}: ${variant}`, g, paper), agent, variant };
          pair.push(row);
          rows.push(row);
        }
        const [w, p] = pair;
        const gain = w.acc != null && p.acc != null ? (p.acc as number) - (w.acc as number) : null;
        p.gain = gain;
        if (gain !== null) gains.push(`${BENCHMARK_LABEL[b]}, ${agent}: ${gain >= 0 ? '+' : ''}${(gain * 100).toFixed(2)} points with PAWM.`);
      }
    }
    return {
      id: 'fig03-data',
      title: 'Figure 3 (data): transfer of PAWM (co-trained with the main agent) to other backbones',
      source: 'PAWM, Figure 3',
      columns: [
        ...cols('benchmark'),
        { key: 'agent', label: 'Backbone' },
        { key: 'variant', label: 'Guidance' },
        ...cols('n_tasks', 'acc', 'acc_sd', 'pass3'),
        { key: 'gain', label: 'Gain', format: 'pp', help: 'with minus without PAWM, percentage points' },
        ...cols('paper_acc', 'delta_acc'),
      ],
      rows,
      paper: PAPER.fig03,
      notes: ['Paper: PAWM trained with Claude Sonnet 4.5 helps every other backbone (Haiku 4.5, Opus 4.5, GLM 5, Kimi K2.5); only the co-training backbone\'s numbers are printed (Table 4).', ...gains],
    };
  });
}

export function fig03(ctx: PawmContext): Figure {
  const t = fig03Data(ctx);
  const data = barsFromRows(t.rows, 'agent');
  return groupedBars({
    id: 'fig03',
    title: 'Figure 3: transfer across backbones (with / without PAWM)',
    source: 'PAWM, Figure 3',
    data,
    groupTitle: 'Backbone',
    groups: backbones(ctx),
    variants: VARIANTS,
    notes: ['Bars: recomputed Acc, rules: ± one sd over runs, black ticks: values printed in the paper (co-training backbone only).'],
  });
}
