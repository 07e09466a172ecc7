import type { Episode } from '../../../src/format/pawm.js';
import { derived } from '../../../src/derive/memo.js';
import { compareRatesDescending } from '../../../src/derive/stats/compare-fractions.js';
import { BENCHMARKS, findConfigs, perBenchmarkManifestNumber, type ConfigKey, type PawmBenchmark, type PawmContext } from './context.js';
import { backbones, grpoFamilies, methodQuery, pickConfig } from './configs.js';
import { indexOfBestAcc } from './exact-acc.js';
import { configMetrics, type Metrics } from './metrics.js';
import { GATING_LABEL, methodLabel, otherBaseMethods } from './methods.js';

/**
 * The runs behind the rows of PAWM's tables and figures: for each row, the configuration it stands
 * for (configs.ts' rules) and that configuration's metrics, and the numbers the notes quote (the best
 * configuration, gains), each a derived cell computed once per context. A figure and its data table
 * read the same cell.
 */

/** One row's configuration and its metrics; both null when the release has no such run. */
export interface Run {
  benchmark: PawmBenchmark;
  /** the row's name in the table (and the key its published numbers are declared under) */
  label: string;
  config: { key: ConfigKey; episodes: Episode[] } | null;
  metrics: Metrics | null;
}

function runOf(ctx: PawmContext, benchmark: PawmBenchmark, label: string, config: { key: ConfigKey; episodes: Episode[] } | null): Run {
  return { benchmark, label, config, metrics: config ? configMetrics(ctx, config.key, config.episodes) : null };
}

/** Acc and Pass@3 of one run minus another's (rates, 0-1). */
export interface Gain {
  acc: number;
  pass3: number;
}

/** The pilot's configurations: no world model, then per-step guidance with three output horizons. */
const PILOT = ['none', 'next_obs', 'subgoal_traj', 'full_traj'] as const;

/**
 * Table 1 (pilot study): each pilot method of the main agent (gating `all`, none for no world
 * model), and per benchmark the per-step guidance run that changes the action most often and the
 * most accurate one. Both compared exactly (changed / steps counts, Acc as a fraction of per-run
 * counts); ties go to the first in the paper's order. Null without per-step guidance runs.
 */
export const pilotRuns = derived((ctx: PawmContext): { runs: Run[]; top: Record<PawmBenchmark, { acr: Run; acc: Run | null } | null> } => {
  const runs: Run[] = [];
  for (const b of BENCHMARKS) {
    for (const method of PILOT) {
      runs.push(
        runOf(ctx, b, methodLabel(method), pickConfig(ctx, { benchmark: b, agent: ctx.mainAgent, method, gating: method === 'none' ? 'none' : 'all' })),
      );
    }
  }
  const topOf = (b: PawmBenchmark) => {
    const guided = runs.filter((r) => r.benchmark === b && r.config !== null && r.config.key.method !== 'none');
    if (guided.length === 0) return null;
    const m = (r: Run) => r.metrics!;
    const acr = guided.reduce((a, r) => (compareRatesDescending(m(r).changed_steps, m(r).steps, m(a).changed_steps, m(a).steps) < 0 ? r : a));
    return { acr, acc: guided[indexOfBestAcc(guided.map(m))] ?? null };
  };
  return { runs, top: { scienceworld: topOf('scienceworld'), webarena_lite: topOf('webarena_lite') } };
});

const GATINGS = ['all', 'pitfall_only', 'non_pitfall'] as const;

/** Table 3 (gating ablation): the main agent's SubGoal-Traj world model under each gating. */
export const gatingRuns = derived((ctx: PawmContext): Run[] =>
  BENCHMARKS.flatMap((b) =>
    GATINGS.map((gating) => runOf(ctx, b, GATING_LABEL[gating], pickConfig(ctx, { benchmark: b, agent: ctx.mainAgent, method: 'subgoal_traj', gating }))),
  ),
);

/**
 * Table 4's rows by the format page's method ids: no guidance, pre-task guidance, the world-model
 * baselines, PAWM after SFT and after GRPO. Any other (non-"+ GRPO") method id of the main agent
 * gets its own row after these.
 */
const MAIN_METHODS = ['none', 'pre_task', 'next_obs', 'subgoal_traj', 'full_traj', 'pawm_sft', 'pawm_grpo'] as const;
const PER_STEP = new Set(['next_obs', 'subgoal_traj', 'full_traj']);

/**
 * Table 4 (main results): each method of the main agent (PAWM at its chosen ratio), and per
 * benchmark what PAWM + GRPO gains over no guidance (null when either did not run).
 */
