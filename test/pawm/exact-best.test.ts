import { afterAll, describe, expect, it } from 'vitest';
import { loadPawm } from '../../src/release/load/pawm.js';
import { preparePawm } from '../../analysis/pawm/derive/context.js';
import { table05 } from '../../analysis/pawm/present/table05.js';
import { fig02Data } from '../../analysis/pawm/present/fig02-data.js';
import { accFraction, compareAcc } from '../../analysis/pawm/derive/exact-acc.js';
import { writeTmp } from './tiny.js';

/**
 * Agent A on ScienceWorld, tasks t1..t10, runs 1-3, one unguided step per episode. Successes per run
 * (tasks t1..tk succeed in a run with k successes):
 *   pawm_sft ratio 0.5: 0, 0, 3 -> run rates 0, 0, 0.3 -> Acc = 0.3 / 3 = 1/10
 *   pawm_sft ratio 1:   1, 1, 1 -> run rates 0.1, 0.1, 0.1 -> Acc = 1/10
 *   pawm_grpo ratio 0.5: 1, 1, 1 -> Acc = 1/10
 * Every Acc is exactly 1/10, but the float means are 0.09999999999999999 (0 + 0 + 0.3) and
 * 0.10000000000000002 (0.1 + 0.1 + 0.1). By the documented tie rules, Table 5's best ratio is the
 * smaller one (0.5), and Figure 2's best is the first row in its order (PAWM: SFT / prompted).
 */
const configs: [string, number, number[]][] = [
  ['pawm_sft', 0.5, [0, 0, 3]],
  ['pawm_sft', 1, [1, 1, 1]],
  ['pawm_grpo', 0.5, [1, 1, 1]],
];
const episodes: object[] = [],
  steps: object[] = [];
for (const [method, train_ratio, wins] of configs) {
  for (const run of [1, 2, 3]) {
    for (let t = 1; t <= 10; t++) {
      const k = { benchmark: 'scienceworld', agent: 'A', method, gating: 'learned', train_ratio, task_id: `t${t}`, run };
      episodes.push({ ...k, success: t <= wins[run - 1], steps: 1, wm_calls: 0, api_calls: 1 });
      steps.push({ ...k, step: 1, tentative_action: 'a', guidance: null, final_action: 'a' });
    }
  }
}
const rel = writeTmp({ benchmark: 'pawm', version: 't', description: 'exact ties of Acc', files: { 'episodes.jsonl': episodes, 'steps.jsonl': steps } });
afterAll(() => rel.cleanup());
const ctx = preparePawm(loadPawm(rel.dir), { seed: 1, resamples: 10 });

describe('a "best" by accuracy compares exact fractions, then the documented tie rule', () => {
  it('the float means differ in the last bit (the noise the exact comparison ignores)', () => {
    expect((0 + 0 + 0.3) / 3).toBe(0.09999999999999999);
    expect((0.1 + 0.1 + 0.1) / 3).toBe(0.10000000000000002);
    const a = accFraction([
      { ok: 0, n: 10 },
      { ok: 0, n: 10 },
      { ok: 3, n: 10 },
    ])!;
    const b = accFraction([
      { ok: 1, n: 10 },
      { ok: 1, n: 10 },
      { ok: 1, n: 10 },
    ])!;
    expect(compareAcc(a, b)).toBe(0);
    expect(
      compareAcc(
        a,
        accFraction([
          { ok: 1, n: 10 },
          { ok: 1, n: 10 },
          { ok: 2, n: 10 },
        ])!,
      ),
    ).toBe(-1);
    // 2/3 over one run of 3 is above 1/2 + 0/1 + ... : (1/2 + 1/1) / 2 = 3/4 > 2/3
    expect(
      compareAcc(
        accFraction([
          { ok: 1, n: 2 },
          { ok: 1, n: 1 },
        ])!,
        accFraction([{ ok: 2, n: 3 }])!,
      ),
    ).toBe(1);
  });
  it('Table 5: a tie goes to the smaller ratio', () => {
    const rows = table05(ctx).rows.filter((r) => r.benchmark === 'ScienceWorld');
    expect(rows.map((r) => [r.train_ratio, r.best])).toEqual([
      [0.5, true],
      [1, false],
    ]);
    expect(rows[1].acc as number).toBeGreaterThan(rows[0].acc as number); // as floats, ratio 1 looks better
  });
  it("Figure 2: a tie goes to the first row in the figure's order", () => {
    const t = fig02Data(ctx);
    const rows = t.rows.filter((r) => r.benchmark === 'ScienceWorld');
    expect(rows.map((r) => [r.config, r.method, r.train_ratio])).toEqual([
      ['PAWM: SFT / prompted', 'pawm_sft', 0.5],
      ['PAWM: + GRPO', 'pawm_grpo', 0.5],
    ]);
    expect(t.notes).toContain("ScienceWorld: best PAWM: SFT / prompted (10.00%; Acc compared as exact fractions, a tie to the first in the figure's order).");
  });
});
