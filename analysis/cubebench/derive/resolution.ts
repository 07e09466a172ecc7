import { derived } from '../../../src/derive/memo.js';
import { wilsonInterval } from '../../../src/derive/stats/wilson-interval.js';
import type { CubeContext } from './context.js';
import { depthCells } from './depth-cells.js';
import { passCells } from './slices.js';

/** How coarse a set of cells is: their sizes, and when they all hold n episodes, how a rate moves. */
export interface Resolution {
  /** the distinct cell sizes, ascending */
  sizes: number[];
  /** with one size n: a rate moves in steps of 100 / n points; null otherwise */
  stepPoints: number | null;
  /** with one size n: half the width of the Wilson 95% interval at floor(n / 2) of n, in points; null otherwise */
  halfWidthPoints: number | null;
}

function resolutionOf(ns: number[]): Resolution {
  const sizes = [...new Set(ns)].sort((a, b) => a - b);
  if (sizes.length !== 1) return { sizes, stepPoints: null, halfWidthPoints: null };
  const n = sizes[0];
  const mid = wilsonInterval(Math.floor(n / 2), n);
  return { sizes, stepPoints: 100 / n, halfWidthPoints: (100 * (mid.high - mid.low)) / 2 };
}

/** Experiment 1's cells (the Basic agent without dense reward, each tier, every horizon). */
export const exp1Resolution = derived(
  (ctx: CubeContext): Resolution =>
    resolutionOf([...passCells(ctx).values()].filter((c) => c.agent === 'basic' && c.reward === 'none' && c.tier !== 'all').map((c) => c.n)),
);

/** The (model, tier, depth) cells of the pass-by-depth figure. */
export const depthResolution = derived((ctx: CubeContext): Resolution => resolutionOf(depthCells(ctx).map((c) => c.n)));
