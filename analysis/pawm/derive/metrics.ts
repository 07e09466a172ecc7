import { mean as ssMean, sampleStandardDeviation as ssSampleStandardDeviation } from 'simple-statistics';
import type { PawmRelease } from '../../../src/release/load/pawm.js';
import type { Episode, Step } from '../../../src/format/pawm.js';
import { episodeKey } from '../../../src/format/pawm.js';
import { derived, derivedBy } from '../../../src/derive/memo.js';
import { configKey, type ConfigKey, type PawmContext } from './context.js';

/** What docs/release-format.md (PAWM, "What the tables compute") defines for a set of episodes. Rates are 0-1. */
export interface Metrics {
  n_tasks: number;
  n_episodes: number;
  n_runs: number;
  /** success rate of each run, by run number ascending */
  run_rates: number[];
  /** successes and episodes of each run, in the order of run_rates (for exact comparisons of Acc) */
  run_counts: { ok: number; n: number }[];
  /** Acc: mean over runs of the per-run success rate */
  acc: number;
  /** sample standard deviation (n - 1) of the per-run success rates; null with fewer than 2 runs */
  acc_sd: number | null;
  /** share of tasks solved in at least one run */
  pass3: number;
  steps: number;
  guided_steps: number;
  changed_steps: number;
  /** guided steps / steps */
  intervention_rate: number;
  /** changed steps / steps */
  action_change_rate: number;
  /** mean api_calls per episode */
  calls: number;
  /** mean wm_calls per episode */
  wm_calls: number;
}

/** A step's action changed when there is guidance and the final action differs from the tentative one. */
export const isChanged = (s: Step): boolean => s.guidance !== null && s.final_action !== s.tentative_action;

/** An episode's steps, guided steps and changed steps, from the release's steps of its key. */
function countSteps(release: PawmRelease, e: Episode): readonly [number, number, number] {
  let steps = 0;
  let guided = 0;
  let changed = 0;
  for (const s of release.stepsByEpisode.get(episodeKey(e)) ?? []) {
    steps++;
    if (s.guidance !== null) guided++;
    if (isChanged(s)) changed++;
  }
  return [steps, guided, changed];
}

/**
 * The step counts of every episode of a release, counted once per release: the metrics of every
 * configuration, subset and analysis read them instead of building each episode's key again.
 */
const stepCountsOf = derived((release: PawmRelease): Map<Episode, readonly [number, number, number]> => {
  const counts = new Map<Episode, readonly [number, number, number]>();
  for (const e of release.episodes) counts.set(e, countSteps(release, e));
  return counts;
});

/** What metrics sums over its episodes. */
interface Tally {
  byRun: Map<number, { n: number; ok: number }>;
  /** task id -> solved in some run */
  solved: Map<string, boolean>;
  steps: number;
  guided: number;
  changed: number;
  calls: number;
  wm: number;
}

// The loop over episodes in a function of its own: metrics as a whole (maps, spread, sort and
// simple-statistics inlined) took 50-110 ms to compile, three times in a run.
function tally(release: PawmRelease, episodes: readonly Episode[]): Tally {
  const byRun = new Map<number, { n: number; ok: number }>();
  const solved = new Map<string, boolean>();
  let steps = 0;
  let guided = 0;
  let changed = 0;
  let calls = 0;
  let wm = 0;
  const counted = stepCountsOf(release);
  for (const e of episodes) {
    const r = byRun.get(e.run) ?? { n: 0, ok: 0 };
    r.n++;
    if (e.success) r.ok++;
    byRun.set(e.run, r);
    solved.set(e.task_id, (solved.get(e.task_id) ?? false) || e.success);
    calls += e.api_calls;
    wm += e.wm_calls;
    // an episode given that is not one of the release's own objects is counted here
    const [n, g, c] = counted.get(e) ?? countSteps(release, e);
    steps += n;
    guided += g;
    changed += c;
  }
  return { byRun, solved, steps, guided, changed, calls, wm };
}

/** The runs' counts by run number, their success rates, the mean rate and its sample standard deviation. */
function runStats(byRun: Map<number, { n: number; ok: number }>): {
  runCounts: { ok: number; n: number }[];
  rates: Float64Array;
  acc: number;
  sd: number | null;
} {
  const runCounts = [...byRun].sort((a, b) => a[0] - b[0]).map(([, r]) => ({ ok: r.ok, n: r.n }));
  // the rates in one array type: a list of rates holds small integers (0, 1) or not, and code
  // compiled for one kind of list (here and in simple-statistics' loops) was thrown away at the other
  const rates = new Float64Array(runCounts.length);
  for (let i = 0; i < rates.length; i++) rates[i] = runCounts[i].ok / runCounts[i].n;
  const acc = rates.length ? ssMean(rates as unknown as number[]) : NaN;
  const sd = rates.length >= 2 ? ssSampleStandardDeviation(rates as unknown as number[]) : null;
  return { runCounts, rates, acc, sd };
}

export function metrics(release: PawmRelease, episodes: readonly Episode[]): Metrics {
  const { byRun, solved, steps, guided, changed, calls, wm } = tally(release, episodes);
  const { runCounts, rates, acc, sd } = runStats(byRun);
  let pass = 0;
  for (const v of solved.values()) if (v) pass++;
  const n = episodes.length;
  return {
    n_tasks: solved.size,
    n_episodes: n,
    n_runs: rates.length,
    run_rates: Array.from(rates),
    run_counts: runCounts,
    acc,
    acc_sd: sd,
    pass3: solved.size ? pass / solved.size : NaN,
    steps,
    guided_steps: guided,
    changed_steps: changed,
    intervention_rate: steps ? guided / steps : NaN,
    action_change_rate: steps ? changed / steps : NaN,
    calls: n ? calls / n : NaN,
    wm_calls: n ? wm / n : NaN,
  };
}

const configMetricsCell = derivedBy(
  (ctx: PawmContext, g: { key: ConfigKey; episodes: readonly Episode[] }) => metrics(ctx.release, g.episodes),
  (g) => configKey(g.key),
);

/** Metrics of one configuration, computed once per context. */
export function configMetrics(ctx: PawmContext, key: ConfigKey, episodes: readonly Episode[]): Metrics {
  return configMetricsCell(ctx, { key, episodes });
}
