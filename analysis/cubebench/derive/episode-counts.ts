import { derived } from '../../../src/derive/memo.js';
import { median } from '../../../src/derive/stats/median.js';
import { compareRatesDescending } from '../../../src/derive/stats/compare-fractions.js';
import { MODEL_ORDER } from './model-order.js';
import { orderModels, type CubeContext } from './context.js';
import { episodeColumns } from './slices.js';

/** Claimed against replayed success in one (model, agent, reward). */
export interface ClaimCell {
  model: string;
  agent: string;
  reward: string;
  episodes: number;
  claimed: number;
  passed: number;
  /** claimed success, not solved on replay */
  falseClaims: number;
  /** solved on replay, not claimed */
  unclaimed: number;
  /** the log's end = 'solved' while replay leaves the cube unsolved */
  endSolvedButUnsolved: number;
  /** claimed / episodes, passed / episodes, and the share whose claim agrees with replay */
  claimedRate: number;
  passRate: number;
  agreement: number;
}

/** Every (model, agent, reward) that has episodes, keyed by JSON of the three. */
export const claimCells = derived((ctx: CubeContext): Map<string, ClaimCell> => {
  const c = episodeColumns(ctx);
  const out = new Map<string, ClaimCell>();
  for (let i = 0; i < c.n; i++) {
    const model = c.model.labels[c.model.codes[i]],
      agent = c.agent.labels[c.agent.codes[i]],
      reward = c.reward.labels[c.reward.codes[i]];
    const k = JSON.stringify([model, agent, reward]);
    let cell = out.get(k);
    if (!cell)
      out.set(
        k,
        (cell = {
          model,
          agent,
          reward,
          episodes: 0,
          claimed: 0,
          passed: 0,
          falseClaims: 0,
          unclaimed: 0,
          endSolvedButUnsolved: 0,
          claimedRate: 0,
          passRate: 0,
          agreement: 0,
        }),
      );
    const pass = c.pass[i],
      claimed = c.claimed[i];
    cell.episodes++;
    cell.claimed += claimed;
    cell.passed += pass;
    if (claimed && !pass) cell.falseClaims++;
    if (!claimed && pass) cell.unclaimed++;
    if (c.endSolved[i] && !pass) cell.endSolvedButUnsolved++;
  }
  for (const cell of out.values()) {
    cell.claimedRate = cell.claimed / cell.episodes;
    cell.passRate = cell.passed / cell.episodes;
    cell.agreement = (cell.episodes - cell.falseClaims - cell.unclaimed) / cell.episodes;
  }
  return out;
});

/** Every episode's claim against its replay: the false claims (episode ids, in episodes.jsonl order) and the unclaimed solves. */
export const claimAudit = derived((ctx: CubeContext): { episodes: number; falseClaims: string[]; unclaimedSolves: number } => {
  const falseClaims: string[] = [];
  let unclaimedSolves = 0;
  for (const r of ctx.results) {
    if (r.claimed && !r.pass) falseClaims.push(r.episode_id);
    if (!r.claimed && r.pass) unclaimedSolves++;
  }
  return { episodes: ctx.results.length, falseClaims, unclaimedSolves };
});

/** make_move calls per episode of one model (every agent, reward and tier pooled). */
export interface ToolUse {
  model: string;
  episodes: number;
  total: number;
  /** total / episodes */
  mean: number;
  median: number;
  max: number;
  replayedFaceTurns: number;
  /** episodes whose recorded make_move_calls differ from the face turns replay counted */
  mismatched: number;
}

/** Per model, keyed by model name. */
export const toolUse = derived((ctx: CubeContext): Map<string, ToolUse> => {
  const c = episodeColumns(ctx);
  const calls = c.model.labels.map((): number[] => []);
  const turns = new Float64Array(c.model.labels.length);
  const mismatched = new Float64Array(c.model.labels.length);
  for (let i = 0; i < c.n; i++) {
    const m = c.model.codes[i];
    calls[m].push(c.makeMoveCalls[i]);
    turns[m] += c.faceTurns[i];
    if (c.makeMoveCalls[i] !== c.faceTurns[i]) mismatched[m]++;
  }
  return new Map(
    c.model.labels.map((model, m) => {
      const xs = calls[m];
      let total = 0,
        max = -Infinity;
      for (const x of xs) {
        total += x;
        if (x > max) max = x;
      }
      return [
        model,
        { model, episodes: xs.length, total, mean: total / xs.length, median: median(xs), max, replayedFaceTurns: turns[m], mismatched: mismatched[m] },
      ];
    }),
  );
});

/**
 * The models by mean make_move calls per episode, highest first, compared exactly (integer totals
 * over integer counts), ties by name; from the paper's model order.
 */
export const toolUseByMean = derived((ctx: CubeContext): ToolUse[] => {
  const byModel = toolUse(ctx);
  return orderModels(byModel.keys(), MODEL_ORDER)
    .map((m) => byModel.get(m)!)
    .sort((a, b) => compareRatesDescending(a.total, a.episodes, b.total, b.episodes) || a.model.localeCompare(b.model));
});
