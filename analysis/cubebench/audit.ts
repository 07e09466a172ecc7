import type { Table } from '../../src/present/tables/table.js';
import { orderModels, type CubeContext } from './context.js';
import { PAPER } from './paper.js';

/**
 * Claimed vs replayed success, per (model, agent, reward): how often the agent's claim is wrong
 * in each direction. Every disagreeing episode is in the episodes.jsonl artifact.
 */
export function auditTable(ctx: CubeContext): Table {
  const models = orderModels(ctx.results.map((r) => r.model), Object.keys(PAPER.exp1));
  const keys: [string, string, string][] = [];
  for (const model of models) {
    for (const agent of ['basic', 'standard_solver', 'ideal_solver']) {
      for (const reward of ['none', 'face', 'sticker', 'heuristic']) {
        if (ctx.results.some((r) => r.model === model && r.agent === agent && r.reward === reward)) keys.push([model, agent, reward]);
      }
    }
  }
  const rows = keys.map(([model, agent, reward]) => {
    const eps = ctx.results.filter((r) => r.model === model && r.agent === agent && r.reward === reward);
    const claimed = eps.filter((r) => r.claimed).length;
    const passed = eps.filter((r) => r.pass).length;
    const falseClaims = eps.filter((r) => r.claimed && !r.pass).length;
    const unclaimed = eps.filter((r) => !r.claimed && r.pass).length;
    return {
      model,
      agent,
      reward,
      episodes: eps.length,
      claimed,
      replayed: passed,
      claimed_rate: claimed / eps.length,
      replayed_rate: passed / eps.length,
      false_claims: falseClaims,
      unclaimed_solves: unclaimed,
      agreement: (eps.length - falseClaims - unclaimed) / eps.length,
      end_solved_but_unsolved: eps.filter((r) => r.end === 'solved' && !r.pass).length,
    };
  });
  const all = ctx.results;
  const wrong = all.filter((r) => r.claimed && !r.pass);
  const missed = all.filter((r) => !r.claimed && r.pass);
  return {
    id: 'audit',
    title: 'Audit: claimed success vs replayed outcome',
    source: 'beyond the paper',
    columns: [
      { key: 'model', label: 'Model' },
      { key: 'agent', label: 'Agent' },
      { key: 'reward', label: 'Reward' },
      { key: 'episodes', label: 'Episodes', format: 'int' },
      { key: 'claimed', label: 'Claimed', format: 'int', help: 'claimed_success = true' },
      { key: 'replayed', label: 'Replayed pass', format: 'int' },
      { key: 'claimed_rate', label: 'Claimed %', format: 'pct' },
      { key: 'replayed_rate', label: 'Replayed %', format: 'pct' },
      { key: 'false_claims', label: 'False claims', format: 'int', help: 'claimed success, cube not solved on replay' },
      { key: 'unclaimed_solves', label: 'Unclaimed solves', format: 'int', help: 'solved on replay, not claimed' },
      { key: 'agreement', label: 'Agreement %', format: 'pct' },
      { key: 'end_solved_but_unsolved', label: "end = 'solved' but unsolved", format: 'int' },
    ],
    rows,
    notes: [
      `${all.length} episodes: ${wrong.length} claim a success that replay does not confirm, ${missed.length} solved the cube without claiming it. Tables use the replayed outcome only.`,
      ...(wrong.length ? [`False claims (first ${Math.min(8, wrong.length)}): ${wrong.slice(0, 8).map((r) => r.episode_id).join(', ')}.`] : []),
      'Every episode\'s claim, replayed outcome and final state are in episodes.jsonl beside this report.',
    ],
  };
}
