import { applyMoveInPlace, parseMoves, POTENTIALS, stateFromFacelets } from '../../src/derive/cube/index.js';
import type { Artifact } from '../../src/present/report/analysis.js';
import type { Table } from '../../src/present/tables/table.js';
import { cached, type CubeContext } from './context.js';

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
export function traces(ctx: CubeContext): Trace[] {
  return cached(ctx, 'traces', () => {
    const out: Trace[] = [];
    ctx.release.episodes.forEach((e, i) => {
      if (e.reward === 'none') return;
      const ids = parseMoves(e.actions);
      const r = ctx.results[i];
      const keep = ids.length <= MAX_TRACED_MOVES;
      const potential = POTENTIALS[e.reward];
      const s = Uint8Array.from(stateFromFacelets(ctx.tasks.get(e.task_id)!.state));
      const tmp = new Uint8Array(54);
      let prev = potential(s);
      const phiStart = prev;
      const phi: number[] | null = keep ? [prev] : null;
      const rewards: number[] | null = keep ? [] : null;
      let positive = 0, negative = 0;
      for (let t = 0; t < ids.length; t++) {
        applyMoveInPlace(s, ids[t], tmp);
        const v = potential(s);
        const d = v - prev;
        if (d > 0) positive++;
        else if (d < 0) negative++;
        phi?.push(v);
        rewards?.push(d);
        prev = v;
      }
      out.push({ episode_id: e.episode_id, model: e.model, reward: e.reward, tier: e.tier, horizon: r.horizon, pass: r.pass, steps: ids.length, positive, negative, phi_start: phiStart, phi_end: prev, phi, rewards });
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
    const steps = ts.reduce((a, t) => a + t.steps, 0);
    const pos = ts.reduce((a, t) => a + t.positive, 0);
    const neg = ts.reduce((a, t) => a + t.negative, 0);
    const ret = ts.reduce((a, t) => a + (t.phi_end - t.phi_start), 0);
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
      `Every dense-reward episode counts here, however long its action list${(() => {
        const long = traces(ctx).filter((t) => t.phi === null).length;
        return long ? `; ${long} episode(s) longer than ${MAX_TRACED_MOVES} actions are summarised in reward-traces.jsonl (counts and start / end potential, "summarised": true) instead of listing every step` : '';
      })()}.`,
    ],
  };
}

export function tracesArtifact(ctx: CubeContext): Artifact {
  const lines = traces(ctx).map((t) =>
    t.phi !== null
      ? JSON.stringify({ episode_id: t.episode_id, reward: t.reward, replayed_pass: t.pass, phi: t.phi, rewards: t.rewards })
      : JSON.stringify({ episode_id: t.episode_id, reward: t.reward, replayed_pass: t.pass, summarised: true, steps: t.steps, positive_steps: t.positive, negative_steps: t.negative, phi_start: t.phi_start, phi_end: t.phi_end }),
  );
  return { file: 'reward-traces.jsonl', content: lines.length ? lines.join('\n') + '\n' : '' };
}
