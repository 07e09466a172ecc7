import { SCORECARD } from './paper.js';
import { loadCubebench, type CubeRelease } from '../../src/release/load/cubebench.js';
import type { Bench } from '../../src/present/report/analysis.js';
import { makeProvenance } from '../../src/present/report/provenance.js';
import { auditTable } from './audit.js';
import { prepareCube, type CubeContext } from './context.js';
import { denseRewardsTable, tracesArtifact } from './dense-rewards.js';
import { depthCheckTable } from './depth-check.js';
import { diagnosisFigure, diagnosisTable } from './diagnosis.js';
import { episodesArtifact } from './episodes-artifact.js';
import { passByDepthFigure } from './fig-depth.js';
import { makeMoveCallsTable } from './make-move-calls.js';
import { exp1Table, exp2Table, exp3Table } from './pass-rates.js';

export { prepareCube, horizonOf, cached, type CubeContext, type EpisodeResult } from './context.js';
export { exp1Table, exp2Table, exp3Table, cell, rateText, EXP3_COLUMNS, type CellRow } from './pass-rates.js';
export { makeMoveCallsTable } from './make-move-calls.js';
export { auditTable } from './audit.js';
export { depthCheckTable } from './depth-check.js';
export { diagnosisTable, diagnosisFigure, diagnosisRows, attribute, CATEGORIES, type Category } from './diagnosis.js';
export { passByDepthFigure } from './fig-depth.js';
export { denseRewardsTable, traces, tracesArtifact, type Trace } from './dense-rewards.js';
export { episodesArtifact } from './episodes-artifact.js';
export { PAPER, SCORECARD } from './paper.js';

function countActions(actions: string | readonly string[]): number {
  if (typeof actions !== 'string') return actions.length;
  const t = actions.trim();
  return t === '' ? 0 : t.split(/\s+/).length;
}

export const cubebench: Bench<CubeRelease, CubeContext> = {
  benchmark: 'cubebench',
  sampleDir: 'data/cubebench',
  load: loadCubebench,
  prepare: prepareCube,
  provenance: (r, opts) => makeProvenance(r, opts),
  analyses: [
    { id: 'exp1', kind: 'table', build: exp1Table },
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
  scorecard: SCORECARD,
  artifacts: (ctx) => [episodesArtifact(ctx), tracesArtifact(ctx)],
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
export { cellEpisodes, episodeReplayHtml, matchesEpisode, type EpisodeFilter } from './explore.js';
