import { derived } from '../../../src/derive/memo.js';
import { wilsonInterval } from '../../../src/derive/stats/wilson-interval.js';
import type { DepthCheck } from '../../../src/domain/cube/index.js';
import type { CubeContext } from './context.js';

/** Replayed passes of the Basic agent without dense reward in one (model, tier, task depth) cell. */
export interface DepthCell {
  model: string;
  tier: string;
  depth: number;
  passed: number;
  n: number;
  pass_rate: number;
  /** the rate in percent, (100 passed) / n in one division (the figure's axis) */
  pass_pct: number;
  /** Wilson 95% interval of the rate (0-1), as Experiments 1-3 give their cells */
  ci_low: number;
  ci_high: number;
}

/** Every (model, tier, depth) cell of the Basic agent, no dense reward; by depth, then model name. */
export const depthCells = derived((ctx: CubeContext): DepthCell[] => {
  const groups = new Map<string, { model: string; tier: string; depth: number; passed: number; n: number }>();
  for (const r of ctx.results) {
    if (r.agent !== 'basic' || r.reward !== 'none') continue;
    const k = JSON.stringify([r.model, r.tier, r.depth]);
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { model: r.model, tier: r.tier, depth: r.depth, passed: 0, n: 0 }));
    g.n++;
    if (r.pass) g.passed++;
  }
  const cells = [...groups.values()].map((g) => {
    const ci = wilsonInterval(g.passed, g.n);
    return { ...g, pass_rate: g.passed / g.n, pass_pct: (100 * g.passed) / g.n, ci_low: ci.low, ci_high: ci.high };
  });
  cells.sort((a, b) => a.depth - b.depth || a.model.localeCompare(b.model));
  return cells;
});

/** The release's tasks by the outcome of their depth check: declared = optimal, within the proven bounds, or flagged. */
export const depthCheckCounts = derived((ctx: CubeContext): Record<DepthCheck['status'], number> => {
  const out = { exact: 0, bounded: 0, wrong: 0 };
  for (const t of ctx.release.tasks) out[ctx.depth.get(t.task_id)!.status]++;
  return out;
});
