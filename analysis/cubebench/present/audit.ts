import { COLUMNS, column } from '../../../src/present/tables/columns.js';
import { CUBE_COLUMNS } from './columns.js';
import type { Table } from '../../../src/present/tables/table.js';
import { orderModels, type CubeContext } from '../derive/context.js';
import { claimAudit, claimCells, type ClaimCell } from '../derive/episode-counts.js';
import { MODEL_ORDER } from '../derive/model-order.js';
import { AGENTS, REWARDS } from './pass-rate-view.js';

/** The episodes of a row: its model, agent and reward. */
const BY = { model: 'model', agent: 'agent', reward: 'reward' };

/**
 * Claimed vs replayed success, per (model, agent, reward): how often the agent's claim is wrong
 * in each direction. Every disagreeing episode is in the episodes.jsonl artifact.
 */
export function auditTable(ctx: CubeContext): Table {
  const byKey = claimCells(ctx);
  const models = orderModels(
    ctx.results.map((r) => r.model),
    MODEL_ORDER,
  );
  const cells: ClaimCell[] = [];
  for (const model of models) {
    for (const agent of AGENTS) {
      for (const reward of REWARDS) {
        const c = byKey.get(JSON.stringify([model, agent, reward]));
        if (c) cells.push(c);
      }
    }
  }
  const rows = cells.map((c) => ({
    model: c.model,
    agent: c.agent,
    reward: c.reward,
    episodes: c.episodes,
    claimed: c.claimed,
    replayed: c.passed,
    claimed_rate: c.claimedRate,
    replayed_rate: c.passRate,
    false_claims: c.falseClaims,
    unclaimed_solves: c.unclaimed,
    agreement: c.agreement,
    end_solved_but_unsolved: c.endSolvedButUnsolved,
  }));
  const { episodes, falseClaims: wrong, unclaimedSolves } = claimAudit(ctx);
  return {
    id: 'audit',
    title: 'Audit: claimed success vs replayed outcome',
    source: 'beyond the paper',
    columns: [
      COLUMNS.model,
      COLUMNS.agent,
      CUBE_COLUMNS.reward,
      column(COLUMNS.episodes, { count: { kind: 'episode', by: BY } }),
      { key: 'claimed', label: 'Claimed', format: 'int', help: 'claimed_success = true', count: { kind: 'episode', by: BY, where: { claimed: true } } },
      { key: 'replayed', label: 'Replayed pass', format: 'int', count: { kind: 'episode', by: BY, where: { pass: true } } },
      { key: 'claimed_rate', label: 'Claimed %', format: 'pct' },
      { key: 'replayed_rate', label: 'Replayed %', format: 'pct' },
      {
        key: 'false_claims',
        label: 'False claims',
        format: 'int',
        help: 'claimed success, cube not solved on replay',
        count: { kind: 'episode', by: BY, where: { claimed: true, pass: false } },
      },
      {
        key: 'unclaimed_solves',
        label: 'Unclaimed solves',
        format: 'int',
        help: 'solved on replay, not claimed',
        count: { kind: 'episode', by: BY, where: { claimed: false, pass: true } },
      },
      { key: 'agreement', label: 'Agreement %', format: 'pct' },
      {
        key: 'end_solved_but_unsolved',
        label: "end = 'solved' but unsolved",
        format: 'int',
        count: { kind: 'episode', by: BY, where: { end: 'solved', pass: false } },
      },
    ],
    rows,
    notes: [
      `${episodes} episodes: ${wrong.length} claim a success that replay does not confirm, ${unclaimedSolves} solved the cube without claiming it. Tables use the replayed outcome only.`,
      ...(wrong.length ? [`False claims (first ${Math.min(8, wrong.length)}): ${wrong.slice(0, 8).join(', ')}.`] : []),
      "Every episode's claim, replayed outcome and final state are in episodes.jsonl beside this report.",
    ],
  };
}
