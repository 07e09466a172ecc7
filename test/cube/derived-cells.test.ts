import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  auditTable,
  claimAudit,
  claimCells,
  cubebench,
  denseRewardsTable,
  depthCheckCounts,
  depthCheckTable,
  depthResolution,
  episodeReplay,
  episodeReplayHtml,
  exp1Resolution,
  exp1Table,
  makeMoveCallsTable,
  passByDepthFigure,
  rewardCells,
  summarisedTraces,
  toolUseByMean,
  type CubeContext,
} from '../../analysis/cubebench/index.js';
import { scrambleFacelets } from '../../src/domain/cube/index.js';
import { writeRelease } from '../../src/samples/write-release.js';
import { python } from '../helpers/reference.js';

/**
 * A release worked out by hand. Tasks: t1 = R (depth 1), t2 = R U (depth 2), t3 = R U U2 U declared
 * at depth 3 (it cancels to R: optimal depth 1, flagged). Symbolic tier, Basic agent:
 *            task  actions   claimed  end      replayed  make_move_calls
 *   A  e1    t1    R'        yes      solved   solved    1
 *   A  e2    t2    U'        yes      solved   no        1   (a false claim; end 'solved', cube unsolved)
 *   A  e3    t1    U         no       gave_up  no        1
 *   B  e4    t1    R'        no       gave_up  solved    1   (an unclaimed solve)
 *   B  e5    t2    U' R'     yes      solved   solved    2
 *   B  e6    t2    R         no       solved   no        1   (end 'solved', cube unsolved)
 *   A  e7    t1    R' R R'   (sticker reward)  solved    3   phi_sticker 42 -> 54 -> 42 -> 54: +, -, +
 *   A  e8    t1    x         (sticker reward)  no        0   a view change: reward 0
 */
