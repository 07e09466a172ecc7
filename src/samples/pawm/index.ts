import { createRng, type Rng } from '../../derive/stats/rng.js';
import type { ReleaseSpec } from '../write-release.js';
import { CHOSEN_RATIO, configs, MAIN_AGENT, RAW_TRAIN_RATIO, RUNS, STEP_CAP, TASKS, type Config, type PawmBenchmark } from './calibration.js';
import { SCIENCEWORLD, WEBARENA, type Move, type Pitfall, type Topic } from './domains.js';
import { guidanceText, pick, type GuidanceContext } from './guidance.js';
import { shuffle, stepCounts, successMatrix } from './outcomes.js';

interface Task {
  task_id: string;
  topic: Topic;
  difficulty: number;
  /** the path an agent takes through this task when nothing intervenes: step k's action is script[k - 1] */
  script: string[];
  /** where the task starts */
  place: string;
}

interface EpisodeRow {
  benchmark: PawmBenchmark;
  agent: string;
  method: string;
  gating: string;
  train_ratio: number | null;
  task_id: string;
  run: number;
  success: boolean;
  steps: number;
  wm_calls: number;
  api_calls: number;
}

interface StepRow {
  benchmark: PawmBenchmark;
  agent: string;
  method: string;
  gating: string;
  train_ratio: number | null;
  task_id: string;
  run: number;
  step: number;
  tentative_action: string;
  final_action: string;
  guidance: string | null;
}

/** The semantic sample: how many guided steps of the pilot the labeler saw, by group and label. */
const LABEL_SAMPLE = { changedPitfall: 229, changedPlan: 69, unchangedPitfall: 170, unchangedPlan: 417 };
const PILOT_METHODS = new Set(['next_obs', 'subgoal_traj', 'full_traj']);
const LABELER = 'claude-sonnet-4.5 (pitfall classifier prompt)';

function tasksFor(benchmark: PawmBenchmark, seed: number): Task[] {
  const rng = createRng(seed, `pawm:tasks:${benchmark}`);
  const topics = benchmark === 'scienceworld' ? SCIENCEWORLD : WEBARENA;
  const n = TASKS[benchmark];
  const perTopic = new Map<string, number>();
  const out: Task[] = [];
  for (let i = 0; i < n; i++) {
    const topic = topics[i % topics.length];
    const v = (perTopic.get(topic.id) ?? 0) + 1;
    perTopic.set(topic.id, v);
    const prefix = benchmark === 'scienceworld' ? 'sw' : 'wal';
    // agents on the same task take much the same path (mostly ordinary moves, now and then a
    // known pitfall action)
    const script = Array.from({ length: STEP_CAP[benchmark] }, () => (rng.next() < 0.15 ? pick(rng, topic.pitfalls).cmd : pick(rng, topic.moves).cmd));
    out.push({
      task_id: `${prefix}-${topic.id}-${String(v).padStart(2, '0')}`,
      topic,
      difficulty: rng.next(),
      script,
      place: topic.places[v % topic.places.length],
    });
  }
  return out;
}

/** Marks, for one configuration's pooled steps, which are guided, which changed, and which are pitfall-type. */
function allocate(rng: Rng, cfg: Config, totalSteps: number): { guided: Uint8Array; changed: Uint8Array; pitfall: Uint8Array } {
  const guided = new Uint8Array(totalSteps);
  const changed = new Uint8Array(totalSteps);
  const pitfall = new Uint8Array(totalSteps);
  if (cfg.style === null || cfg.gating === 'none') return { guided, changed, pitfall };
  const g = cfg.gating === 'all' ? totalSteps : Math.round(cfg.ir * totalSteps);
  const c = Math.min(g, Math.round(cfg.acr * totalSteps));
  const idx = shuffle(
    rng,
    Array.from({ length: totalSteps }, (_, i) => i),
  ).slice(0, g);
  const kc = Math.round(cfg.pitfallChanged * c);
  const ku = Math.round(cfg.pitfallUnchanged * (g - c));
  idx.forEach((s, k) => {
    guided[s] = 1;
    if (k < c) {
      changed[s] = 1;
      if (k < kc) pitfall[s] = 1;
    } else if (k - c < ku) {
      pitfall[s] = 1;
    }
  });
  return { guided, changed, pitfall };
}

function otherMove(rng: Rng, topic: Topic, notCmd: string): Move {
  for (let i = 0; i < 20; i++) {
    const mv = pick(rng, topic.moves);
    if (mv.cmd !== notCmd) return mv;
  }
  return topic.moves.find((mv) => mv.cmd !== notCmd)!;
}

