import { episodeKey } from '../../../src/format/pawm.js';
import { derived } from '../../../src/derive/memo.js';
import { normalQuantile } from '../../../src/derive/stats/normal-quantile.js';
import type { Rng } from '../../../src/derive/stats/rng.js';
import { BENCHMARKS, BENCHMARK_LABEL, type PawmBenchmark, type PawmContext } from './context.js';
import { chosenRatio } from './configs.js';
import { lexicalOf } from './corpus.js';
import { GATING_LABEL, methodLabel } from './methods.js';
import { stepLabels } from './labels.js';
import { isChanged } from './metrics.js';
import { backboneTransfer, gatingRuns, mainRuns, pilotRuns, ratioRuns, type Run } from './runs.js';
import { sharedTaskRuns } from './task-runs.js';

/**
 * The raw per-unit data PAWM's claims are judged on (analysis/pawm/claims.ts), each a derived cell:
 * two configurations' outcomes paired on the (task, run) units both ran, clustered on the task
 * (runs are nested in tasks, and methods share tasks); the pitfall labels of CHANGED and UNCHANGED
 * guidance clustered on their task; the lexical z of the claimed words.
 */

/** Two runs of one benchmark on the same (task, run) units: a's and b's success (0/1) and each unit's task. */
export interface RunPair {
  /** "SubGoal-Traj - No guidance (ScienceWorld)" */
  label: string;
  benchmark: PawmBenchmark;
  a: number[];
  b: number[];
  cluster: string[];
}

/** A comparison the release cannot make, naming what is missing. */
interface MissingPair {
  label: string;
  missing: string;
}

export type PairEvidence = RunPair | MissingPair;

const runName = (r: Run): string => `${r.label} (${BENCHMARK_LABEL[r.benchmark]})`;

function whatIsMissing(r: Run): string {
  return `episodes.jsonl: no episodes of ${runName(r)}`;
}

/** a and b paired on the (task, run) units both ran (sharedTaskRuns), or what is missing. */
function pairRuns(a: Run | undefined, b: Run | undefined, label: string): PairEvidence {
  if (!a || !b) return { label, missing: `episodes.jsonl: no row for ${label}` };
  if (!a.config) return { label, missing: whatIsMissing(a) };
  if (!b.config) return { label, missing: whatIsMissing(b) };
  const shared = sharedTaskRuns([a.config, b.config]);
  if (shared.tasks.length === 0) return { label, missing: `episodes.jsonl: ${runName(a)} and ${runName(b)} share no (task, run)` };
  return { label, benchmark: a.benchmark, a: Array.from(shared.columns[0]), b: Array.from(shared.columns[1]), cluster: shared.tasks };
}

const pairLabel = (a: Run, b: Run): string => `${a.label} - ${b.label} (${BENCHMARK_LABEL[a.benchmark]})`;

/** Table 1's pilot: per benchmark, SubGoal-Traj against each other pilot method, and Full-Traj against no world model. */
export const pilotPairs = derived((ctx: PawmContext): Record<PawmBenchmark, { subgoalVsOthers: PairEvidence[]; fullVsNone: PairEvidence }> => {
  const { runs } = pilotRuns(ctx);
  const of = (b: PawmBenchmark, method: string) => runs.find((r) => r.benchmark === b && r.label === methodLabel(method));
  const out = {} as Record<PawmBenchmark, { subgoalVsOthers: PairEvidence[]; fullVsNone: PairEvidence }>;
  for (const b of BENCHMARKS) {
    const mine = runs.filter((r) => r.benchmark === b);
    const subgoal = of(b, 'subgoal_traj');
    const others = mine.filter((r) => r !== subgoal);
    out[b] = {
      subgoalVsOthers: subgoal
        ? others.map((r) => pairRuns(subgoal, r, pairLabel(subgoal, r)))
        : [{ label: `SubGoal-Traj (${BENCHMARK_LABEL[b]})`, missing: `episodes.jsonl: no SubGoal-Traj run (gating all) of the main agent on ${b}` }],
      fullVsNone: pairRuns(of(b, 'full_traj'), of(b, 'none'), `Full-Traj - No guidance (${BENCHMARK_LABEL[b]})`),
    };
  }
  return out;
});

/** Table 3: per benchmark, SubGoal-Traj with pitfall-only gating against all guidance. */
export const gatingPairs = derived((ctx: PawmContext): Record<PawmBenchmark, PairEvidence> => {
  const runs = gatingRuns(ctx);
  const of = (b: PawmBenchmark, gating: 'all' | 'pitfall_only') => runs.find((r) => r.benchmark === b && r.label === GATING_LABEL[gating]);
  const out = {} as Record<PawmBenchmark, PairEvidence>;
  for (const b of BENCHMARKS) out[b] = pairRuns(of(b, 'pitfall_only'), of(b, 'all'), `Pitfall-only - All guidance (${BENCHMARK_LABEL[b]})`);
  return out;
});

/** Methods of Table 4 that are neither the baseline without guidance nor PAWM itself: the other guidance. */
const isOtherGuidance = (method: string): boolean => method !== 'none' && !method.startsWith('pawm');

/**
 * Table 4: per benchmark, PAWM + GRPO against no guidance, against PAWM after SFT, and against the
 * best other guidance (the most accurate Table 4 row that is neither no guidance nor PAWM).
 */
