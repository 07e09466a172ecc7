import { count, indexPublished, pct, publish, stat, type ComparedCell, type Printed, type PublishedNumber } from '../../src/present/report/published.js';

/**
 * PAWM's published numbers (docs/papers.md, PAWM section), each declared once with the text the
 * paper prints and the cells it is compared with. Read only to fill the "paper" and "delta"
 * columns, the scorecard and the notes that quote the paper; nothing is computed from them.
 * The paper prints rates as percentages with one decimal (`54.6`: within rounding is +-0.05
 * points), standard deviations the same way (`+-1.9`), calls per episode and statistics in their
 * own units (`36.5`, `181.1`). A number printed in Table 4 is also compared where Figures 2 and 3
 * plot it.
 */

/** What the paper says about the lexical analysis, quoted in the word cloud's notes. */
export const LEXICAL_NOTE =
  'top words by z_min: without 34.6, remains 21.1, fails 14.7; failure/stagnation words (failure, stuck, unable) prominent in the word cloud';

const SW = 'ScienceWorld',
  WA = 'WebArena-Lite';
const BENCH_ID: Record<string, string> = { [SW]: 'scienceworld', [WA]: 'webarena_lite' };
const ROW_KEYS = ['benchmark', 'config'];
/** The metric columns of the PAWM tables: recomputed column -> the column showing the published number. */
type Metric = 'acc' | 'acc_sd' | 'pass3' | 'intervention_rate' | 'action_change_rate' | 'calls';
const metricCell = (analysis: string, row: ComparedCell['row'], metric: Metric, rowKeys: readonly string[] = ROW_KEYS): ComparedCell => ({
  analysis,
  row,
  column: metric,
  paper: `paper_${metric}`,
  rowKeys,
});
const METRIC_WHAT: Record<Metric, string> = {
  acc: 'Acc',
  acc_sd: 'Acc sd over runs',
  pass3: 'Pass@3',
  intervention_rate: 'intervention rate',
  action_change_rate: 'action change rate',
  calls: 'calls per episode',
};

/** A number of a configuration row (`benchmark`, `config` label) of one table, also compared in `more` cells. */
function metric(analysis: string, where: string, bench: string, config: string, m: Metric, p: Printed, more: ComparedCell[] = []): PublishedNumber {
  return publish(`${analysis}/${BENCH_ID[bench]}/${config}/${m}`, where, `${bench}, ${config}: ${METRIC_WHAT[m]}`, p, {
    compare: [metricCell(analysis, { benchmark: bench, config }, m), ...more],
  });
}
/** Where Figure 2 plots a Table 4 number: its method family before (SFT / prompted) or after GRPO. */
const fig02 = (bench: string, family: string, variant: string): ComparedCell =>
  metricCell('fig02-data', { benchmark: bench, family, variant }, 'acc', ['benchmark', 'family', 'variant']);
/** Where Figure 3 plots a Table 4 number: the co-training backbone without and with PAWM. */
const fig03 = (bench: string, variant: string): ComparedCell =>
  metricCell('fig03-data', { benchmark: bench, agent: 'claude-sonnet-4.5', variant }, 'acc', ['benchmark', 'agent', 'variant']);

