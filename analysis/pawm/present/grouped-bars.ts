import type { TableRow } from '../../../src/present/tables/table.js';
import type { TopLevelSpec } from 'vega-lite';
import type { Figure } from '../../../src/present/figures/figure.js';
import { BENCHMARK_LABEL } from '../derive/context.js';
import type { Run } from '../derive/runs.js';
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
}

/**
 * Grouped bars per benchmark panel: one bar per (group, variant), ± one sd as a rule, and the
 * published value (where there is one) as a black tick on its bar.
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
  const y = { field: 'acc_pct', type: 'quantitative' as const, title: 'Acc (%)', scale: { domain: [0, 100] } };
  const spec: TopLevelSpec = {
    title: o.title,
    data: { values: o.data },
    facet: { column: { field: 'benchmark', type: 'nominal', title: null, header: { labelFontSize: 13 } } },
    spec: {
      width: 60 * o.groups.length + 40,
      height: 260,
      layer: [
        {
          mark: { type: 'bar' },
          encoding: {
            x,
            xOffset,
            y,
            color: { field: 'variant', type: 'nominal', sort: o.variants, title: null, legend: { orient: 'bottom' } },
            tooltip: [
              { field: 'group', title: o.groupTitle },
              { field: 'variant' },
              { field: 'acc_pct', title: 'Acc %', format: '.2f' },
              { field: 'paper_pct', title: 'Paper %', format: '.1f' },
            ],
          },
        },
        {
          mark: { type: 'rule', color: '#333' },
          encoding: { x, xOffset, y: { field: 'low_pct', type: 'quantitative' }, y2: { field: 'high_pct' } },
        },
        {
          transform: [{ filter: 'datum.paper_pct != null' }],
          mark: { type: 'tick', color: 'black', thickness: 2, size: 14 },
          encoding: { x, xOffset, y: { field: 'paper_pct', type: 'quantitative' } },
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
    return {
      benchmark: BENCHMARK_LABEL[run.benchmark],
      group,
      variant,
      acc_pct: pct(acc),
      low_pct: acc != null && sd != null ? (acc - sd) * 100 : null,
      high_pct: acc != null && sd != null ? (acc + sd) * 100 : null,
      paper_pct: pct(PAPER.at(analysis, 'acc', rowHead(run, extra))),
    };
  });
}
