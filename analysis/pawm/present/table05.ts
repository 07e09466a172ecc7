import type { Table, TableRow } from '../../../src/present/tables/table.js';
import { delta } from '../../../src/present/tables/table.js';
import { BENCHMARKS, BENCHMARK_LABEL, type PawmContext } from '../derive/context.js';
import { PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';
import { ratioRuns } from '../derive/runs.js';
import { cols } from './columns.js';
import { metricRow } from './metric-row.js';

/** A published rate as a percentage with one decimal, as the paper prints it. */
const pct1 = (x: number | undefined): string => (x === undefined ? '?' : (x * 100).toFixed(1));

/**
 * Table 5 (training-ratio ablation): PAWM SFT trained with different silent:pitfall ratios, up to
 * the raw (not down-sampled) ratio; the best ratio by accuracy is marked.
 */
export function table05(ctx: PawmContext): Table {
  // the best ratio (exact fractions, a tie to the smaller ratio) is derived; the paper's is compared here
  const rows: TableRow[] = ratioRuns(ctx).map((r) => ({
    ...metricRow('table05', r, { is_raw: r.is_raw }),
    best: r.best,
    paper_best: r.config!.key.train_ratio === PAPER.byId(`table05/${r.benchmark}/best-ratio`).value,
  }));
  return {
    id: 'table05',
    title: 'Table 5: silent:pitfall training-ratio ablation (PAWM SFT)',
    source: 'PAWM, Table 5',
    columns: [
      ...cols('benchmark', 'config', 'n_tasks', 'acc', 'acc_sd', 'pass3', 'intervention_rate', 'action_change_rate'),
      {
        key: 'best',
        label: 'Best Acc',
        format: 'bool',
        help: 'highest recomputed accuracy of the benchmark (compared exactly; a tie goes to the smaller ratio)',
      },
      { key: 'paper_best', label: 'Paper best', format: 'bool', help: 'the ratio the paper selects' },
      ...cols('paper_pass3', 'delta_pass3'),
    ],
    rows,
    paper: paperField(PAPER, 'table05'),
    notes: [
      'Rows: every training ratio of the main agent\'s PAWM SFT runs; "raw" = the manifest\'s raw_train_ratio (the ratio before down-sampling).',
      `Paper: ratio ${PAPER.byId('table05/scienceworld/best-ratio').value} (ScienceWorld) and ${PAPER.byId('table05/webarena_lite/best-ratio').value} (WebArena-Lite) are best; at the raw ratio the model is almost always silent, and the summary reports ScienceWorld Pass@3 ${pct1(PAPER.byId('table05/scienceworld/raw/pass3').value)}% there, far below the no-guidance ${pct1(PAPER.byId('table04/scienceworld/No guidance/pass3').value)}%. The sample release reproduces that number as printed.`,
      ...BENCHMARKS.map((b) => {
        const r = rows.filter((x) => x.benchmark === BENCHMARK_LABEL[b]);
        const best = r.find((x) => x.best);
        return best
          ? `${BENCHMARK_LABEL[b]}: best recomputed ratio ${best.config} (paper ${PAPER.byId(`table05/${b}/best-ratio`).value}); Δ to the paper's choice: ${delta(best.train_ratio as number, PAPER.byId(`table05/${b}/best-ratio`).value) === 0 ? 'same ratio' : 'different ratio'}.`
          : `${BENCHMARK_LABEL[b]}: no PAWM SFT runs.`;
      }),
    ],
  };
}
