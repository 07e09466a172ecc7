import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIMS } from '../../analysis/pawm/claims.js';
import { gatingPairs, mainPairs, pilotPairs, pitfallByChange, type RunPair } from '../../analysis/pawm/derive/claim-evidence.js';
import { preparePawm } from '../../analysis/pawm/derive/context.js';
import { pawm, mainRuns, type PawmContext } from '../../analysis/pawm/index.js';
import type { Evidence } from '../../src/derive/claims/claim.js';
import { loadPawm } from '../../src/release/load/pawm.js';
import { writeTmp } from './tiny.js';

/**
 * PAWM's claim evidence (analysis/pawm/derive/claim-evidence.ts, read by analysis/pawm/claims.ts):
 * two configurations paired on the (task, run) units both ran, clustered on the task.
 *
 * Hand-worked release: agent A on ScienceWorld, tasks t1..t3, runs 1-3, one step per episode.
 *   none (gating none):           t1 = [1, 0, 0], t2 = [0, 0, 0], t3 = [1, 1, 1]
 *   subgoal_traj (gating all):    t1 = [1, 1, 0], t2 = [1, 0, -], t3 = [1, 1, 1]   (- : t2 run 3 missing)
 *   subgoal_traj (pitfall_only):  t1 = [1, 1, 1], t2 = [0, 0, 0], t3 = [1, 1, 1]
 * SubGoal-Traj vs none pairs on the 8 units both ran (t2 run 3 left out), in SubGoal-Traj's order:
 *   a = 1 1 0 1 0 1 1 1, b = 1 0 0 0 0 1 1 1, clusters t1 t1 t1 t2 t2 t3 t3 t3.
 */
const outcomes: [string, string, number[][]][] = [
  [
    'none',
    'none',
    [
      [1, 0, 0],
      [0, 0, 0],
      [1, 1, 1],
    ],
  ],
  [
    'subgoal_traj',
    'all',
    [
      [1, 1, 0],
      [1, 0, -1],
      [1, 1, 1],
    ],
  ],
  [
    'subgoal_traj',
    'pitfall_only',
    [
      [1, 1, 1],
      [0, 0, 0],
      [1, 1, 1],
    ],
  ],
];
const episodes: object[] = [];
const steps: object[] = [];
for (const [method, gating, byTask] of outcomes) {
  byTask.forEach((runs, t) =>
    runs.forEach((success, r) => {
      if (success < 0) return;
      const k = { benchmark: 'scienceworld', agent: 'A', method, gating, train_ratio: null, task_id: `t${t + 1}`, run: r + 1 };
      episodes.push({ ...k, success: success === 1, steps: 1, wm_calls: 0, api_calls: 1 });
      steps.push({ ...k, step: 1, tentative_action: 'a', guidance: method === 'none' ? null : 'mind the pitfall', final_action: r === 0 ? 'b' : 'a' });
    }),
  );
}
const rel = writeTmp({ benchmark: 'pawm', version: 't', description: 'paired claim evidence', files: { 'episodes.jsonl': episodes, 'steps.jsonl': steps } });
afterAll(() => rel.cleanup());
const tiny = preparePawm(loadPawm(rel.dir), { seed: 1, resamples: 10 });

/** Every not-computable part of an evidence, with what it names. */
function missing(e: Evidence): string[] {
  if (e.kind === 'not-computable') return [e.missing];
  if (e.kind === 'every-unit') return e.units.flatMap((u) => missing(u.evidence));
  if (e.kind === 'count' && e.share) return missing(e.share);
  return [];
}

