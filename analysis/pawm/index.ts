import { pawmExplorer } from './present/explorer-records.js';
import { PAPER } from './paper.js';
import { loadPawm, type PawmRelease } from '../../src/release/load/pawm.js';
import type { Bench } from '../../src/benchmark/contract.js';
import { makeProvenance } from '../../src/present/report/provenance.js';
import { preparePawm, type PawmContext } from './derive/context.js';
import { labelerAgreementTable } from './present/labeler-agreement.js';
import { fig02 } from './present/fig02.js';
import { fig02Data } from './present/fig02-data.js';
import { fig03 } from './present/fig03.js';
import { fig03Data } from './present/fig03-data.js';
import { lexicalTable } from './present/lexical.js';
import { lexicalStability } from './present/lexical-stability.js';
import { lexicalTop } from './present/lexical-top.js';
import { semanticTable } from './present/semantic.js';
import { table01 } from './present/table01.js';
import { table03 } from './present/table03.js';
import { table04 } from './present/table04.js';
import { table05 } from './present/table05.js';
import { pairwiseTable } from './present/pairwise.js';
import { wordcloud } from './present/wordcloud.js';
import { CLAIMS } from './claims.js';
import { pawmChoices } from './choices.js';

export { preparePawm, findConfigs, configKey, BENCHMARKS, BENCHMARK_LABEL, type PawmContext, type ConfigKey, type StepKeyFields } from './derive/context.js';
export { metrics, configMetrics, isChanged, type Metrics } from './derive/metrics.js';
export { FORMAT_METHODS, GRPO_PAIRS, grpoBase, grpoOf, otherBaseMethods, methodLabel } from './derive/methods.js';
export { grpoFamilies, pickConfig, chosenRatio, backbones } from './derive/configs.js';
export { lexicalAnalysis, lexicalOf, buildCorpus, groupCounts, type Lexical, type LexicalRow, type LexicalOptions, type Corpus } from './derive/corpus.js';
export { lexicalStabilityOf, type LexicalStability, type StabilityOptions } from './derive/lexical-resample.js';
export { stepLabels, type StepLabels } from './derive/labels.js';
export { semanticCounts, semanticTests, type SemanticTest } from './derive/semantic.js';
export { labelerAgreement, type LabelerPair } from './derive/labeler-agreement.js';
export {
  pilotRuns,
  gatingRuns,
  mainRuns,
  ratioRuns,
  grpoComparison,
  backboneTransfer,
  type Run,
  type RatioRun,
  type GrpoRun,
  type BackbonePair,
  type Gain,
} from './derive/runs.js';
export { table01 } from './present/table01.js';
export { table03 } from './present/table03.js';
export { table04 } from './present/table04.js';
export { table05 } from './present/table05.js';
export { fig02 } from './present/fig02.js';
export { fig02Data } from './present/fig02-data.js';
export { fig03 } from './present/fig03.js';
export { fig03Data } from './present/fig03-data.js';
export { lexicalTable } from './present/lexical.js';
export { lexicalStability } from './present/lexical-stability.js';
export { semanticTable } from './present/semantic.js';
export { labelerAgreementTable } from './present/labeler-agreement.js';
export { wordcloud, layoutWordCloud } from './present/wordcloud.js';
export { lexicalTop } from './present/lexical-top.js';
export { drillDownWord, drillDownWordHtml, highlightWord, type WordDrillDown, type WordHit } from './present/drill-down.js';
export { guidedSteps, stepsWithWord, type WordSteps } from './derive/guided-steps.js';
export { guidanceRows, guidanceFrame, guidanceWithWord, type GuidanceRow } from './present/explore.js';
export { PAPER, LEXICAL_NOTE } from './paper.js';
export { CLAIMS } from './claims.js';
export { pawmExplorer };

export const pawm: Bench<PawmRelease, PawmContext> = {
  benchmark: 'pawm',
  load: (dir) => loadPawm(dir),
  prepare: preparePawm,
  provenance: (r, opts) => makeProvenance(r, opts),
  analyses: [
    { id: 'table01', kind: 'table', build: table01 },
    { id: 'lexical', kind: 'table', build: lexicalTable },
    { id: 'semantic', kind: 'table', build: semanticTable },
    { id: 'labeler-agreement', kind: 'table', build: labelerAgreementTable },
    { id: 'table03', kind: 'table', build: table03 },
    { id: 'table04', kind: 'table', build: table04 },
    { id: 'pairwise', kind: 'table', build: pairwiseTable },
    { id: 'table05', kind: 'table', build: table05 },
    { id: 'fig02-data', kind: 'table', build: fig02Data },
    { id: 'fig03-data', kind: 'table', build: fig03Data },
    { id: 'lexical-stability', kind: 'table', build: (ctx) => lexicalStability(ctx) },
    { id: 'fig02', kind: 'figure', build: fig02 },
    { id: 'fig03', kind: 'figure', build: fig03 },
    { id: 'wordcloud', kind: 'figure', build: (ctx) => wordcloud(ctx) },
    { id: 'lexical-top', kind: 'figure', build: (ctx) => lexicalTop(ctx) },
  ],
  published: PAPER.list,
  claims: CLAIMS,
  choices: pawmChoices,
  explorer: pawmExplorer,
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

/** The benchmark, as its entry in the list of benchmarks (analysis/index.ts) finds it. */
export { pawm as bench };
