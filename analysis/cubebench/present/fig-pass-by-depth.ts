import type { TopLevelSpec } from 'vega-lite';
import type { Figure } from '../../../src/present/figures/figure.js';
import { fittedDomain, INTERVAL_MARK, intervalKey, intervalText } from '../../../src/present/figures/figure-marks.js';
import { orderModels, type CubeContext } from '../derive/context.js';
import { depthCells } from '../derive/depth-cells.js';
import { depthResolution } from '../derive/resolution.js';
import { MODEL_ORDER } from '../derive/model-order.js';

/** One point of the figure: a derived (model, tier, depth) cell, the rate and its Wilson interval in percent. */
interface PassByDepthPoint {
  model: string;
  tier: string;
  depth: number;
  passed: number;
  n: number;
  pass_rate: number;
  ci_low: number;
  ci_high: number;
  ci_text: string;
}

/** The figure's points: one per derived (model, tier, depth) cell, the rate in percent for the axis. */
export function passByDepthPoints(ctx: CubeContext): PassByDepthPoint[] {
  return depthCells(ctx).map((c) => ({
    model: c.model,
    tier: c.tier,
    depth: c.depth,
    passed: c.passed,
    n: c.n,
    pass_rate: c.pass_pct,
    ci_low: 100 * c.ci_low,
    ci_high: 100 * c.ci_high,
    ci_text: intervalText(100 * c.ci_low, 100 * c.ci_high, 1),
  }));
}

function resolution(ctx: CubeContext): string {
  const { sizes, stepPoints } = depthResolution(ctx);
  const which = ctx.release.manifest.synthetic ? 'the sample' : 'the release';
  if (stepPoints !== null) return `${which} has ${sizes[0]} tasks per depth, so points move in steps of ${+stepPoints.toFixed(2)} points.`;
  return `${which} has ${sizes[0]} to ${sizes[sizes.length - 1]} episodes per point.`;
}

const TIERS = ['symbolic', 'visual', 'face', 'vertex'];

/**
 * Pass rate by task depth, per model and tier (Basic agent, no dense reward): small multiples, one
 * row per model and one column per tier, so that no model hides another; depths are categories
 * (the release's depths are not evenly spaced), each cell with its Wilson 95% interval.
 */
export function passByDepthFigure(ctx: CubeContext): Figure {
  const values = passByDepthPoints(ctx);
  const models = orderModels(
    values.map((v) => v.model),
    MODEL_ORDER,
  );
  const depths = [...new Set(values.map((v) => v.depth))].sort((a, b) => a - b);
  const x = { field: 'depth', type: 'ordinal' as const, sort: depths, title: 'depth', axis: { labelAngle: 0 } };
  const y = {
    field: 'pass_rate',
    type: 'quantitative' as const,
    title: null,
    scale: { domain: fittedDomain(values.map((v) => v.ci_high)) },
    axis: { tickCount: 3 },
  };
  const tooltip = [
    { field: 'model', type: 'nominal' as const },
    { field: 'tier', type: 'nominal' as const },
    { field: 'depth', type: 'ordinal' as const },
    { field: 'pass_rate', type: 'quantitative' as const, title: 'pass (%)', format: '.1f' },
    { field: 'ci_text', type: 'nominal' as const, title: 'Wilson 95% CI (%)' },
    { field: 'passed', type: 'quantitative' as const, title: 'passed' },
    { field: 'n', type: 'quantitative' as const, title: 'n (episodes)' },
  ];
  const spec: TopLevelSpec = {
    title: {
      text: 'Replayed pass rate by optimal depth (HTM), Basic agent',
      subtitle: 'y: pass rate (%), a point per cell; x: optimal depth in moves (categories); one row per model, one column per tier',
    },
    data: { values },
    facet: {
      row: { field: 'model', type: 'nominal', title: null, sort: models, header: { labelAngle: 0, labelAlign: 'left', labelLimit: 200 } },
      column: { field: 'tier', type: 'nominal', title: null, sort: TIERS },
    },
    spacing: { row: 6, column: 10 },
    spec: {
      width: { step: 16 },
      height: 60,
      layer: [
        {
          mark: INTERVAL_MARK,
          encoding: { x, y: { field: 'ci_low', type: 'quantitative' }, y2: { field: 'ci_high' }, ...intervalKey('Wilson 95% CI'), tooltip },
        },
        {
          mark: { type: 'point', filled: true, size: 30, opacity: 1, color: '#1f77b4' },
          encoding: { x, y, tooltip },
        },
      ],
    },
  };
  return {
    id: 'fig-pass-by-depth',
    title: 'Pass rate by task depth, per model and tier (Basic agent)',
    source: 'CubeBench, Experiment 1 (by depth)',
    spec,
    notes: [
      `Each point is one (model, tier, depth) cell with its Wilson 95% interval; ${resolution(ctx)} Depths are categories: the release's depths are not evenly spaced. Short = depth <= 4, long = depth >= 8.`,
    ],
  };
}
