import { PAPER } from './paper.js';
import { loadGlobebench, type GlobeRelease } from '../../src/release/load/globebench.js';
import type { Bench } from '../../src/benchmark/contract.js';
import { makeProvenance } from '../../src/present/report/provenance.js';
import { prepareGlobe, type GlobeContext } from './derive/context.js';
import { figTable01 } from './present/fig-table01.js';
import { gradesArtifact } from './present/grades-artifact.js';
import { globeExplorer } from './present/explorer-records.js';
import { table01 } from './present/table01.js';
import { table01Paired } from './present/table01-paired.js';
import { pairwiseTable } from './present/pairwise.js';
import { MH_SPECS } from './derive/mantel-haenszel.js';
import { mhStrataTable, mhTable } from './present/mantel-haenszel.js';
import { entanglementTable } from './present/entanglement.js';
import { astraVsRestTable } from './present/astra-vs-rest.js';
import { partialCreditByModel, partialCreditBySkill } from './present/partial-credit.js';
import { refusalsAsMissingTable, refusalsDifficultyTable } from './present/refusals-as-missing.js';
import { judgeSensitivityTable } from './present/judge-sensitivity.js';
import { GLOBE_PAPER_ANALYSES } from './analyses.js';
import { decisionGivenStateTable } from './present/decision-given-state.js';
import { releaseAgreementTable, releaseDisagreementsArtifact } from './present/release-agreement.js';
import { designEffectsTable } from './present/design-effects.js';
import { CLAIMS } from './claims.js';
import { globeChoices } from './choices.js';

export { prepareGlobe, rate, type GlobeContext } from './derive/context.js';
export { table01 } from './present/table01.js';
export { table01Paired } from './present/table01-paired.js';
export { comparePair } from './derive/paired.js';
export { CLAIMS, globeClaims } from './claims.js';
export { itemClusters, type ClusterUnit } from './derive/clustered.js';
export { designEffectsTable } from './present/design-effects.js';
export { figTable01 } from './present/fig-table01.js';
export { PAPER, PAIRED } from './paper.js';
export { releaseAgreementTable, releaseDisagreementsArtifact } from './present/release-agreement.js';
export { releaseDisagreements, type Disagreement } from './derive/release-agreement.js';

/**
 * A judge record for a response decided deterministically is a finding, not a load error: say so
 * once on stderr with the count (the release-agreement table lists every case).
 */
function warnJudgedButDeterministic(r: GlobeRelease): GlobeRelease {
  const n = r.judgedButDeterministic.length;
  if (n > 0)
    process.stderr.write(
      `workbench: warning: ${n} response(s) have a judge record but are decided deterministically here; graded deterministically, listed in release-agreement\n`,
    );
  return r;
}