/**
 * What the guidance at step k of an n-step episode can refer to: the milestone by progress through
 * the episode, plan steps from the task's usual path (starting with `first`).
 */
function context(task: Task, k: number, n: number, act: string, first: Move, pitfall: Pitfall | null): GuidanceContext {
  const t = task.topic;
  const steps = [first.imp];
  for (let j = k; steps.length < 3 && j < task.script.length; j++) {
    const mv = t.moves.find((x) => x.cmd === task.script[j]);
    if (mv && mv.imp !== steps[steps.length - 1]) steps.push(mv.imp);
  }
  while (steps.length < 3) steps.push(t.moves[steps.length % t.moves.length].imp);
  const moveIndex = Math.max(0, t.moves.indexOf(first));
  return {
    topic: t,
    act,
    pitfall,
    steps,
    subgoal: t.subgoals[Math.min(t.subgoals.length - 1, Math.floor(((k - 1) / n) * t.subgoals.length))],
    place: task.place,
    sight: t.sights[moveIndex % t.sights.length],
  };
}

function generateConfig(seed: number, cfg: Config, tasks: Task[], episodes: EpisodeRow[], steps: StepRow[], kinds?: Map<StepRow, boolean>): void {
  const name = `${cfg.benchmark}|${cfg.agent}|${cfg.method}|${cfg.gating}|${cfg.train_ratio}`;
  const rng = createRng(seed, `pawm:config:${name}`);
  const success = successMatrix(
    rng,
    tasks.map((t) => t.difficulty),
    cfg.acc,
    cfg.sd,
    cfg.pass3,
    RUNS,
  );
  // episode order: task-major, then run
  const eps: { task: Task; run: number; success: boolean }[] = [];
  for (let t = 0; t < tasks.length; t++) for (let r = 0; r < RUNS; r++) eps.push({ task: tasks[t], run: r + 1, success: success[r][t] === 1 });
  const counts = stepCounts(
    rng,
    eps.map((e) => e.success),
    cfg.steps,
    STEP_CAP[cfg.benchmark],
  );
  const total = counts.reduce((a, b) => a + b, 0);
  const { guided, changed, pitfall } = allocate(rng, cfg, total);
  const key = { benchmark: cfg.benchmark, agent: cfg.agent, method: cfg.method, gating: cfg.gating, train_ratio: cfg.train_ratio };
  let s = 0;
  eps.forEach((e, i) => {
    const n = counts[i];
    let nGuided = 0;
    const topic = e.task.topic;
    for (let k = 1; k <= n; k++, s++) {
      let tentative: string;
      let final: string;
      let guidance: string | null = null;
      if (guided[s]) {
        nGuided++;
        if (pitfall[s]) {
          const pf = pick(rng, topic.pitfalls);
          tentative = pf.cmd;
          const next = pf.fixCmd !== pf.cmd ? pf.fixCmd : otherMove(rng, topic, pf.cmd).cmd;
          guidance = guidanceText(
            rng,
            cfg.benchmark,
            cfg.style!,
            'pitfall',
            changed[s] === 1,
            context(e.task, k, n, pf.act, otherMove(rng, topic, pf.cmd), pf),
          );
          final = changed[s] ? next : tentative;
        } else {
          const mv = pick(rng, topic.moves);
          const next = otherMove(rng, topic, mv.cmd);
          tentative = mv.cmd;
          guidance = guidanceText(rng, cfg.benchmark, cfg.style!, 'plan', changed[s] === 1, context(e.task, k, n, mv.act, next, null));
          final = changed[s] ? next.cmd : tentative;
        }
      } else {
        tentative = e.task.script[k - 1];
        final = tentative;
      }
      const row: StepRow = { ...key, task_id: e.task.task_id, run: e.run, step: k, tentative_action: tentative, final_action: final, guidance };
      steps.push(row);
      if (kinds && guidance !== null) kinds.set(row, pitfall[s] === 1);
    }
    const wm = cfg.wmCalls === 'step' ? n : cfg.wmCalls;
    // one agent call per step for the tentative action, one more to re-decide after guidance
    episodes.push({ ...key, task_id: e.task.task_id, run: e.run, success: e.success, steps: n, wm_calls: wm, api_calls: n + nGuided });
  });
}

