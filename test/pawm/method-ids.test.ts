import { afterAll, describe, expect, it } from 'vitest';
import { loadPawm } from '../../src/load/pawm.js';
import { preparePawm } from '../../analysis/pawm/context.js';
import { table04 } from '../../analysis/pawm/table04.js';
import { fig02Data } from '../../analysis/pawm/fig02.js';
import { writeTmp } from './tiny.js';

/**
 * Agent A on ScienceWorld, one task, runs 1-3, one unguided step per episode. Per method, the runs
 * that succeed (so Acc = successes / 3):
 *   none 1; pre_task 2; subgoal_traj gating all 3, gating pitfall_only 0; my_wm 1; my_wm_grpo 2;
 *   pawm_sft 2; pawm_grpo 3
 * Table 4 finds the format page's ids (subgoal_traj with gating all), and my_wm, an id the format page
 * does not list, gets its own row; Fig 2 pairs my_wm with my_wm_grpo as its own family.
 */
const runs: [string, string, number][] = [
  ['none', 'none', 1], ['pre_task', 'none', 2], ['subgoal_traj', 'all', 3], ['subgoal_traj', 'pitfall_only', 0],
  ['my_wm', 'all', 1], ['my_wm_grpo', 'all', 2], ['pawm_sft', 'learned', 2], ['pawm_grpo', 'learned', 3],
];
const episodes: object[] = [], steps: object[] = [];
for (const [method, gating, wins] of runs) {
  for (const run of [1, 2, 3]) {
    const k = { benchmark: 'scienceworld', agent: 'A', method, gating, train_ratio: null, task_id: 't1', run };
    episodes.push({ ...k, success: run <= wins, steps: 1, wm_calls: 0, api_calls: 1 });
    steps.push({ ...k, step: 1, tentative_action: 'a', guidance: null, final_action: 'a' });
  }
}
const rel = writeTmp({ benchmark: 'pawm', version: 't', description: 'method ids', files: { 'episodes.jsonl': episodes, 'steps.jsonl': steps } });
afterAll(() => rel.cleanup());
const ctx = preparePawm(loadPawm(rel.dir), { seed: 1, resamples: 10 });

describe('PAWM method ids follow the format page; other ids get their own rows', () => {
  it('Table 4', () => {
    const rows = table04(ctx).rows.filter((r) => r.benchmark === 'ScienceWorld');
    expect(rows.map((r) => [r.method, r.gating, r.acc])).toEqual([
      ['none', 'none', 1 / 3],
      ['pre_task', 'none', 2 / 3],
      [null, null, null], // next_obs: not in this release
      ['subgoal_traj', 'all', 1],
      [null, null, null], // full_traj
      ['my_wm', 'all', 1 / 3],
      ['pawm_sft', 'learned', 2 / 3],
      ['pawm_grpo', 'learned', 1],
    ]);
    expect(rows[5].config).toBe('my_wm');
  });
  it('Fig 2: my_wm / my_wm_grpo as its own family, PAWM last; no family without a + GRPO run', () => {
    const rows = fig02Data(ctx).rows.filter((r) => r.benchmark === 'ScienceWorld');
    expect(rows.map((r) => [r.family, r.method, r.acc])).toEqual([
      ['my_wm', 'my_wm', 1 / 3],
      ['my_wm', 'my_wm_grpo', 2 / 3],
      ['PAWM', 'pawm_sft', 2 / 3],
      ['PAWM', 'pawm_grpo', 1],
    ]);
  });
});
