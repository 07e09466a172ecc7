import { COLUMNS, RANK_COLUMNS } from '../../../src/present/tables/columns.js';
import { formatCell } from '../../../src/present/tables/number-format.js';
import type { Table, TableRow } from '../../../src/present/tables/table.js';
import { orderModels, type CubeContext } from '../derive/context.js';
import { exp1Resolution } from '../derive/resolution.js';
import { MODEL_ORDER } from '../derive/model-order.js';
import { cubeRanks } from '../derive/ranks.js';
import { sliceKey } from '../derive/slices.js';
import { PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';
import { CELL_COLUMNS, EXP12_COLUMNS, pivot, pivotColumns, rowsFor } from './pass-rate-view.js';

/** The published 'all long' numbers, quoted from paper.ts: one value for every model, or several. */
function allLongNote(): string {
  const longs = [...new Set(PAPER.list.filter((p) => /^exp1\/.*\/all-long$/.test(p.id)).map((p) => p.value))];
  const quoted = longs.length === 1 ? `${formatCell(longs[0], 'pct')} for all` : longs.map((v) => formatCell(v, 'pct')).join(', ');
  const compared = longs.length === 1 ? `compared with ${100 * longs[0]}` : "compared with the model's published value";
  return `The paper's 'all long' column is one number per model (${quoted}); the long form gives each tier's long cell and the pooled 'all' cell, each ${compared}.`;
}

/** How coarse a cell is at this release's cell size (derived): the step of a rate, and the interval's half-width at 50%. */
function resolutionNote(ctx: CubeContext): string {
  const { sizes, stepPoints, halfWidthPoints } = exp1Resolution(ctx);
  if (stepPoints === null || halfWidthPoints === null) return `Cells hold ${sizes[0]} to ${sizes[sizes.length - 1]} tasks; the fewer, the wider the interval.`;
  return `With ${sizes[0]} tasks per cell a rate moves in steps of ${+stepPoints.toFixed(2)} points and its interval is about +-${Math.round(halfWidthPoints)} points wide.`;
}

/** "2 [1.00, 3.00] *": a point rank, its interval, and * when in the leader's group. */
function rankText(rank: number, low: number, high: number, leaderGroup: boolean): string {
  return `${rank} [${formatCell(low, 'num')}, ${formatCell(high, 'num')}]${leaderGroup ? ' *' : ''}`;
}

/**
 * Experiment 1: the Basic agent without dense reward, per model: each tier at short horizon and
 * all tiers at long horizon, as replayed.
 */
export function exp1Table(ctx: CubeContext): Table {
  const basic = ctx.results.filter((r) => r.agent === 'basic' && r.reward === 'none');
  const models = orderModels(
    basic.map((r) => r.model),
    MODEL_ORDER,
  );
  const rows = models.flatMap((m) => rowsFor(ctx, 'exp1', m, 'basic', 'none'));
  const ranks = cubeRanks(ctx).byCell;
  const ranked = rows.map((r) => {
    const s = ranks.get(sliceKey(r));
    return { ...r, rank: s?.rank ?? null, rank_low: s?.rank_low ?? null, rank_high: s?.rank_high ?? null, in_leader_group: s?.in_leader_group ?? null };
  });
  const p = pivot(
    rows,
    (r) => r.model,
    (r) => ({ model: r.model }),
    EXP12_COLUMNS,
    true,
  );
  // the pivoted view gets a 'rank' line under each model's recomputed one: rank [interval], * in the leader's group
  const display = p.flatMap((line) => {
    if (line.which !== 'recomputed') return [line];
    const rankLine: TableRow = { model: line.model, which: 'rank' };
    for (const c of EXP12_COLUMNS) {
      const r = ranked.find((x) => x.model === line.model && x.tier === c.tier && x.horizon === c.horizon);
      if (r && r.rank !== null) rankLine[c.id] = rankText(r.rank, r.rank_low!, r.rank_high!, r.in_leader_group!);
    }
    return Object.keys(rankLine).length > 2 ? [line, rankLine] : [line];
  });
  return {
    id: 'exp1',
    title: 'Experiment 1: Basic agent pass rates by model, tier and horizon',
    source: 'CubeBench, Experiment 1 table',
    columns: [...CELL_COLUMNS, COLUMNS.rank, RANK_COLUMNS.rank_low, RANK_COLUMNS.rank_high, RANK_COLUMNS.in_leader_group],
    rows: ranked,
    paper: paperField(PAPER, 'exp1'),
    display: {
      columns: pivotColumns([COLUMNS.model], EXP12_COLUMNS),
      rows: display,
    },
    notes: [
      "Pass = the episode's actions, replayed on its task's state, leave every face one colour (after any rotations); the agent's own claim is not used (see the audit table).",
      `Intervals: Wilson score 95%. ${resolutionNote(ctx)}`,
      allLongNote(),
      `Ranks (short horizon, one leaderboard per tier, by pass rate): rank intervals over ${ctx.opts.resamples} bootstrap resamples of the tasks every model of the tier ran (paired by task), seed ${ctx.opts.seed}; the leader's group (* in the rank lines) by exact McNemar against the leader, Holm-adjusted. Every pair is in the pairwise table.`,
      'Models without published numbers (here the brute-force coders the paper names only for their make_move counts) have no paper row.',
    ],
  };
}