export const mainPairs = derived(
  (ctx: PawmContext): Record<PawmBenchmark, { grpoVsNone: PairEvidence; grpoVsSft: PairEvidence; grpoVsBestOther: PairEvidence }> => {
    const { runs } = mainRuns(ctx);
    const out = {} as Record<PawmBenchmark, { grpoVsNone: PairEvidence; grpoVsSft: PairEvidence; grpoVsBestOther: PairEvidence }>;
    for (const b of BENCHMARKS) {
      const of = (method: string) => runs.find((r) => r.benchmark === b && r.label === methodLabel(method));
      const grpo = of('pawm_grpo');
      const others = runs.filter((r) => r.benchmark === b && r.metrics !== null && isOtherGuidance(r.config!.key.method));
      // the first of equally accurate rows, in Table 4's order
      const best = others.reduce<Run | undefined>((x, r) => (x === undefined || r.metrics!.acc > x.metrics!.acc ? r : x), undefined);
      const bench = BENCHMARK_LABEL[b];
      out[b] = {
        grpoVsNone: pairRuns(grpo, of('none'), `PAWM (SFT + GRPO) - No guidance (${bench})`),
        grpoVsSft: pairRuns(grpo, of('pawm_sft'), `PAWM (SFT + GRPO) - PAWM (SFT) (${bench})`),
        grpoVsBestOther: best
          ? pairRuns(grpo, best, `PAWM (SFT + GRPO) - ${best.label}, the best other guidance (${bench})`)
          : { label: `best other guidance (${bench})`, missing: `episodes.jsonl: no guidance method other than PAWM ran on ${b}` },
      };
    }
    return out;
  },
);

/**
 * Table 5: per benchmark, PAWM (SFT) at the ratio it was trained with (chosenRatio: the manifest's
 * chosen_train_ratio) against each other ratio of the release, and the raw ratio's Pass@3 and
 * intervention rate (how silent it leaves PAWM).
 */
export const ratioPairs = derived((ctx: PawmContext): Record<PawmBenchmark, { chosen: number | null; vsOthers: PairEvidence[]; raw: Run | null }> => {
  const runs = ratioRuns(ctx);
  const out = {} as Record<PawmBenchmark, { chosen: number | null; vsOthers: PairEvidence[]; raw: Run | null }>;
  for (const b of BENCHMARKS) {
    const mine = runs.filter((r) => r.benchmark === b);
    const ratio = chosenRatio(ctx, b);
    const chosen = mine.find((r) => r.config?.key.train_ratio === ratio);
    const bench = BENCHMARK_LABEL[b];
    out[b] = {
      chosen: ratio,
      vsOthers: chosen
        ? mine.filter((r) => r !== chosen).map((r) => pairRuns(chosen, r, `ratio ${chosen.label} - ratio ${r.label} (${bench})`))
        : [{ label: `chosen ratio (${bench})`, missing: `episodes.jsonl: no PAWM (SFT) run at the chosen training ratio (${ratio ?? 'unstated'}) on ${b}` }],
      raw: mine.find((r) => r.is_raw) ?? null,
    };
  }
  return out;
});

/** Figure 3: each backbone other than the main agent, per benchmark, steered by PAWM + GRPO against itself without guidance. */
export const backbonePairs = derived((ctx: PawmContext): PairEvidence[] =>
  backboneTransfer(ctx)
    .pairs.filter((p) => p.agent !== ctx.mainAgent)
    .map((p) => pairRuns(p.with, p.without, `${p.agent}: with PAWM - without (${BENCHMARK_LABEL[p.benchmark]})`)),
);

/**
 * The semantic analysis as units: each labelled guided step (stepLabels' label) is 1 when its
 * guidance anticipates a pitfall, in CHANGED or UNCHANGED guidance, with its task (benchmark and
 * task id) as the cluster.
 */
export const pitfallByChange = derived((ctx: PawmContext): { changed: number[]; changedTask: string[]; unchanged: number[]; unchangedTask: string[] } => {
  const out = { changed: [] as number[], changedTask: [] as string[], unchanged: [] as number[], unchangedTask: [] as string[] };
  for (const { label: l, pitfall } of stepLabels(ctx).byStep.values()) {
    const s = ctx.release.stepsByEpisode.get(episodeKey(l))![l.step - 1];
    const task = JSON.stringify([l.benchmark, l.task_id]);
    if (isChanged(s)) {
      out.changed.push(pitfall ? 1 : 0);
      out.changedTask.push(task);
    } else {
      out.unchanged.push(pitfall ? 1 : 0);
      out.unchangedTask.push(task);
    }
  }
  return out;
});

/** One word of the lexical ranking: its place, its z on each benchmark and z_min. */
export interface WordZ {
  word: string;
  /** 1-based place by z_min */
  rank: number;
  z_min: number;
  /** z_min again with each benchmark's z drawn as z + N(0, 1), the sampling distribution of a z statistic */
  resample: (rng: Rng) => number;
}

/** The lexical ranking's z for a word (a Map lookup: a word is a release string). */
export const lexicalWords = derived((ctx: PawmContext): Map<string, WordZ> => {
  const out = new Map<string, WordZ>();
  lexicalOf(ctx).rows.forEach((r, i) => {
    const sw = r.scienceworld_z;
    const wa = r.webarena_lite_z;
    // a uniform in (0, 1): next() can be 0
    const normal = (rng: Rng) => normalQuantile(rng.next() + 2 ** -33);
    out.set(r.word, { word: r.word, rank: i + 1, z_min: r.z_min, resample: (rng) => Math.min(sw + normal(rng), wa + normal(rng)) });
  });
  return out;
});