/** A stratified sample of the pilot's guided steps, labelled pitfall / not by the classifier. */
function labels(seed: number, steps: StepRow[], pitfallKind: Map<StepRow, boolean>): unknown[] {
  const rng = createRng(seed, 'pawm:labels');
  const pools = { changedPitfall: [] as StepRow[], changedPlan: [] as StepRow[], unchangedPitfall: [] as StepRow[], unchangedPlan: [] as StepRow[] };
  for (const s of steps) {
    if (s.guidance === null || s.agent !== MAIN_AGENT || s.gating !== 'all' || !PILOT_METHODS.has(s.method)) continue;
    const ch = s.final_action !== s.tentative_action;
    const pf = pitfallKind.get(s)!;
    pools[ch ? (pf ? 'changedPitfall' : 'changedPlan') : pf ? 'unchangedPitfall' : 'unchangedPlan'].push(s);
  }
  const chosen: { s: StepRow; pitfall: boolean }[] = [];
  for (const k of Object.keys(pools) as (keyof typeof pools)[]) {
    const pool = pools[k];
    for (let i = 0; i < LABEL_SAMPLE[k] && i < pool.length; i++) {
      const j = i + rng.int(pool.length - i);
      [pool[i], pool[j]] = [pool[j], pool[i]];
      chosen.push({ s: pool[i], pitfall: k.endsWith('Pitfall') });
    }
  }
  // release order: as the steps appear in steps.jsonl
  const order = new Map(steps.map((s, i) => [s, i]));
  chosen.sort((a, b) => order.get(a.s)! - order.get(b.s)!);
  return chosen.map(({ s, pitfall }) => ({
    benchmark: s.benchmark,
    agent: s.agent,
    method: s.method,
    gating: s.gating,
    train_ratio: s.train_ratio,
    task_id: s.task_id,
    run: s.run,
    step: s.step,
    pitfall,
    labeler: LABELER,
  }));
}

/**
 * The PAWM sample release: every configuration the paper reports (pilot, gating ablation, main
 * table, GRPO variants, training-ratio ablation, transfer backbones) on ScienceWorld and
 * WebArena-Lite, three runs each, with per-step logs and a labelled sample of guidance. A pure
 * function of the seed.
 */
export function generatePawm(seed: number): ReleaseSpec {
  const episodes: EpisodeRow[] = [];
  const steps: StepRow[] = [];
  const pitfallKind = new Map<StepRow, boolean>();
  const tasks = { scienceworld: tasksFor('scienceworld', seed), webarena_lite: tasksFor('webarena_lite', seed) };
  for (const cfg of configs()) {
    // remember the guidance kind of the pilot's steps for the labelled sample
    const pilot = cfg.agent === MAIN_AGENT && cfg.gating === 'all' && PILOT_METHODS.has(cfg.method);
    generateConfig(seed, cfg, tasks[cfg.benchmark], episodes, steps, pilot ? pitfallKind : undefined);
  }
  // Rows of the same task sit together (configurations in a fixed order within a task): the files
  // read task by task, and gzip finds the repeated paths, which keeps the release small.
  const byTask = (a: { benchmark: string; task_id: string }, b: { benchmark: string; task_id: string }): number =>
    a.benchmark < b.benchmark ? -1 : a.benchmark > b.benchmark ? 1 : a.task_id < b.task_id ? -1 : a.task_id > b.task_id ? 1 : 0;
  episodes.sort(byTask);
  steps.sort(byTask);
  return {
    benchmark: 'pawm',
    version: `sample-${seed}`,
    description:
      'Synthetic PAWM sample release: a frozen agent steered by world-model guidance on ScienceWorld and WebArena-Lite, ' +
      'three runs per configuration, per-step logs with guidance texts, and a labelled sample of guidance. Written by the ' +
      "workbench's seeded generator (src/samples/pawm), calibrated to the paper's published aggregates.",
    extra: {
      main_agent: MAIN_AGENT,
      raw_train_ratio: RAW_TRAIN_RATIO,
      chosen_train_ratio: CHOSEN_RATIO,
      tasks: TASKS,
      step_cap: STEP_CAP,
      seed,
    },
    files: {
      'episodes.jsonl': episodes,
      'steps.jsonl': steps,
      'guidance_labels.jsonl': labels(seed, steps, pitfallKind),
    },
    generatedBy: { seed },
  };
}

/** The sample generator, as the benchmark's entry in the list of benchmarks (analysis/index.ts) finds it. */
export { generatePawm as generate };
