import { COLUMNS, column } from '../../../src/present/tables/columns.js';
import { CUBE_COLUMNS } from './columns.js';
import type { Table } from '../../../src/present/tables/table.js';
import type { CubeContext } from '../derive/context.js';
import { MAX_TRACED_MOVES, rewardCells, summarisedTraces } from '../derive/traces.js';

/** What the dense rewards actually said along the way: returns, and how often a step was rewarded or punished. */
export function denseRewardsTable(ctx: CubeContext): Table {
  const rows = rewardCells(ctx).map((g) => ({
    model: g.model,
    reward: g.reward,
    tier: g.tier,
    horizon: g.horizon,
    episodes: g.episodes,
    mean_steps: g.meanSteps,
    mean_return: g.meanReturn,
    positive_steps: g.positiveShare,
    negative_steps: g.negativeShare,
    zero_steps: g.zeroShare,
    pass_rate: g.passRate,
  }));
  const long = summarisedTraces(ctx);
  return {
    id: 'dense-rewards',
    title: 'Dense rewards recomputed per step: returns and signs',
    source: 'beyond the paper (Experiment 2 rewards, recomputed by replay)',
    columns: [
      COLUMNS.model,
      CUBE_COLUMNS.reward,
      CUBE_COLUMNS.tier,
      CUBE_COLUMNS.horizon,
      column(COLUMNS.episodes, { count: { kind: 'episode', by: { model: 'model', reward: 'reward', tier: 'tier', horizon: 'horizon' } } }),
      { key: 'mean_steps', label: 'Mean actions', format: 'num' },
      { key: 'mean_return', label: 'Mean return', format: 'num', help: 'sum of R_t = phi(final) - phi(start)' },
      { key: 'positive_steps', label: 'Rewarded steps %', format: 'pct' },
      { key: 'negative_steps', label: 'Punished steps %', format: 'pct' },
      { key: 'zero_steps', label: 'Zero-reward steps %', format: 'pct', help: 'includes view changes, which no potential sees' },
      CUBE_COLUMNS.pass_rate,
    ],
    rows,
    notes: [
      "phi_sticker = stickers matching their face centre (9..54); phi_face = one-colour faces (0..6); phi_heuristic = minus an admissible HTM distance estimate, max(ceil(sum of corner distances / 4), ceil(sum of edge distances / 4)), each cubie's distance being the fewest face turns that would bring it home alone (Korf 1997).",
      'All three potentials ignore whole-cube rotations, so view changes earn exactly 0. Per-step traces are in reward-traces.jsonl.',
      `Every dense-reward episode counts here, however long its action list${long ? `; ${long} episode(s) longer than ${MAX_TRACED_MOVES} actions are summarised in reward-traces.jsonl (counts and start / end potential, "summarised": true) instead of listing every step` : ''}.`,
    ],
  };
}
