import { applyMoveInPlace, parseMoves, POTENTIALS, stateFromFacelets } from '../../../src/domain/cube/index.js';
import { derived } from '../../../src/derive/memo.js';
import type { CubeContext } from './context.js';

/**
 * Episodes longer than this keep only a summary in reward-traces.jsonl (the per-step arrays of a
 * 400,000-move episode would be megabytes); every episode, however long, counts in the table.
 */
export const MAX_TRACED_MOVES = 5000;

export interface Trace {
  episode_id: string;
  model: string;
  reward: 'face' | 'sticker' | 'heuristic';
  tier: string;
  horizon: string;
  pass: boolean;
  /** actions replayed (rotations included) */
  steps: number;
  positive: number;
  negative: number;
  phi_start: number;
  phi_end: number;
  /** per-step potentials and rewards; null for an episode longer than MAX_TRACED_MOVES (summary only) */
  phi: number[] | null;
  rewards: number[] | null;
}

/**
 * The per-step reward R_t = phi(s_t+1) - phi(s_t) of every dense-reward episode, recomputed by
 * replay; counts are accumulated for every episode, the per-step arrays kept for short ones.
 */
export const traces = derived((ctx: CubeContext): Trace[] => {
  const out: Trace[] = [];
  ctx.release.episodes.forEach((e, i) => {
    if (e.reward === 'none') return;
    const ids = parseMoves(e.actions);
    const r = ctx.results[i];
    const keep = ids.length <= MAX_TRACED_MOVES;
    const potential = POTENTIALS[e.reward];
    const s = Uint8Array.from(stateFromFacelets(ctx.tasks.get(e.task_id)!.state));
    let prev = potential(s);
    const phiStart = prev;
    const phi: number[] | null = keep ? [prev] : null;
    const rewards: number[] | null = keep ? [] : null;
    let positive = 0,
      negative = 0;
    for (let t = 0; t < ids.length; t++) {
      applyMoveInPlace(s, ids[t]);
      const v = potential(s);
      const d = v - prev;
      if (d > 0) positive++;
      else if (d < 0) negative++;
      phi?.push(v);
      rewards?.push(d);
      prev = v;
    }
    out.push({
      episode_id: e.episode_id,
      model: e.model,
      reward: e.reward,
      tier: e.tier,
      horizon: r.horizon,
      pass: r.pass,
      steps: ids.length,
      positive,
      negative,
      phi_start: phiStart,
      phi_end: prev,
      phi,
      rewards,
    });
  });
  return out;
});

/** One (model, reward, tier, horizon) of the dense-reward episodes: sums of their traces. */
export interface RewardCell {
  model: string;
  reward: string;
  tier: string;
  horizon: string;
  episodes: number;
  steps: number;
  positive: number;
  negative: number;
  /** sum over episodes of phi(final) - phi(start) */
  totalReturn: number;
  passed: number;
  /** per episode: mean actions, mean return (totalReturn / episodes), pass rate */
  meanSteps: number;
  meanReturn: number;
  passRate: number;
  /** shares of the steps rewarded, punished and neither; null without steps */
  positiveShare: number | null;
  negativeShare: number | null;
  zeroShare: number | null;
}

/** The dense-reward cells, in order of first episode. */
export const rewardCells = derived((ctx: CubeContext): RewardCell[] => {
  const groups = new Map<string, RewardCell>();
  for (const t of traces(ctx)) {
    const k = JSON.stringify([t.model, t.reward, t.tier, t.horizon]);
    let g = groups.get(k);
    if (!g)
      groups.set(
        k,
        (g = {
          model: t.model,
          reward: t.reward,
          tier: t.tier,
          horizon: t.horizon,
          episodes: 0,
          steps: 0,
          positive: 0,
          negative: 0,
          totalReturn: 0,
          passed: 0,
          meanSteps: 0,
          meanReturn: 0,
          passRate: 0,
          positiveShare: null,
          negativeShare: null,
          zeroShare: null,
        }),
      );
    g.episodes++;
    g.steps += t.steps;
    g.positive += t.positive;
    g.negative += t.negative;
    g.totalReturn += t.phi_end - t.phi_start;
    if (t.pass) g.passed++;
  }
  for (const g of groups.values()) {
    g.meanSteps = g.steps / g.episodes;
    g.meanReturn = g.totalReturn / g.episodes;
    g.passRate = g.passed / g.episodes;
    g.positiveShare = g.steps ? g.positive / g.steps : null;
    g.negativeShare = g.steps ? g.negative / g.steps : null;
    g.zeroShare = g.steps ? (g.steps - g.positive - g.negative) / g.steps : null;
  }
  return [...groups.values()];
});

/** How many dense-reward episodes are longer than MAX_TRACED_MOVES (summarised in reward-traces.jsonl). */
export const summarisedTraces = derived((ctx: CubeContext): number => traces(ctx).filter((t) => t.phi === null).length);
