import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cubebench } from '../../analysis/cubebench/index.js';
import { denseRewardsTable, MAX_TRACED_MOVES, tracesArtifact } from '../../analysis/cubebench/index.js';
import { scrambleFacelets } from '../../src/domain/cube/index.js';
import { writeRelease } from '../../src/samples/write-release.js';

const root = mkdtempSync(join(tmpdir(), 'cube-dense-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const episode = (episode_id: string, actions: string) => ({
  episode_id,
  model: 'GPT-5',
  tier: 'symbolic',
  agent: 'basic',
  reward: 'sticker',
  task_id: 't1',
  actions,
  claimed_success: true,
  end: 'solved',
  make_move_calls: actions.split(' ').length,
  duration_s: 1,
});

/**
 * Task t1 = scramble R (depth 1, short horizon). By hand:
 *   short: R'                         1 action, solved; phi_sticker 42 -> 54 (R moves 12 stickers off their faces)
 *   long:  U x 5004, then R'          5005 actions, solved (U^4 is the identity); return 54 - 42 = 12
 *   lost:  U x 5001                   5001 actions, not solved (leaves R then U)
 * All three count: 3 episodes, mean actions (1 + 5005 + 5001) / 3, pass rate 2/3. The old code dropped
 * both long ones (1 episode, 1 action, 100%).
 */
const dir = join(root, 'r');
writeRelease(dir, {
  benchmark: 'cubebench',
  version: 'test',
  description: 'dense rewards with long episodes',
  files: {
    'tasks.jsonl': [{ task_id: 't1', depth: 1, scramble: 'R', state: scrambleFacelets('R') }],
    'episodes.jsonl': [episode('short', "R'"), episode('long', `${Array(5004).fill('U').join(' ')} R'`), episode('lost', Array(5001).fill('U').join(' '))],
  },
});
const ctx = cubebench.prepare(cubebench.load(dir), { seed: 1, resamples: 10 });

describe('dense rewards count every episode, however long', () => {
  it('the table has all three episodes', () => {
    const t = denseRewardsTable(ctx);
    expect(t.rows).toHaveLength(1);
    expect(t.rows[0]).toMatchObject({ model: 'GPT-5', reward: 'sticker', horizon: 'short', episodes: 3 });
    expect(t.rows[0].mean_steps).toBeCloseTo((1 + 5005 + 5001) / 3, 12);
    expect(t.rows[0].pass_rate).toBeCloseTo(2 / 3, 12);
    expect(t.notes!.join(' ')).toContain(`2 episode(s) longer than ${MAX_TRACED_MOVES} actions are summarised`);
  });
  it('the trace artifact lists short episodes step by step and summarises long ones, saying so', () => {
    const rows = tracesArtifact(ctx)
      .content.trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows[0]).toEqual({ episode_id: 'short', reward: 'sticker', replayed_pass: true, phi: [42, 54], rewards: [12] });
    expect(rows[1]).toMatchObject({ episode_id: 'long', replayed_pass: true, summarised: true, steps: 5005, phi_start: 42, phi_end: 54 });
    expect(rows[1].phi).toBeUndefined();
    expect(rows[2]).toMatchObject({ episode_id: 'lost', replayed_pass: false, summarised: true, steps: 5001, phi_start: 42 });
  });
});
