/**
 * Calibration constants of the PAWM sample release: for every configuration the generator writes
 * (benchmark x agent x method x gating x training ratio), the rates it aims its logs at. Where the
 * paper publishes a number (docs/papers.md) the constant is that number; the rest are
 * invented but kept consistent with the paper's story (PAWM + GRPO best, GRPO helps every method,
 * full-trajectory guidance hurts on WebArena-Lite, and so on). These are inputs to a simulation,
 * never outputs: the workbench recomputes every metric from the written logs.
 */

export type PawmBenchmark = 'scienceworld' | 'webarena_lite';
type Gating = 'all' | 'pitfall_only' | 'non_pitfall' | 'learned' | 'none';
/** how the world model writes its guidance */
export type GuidanceStyle = 'next_obs' | 'subgoal' | 'full' | 'pawm';

export interface Config {
  benchmark: PawmBenchmark;
  agent: string;
  method: string;
  gating: Gating;
  train_ratio: number | null;
  style: GuidanceStyle | null;
  /** mean per-run success rate */
  acc: number;
  /** sample std of the three per-run success rates */
  sd: number;
  /** share of tasks solved in at least one run (derived from acc when absent) */
  pass3?: number;
  /** mean steps per episode */
  steps: number;
  /** guided steps / steps */
  ir: number;
  /** changed steps / steps */
  acr: number;
  /** share of pitfall-anticipating guidance among guided steps that changed / did not change the action */
  pitfallChanged: number;
  pitfallUnchanged: number;
  /** world-model calls per episode: 'step' = one per step, or a constant */
  wmCalls: 'step' | number;
}

/** Task counts: WebArena-Lite has 165 tasks; 313 ScienceWorld tasks make every published rate reachable. */
export const TASKS: Record<PawmBenchmark, number> = { scienceworld: 223, webarena_lite: 165 };
/** Step caps: episodes that hit them end as failures. */
export const STEP_CAP: Record<PawmBenchmark, number> = { scienceworld: 30, webarena_lite: 20 };
export const RUNS = 3;

export const MAIN_AGENT = 'claude-sonnet-4.5';
const TRANSFER_AGENTS = ['claude-haiku-4.5', 'claude-opus-4.5', 'glm-5', 'kimi-k2.5'] as const;

/** The silent:pitfall ratio of the raw (not down-sampled) training data, per benchmark. */
export const RAW_TRAIN_RATIO: Record<PawmBenchmark, number> = { scienceworld: 23.4, webarena_lite: 14.8 };
/** The ratio each benchmark's PAWM was trained with (the paper's choice). */
export const CHOSEN_RATIO: Record<PawmBenchmark, number> = { scienceworld: 1.0, webarena_lite: 0.75 };

type Rates = Omit<Config, 'benchmark' | 'agent' | 'method' | 'gating' | 'train_ratio' | 'style' | 'wmCalls'>;
type PerBench = Record<PawmBenchmark, Rates>;

// Semantic split of per-step guidance: the pilot's 76.8% vs 29.0% (pitfall share among guidance that
// changed / did not change the action).
const PC = 0.768;
const PU = 0.29;

function r(acc: number, sd: number, steps: number, ir: number, acr: number, extra: Partial<Rates> = {}): Rates {
  return { acc, sd, steps, ir, acr, pitfallChanged: PC, pitfallUnchanged: PU, ...extra };
}

interface MethodSpec {
  method: string;
  gating: Gating;
  train_ratio: PerBenchRatio;
  style: GuidanceStyle | null;
  wmCalls: 'step' | number;
  rates: PerBench;
}
type PerBenchRatio = number | null | 'chosen' | 'raw';

// PAWM speaks only when it anticipates a pitfall, so nearly all of its guidance is pitfall-type.
const PAWM_SPLIT = { pitfallChanged: 0.93, pitfallUnchanged: 0.74 };