export const globebench: Bench<GlobeRelease, GlobeContext> = {
  benchmark: 'globebench',
  load: (dir) => warnJudgedButDeterministic(loadGlobebench(dir)),
  prepare: prepareGlobe,
  provenance: (r, opts) => makeProvenance(r, opts),
  analyses: [
    { id: 'table01', kind: 'table', build: table01 },
    { id: 'table01-paired', kind: 'table', build: table01Paired },
    { id: 'pairwise', kind: 'table', build: pairwiseTable },
    { id: 'fig-table01', kind: 'figure', build: figTable01 },
    ...GLOBE_PAPER_ANALYSES,
    ...MH_SPECS.flatMap((spec) => [
      { id: spec.id, kind: 'table' as const, build: (ctx: GlobeContext) => mhTable(ctx, spec) },
      { id: `${spec.id}-strata`, kind: 'table' as const, build: (ctx: GlobeContext) => mhStrataTable(ctx, spec) },
    ]),
    { id: 'entanglement', kind: 'table', build: entanglementTable },
    { id: 'astra-vs-rest', kind: 'table', build: astraVsRestTable },
    { id: 'decision-given-state', kind: 'table', build: decisionGivenStateTable },
    { id: 'partial-credit', kind: 'table', build: partialCreditByModel },
    { id: 'partial-credit-skill', kind: 'table', build: partialCreditBySkill },
    { id: 'refusals-as-missing', kind: 'table', build: refusalsAsMissingTable },
    { id: 'refusals-as-missing-difficulty', kind: 'table', build: refusalsDifficultyTable },
    { id: 'judge-sensitivity', kind: 'table', build: judgeSensitivityTable },
    { id: 'release-agreement', kind: 'table', build: releaseAgreementTable },
    { id: 'design-effects', kind: 'table', build: designEffectsTable },
  ],
  published: PAPER.list,
  claims: CLAIMS,
  choices: globeChoices,
  artifacts: (ctx) => [gradesArtifact(ctx), releaseDisagreementsArtifact(ctx)],
  explorer: globeExplorer,
  summary: (r) => {
    const judged = new Set(r.judge.map((j) => `${j.model_id}\u0000${j.item_id}`)).size;
    return [
      `items.jsonl: ${r.items.length} items`,
      `models.jsonl: ${r.models.length} models`,
      `responses/: ${r.responses.length} responses (${r.models.length} files)`,
      `judge/: ${r.judge.length} judge records for ${judged} responses`,
      `human/ratings.jsonl: ${r.ratings ? `${r.ratings.length} ratings` : 'absent (optional)'}`,
      `audit/llm.jsonl: ${r.audit ? `${r.audit.length} audit rows` : 'absent (optional)'}`,
      `results/: ${r.results ? `${r.results.size} published verdicts` : 'absent (optional)'}`,
    ];
  },
};
export { drillDown, type DrillDown } from './derive/drill-down.js';
export { drillDownHtml } from './present/drill-down.js';
export { MH_SPECS, strataCounts } from './derive/mantel-haenszel.js';
export { mhTable, mhStrataTable } from './present/mantel-haenszel.js';
export { entanglementTable } from './present/entanglement.js';
export { astraVsRestTable } from './present/astra-vs-rest.js';
export { partialCredit } from './derive/partial-credit.js';
export { partialCreditByModel, partialCreditBySkill } from './present/partial-credit.js';
export { refusalsAsMissingTable, refusalsDifficultyTable } from './present/refusals-as-missing.js';
export { judgeSensitivityTable } from './present/judge-sensitivity.js';
export { regradeAtThreshold, JUDGE_THRESHOLDS } from './derive/judge-sensitivity.js';
export { GLOBE_PAPER_ANALYSES } from './analyses.js';
export { fig02 } from './present/fig02.js';
export { fig03 } from './present/fig03.js';
export { fig04 } from './present/fig04.js';
export { fig06 } from './present/fig06.js';
export { fig07 } from './present/fig07.js';
export { fig08 } from './present/fig08.js';
export { fig09 } from './present/fig09.js';
export { fig10 } from './present/fig10.js';
export { table02 } from './present/table02.js';
export { table03 } from './present/table03.js';
export { table14 } from './present/table14.js';
export { table18 } from './present/table18.js';
export { table19 } from './present/table19.js';
export { table20 } from './present/table20.js';
export { table22 } from './present/table22.js';
export { table23 } from './present/table23.js';
export { skillStats } from './derive/skills.js';
export {
  bandRadiusCell,
  modelRadiusCell,
  reachBinCell,
  modelReachBinCell,
  skillCell,
  outcomeCell,
  modelOverallCell,
  FIG07_MAX_RESAMPLES,
  type CellStat,
} from './derive/cells.js';
export { decisionGivenStateTable } from './present/decision-given-state.js';
export {
  RADII,
  BANDS,
  REACH_BACK_CUT,
  reachBand,
  reachBin,
  reachBins,
  radiusLevels,
  passCounts,
  itemShares,
  modelOrder,
  groupItems,
  modelRateAt,
} from './derive/slices.js';
export { globeExplorer };
export { responseFrame, filterResponses, matchesFilter, responseDiffHtml, modelDisagreements, type ResponseFilter } from './present/explore.js';
export { responseRows, type ResponseRow } from './derive/response-rows.js';
export { responseDiff, type FieldDiff } from './derive/response-diff.js';

/** The benchmark, as its entry in the list of benchmarks (analysis/index.ts) finds it. */
export { globebench as bench };