export const mainRuns = derived((ctx: PawmContext): { runs: Run[]; gain: Record<PawmBenchmark, Gain | null> } => {
  const runs: Run[] = [];
  const gain = { scienceworld: null, webarena_lite: null } as Record<PawmBenchmark, Gain | null>;
  for (const b of BENCHMARKS) {
    const methods = [...MAIN_METHODS.slice(0, 5), ...otherBaseMethods(ctx, b), ...MAIN_METHODS.slice(5)];
    const byMethod = new Map<string, Run>();
    for (const method of methods) {
      const q = methodQuery(ctx, b, ctx.mainAgent, method);
      // a per-step world model guides every step here (gating "all") when the release has that run
      const g = (PER_STEP.has(method) ? pickConfig(ctx, { ...q, gating: 'all' }) : null) ?? pickConfig(ctx, q);
      const r = runOf(ctx, b, methodLabel(method), g);
      runs.push(r);
      byMethod.set(method, r);
    }
    const none = byMethod.get('none')!.metrics;
    const pawm = byMethod.get('pawm_grpo')!.metrics;
    if (none && pawm) gain[b] = { acc: pawm.acc - none.acc, pass3: pawm.pass3 - none.pass3 };
  }
  return { runs, gain };
});

/** A Table 5 run: PAWM SFT at one training ratio. */
export interface RatioRun extends Run {
  /** the ratio is the manifest's raw_train_ratio (before down-sampling) */
  is_raw: boolean;
  /** the highest Acc of its benchmark, compared exactly; a tie goes to the smaller ratio */
  best: boolean;
}

/** Table 5 (training-ratio ablation): every training ratio of the main agent's PAWM SFT runs, ascending per benchmark. */
export const ratioRuns = derived((ctx: PawmContext): RatioRun[] => {
  const out: RatioRun[] = [];
  for (const b of BENCHMARKS) {
    const raw = perBenchmarkManifestNumber(ctx.release, 'raw_train_ratio', b);
    const groups = findConfigs(ctx, { benchmark: b, agent: ctx.mainAgent, method: 'pawm_sft' }).sort(
      (x, y) => (x.key.train_ratio ?? Infinity) - (y.key.train_ratio ?? Infinity),
    );
    const runs = groups.map((g) => {
      const r = g.key.train_ratio;
      const isRaw = raw !== null && r === raw;
      return { ...runOf(ctx, b, r === null ? 'unstated' : isRaw ? `raw (${r})` : String(r), g), is_raw: isRaw };
    });
    // exact fractions, so that equal accuracies tie; a tie goes to the smaller ratio (runs ascend by ratio)
    const best = indexOfBestAcc(runs.map((r) => r.metrics));
    runs.forEach((r, i) => out.push({ ...r, best: i === best }));
  }
  return out;
});

export const FIG02_VARIANTS = ['SFT / prompted', '+ GRPO'];

/** A Figure 2 run: one method family before or after GRPO. */
export interface GrpoRun extends Run {
  family: string;
  variant: string;
}

/**
 * Figure 2: every guidance method family of the main agent before and after GRPO co-training, and
 * per benchmark the most accurate run (exact fractions; a tie to the first in the figure's order).
 */
export const grpoComparison = derived(
  (ctx: PawmContext): { families: { family: string; base: string; grpo: string }[]; runs: GrpoRun[]; best: Record<PawmBenchmark, GrpoRun | null> } => {
    const families = grpoFamilies(ctx);
    const runs: GrpoRun[] = [];
    for (const b of BENCHMARKS) {
      for (const p of families) {
        for (const [variant, method] of [
          [FIG02_VARIANTS[0], p.base],
          [FIG02_VARIANTS[1], p.grpo],
        ] as const) {
          runs.push({ ...runOf(ctx, b, `${p.family}: ${variant}`, pickConfig(ctx, methodQuery(ctx, b, ctx.mainAgent, method))), family: p.family, variant });
        }
      }
    }
    const bestOf = (b: PawmBenchmark) => {
      const of = runs.filter((r) => r.benchmark === b);
      return of[indexOfBestAcc(of.map((r) => r.metrics))] ?? null;
    };
    return { families, runs, best: { scienceworld: bestOf('scienceworld'), webarena_lite: bestOf('webarena_lite') } };
  },
);

export const FIG03_VARIANTS = ['without PAWM', 'with PAWM'];

/** A Figure 3 pair: one backbone without guidance and steered by PAWM + GRPO, and the Acc gain (null unless both ran). */
export interface BackbonePair {
  benchmark: PawmBenchmark;
  agent: string;
  without: Run;
  with: Run;
  gain: number | null;
}

/** Figure 3: each backbone (the main agent first) without guidance and with PAWM + GRPO. */
export const backboneTransfer = derived((ctx: PawmContext): { backbones: string[]; pairs: BackbonePair[] } => {
  const agents = backbones(ctx);
  const pairs: BackbonePair[] = [];
  for (const b of BENCHMARKS) {
    for (const agent of agents) {
      const [without, withPawm] = (
        [
          [FIG03_VARIANTS[0], 'none'],
          [FIG03_VARIANTS[1], 'pawm_grpo'],
        ] as const
      ).map(([variant, method]) => runOf(ctx, b, `${agent}: ${variant}`, pickConfig(ctx, methodQuery(ctx, b, agent, method))));
      pairs.push({
        benchmark: b,
        agent,
        without,
        with: withPawm,
        gain: without.metrics && withPawm.metrics ? withPawm.metrics.acc - without.metrics.acc : null,
      });
    }
  }
  return { backbones: agents, pairs };
});