const MAIN: MethodSpec[] = [
  // Table 1 (pilot, per-step guidance) and Table 4's no-guidance row
  {
    method: 'none',
    gating: 'none',
    train_ratio: null,
    style: null,
    wmCalls: 0,
    rates: {
      scienceworld: r(0.546, 0.019, 18.9, 0, 0, { pass3: 0.668 }),
      webarena_lite: r(0.727, 0.006, 9.1, 0, 0, { pass3: 0.8 }),
    },
  },
  {
    method: 'next_obs',
    gating: 'all',
    train_ratio: null,
    style: 'next_obs',
    wmCalls: 'step',
    rates: {
      scienceworld: r(0.585, 0.015, 18.6, 1, 0.201),
      webarena_lite: r(0.731, 0.009, 9.0, 1, 0.138),
    },
  },
  {
    method: 'subgoal_traj',
    gating: 'all',
    train_ratio: null,
    style: 'subgoal',
    wmCalls: 'step',
    rates: {
      scienceworld: r(0.667, 0.013, 18.25, 1, 0.152),
      webarena_lite: r(0.741, 0.01, 8.8, 1, 0.166),
    },
  },
  {
    method: 'full_traj',
    gating: 'all',
    train_ratio: null,
    style: 'full',
    wmCalls: 'step',
    rates: {
      scienceworld: r(0.612, 0.017, 18.7, 1, 0.176),
      webarena_lite: r(0.711, 0.012, 9.3, 1, 0.246),
    },
  },
  // Table 3 (gating ablation of the SubGoal-Traj world model; a classifier lets through only
  // pitfall / only non-pitfall guidance)
  {
    method: 'subgoal_traj',
    gating: 'pitfall_only',
    train_ratio: null,
    style: 'subgoal',
    wmCalls: 'step',
    rates: {
      scienceworld: r(0.652, 0.014, 26.7 / 1.444, 0.444, 0.156, { pitfallChanged: 0.97, pitfallUnchanged: 0.93 }),
      webarena_lite: r(0.738, 0.011, 8.9, 0.402, 0.121, { pitfallChanged: 0.97, pitfallUnchanged: 0.93 }),
    },
  },
  {
    method: 'subgoal_traj',
    gating: 'non_pitfall',
    train_ratio: null,
    style: 'subgoal',
    wmCalls: 'step',
    rates: {
      scienceworld: r(0.584, 0.018, 18.6, 0.527, 0.047, { pitfallChanged: 0.06, pitfallUnchanged: 0.04 }),
      webarena_lite: r(0.712, 0.013, 9.2, 0.561, 0.052, { pitfallChanged: 0.06, pitfallUnchanged: 0.04 }),
    },
  },
  // Table 4 (main): guidance baselines, trained world-model baselines, PAWM
  {
    method: 'pre_task',
    gating: 'none',
    train_ratio: null,
    style: null,
    wmCalls: 1,
    rates: {
      scienceworld: r(0.631, 0.021, 18.1, 0, 0),
      webarena_lite: r(0.743, 0.013, 8.7, 0, 0),
    },
  },
  {
    method: 'next_obs_wm',
    gating: 'all',
    train_ratio: null,
    style: 'next_obs',
    wmCalls: 'step',
    rates: {
      scienceworld: r(0.597, 0.017, 18.5, 1, 0.188),
      webarena_lite: r(0.728, 0.011, 9.0, 1, 0.131),
    },
  },
  {
    method: 'subgoal_traj_wm',
    gating: 'all',
    train_ratio: null,
    style: 'subgoal',
    wmCalls: 'step',
    rates: {
      scienceworld: r(0.676, 0.016, 18.0, 1, 0.147),
      webarena_lite: r(0.739, 0.012, 8.8, 1, 0.158),
    },
  },
  {
    method: 'full_traj_wm',
    gating: 'all',
    train_ratio: null,
    style: 'full',
    wmCalls: 'step',
    rates: {
      scienceworld: r(0.628, 0.019, 18.4, 1, 0.171),
      webarena_lite: r(0.716, 0.014, 9.2, 1, 0.229),
    },
  },
  {
    method: 'pawm_sft',
    gating: 'learned',
    train_ratio: 'chosen',
    style: 'pawm',
    wmCalls: 'step',
    rates: {
      scienceworld: r(0.714, 0.014, 17.2, 0.31, 0.205, { ...PAWM_SPLIT, pass3: 0.859 }),
      webarena_lite: r(0.75, 0.012, 8.5, 0.22, 0.141, { ...PAWM_SPLIT, pass3: 0.848 }),
    },
  },
  {
    method: 'pawm_grpo',
    gating: 'learned',
    train_ratio: 'chosen',
    style: 'pawm',
    wmCalls: 'step',
    rates: {
      scienceworld: r(0.789, 0.009, 16.4, 0.27, 0.196, { ...PAWM_SPLIT, pass3: 0.875 }),
      webarena_lite: r(0.804, 0.013, 8.2, 0.19, 0.133, { ...PAWM_SPLIT, pass3: 0.861 }),
    },
  },
  // Figure 2: every guidance method co-trained with GRPO
  {
    method: 'pre_task_grpo',
    gating: 'none',
    train_ratio: null,
    style: null,
    wmCalls: 1,
    rates: {
      scienceworld: r(0.655, 0.018, 17.9, 0, 0),
      webarena_lite: r(0.756, 0.012, 8.6, 0, 0),
    },
  },
  {
    method: 'next_obs_wm_grpo',
    gating: 'all',
    train_ratio: null,
    style: 'next_obs',
    wmCalls: 'step',
    rates: {
      scienceworld: r(0.618, 0.016, 18.3, 1, 0.183),
      webarena_lite: r(0.735, 0.01, 8.9, 1, 0.127),
    },
  },
  {
    method: 'subgoal_traj_wm_grpo',
    gating: 'all',
    train_ratio: null,
    style: 'subgoal',
    wmCalls: 'step',
    rates: {
      scienceworld: r(0.712, 0.015, 17.6, 1, 0.151),
      webarena_lite: r(0.752, 0.011, 8.7, 1, 0.152),
    },
  },
  {
    method: 'full_traj_wm_grpo',
    gating: 'all',
    train_ratio: null,
    style: 'full',
    wmCalls: 'step',
    rates: {
      scienceworld: r(0.651, 0.017, 18.2, 1, 0.168),
      webarena_lite: r(0.724, 0.013, 9.1, 1, 0.214),
    },
  },
];

