import { parseMoves, POTENTIALS, rewardTrace, stateFromFacelets } from '../../src/cube/index.js';
import type { Artifact } from '../../src/report/analysis.js';
import type { Table } from '../../src/tables/table.js';
import { cached, type CubeContext } from './context.js';

/** Episodes longer than this are not traced (dense-reward runs are short; brute force is not shaped). */
export const MAX_TRACED_MOVES = 5000;

export interface Trace {
  episode_id: string;
  model: string;
  reward: 'face' | 'sticker' | 'heuristic';
  tier: string;
  horizon: string;
  pass: boolean;
  phi: number[];
  rewards: number[];
}

/** The per-step reward R_t = phi(s_t+1) - phi(s_t) of every dense-reward episode, recomputed by replay. */
export function traces(ctx: CubeContext): Trace[] {
  return cached(ctx, 'traces', () => {
    const out: Trace[] = [];
    ctx.release.episodes.forEach((e, i) => {
      if (e.reward === 'none') return;
      const ids = parseMoves(e.actions);
      if (ids.length > MAX_TRACED_MOVES) return;
      const r = ctx.results[i];
      const t = rewardTrace(stateFromFacelets(ctx.tasks.get(e.task_id)!.state), ids, POTENTIALS[e.reward]);
      out.push({ episode_id: e.episode_id, model: e.model, reward: e.reward, tier: e.tier, horizon: r.horizon, pass: r.pass, phi: t.phi, rewards: t.rewards });
    });
    return out;
  });
}

/** What the dense rewards actually said along the way: returns, and how often a step was rewarded or punished. */
export function denseRewardsTable(ctx: CubeContext): Table {
  const groups = new Map<string, Trace[]>();
  for (const t of traces(ctx)) {
    const k = [t.model, t.reward, t.tier, t.horizon].join('\u0000');
    groups.set(k, [...(groups.get(k) ?? []), t]);
  }
  const rows = [...groups.values()].map((ts) => {
    const steps = ts.reduce((a, t) => a + t.rewards.length, 0);
    const pos = ts.reduce((a, t) => a + t.rewards.filter((x) => x > 0).length, 0);
    const neg = ts.reduce((a, t) => a + t.rewards.filter((x) => x < 0).length, 0);
    const ret = ts.reduce((a, t) => a + (t.phi[t.phi.length - 1] - t.phi[0]), 0);
    return {
      model: ts[0].model,
      reward: ts[0].reward,
      tier: ts[0].tier,
      horizon: ts[0].horizon,
      episodes: ts.length,
      mean_steps: steps / ts.length,
      mean_return: ret / ts.length,
      positive_steps: steps ? pos / steps : null,
      negative_steps: steps ? neg / steps : null,
      zero_steps: steps ? (steps - pos - neg) / steps : null,
      pass_rate: ts.filter((t) => t.pass).length / ts.length,
    };
  });
  return {
    id: 'dense-rewards',
    title: 'Dense rewards recomputed per step: returns and signs',
    source: 'beyond the paper (Experiment 2 rewards, recomputed by replay)',
    columns: [
      { key: 'model', label: 'Model' },
      { key: 'reward', label: 'Reward' },
      { key: 'tier', label: 'Tier' },
      { key: 'horizon', label: 'Horizon' },
      { key: 'episodes', label: 'Episodes', format: 'int' },
      { key: 'mean_steps', label: 'Mean actions', format: 'num' },
      { key: 'mean_return', label: 'Mean return', format: 'num', help: 'sum of R_t = phi(final) - phi(start)' },
      { key: 'positive_steps', label: 'Rewarded steps %', format: 'pct' },
      { key: 'negative_steps', label: 'Punished steps %', format: 'pct' },
      { key: 'zero_steps', label: 'Zero-reward steps %', format: 'pct', help: 'includes view changes, which no potential sees' },
      { key: 'pass_rate', label: 'Pass rate %', format: 'pct' },
    ],
    rows,
    notes: [
      'phi_sticker = stickers matching their face centre (9..54); phi_face = one-colour faces (0..6); phi_heuristic = minus an admissible HTM distance estimate, max(ceil(sum of corner distances / 4), ceil(sum of edge distances / 4)), each cubie\'s distance being the fewest face turns that would bring it home alone (Korf 1997).',
      'All three potentials ignore whole-cube rotations, so view changes earn exactly 0. Per-step traces are in reward-traces.jsonl.',
    ],
  };
}

export function tracesArtifact(ctx: CubeContext): Artifact {
  const lines = traces(ctx).map((t) => JSON.stringify({ episode_id: t.episode_id, reward: t.reward, replayed_pass: t.pass, phi: t.phi, rewards: t.rewards }));
  return { file: 'reward-traces.jsonl', content: lines.length ? lines.join('\n') + '\n' : '' };
}
