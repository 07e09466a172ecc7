import { cubeExplorer } from './present/explorer-records.js';
import { loadCubebench, type CubeRelease } from '../../src/release/load/cubebench.js';
import type { Bench } from '../../src/benchmark/contract.js';
import { makeProvenance } from '../../src/present/report/provenance.js';
import { prepareCube, type CubeContext } from './derive/context.js';
import { PAPER } from './paper.js';
import { auditTable } from './present/audit.js';
import { denseRewardsTable } from './present/dense-rewards.js';
import { depthCheckTable } from './present/depth-check.js';
import { episodesArtifact } from './present/episodes-artifact.js';
import { exp1Table } from './present/exp1.js';
import { exp2Table } from './present/exp2.js';
import { exp3Table } from './present/exp3.js';
import { pairwiseTable } from './present/pairwise.js';
import { passByDepthFigure } from './present/fig-pass-by-depth.js';
import { diagnosisFigure } from './present/fig-solver-diagnosis.js';
import { makeMoveCallsTable } from './present/make-move-calls.js';
import { tracesArtifact } from './present/reward-traces-artifact.js';
import { diagnosisTable } from './present/solver-diagnosis.js';
import { CLAIMS } from './claims.js';

export { prepareCube, horizonOf, orderModels, type CubeContext, type EpisodeResult } from './derive/context.js';
export {
  episodeColumns,
  slices,
  passCells,
  passCell,
  sliceEpisodes,
  sliceKey,
  type EpisodeColumns,
  type Slice,
  type SliceKey,
  type PassCell,
} from './derive/slices.js';
export { depthCells, depthCheckCounts, type DepthCell } from './derive/depth-cells.js';
export { exp1Resolution, depthResolution, type Resolution } from './derive/resolution.js';
export { claimCells, claimAudit, toolUse, toolUseByMean, type ClaimCell, type ToolUse } from './derive/episode-counts.js';
export { episodeReplay, type EpisodeReplay, type ReplayedStep } from './derive/episode-replay.js';
export { diagnosisRows, attribute, CATEGORIES, type Category, type DiagnosisRow } from './derive/diagnosis.js';
export { traces, rewardCells, summarisedTraces, MAX_TRACED_MOVES, type Trace, type RewardCell } from './derive/traces.js';
export { exp1Table } from './present/exp1.js';
export { exp2Table } from './present/exp2.js';
export { exp3Table, EXP3_COLUMNS } from './present/exp3.js';
export { cellRow, rateText, type CellRow } from './present/pass-rate-view.js';
export { makeMoveCallsTable } from './present/make-move-calls.js';
export { auditTable } from './present/audit.js';
export { depthCheckTable } from './present/depth-check.js';
export { diagnosisTable } from './present/solver-diagnosis.js';
export { diagnosisFigure, diagnosisBars, type DiagnosisBar } from './present/fig-solver-diagnosis.js';
export { passByDepthFigure, passByDepthPoints } from './present/fig-pass-by-depth.js';
export { denseRewardsTable } from './present/dense-rewards.js';
export { tracesArtifact } from './present/reward-traces-artifact.js';
export { episodesArtifact } from './present/episodes-artifact.js';
export { PAPER, TOOL_USE_TEXT } from './paper.js';
export { CLAIMS } from './claims.js';
export { MODEL_ORDER } from './derive/model-order.js';
export { cubeExplorer };
export { cellEpisodes, episodeReplayHtml, matchesEpisode, type EpisodeFilter } from './present/explore.js';

function countActions(actions: string | readonly string[]): number {
  if (typeof actions !== 'string') return actions.length;
  const t = actions.trim();
  return t === '' ? 0 : t.split(/\s+/).length;
}

export const cubebench: Bench<CubeRelease, CubeContext> = {
  benchmark: 'cubebench',
  load: loadCubebench,
  prepare: prepareCube,
  provenance: (r, opts) => makeProvenance(r, opts),
  analyses: [
    { id: 'exp1', kind: 'table', build: exp1Table },
    { id: 'pairwise', kind: 'table', build: pairwiseTable },
    { id: 'exp2', kind: 'table', build: exp2Table },
    { id: 'exp3', kind: 'table', build: exp3Table },
    { id: 'solver-diagnosis', kind: 'table', build: diagnosisTable },
    { id: 'make-move-calls', kind: 'table', build: makeMoveCallsTable },
    { id: 'audit', kind: 'table', build: auditTable },
    { id: 'depth-check', kind: 'table', build: depthCheckTable },
    { id: 'dense-rewards', kind: 'table', build: denseRewardsTable },
    { id: 'fig-pass-by-depth', kind: 'figure', build: passByDepthFigure },
    { id: 'fig-solver-diagnosis', kind: 'figure', build: diagnosisFigure },
  ],
  published: PAPER.list,
  claims: CLAIMS,
  artifacts: (ctx) => [episodesArtifact(ctx), tracesArtifact(ctx)],
  explorer: cubeExplorer,
  summary: (r) => {
    const depths = [...new Set(r.tasks.map((t) => t.depth))].sort((a, b) => a - b);
    const models = new Set(r.episodes.map((e) => e.model));
    const actions = r.episodes.reduce((a, e) => a + countActions(e.actions), 0);
    const longest = r.episodes.reduce((a, e) => Math.max(a, countActions(e.actions)), 0);
    return [
      `tasks.jsonl: ${r.tasks.length} tasks at depths ${depths.join(', ')} (every scramble reproduces its state)`,
      `episodes.jsonl: ${r.episodes.length} episodes of ${models.size} models, ${actions.toLocaleString('en-US')} actions (longest ${longest.toLocaleString('en-US')})`,
      `claimed successes: ${r.episodes.filter((e) => e.claimed_success).length} (checked against replay in the report's audit table)`,
    ];
  },
};

/** The benchmark, as its entry in the list of benchmarks (analysis/index.ts) finds it. */
export { cubebench as bench };