/** Table 5: PAWM SFT trained at other silent:pitfall ratios (the chosen ratio is pawm_sft above). */
const RATIO_ABLATION: Record<PawmBenchmark, { ratio: number | 'raw'; rates: Rates }[]> = {
  scienceworld: [
    { ratio: 0.25, rates: r(0.652, 0.017, 18.4, 0.58, 0.262, PAWM_SPLIT) },
    { ratio: 0.5, rates: r(0.688, 0.015, 17.9, 0.45, 0.241, PAWM_SPLIT) },
    { ratio: 0.75, rates: r(0.701, 0.016, 17.5, 0.37, 0.223, PAWM_SPLIT) },
    // The summary reports Pass@3 3.2% for the raw ratio on ScienceWorld; reproduced as printed.
    { ratio: 'raw', rates: r(0.017, 0.006, 24.5, 0.008, 0.004, { ...PAWM_SPLIT, pass3: 0.032 }) },
  ],
  webarena_lite: [
    { ratio: 0.25, rates: r(0.718, 0.014, 9.3, 0.45, 0.221, PAWM_SPLIT) },
    { ratio: 0.5, rates: r(0.739, 0.012, 8.8, 0.31, 0.172, PAWM_SPLIT) },
    { ratio: 1.0, rates: r(0.744, 0.013, 8.6, 0.17, 0.112, PAWM_SPLIT) },
    { ratio: 'raw', rates: r(0.725, 0.009, 9.1, 0.012, 0.007, PAWM_SPLIT) },
  ],
};

/** Figure 3: PAWM + GRPO (trained with Sonnet 4.5) steering other backbones, and each without guidance. */
const TRANSFER: Record<string, Record<PawmBenchmark, { none: number; pawm: number; steps: number }>> = {
  'claude-haiku-4.5': { scienceworld: { none: 0.402, pawm: 0.571, steps: 20.1 }, webarena_lite: { none: 0.618, pawm: 0.689, steps: 9.6 } },
  'claude-opus-4.5': { scienceworld: { none: 0.633, pawm: 0.824, steps: 16.8 }, webarena_lite: { none: 0.768, pawm: 0.829, steps: 8.1 } },
  'glm-5': { scienceworld: { none: 0.458, pawm: 0.617, steps: 19.7 }, webarena_lite: { none: 0.655, pawm: 0.721, steps: 9.4 } },
  'kimi-k2.5': { scienceworld: { none: 0.437, pawm: 0.598, steps: 19.9 }, webarena_lite: { none: 0.642, pawm: 0.703, steps: 9.5 } },
};

function ratioValue(b: PawmBenchmark, ratio: PerBenchRatio): number | null {
  if (ratio === 'chosen') return CHOSEN_RATIO[b];
  if (ratio === 'raw') return RAW_TRAIN_RATIO[b];
  return ratio;
}

/** Every configuration of the sample release, in a fixed order. */
export function configs(): Config[] {
  const out: Config[] = [];
  for (const benchmark of ['scienceworld', 'webarena_lite'] as const) {
    for (const m of MAIN) {
      out.push({
        benchmark,
        agent: MAIN_AGENT,
        method: m.method,
        gating: m.gating,
        train_ratio: ratioValue(benchmark, m.train_ratio),
        style: m.style,
        wmCalls: m.wmCalls,
        ...m.rates[benchmark],
      });
    }
    for (const a of RATIO_ABLATION[benchmark]) {
      out.push({
        benchmark,
        agent: MAIN_AGENT,
        method: 'pawm_sft',
        gating: 'learned',
        train_ratio: ratioValue(benchmark, a.ratio),
        style: 'pawm',
        wmCalls: 'step',
        ...a.rates,
      });
    }
    const grpo = MAIN.find((m) => m.method === 'pawm_grpo')!.rates[benchmark];
    for (const agent of TRANSFER_AGENTS) {
      const t = TRANSFER[agent][benchmark];
      out.push({ benchmark, agent, method: 'none', gating: 'none', train_ratio: null, style: null, wmCalls: 0, ...r(t.none, 0.015, t.steps, 0, 0) });
      out.push({
        benchmark,
        agent,
        method: 'pawm_grpo',
        gating: 'learned',
        train_ratio: CHOSEN_RATIO[benchmark],
        style: 'pawm',
        wmCalls: 'step',
        ...r(t.pawm, 0.014, t.steps * 0.9, grpo.ir * 1.1, grpo.acr * 1.1, PAWM_SPLIT),
      });
    }
  }
  return out;
}