describe('paired evidence of two configurations (hand-worked release)', () => {
  it('SubGoal-Traj against no world model: the units both ran, in order, clustered on the task', () => {
    const vsNone = pilotPairs(tiny).scienceworld.subgoalVsOthers.find((p) => p.label === 'SubGoal-Traj - No guidance (ScienceWorld)') as RunPair;
    expect(vsNone.a).toEqual([1, 1, 0, 1, 0, 1, 1, 1]);
    expect(vsNone.b).toEqual([1, 0, 0, 0, 0, 1, 1, 1]);
    expect(vsNone.cluster).toEqual(['t1', 't1', 't1', 't2', 't2', 't3', 't3', 't3']);
  });

  it('pitfall-only against all guidance (the non-inferiority claim) pairs the same way', () => {
    const p = gatingPairs(tiny).scienceworld as RunPair;
    expect(p.a).toEqual([1, 1, 1, 0, 0, 1, 1, 1]);
    expect(p.b).toEqual([1, 1, 0, 1, 0, 1, 1, 1]);
    expect(p.cluster).toEqual(['t1', 't1', 't1', 't2', 't2', 't3', 't3', 't3']);
  });

  it('a comparison the release cannot make names what is missing; the claims built on it are not computable', () => {
    const others = pilotPairs(tiny).scienceworld.subgoalVsOthers.map((p) => ('missing' in p ? p.missing : null));
    expect(others.filter((m) => m !== null)).toEqual([
      'episodes.jsonl: no episodes of Next-Obv (ScienceWorld)',
      'episodes.jsonl: no episodes of Full-Traj (ScienceWorld)',
    ]);
    const claim = CLAIMS.find((c) => c.id === 'pawm.subgoal-best-pilot')!;
    expect(missing(claim.evaluate(tiny))).toHaveLength(2);
    expect(missing(CLAIMS.find((c) => c.id === 'pawm.full-traj-hurts-webarena')!.evaluate(tiny))).toEqual([
      'episodes.jsonl: no episodes of Full-Traj (WebArena-Lite)',
    ]);
  });
});

describe('PAWM claims on the bundled sample (data/pawm)', () => {
  let ctx: PawmContext;
  beforeAll(() => {
    ctx = pawm.prepare(pawm.load(join(import.meta.dirname, '../../data/pawm')), { seed: 20261130, resamples: 20 });
  }, 300_000);

  it('the ten claims, ids as in the paper list', () => {
    expect(CLAIMS.map((c) => c.id)).toEqual([
      'pawm.subgoal-best-pilot',
      'pawm.full-traj-hurts-webarena',
      'pawm.changed-guidance-anticipates-pitfalls',
      'pawm.lexical-top-words',
      'pawm.pitfall-gating-keeps-accuracy',
      'pawm.grpo-beats-no-guidance',
      'pawm.grpo-beats-best-baseline',
      'pawm.grpo-beats-sft',
      'pawm.balanced-ratio-best',
      'pawm.transfer-to-backbones',
    ]);
    const ni = CLAIMS.find((c) => c.id === 'pawm.pitfall-gating-keeps-accuracy')!;
    expect([ni.estimand, ni.direction, ni.threshold, ni.margin]).toEqual(['non-inferiority', 'greater', -0.03, 0.03]);
  });

  it('every claim is computable, and evaluates to the same evidence twice (derived cells)', () => {
    for (const c of CLAIMS) {
      const e = c.evaluate(ctx);
      expect(missing(e), c.id).toEqual([]);
      expect(c.evaluate(ctx), c.id).toEqual(e);
    }
  });

  it("a paired difference's mean is the Acc difference of Table 4 (complete runs: Acc is the mean over task runs)", () => {
    const rows = mainRuns(ctx).runs;
    const acc = (method: string) => rows.find((r) => r.benchmark === 'scienceworld' && r.config?.key.method === method)!.metrics!.acc;
    const p = mainPairs(ctx).scienceworld.grpoVsNone as RunPair;
    const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
    expect(p.a).toHaveLength(3 * 223);
    expect(mean(p.a) - mean(p.b)).toBeCloseTo(acc('pawm_grpo') - acc('none'), 12);
    expect(new Set(p.cluster).size).toBe(223);
  });

  it("the best other guidance is Table 4's most accurate row that is neither no guidance nor PAWM", () => {
    for (const b of ['scienceworld', 'webarena_lite'] as const) {
      const rows = mainRuns(ctx).runs.filter(
        (r) => r.benchmark === b && r.metrics && r.config!.key.method !== 'none' && !r.config!.key.method.startsWith('pawm'),
      );
      const best = rows.reduce((x, r) => (r.metrics!.acc > x.metrics!.acc ? r : x));
      expect(mainPairs(ctx)[b].grpoVsBestOther.label).toContain(`- ${best.label}, the best other guidance`);
    }
  });

  it('pitfall shares by CHANGED: the counts of the semantic analysis, pooled', async () => {
    const { semanticTests } = await import('../../analysis/pawm/derive/semantic.js');
    const d = pitfallByChange(ctx);
    const s = semanticTests(ctx).pooled;
    expect([d.changed.length, d.changed.filter((x) => x === 1).length, d.unchanged.length, d.unchanged.filter((x) => x === 1).length]).toEqual([
      s.changed_n,
      s.changed_pitfall_n,
      s.unchanged_n,
      s.unchanged_pitfall_n,
    ]);
    expect(d.changedTask).toHaveLength(d.changed.length);
  });
});
