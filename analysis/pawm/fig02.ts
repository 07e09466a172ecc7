import type { Figure } from '../../src/present/figures/figure.js';
import type { Table, TableRow } from '../../src/present/tables/table.js';
import { BENCHMARKS, BENCHMARK_LABEL, cached, type PawmContext } from './context.js';
import { barsFromRows, groupedBars } from './grouped-bars.js';
import { PAPER } from './paper.js';
import { grpoBase, grpoOf, mainAgentMethods } from './methods.js';
import { indexOfBestAcc } from './exact-acc.js';
import { chosenRatio, cols, configMetrics, methodLabel, metricRow, pickConfig } from './rows.js';
import type { Metrics } from './metrics.js';

/** The format page's guidance methods and their "+ GRPO" ids (PAWM's base is its SFT model). */
export const GRPO_PAIRS: { family: string; base: string; grpo: string }[] = [
  { family: 'Pre-Task Guidance', base: 'pre_task', grpo: 'pre_task_grpo' },
  { family: 'Next-Obv', base: 'next_obs', grpo: 'next_obs_grpo' },
  { family: 'SubGoal-Traj', base: 'subgoal_traj', grpo: 'subgoal_traj_grpo' },
  { family: 'Full-Traj', base: 'full_traj', grpo: 'full_traj_grpo' },
  { family: 'PAWM', base: 'pawm_sft', grpo: 'pawm_grpo' },
];

/**
 * Figure 2's families: each method that has a "+ GRPO" run (by the format page's ids, or any other
 * id with its `_grpo` counterpart, which gets its own family) and PAWM, always. Format families
 * first, then the others by id, PAWM last.
 */
export function grpoFamilies(ctx: PawmContext): { family: string; base: string; grpo: string }[] {
  const ran = new Set(BENCHMARKS.flatMap((b) => mainAgentMethods(ctx, b)));
  const format = GRPO_PAIRS.filter((p) => p.base !== 'pawm_sft' && ran.has(p.grpo));
  const known = new Set(GRPO_PAIRS.flatMap((p) => [p.base, p.grpo]));
  const others = [...new Set([...ran].filter((m) => !known.has(m) && grpoBase(m) !== null).map((m) => grpoBase(m)!))]
    .sort()
    .map((base) => ({ family: methodLabel(base), base, grpo: grpoOf(base) }));
  return [...format, ...others, GRPO_PAIRS[GRPO_PAIRS.length - 1]];
}
const VARIANTS = ['SFT / prompted', '+ GRPO'];

/** Figure 2's numbers: every guidance method before and after GRPO co-training. */
export function fig02Data(ctx: PawmContext): Table {
  return cached(ctx, 'fig02-data', () => {
    const rows: TableRow[] = [];
    const rowMetrics: (Metrics | null)[] = [];
    const families = grpoFamilies(ctx);
    for (const b of BENCHMARKS) {
      const ratio = chosenRatio(ctx, b);
      for (const p of families) {
        for (const [variant, method] of [[VARIANTS[0], p.base], [VARIANTS[1], p.grpo]] as const) {
          const isPawm = method.startsWith('pawm');
          const g = pickConfig(ctx, { benchmark: b, agent: ctx.mainAgent, method, ...(isPawm && ratio !== null ? { train_ratio: ratio } : {}) });
          const paper = (PAPER.fig02[b] as Record<string, object>)[method] ?? {};
          rows.push({ ...metricRow(ctx, b, `${p.family}: ${variant}`, g, paper), family: p.family, variant });
          rowMetrics.push(g ? configMetrics(ctx, g.key, g.episodes) : null);
        }
      }
    }
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
      paper: PAPER.fig02,
      notes: [
        'Paper: after GRPO, PAWM is best on both benchmarks. Only the values printed in Table 4 are available as paper numbers.',
        `Families: every method with a "+ GRPO" run (a method id ending in _grpo), by the format page's ids first, then any other id as its own family, and PAWM (pawm_sft, pawm_grpo): ${families.map((p) => `${p.base} / ${p.grpo}`).join(', ')}.`,
        ...best,
      ],
    };
  });
}

export function fig02(ctx: PawmContext): Figure {
  const t = fig02Data(ctx);
  const data = barsFromRows(t.rows, 'family');
  return groupedBars({
    id: 'fig02',
    title: 'Figure 2: guidance methods before and after GRPO co-training',
    source: 'PAWM, Figure 2',
    data,
    groupTitle: 'Guidance method',
    groups: grpoFamilies(ctx).map((p) => p.family),
    variants: VARIANTS,
    notes: ['Bars: recomputed Acc (mean of per-run success rates), rules: ± one sd over runs, black ticks: values printed in the paper.'],
  });
}
