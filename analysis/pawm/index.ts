import { SCORECARD } from './paper.js';
import { loadPawm, type PawmRelease } from '../../src/release/load/pawm.js';
import { labelerAgreementTable } from './labels.js';
import type { Bench } from '../../src/present/report/analysis.js';
import { makeProvenance } from '../../src/present/report/provenance.js';
import { cached, preparePawm, type PawmContext } from './context.js';
import { fig02, fig02Data } from './fig02.js';
import { fig03, fig03Data } from './fig03.js';
import { lexicalTable } from './lexical.js';
import { lexicalStability } from './lexical-stability.js';
import { lexicalTop } from './lexical-top.js';
import { semanticTable } from './semantic.js';
import { table01 } from './table01.js';
import { table03 } from './table03.js';
import { table04 } from './table04.js';
import { table05 } from './table05.js';
import { wordcloud } from './wordcloud.js';

export { preparePawm, cached, findConfigs, configKey, BENCHMARKS, BENCHMARK_LABEL, type PawmContext, type ConfigKey } from './context.js';
export { metrics, isChanged, type Metrics } from './metrics.js';
export { table01 } from './table01.js';
export { table03 } from './table03.js';
export { table04 } from './table04.js';
export { table05 } from './table05.js';
export { fig02, fig02Data, GRPO_PAIRS, grpoFamilies } from './fig02.js';
export { FORMAT_METHODS, grpoBase, grpoOf, otherBaseMethods } from './methods.js';
export { fig03, fig03Data } from './fig03.js';
export { lexicalAnalysis, lexicalTable, lexicalOf, buildCorpus, groupCounts, type Lexical, type LexicalRow, type LexicalOptions } from './lexical.js';
export { lexicalStability } from './lexical-stability.js';
export { semanticTable, semanticCounts } from './semantic.js';
export { labelerAgreementTable, stepLabels, type StepLabels } from './labels.js';
export { wordcloud, layoutWordCloud } from './wordcloud.js';
export { lexicalTop } from './lexical-top.js';
export { drillDownWord, drillDownWordHtml, highlightWord, type WordDrillDown, type WordHit } from './drill-down.js';
export { PAPER, SCORECARD } from './paper.js';

export const pawm: Bench<PawmRelease, PawmContext> = {
  benchmark: 'pawm',
  sampleDir: 'data/pawm',
  load: (dir) => loadPawm(dir),
  prepare: preparePawm,
  provenance: (r, opts) => makeProvenance(r, opts),
  analyses: [
    { id: 'table01', kind: 'table', build: (ctx) => cached(ctx, 'table01', () => table01(ctx)) },
    { id: 'lexical', kind: 'table', build: (ctx) => cached(ctx, 'lexical-table', () => lexicalTable(ctx)) },
    { id: 'semantic', kind: 'table', build: semanticTable },
    { id: 'labeler-agreement', kind: 'table', build: labelerAgreementTable },
    { id: 'table03', kind: 'table', build: table03 },
    { id: 'table04', kind: 'table', build: table04 },
    { id: 'table05', kind: 'table', build: table05 },
    { id: 'fig02-data', kind: 'table', build: fig02Data },
    { id: 'fig03-data', kind: 'table', build: fig03Data },
    { id: 'lexical-stability', kind: 'table', build: (ctx) => lexicalStability(ctx) },
    { id: 'fig02', kind: 'figure', build: fig02 },
    { id: 'fig03', kind: 'figure', build: fig03 },
    { id: 'wordcloud', kind: 'figure', build: (ctx) => wordcloud(ctx) },
    { id: 'lexical-top', kind: 'figure', build: (ctx) => lexicalTop(ctx) },
  ],
  scorecard: SCORECARD,
  summary: (r) => {
    const configs = new Set(r.episodes.map((e) => JSON.stringify([e.benchmark, e.agent, e.method, e.gating, e.train_ratio])));
    const guided = r.steps.reduce((n, s) => n + (s.guidance !== null ? 1 : 0), 0);
    const count = (f: (e: PawmRelease['episodes'][number]) => string) => [...new Set(r.episodes.map(f))].sort();
    return [
      `episodes.jsonl: ${r.episodes.length} episodes in ${configs.size} configurations (benchmark x agent x method x gating x train ratio)`,
      `  benchmarks: ${count((e) => e.benchmark).join(', ')}; tasks: ${count((e) => `${e.benchmark}/${e.task_id}`).length}; agents: ${count((e) => e.agent).join(', ')}`,
      `  methods: ${count((e) => e.method).join(', ')}`,
      `steps.jsonl: ${r.steps.length} steps, ${guided} with guidance`,
      `guidance_labels.jsonl: ${r.labels ? `${r.labelsByStep.size} labelled guided steps (${r.labels.length} labels by ${r.labelers.length} labeler(s))` : 'absent (optional; the semantic analysis needs it)'}`,
    ];
  },
};
export { guidanceRows, guidanceFrame, guidanceWithWord, type GuidanceRow } from './explore.js';