const root = mkdtempSync(join(tmpdir(), 'cube-cells-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const task = (task_id: string, depth: number, scramble: string) => ({ task_id, depth, scramble, state: scrambleFacelets(scramble) });
const ep = (
  episode_id: string,
  model: string,
  task_id: string,
  actions: string,
  claimed_success: boolean,
  end: string,
  make_move_calls: number,
  reward = 'none',
) => ({
  episode_id,
  model,
  tier: 'symbolic',
  agent: 'basic',
  reward,
  task_id,
  actions,
  claimed_success,
  end,
  make_move_calls,
  duration_s: 1,
});
writeRelease(join(root, 'r'), {
  benchmark: 'cubebench',
  version: 'test',
  description: 'derived cells by hand',
  files: {
    'tasks.jsonl': [task('t1', 1, 'R'), task('t2', 2, 'R U'), task('t3', 3, 'R U U2 U')],
    'episodes.jsonl': [
      ep('e1', 'A', 't1', "R'", true, 'solved', 1),
      ep('e2', 'A', 't2', "U'", true, 'solved', 1),
      ep('e3', 'A', 't1', 'U', false, 'gave_up', 1),
      ep('e4', 'B', 't1', "R'", false, 'gave_up', 1),
      ep('e5', 'B', 't2', "U' R'", true, 'solved', 2),
      ep('e6', 'B', 't2', 'R', false, 'solved', 1),
      ep('e7', 'A', 't1', "R' R R'", true, 'solved', 3, 'sticker'),
      ep('e8', 'A', 't1', 'x', false, 'gave_up', 0, 'sticker'),
    ],
  },
});
const ctx: CubeContext = cubebench.prepare(cubebench.load(join(root, 'r')), { seed: 1, resamples: 10 });
const once = (cell: (c: CubeContext) => unknown) => expect(cell(ctx)).toBe(cell(ctx));

describe('CubeBench counts and rates are derived cells the tables print', () => {
  it('claims against replay: rates and agreement per cell, the false claims and unclaimed solves overall', () => {
    once(claimCells);
    once(claimAudit);
    const a = claimCells(ctx).get(JSON.stringify(['A', 'basic', 'none']))!;
    const b = claimCells(ctx).get(JSON.stringify(['B', 'basic', 'none']))!;
    expect([a.episodes, a.claimed, a.passed, a.falseClaims, a.unclaimed, a.endSolvedButUnsolved]).toEqual([3, 2, 1, 1, 0, 1]); // e2 ends 'solved' unsolved
    expect([a.claimedRate, a.passRate, a.agreement]).toEqual([2 / 3, 1 / 3, 2 / 3]);
    expect([b.episodes, b.claimed, b.passed, b.falseClaims, b.unclaimed, b.endSolvedButUnsolved]).toEqual([3, 1, 2, 0, 1, 1]);
    expect([b.claimedRate, b.passRate, b.agreement]).toEqual([1 / 3, 2 / 3, 2 / 3]);
    expect(claimAudit(ctx)).toEqual({ episodes: 8, falseClaims: ['e2'], unclaimedSolves: 1 });
    const t = auditTable(ctx);
    expect(t.rows.find((r) => r.model === 'B' && r.reward === 'none')).toMatchObject({
      claimed_rate: 1 / 3,
      replayed_rate: 2 / 3,
      agreement: 2 / 3,
      end_solved_but_unsolved: 1,
    });
    expect(t.notes![0]).toBe(
      '8 episodes: 1 claim a success that replay does not confirm, 1 solved the cube without claiming it. Tables use the replayed outcome only.',
    );
    expect(t.notes![1]).toBe('False claims (first 1): e2.');
  });

  it('make_move calls: the mean per model, models by exact mean, highest first', () => {
    once(toolUseByMean);
    // A: 1 + 1 + 1 + 3 + 0 = 6 calls in 5 episodes; B: 4 in 3
    expect(toolUseByMean(ctx).map((u) => [u.model, u.total, u.episodes, u.mean])).toEqual([
      ['B', 4, 3, 4 / 3],
      ['A', 6, 5, 6 / 5],
    ]);
    expect(makeMoveCallsTable(ctx).rows.map((r) => [r.model, r.mean, r.median, r.max])).toEqual([
      ['B', 4 / 3, 1, 2],
      ['A', 6 / 5, 1, 3],
    ]);
  });

  it('dense rewards: means and shares of rewarded, punished and zero steps', () => {
    once(rewardCells);
    const [c] = rewardCells(ctx);
    // 2 episodes, 4 steps: 2 rewarded, 1 punished, 1 zero (the view change); returns 12 and 0
    expect([c.episodes, c.steps, c.positive, c.negative, c.totalReturn, c.passed]).toEqual([2, 4, 2, 1, 12, 1]);
    expect([c.meanSteps, c.meanReturn, c.passRate, c.positiveShare, c.negativeShare, c.zeroShare]).toEqual([2, 6, 0.5, 0.5, 0.25, 0.25]);
    expect(summarisedTraces(ctx)).toBe(0);
    expect(denseRewardsTable(ctx).rows[0]).toMatchObject({
      mean_steps: 2,
      mean_return: 6,
      positive_steps: 0.5,
      negative_steps: 0.25,
      zero_steps: 0.25,
      pass_rate: 0.5,
    });
  });

  it('depth checks by outcome', () => {
    once(depthCheckCounts);
    expect(depthCheckCounts(ctx)).toEqual({ exact: 2, bounded: 0, wrong: 1 });
    expect(depthCheckTable(ctx).notes![0]).toBe('3 tasks: 2 exact, 0 within bounds, 1 flagged.');
  });

  it('resolution: one cell size gives a rate step and the Wilson half-width at 50% (statsmodels); several give none', () => {
    once(exp1Resolution);
    // Experiment 1's cells: A and B, symbolic short, 3 episodes each
    const r = exp1Resolution(ctx);
    const [low, high] = python(
      `import json
from statsmodels.stats.proportion import proportion_confint
print(json.dumps([float(x) for x in proportion_confint(1, 3, method='wilson')]))`,
      null,
    ) as number[];
    expect(r.sizes).toEqual([3]);
    expect(r.stepPoints).toBe(100 / 3);
    expect(r.halfWidthPoints as number).toBeCloseTo((100 * (high - low)) / 2, 10);
    expect(exp1Table(ctx).notes![1]).toBe(
      `Intervals: Wilson score 95%. With 3 tasks per cell a rate moves in steps of 33.33 points and its interval is about +-${Math.round(r.halfWidthPoints!)} points wide.`,
    );
    // by depth: A at depth 1 (e1, e3) and 2 (e2), B at depth 1 (e4) and 2 (e5, e6)
    expect(depthResolution(ctx)).toEqual({ sizes: [1, 2], stepPoints: null, halfWidthPoints: null });
    expect(passByDepthFigure(ctx).notes![0]).toContain('has 1 to 2 episodes per point.');
  });

  it('an episode replayed move by move: the potentials after each step, once per episode and step limit', () => {
    const r = episodeReplay(ctx, { episode_id: 'e7', maxSteps: 2 });
    expect(episodeReplay(ctx, { episode_id: 'e7', maxSteps: 2 })).toBe(r);
    expect(r.steps.map((s) => [s.step, s.move, s.phiSticker, s.phiFace, s.solved])).toEqual([
      [0, null, 42, 2, false],
      [1, "R'", 54, 6, true],
      [2, 'R', 42, 2, false],
    ]);
    expect([r.total, r.pass, r.task.task_id]).toEqual([3, true, 't1']);
    const html = episodeReplayHtml(ctx, 'e7', 2);
    expect(html).toContain('3 actions (first 2 drawn); claimed success: true; replayed: solved');
    expect(html).toContain('1: R&#39; · stickers 54 · faces 6 · solved');
    expect(() => episodeReplay(ctx, { episode_id: 'nope', maxSteps: 2 })).toThrow('no episode "nope" in this release');
  });
});
