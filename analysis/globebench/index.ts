import { loadGlobebench, type GlobeRelease } from '../../src/load/globebench.js';
import type { Bench } from '../../src/report/analysis.js';
import { makeProvenance } from '../../src/report/provenance.js';
import { cached, prepareGlobe, type GlobeContext } from './context.js';
import { figTable01 } from './fig-table01.js';
import { gradesArtifact } from './grades-artifact.js';
import { table01 } from './table01.js';
import { table01Paired } from './table01-paired.js';

export { cached, prepareGlobe, rate, type GlobeContext } from './context.js';
export { table01 } from './table01.js';
export { table01Paired, comparePair } from './table01-paired.js';
export { figTable01 } from './fig-table01.js';
export { PAPER } from './paper.js';

export const globebench: Bench<GlobeRelease, GlobeContext> = {
  benchmark: 'globebench',
  sampleDir: 'data/globebench',
  load: loadGlobebench,
  prepare: prepareGlobe,
  provenance: (r, opts) => makeProvenance(r, opts),
  analyses: [
    { id: 'table01', kind: 'table', build: (ctx) => cached(ctx, 'table01', () => table01(ctx)) },
    { id: 'table01-paired', kind: 'table', build: table01Paired },
    { id: 'fig-table01', kind: 'figure', build: (ctx) => figTable01(cached(ctx, 'table01', () => table01(ctx))) },
  ],
  artifacts: (ctx) => [gradesArtifact(ctx)],
  summary: (r) => {
    const judged = new Set(r.judge.map((j) => `${j.model_id}\u0000${j.item_id}`)).size;
    return [
      `items.jsonl: ${r.items.length} items`,
      `models.jsonl: ${r.models.length} models`,
      `responses/: ${r.responses.length} responses (${r.models.length} files)`,
      `judge/: ${r.judge.length} judge records for ${judged} responses`,
      `human/ratings.jsonl: ${r.ratings ? `${r.ratings.length} ratings` : 'absent (optional)'}`,
      `audit/llm.jsonl: ${r.audit ? `${r.audit.length} audit rows` : 'absent (optional)'}`,
    ];
  },
};
export { drillDown, drillDownHtml, type DrillDown } from './drill-down.js';
