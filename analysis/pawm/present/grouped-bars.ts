import type { TableRow } from '../../../src/present/tables/table.js';
import type { TopLevelSpec } from 'vega-lite';
import type { Figure } from '../../../src/present/figures/figure.js';
import { BENCHMARK_LABEL } from '../derive/context.js';
import type { Run } from '../derive/runs.js';
import { fittedDomain, INTERVAL_MARK, intervalKey, intervalText, PAPER_MARK, paperKey, valueText } from '../../../src/present/figures/figure-marks.js';
import { PAPER } from '../paper.js';
import { rowHead } from './metric-row.js';

export interface BarDatum {
  benchmark: string;
  group: string;
  variant: string;
  /** percentages for display */
  acc_pct: number | null;
  low_pct: number | null;
  high_pct: number | null;
  paper_pct: number | null;
  /** the +- one sd range as the tooltip shows it */
  sd_text: string;
  /** the paper's value as the tooltip shows it */
  paper_text: string;
  runs: number | null;
  episodes: number | null;
}

/**
 * Grouped bars per benchmark panel: one bar per (group, variant), ± one sd as a grey rule, and the
 * published value (where there is one) as an open diamond on its bar, both named in the legend.
 */
export function groupedBars(o: {
  id: string;
  title: string;
  source: string;
  data: BarDatum[];
  groupTitle: string;
  groups: string[];
  variants: string[];
  notes?: string[];
}): Figure {
  const x = { field: 'group', type: 'nominal' as const, title: o.groupTitle, sort: o.groups, axis: { labelAngle: -30, labelLimit: 220 } };
  const xOffset = { field: 'variant', type: 'nominal' as const, sort: o.variants };
  const domain = fittedDomain(o.data.flatMap((d) => [d.acc_pct, d.high_pct, d.paper_pct]));
  const y = { field: 'acc_pct', type: 'quantitative' as const, title: 'Acc (%)', scale: { domain } };
  const tooltip = [
    { field: 'group', type: 'nominal' as const, title: o.groupTitle },
    { field: 'variant', type: 'nominal' as const },
    { field: 'acc_pct', type: 'quantitative' as const, title: 'Acc (%)', format: '.2f' },
    { field: 'sd_text', type: 'nominal' as const, title: '± 1 sd over runs (%)' },
    { field: 'runs', type: 'quantitative' as const, title: 'n (runs)' },
    { field: 'episodes', type: 'quantitative' as const, title: 'episodes', format: ',' },
    { field: 'paper_text', type: 'nominal' as const, title: 'paper (%)' },
  ];
  const spec: TopLevelSpec = {
    // the caption (the figure's title) names the figure; the picture says what it draws
    title: `Acc by ${o.groupTitle.toLowerCase()} (bars), ± 1 sd over runs and the paper`,
    data: { values: o.data },
    facet: { column: { field: 'benchmark', type: 'nominal', title: null, header: { labelFontSize: 13 } } },
    spec: {
      width: 60 * o.groups.length + 40,
      height: 260,
      layer: [
        {
          mark: { type: 'bar', opacity: 0.85 },
          encoding: {
            x,
            xOffset,
            y,
            color: { field: 'variant', type: 'nominal', sort: o.variants, title: null, legend: { orient: 'right' } },
            tooltip,
          },
        },
        {
          mark: INTERVAL_MARK,
          encoding: { x, xOffset, y: { field: 'low_pct', type: 'quantitative' }, y2: { field: 'high_pct' }, ...intervalKey('± 1 sd over runs'), tooltip },
        },
        {
          transform: [{ filter: 'datum.paper_pct != null' }],
          mark: PAPER_MARK,
          encoding: { x, xOffset, y: { field: 'paper_pct', type: 'quantitative' }, ...paperKey(), tooltip },
        },
      ],
    },
  };
  return { id: o.id, title: o.title, source: o.source, spec, notes: o.notes };
}

/**
 * The bars of derived runs (the runs the figure's data table prints): Acc as a percentage with a
 * +- one sd rule, and the Acc the paper prints for the run's row of table `analysis` (`extra`: the
 * row's fields beside benchmark and config).
 */
export function barsFromRuns(analysis: string, bars: { run: Run; group: string; variant: string; extra: TableRow }[]): BarDatum[] {
  const pct = (v: number | null | undefined): number | null => (typeof v === 'number' ? v * 100 : null);
  return bars.map(({ run, group, variant, extra }) => {
    const acc = run.metrics?.acc ?? null;
    const sd = run.metrics?.acc_sd ?? null;
    const low = acc != null && sd != null ? (acc - sd) * 100 : null;
    const high = acc != null && sd != null ? (acc + sd) * 100 : null;
    const paper = pct(PAPER.at(analysis, 'acc', rowHead(run, extra)));
    return {
      benchmark: BENCHMARK_LABEL[run.benchmark],
      group,
      variant,
      acc_pct: pct(acc),
      low_pct: low,
      high_pct: high,
      paper_pct: paper,
      sd_text: intervalText(low, high, 1),
      paper_text: valueText(paper, 1),
      runs: run.metrics?.n_runs ?? null,
      episodes: run.metrics?.n_episodes ?? null,
    };
  });
}
