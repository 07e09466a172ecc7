import type { TopLevelSpec } from 'vega-lite';
import type { Figure } from '../../../src/present/figures/figure.js';
import { orderModels, type CubeContext } from '../derive/context.js';
import { depthCells } from '../derive/depth-cells.js';
import { depthResolution } from '../derive/resolution.js';
import { MODEL_ORDER } from '../derive/model-order.js';

/** The figure's points: one per derived (model, tier, depth) cell, the rate in percent for the axis. */
export function passByDepthPoints(ctx: CubeContext): { model: string; tier: string; depth: number; passed: number; n: number; pass_rate: number }[] {
  return depthCells(ctx).map((c) => ({ model: c.model, tier: c.tier, depth: c.depth, passed: c.passed, n: c.n, pass_rate: c.pass_pct }));
}

function resolution(ctx: CubeContext): string {
  const { sizes, stepPoints } = depthResolution(ctx);
  const which = ctx.release.manifest.synthetic ? 'the sample' : 'the release';
  if (stepPoints !== null) return `${which} has ${sizes[0]} tasks per depth, so points move in steps of ${+stepPoints.toFixed(2)} points.`;
  return `${which} has ${sizes[0]} to ${sizes[sizes.length - 1]} episodes per point.`;
}

/** Pass rate by task depth, per model and tier (Basic agent, no dense reward). */
export function passByDepthFigure(ctx: CubeContext): Figure {
  const values = passByDepthPoints(ctx);
  const models = orderModels(
    values.map((v) => v.model),
    MODEL_ORDER,
  );
  const depths = [...new Set(values.map((v) => v.depth))].sort((a, b) => a - b);
  const spec: TopLevelSpec = {
    title: 'Replayed pass rate by optimal depth (HTM)',
    data: { values },
    facet: { column: { field: 'tier', type: 'nominal', title: null, sort: ['symbolic', 'visual', 'face', 'vertex'] } },
    spec: {
      width: 170,
      height: 160,
      layer: [
        {
          mark: { type: 'line' },
          encoding: {
            x: { field: 'depth', type: 'ordinal', sort: depths, title: 'depth' },
            y: { field: 'pass_rate', type: 'quantitative', title: 'pass rate (%)', scale: { domain: [0, 100] } },
            color: { field: 'model', type: 'nominal', sort: models, title: 'model', legend: { labelLimit: 240 } },
          },
        },
        {
          mark: { type: 'point', filled: true, tooltip: true },
          encoding: {
            x: { field: 'depth', type: 'ordinal', sort: depths },
            y: { field: 'pass_rate', type: 'quantitative' },
            color: { field: 'model', type: 'nominal', sort: models },
            tooltip: [{ field: 'model' }, { field: 'tier' }, { field: 'depth' }, { field: 'passed' }, { field: 'n' }],
          },
        },
      ],
    },
  };
  return {
    id: 'fig-pass-by-depth',
    title: 'Pass rate by task depth, per model and tier (Basic agent)',
    source: 'CubeBench, Experiment 1 (by depth)',
    spec,
    notes: [`Each point is one (model, tier, depth) cell; ${resolution(ctx)} Short = depth <= 4, long = depth >= 8.`],
  };
}
