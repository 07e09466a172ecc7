import type { Figure } from '../../src/present/figures/figure.js';
import { orderModels, type CubeContext } from './context.js';
import { PAPER } from './paper.js';

/** Pass rate by task depth, per model and tier (Basic agent, no dense reward). */
export function passByDepthFigure(ctx: CubeContext): Figure {
  const basic = ctx.results.filter((r) => r.agent === 'basic' && r.reward === 'none');
  const groups = new Map<string, { model: string; tier: string; depth: number; passed: number; n: number }>();
  for (const r of basic) {
    const k = `${r.model}\u0000${r.tier}\u0000${r.depth}`;
    const g = groups.get(k) ?? { model: r.model, tier: r.tier, depth: r.depth, passed: 0, n: 0 };
    g.n++;
    if (r.pass) g.passed++;
    groups.set(k, g);
  }
  const values = [...groups.values()].map((g) => ({ ...g, pass_rate: (100 * g.passed) / g.n }));
  values.sort((a, b) => a.depth - b.depth || a.model.localeCompare(b.model));
  const models = orderModels(values.map((v) => v.model), Object.keys(PAPER.exp1));
  const depths = [...new Set(values.map((v) => v.depth))].sort((a, b) => a - b);
  return {
    id: 'fig-pass-by-depth',
    title: 'Pass rate by task depth, per model and tier (Basic agent)',
    source: 'CubeBench, Experiment 1 (by depth)',
    spec: {
      title: 'Replayed pass rate by optimal depth (HTM)',
      data: { values },
      facet: { column: { field: 'tier', type: 'nominal', title: null, sort: ['symbolic', 'visual', 'face', 'vertex'] } },
      spec: {
        width: 170,
        height: 160,
        layer: [
          { mark: { type: 'line' }, encoding: { x: { field: 'depth', type: 'ordinal', sort: depths, title: 'depth' }, y: { field: 'pass_rate', type: 'quantitative', title: 'pass rate (%)', scale: { domain: [0, 100] } }, color: { field: 'model', type: 'nominal', sort: models, title: 'model', legend: { labelLimit: 240 } } } },
          { mark: { type: 'point', filled: true, tooltip: true }, encoding: { x: { field: 'depth', type: 'ordinal', sort: depths }, y: { field: 'pass_rate', type: 'quantitative' }, color: { field: 'model', type: 'nominal', sort: models }, tooltip: [{ field: 'model' }, { field: 'tier' }, { field: 'depth' }, { field: 'passed' }, { field: 'n' }] } },
        ],
      },
    },
    notes: ['Each point is one (model, tier, depth) cell; the sample has 5 tasks per depth, so points move in steps of 20 points. Short = depth <= 4, long = depth >= 8.'],
  };
}