/** Every published number of PAWM, in the order of docs/papers.md. */
export const PAPER = indexPublished([
  // Table 1, pilot: per-step guidance
  metric('table01', 'Table 1', SW, 'No guidance', 'acc', pct('54.6')),
  metric('table01', 'Table 1', SW, 'Next-Obv', 'acc', pct('58.5')),
  metric('table01', 'Table 1', SW, 'SubGoal-Traj', 'acc', pct('66.7')),
  metric('table01', 'Table 1', WA, 'No guidance', 'acc', pct('72.7')),
  metric('table01', 'Table 1', WA, 'Next-Obv', 'acc', pct('73.1')),
  metric('table01', 'Table 1', WA, 'SubGoal-Traj', 'acc', pct('74.1')),
  metric('table01', 'Table 1', WA, 'Full-Traj', 'acc', pct('71.1')),
  metric('table01', 'Table 1', SW, 'Next-Obv', 'action_change_rate', pct('20.1')),
  metric('table01', 'Table 1', WA, 'Full-Traj', 'action_change_rate', pct('24.6')),
  // Tables 2 / 6, lexical analysis (z_min of the top words)
  ...(
    [
      ['without', '34.6'],
      ['remains', '21.1'],
      ['fails', '14.7'],
    ] as const
  ).map(([word, z]) =>
    publish(`lexical/${word}`, 'Tables 2 / 6', `z_min of "${word}"`, stat(z), {
      compare: [{ analysis: 'lexical', row: { word }, column: 'z_min', paper: 'paper_z_min', rowKeys: ['word'] }],
    }),
  ),
  // semantic analysis
  ...(
    [
      ['changed_pitfall', pct('76.8'), 'CHANGED guidance that anticipates a pitfall', 'paper_changed_pitfall'],
      ['unchanged_pitfall', pct('29.0'), 'UNCHANGED guidance that anticipates a pitfall', 'paper_unchanged_pitfall'],
      // the paper's 181.1 is the Yates-corrected statistic (scipy's chi2_contingency default)
      ['chi2_yates', stat('181.1'), 'chi-square, CHANGED vs UNCHANGED', 'paper_chi2'],
    ] as const
  ).map(([column, p, what, paper]) =>
    publish(`semantic/${column === 'chi2_yates' ? 'chi2' : column}`, 'text (semantic analysis)', what, p, {
      compare: [{ analysis: 'semantic', row: { scope: 'both benchmarks' }, column, paper, rowKeys: ['scope'] }],
    }),
  ),
  publish('semantic/p-below', 'text (semantic analysis)', 'p-value of that chi-square: below', stat('0.001'), {
    quoted: "semantic notes (a bound; the table gives p and p with Yates' correction)",
  }),
  // Table 3, gating ablation (ScienceWorld)
  metric('table03', 'Table 3', SW, 'All guidance', 'acc', pct('66.7')),
  metric('table03', 'Table 3', SW, 'Pitfall-only', 'acc', pct('65.2')),
  metric('table03', 'Table 3', SW, 'Non-pitfall', 'acc', pct('58.4')),
  metric('table03', 'Table 3', SW, 'Pitfall-only', 'intervention_rate', pct('44.4')),
  metric('table03', 'Table 3', SW, 'Non-pitfall', 'intervention_rate', pct('52.7')),
  metric('table03', 'Table 3', SW, 'All guidance', 'calls', stat('36.5')),
  metric('table03', 'Table 3', SW, 'Pitfall-only', 'calls', stat('26.7')),
  // Table 4, main results (and where Figures 2 and 3 plot them)
  metric('table04', 'Table 4', SW, 'No guidance', 'acc', pct('54.6'), [fig03(SW, 'without PAWM')]),
  metric('table04', 'Table 4', SW, 'SubGoal-Traj WM', 'acc', pct('67.6'), [fig02(SW, 'SubGoal-Traj WM', 'SFT / prompted')]),
  metric('table04', 'Table 4', SW, 'PAWM (SFT)', 'acc', pct('71.4'), [fig02(SW, 'PAWM', 'SFT / prompted')]),
  metric('table04', 'Table 4', SW, 'PAWM (SFT + GRPO)', 'acc', pct('78.9'), [fig02(SW, 'PAWM', '+ GRPO'), fig03(SW, 'with PAWM')]),
  metric('table04', 'Table 4', WA, 'No guidance', 'acc', pct('72.7'), [fig03(WA, 'without PAWM')]),
  metric('table04', 'Table 4', WA, 'Pre-Task Guidance', 'acc', pct('74.3'), [fig02(WA, 'Pre-Task Guidance', 'SFT / prompted')]),
  metric('table04', 'Table 4', WA, 'PAWM (SFT)', 'acc', pct('75.0'), [fig02(WA, 'PAWM', 'SFT / prompted')]),
  metric('table04', 'Table 4', WA, 'PAWM (SFT + GRPO)', 'acc', pct('80.4'), [fig02(WA, 'PAWM', '+ GRPO'), fig03(WA, 'with PAWM')]),
  metric('table04', 'Table 4', SW, 'No guidance', 'acc_sd', pct('1.9')),
  metric('table04', 'Table 4', SW, 'SubGoal-Traj WM', 'acc_sd', pct('1.6')),
  metric('table04', 'Table 4', SW, 'PAWM (SFT + GRPO)', 'acc_sd', pct('0.9')),
  metric('table04', 'Table 4', WA, 'No guidance', 'acc_sd', pct('0.6')),
  metric('table04', 'Table 4', WA, 'Pre-Task Guidance', 'acc_sd', pct('1.3')),
  metric('table04', 'Table 4', WA, 'PAWM (SFT + GRPO)', 'acc_sd', pct('1.3')),
  metric('table04', 'Table 4', SW, 'No guidance', 'pass3', pct('66.8')),
  metric('table04', 'Table 4', SW, 'PAWM (SFT + GRPO)', 'pass3', pct('87.5')),
  metric('table04', 'Table 4', WA, 'No guidance', 'pass3', pct('80.0')),
  metric('table04', 'Table 4', WA, 'PAWM (SFT + GRPO)', 'pass3', pct('86.1')),
  // Table 5, training-ratio ablation
  publish('table05/scienceworld/raw/pass3', 'Table 5 text', 'ScienceWorld, PAWM SFT at the raw (not down-sampled) silent:pitfall ratio: Pass@3', pct('3.2'), {
    compare: [metricCell('table05', { benchmark: SW, is_raw: true }, 'pass3')],
  }),
  publish('table05/scienceworld/best-ratio', 'Table 5', 'ScienceWorld: the silent:pitfall training ratio the paper selects', stat('1.0'), {
    quoted: 'table05 (paper_best marks its row; the best recomputed ratio is in the notes)',
  }),
  publish('table05/webarena_lite/best-ratio', 'Table 5', 'WebArena-Lite: the silent:pitfall training ratio the paper selects', stat('0.75'), {
    quoted: 'table05 (paper_best marks its row; the best recomputed ratio is in the notes)',
  }),
  // the release design the summary states
  publish('release/runs', 'text', 'runs per task (Acc is their mean, Pass@3 solved in at least one)', count('3'), {
    design_fixed: true,
    quoted: "the release's run numbers (Acc and Pass@3 use every run)",
  }),
]);
