import type { TopLevelSpec } from 'vega-lite';
import type { Figure } from '../../../src/present/figures/figure.js';
import { BENCHMARKS, BENCHMARK_LABEL, type PawmContext } from '../derive/context.js';
import { lexicalOf } from '../derive/corpus.js';
import { PAPER_MARK, paperKey, valueText } from '../../../src/present/figures/figure-marks.js';
import { PAPER } from '../paper.js';

/** The top words by z_min with their z in both benchmarks, and the paper's z_min where printed. */
export function lexicalTop(ctx: PawmContext, opts: { top?: number } = {}): Figure {
  const rows = lexicalOf(ctx).rows.slice(0, opts.top ?? 20);
  const order = rows.map((r) => r.word);
  const values: Record<string, unknown>[] = [];
  for (const r of rows) {
    // a Map lookup: a word such as `constructor` finds no published number
    const paper = PAPER.at('lexical', 'z_min', { word: r.word });
    for (const b of BENCHMARKS) values.push({ word: r.word, series: BENCHMARK_LABEL[b], z: r[`${b}_z`], z_min: r.z_min, paper_text: valueText(paper, 2) });
    if (paper !== null) values.push({ word: r.word, series: 'paper z_min', z: paper, z_min: r.z_min });
  }
  const y = { field: 'word', type: 'nominal' as const, sort: order, title: null };
  const spec: TopLevelSpec = {
    title: `Top ${rows.length} words of CHANGED guidance (ranked by z_min)`,
    width: 460,
    height: 22 * Math.max(rows.length, 1), // a release with no shared words still draws an (empty) chart
    data: { values },
    layer: [
      {
        transform: [{ filter: "datum.series != 'paper z_min'" }],
        mark: { type: 'bar' },
        encoding: {
          y,
          yOffset: { field: 'series', type: 'nominal', sort: BENCHMARKS.map((b) => BENCHMARK_LABEL[b]) },
          x: { field: 'z', type: 'quantitative', title: 'z (weighted log-odds, CHANGED vs UNCHANGED)' },
          color: { field: 'series', type: 'nominal', title: 'z in', legend: { orient: 'right' } },
          tooltip: [
            { field: 'word', type: 'nominal' },
            { field: 'series', type: 'nominal', title: 'benchmark' },
            { field: 'z', type: 'quantitative', format: '.2f' },
            { field: 'z_min', type: 'quantitative', format: '.2f' },
            { field: 'paper_text', type: 'nominal', title: "paper's z_min" },
          ],
        },
      },
      {
        transform: [{ filter: "datum.series == 'paper z_min'" }],
        mark: PAPER_MARK,
        encoding: {
          y,
          x: { field: 'z', type: 'quantitative' },
          ...paperKey("paper's published z_min"),
          tooltip: [
            { field: 'word', type: 'nominal' },
            { field: 'z', type: 'quantitative', title: "paper's z_min", format: '.2f' },
            { field: 'z_min', type: 'quantitative', title: 'recomputed z_min', format: '.2f' },
          ],
        },
      },
    ],
  };
  return {
    id: 'lexical-top',
    title: `Top ${rows.length} words by z_min, with z in each benchmark`,
    source: 'PAWM, Table 2 / 6',
    spec,
    notes: ["Bars: z in each benchmark (z_min is the shorter bar); open red diamonds: the paper's published z_min (only the top words are printed)."],
  };
}
