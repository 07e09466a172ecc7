import { afterAll, describe, expect, it } from 'vitest';
import { loadPawm } from '../../src/release/load/pawm.js';
import { preparePawm } from '../../analysis/pawm/derive/context.js';
import { table04 } from '../../analysis/pawm/present/table04.js';
import { fig02Data } from '../../analysis/pawm/present/fig02-data.js';
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
  ['none', 'none', 1],
  ['pre_task', 'none', 2],
  ['subgoal_traj', 'all', 3],
  ['subgoal_traj', 'pitfall_only', 0],
  ['my_wm', 'all', 1],
  ['my_wm_grpo', 'all', 2],
  ['pawm_sft', 'learned', 2],
  ['pawm_grpo', 'learned', 3],
];
const episodes: object[] = [],
  steps: object[] = [];
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

describe('Table 1 (pilot) notes pick the highest ACR and Acc exactly, ties to the first in the paper order', () => {
  it('two horizons tied on Acc (2/3 each) and on ACR (1/2 each): next_obs, the first, is named', async () => {
    const { table01 } = await import('../../analysis/pawm/present/table01.js');
    const eps: object[] = [],
      st: object[] = [];
    // next_obs and subgoal_traj: runs 1, 2 succeed, run 3 fails (Acc 2/3); two steps per episode, the first changed (ACR 1/2)
    for (const method of ['none', 'next_obs', 'subgoal_traj']) {
      for (const run of [1, 2, 3]) {
        const k = { benchmark: 'scienceworld', agent: 'A', method, gating: method === 'none' ? 'none' : 'all', train_ratio: null, task_id: 't1', run };
        eps.push({ ...k, success: run < 3, steps: 2, wm_calls: 0, api_calls: 1 });
        const guided = method !== 'none';
        st.push({ ...k, step: 1, tentative_action: 'a', guidance: guided ? 'g' : null, final_action: guided ? 'b' : 'a' });
        st.push({ ...k, step: 2, tentative_action: 'a', guidance: null, final_action: 'a' });
      }
    }
    const r = writeTmp({ benchmark: 'pawm', version: 't', description: 'ties', files: { 'episodes.jsonl': eps, 'steps.jsonl': st } });
    const t = table01(preparePawm(loadPawm(r.dir), { seed: 1, resamples: 10 }));
    r.cleanup();
    expect(t.notes!.join(' ')).toContain('ScienceWorld: highest ACR Next-Obv (50.0%), highest accuracy Next-Obv (66.7%).');
  });
});
