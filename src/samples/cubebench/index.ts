/**
 * The CubeBench sample release: 40 tasks (5 at each depth 1, 2, 3, 4, 8, 12, 16, 20; so 20 short
 * and 20 long tasks per cell) and the episodes of the models, tiers, agents and reward settings the
 * paper reports, made by simulated agents that act on a real cube (simulator.ts, policies.ts).
 *
 * Calibration: in each cell the generator decides how many tasks the simulated agent is set up to
 * solve (calibration.ts), picks which ones (shallower tasks and tasks with a lower seeded
 * "difficulty" first, so a cell's solved tasks mostly nest inside a stronger agent's), and then
 * simulates a solving or a failing behaviour. It writes only what an agent log holds: the
 * actions, the agent's own claim of success and how the episode ended. No verdict is written;
 * the workbench replays the actions to decide pass or fail. Some failing agents claim success
 * (and a few solving ones do not), so the claimed-vs-replayed audit has something to find. The
 * brute-force coders (InternVL-3, Kimi K2) are not calibrated: whatever their loop does is their
 * outcome.
 *
 * Depth: half-turn metric. Tasks up to depth 8 are redrawn until the exact search confirms their
 * depth; deeper tasks are random canonical scrambles of that length that the search confirms are
 * more than 8 moves from solved. Their declared depth is the scramble length, an upper bound (the
 * paper verified exact depths with an optimal solver; the workbench reports bounds).
 */
import { canFollow, FACE_TURNS, formatMoves, MOVE_NAMES, optimalSolution, scrambleFacelets, stateFromFacelets } from '../../domain/cube/index.js';
import { createRng, type Rng } from '../../derive/stats/rng.js';
import type { ReleaseSpec } from '../write-release.js';
import { cellPlans, LONG_DEPTHS, SHORT_DEPTHS, TASKS_PER_DEPTH, type CellPlan } from './calibration.js';
import { bruteForce, greedyStall, lostExplorer, misreadSolver, solveBehaviour, wander, wrongMoveBehaviour } from './policies.js';
import { between, chance, newSim, solved, type Sim } from './simulator.js';

const CUBEBENCH_SAMPLE_VERSION = '1.0.0';

interface TaskRow {
  task_id: string;
  depth: number;
  scramble: string;
  state: string;
}

interface EpisodeRow {
  episode_id: string;
  model: string;
  tier: CellPlan['tier'];
  agent: CellPlan['agent'];
  reward: CellPlan['reward'];
  task_id: string;
  actions: string[] | string;
  claimed_success: boolean;
  end: 'solved' | 'step_limit' | 'timeout' | 'gave_up' | 'error';
  make_move_calls: number;
  duration_s: number;
}

/** A random canonical scramble (no face twice in a row, opposite faces in one order). */
function randomScramble(rng: Rng, length: number): number[] {
  const out: number[] = [];
  while (out.length < length) {
    const m = rng.int(FACE_TURNS);
    if (canFollow(out.length ? out[out.length - 1] : -1, m)) out.push(m);
  }
  return out;
}

function makeTasks(seed: number): TaskRow[] {
  const rng = createRng(seed, 'cubebench:tasks');
  const tasks: TaskRow[] = [];
  const seen = new Set<string>();
  for (const depth of [...SHORT_DEPTHS, ...LONG_DEPTHS]) {
    for (let i = 1; i <= TASKS_PER_DEPTH; ) {
      const scramble = formatMoves(randomScramble(rng, depth));
      const state = scrambleFacelets(scramble);
      if (seen.has(state)) continue;
      const opt = optimalSolution(stateFromFacelets(state));
      // exact depth up to 8; deeper tasks must at least be out of the exact search's reach
      if (depth <= 8 ? opt === null || opt.length !== depth : opt !== null) continue;
      seen.add(state);
      tasks.push({ task_id: `d${String(depth).padStart(2, '0')}-${i}`, depth, scramble, state });
      i++;
    }
  }
  return tasks;
}

const slug = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Which tasks of a cell the agent is set up to solve: the k lowest by depth rank + task difficulty + cell noise. */
function chooseSolved(plan: CellPlan, tasks: TaskRow[], difficulty: Map<string, number>, seed: number): Set<string> {
  const rng = createRng(seed, `cubebench:select:${plan.model}:${plan.agent}:${plan.reward}:${plan.tier}:${plan.horizon}`);
  const depths = plan.horizon === 'short' ? SHORT_DEPTHS : LONG_DEPTHS;
  const scored = tasks.map((t) => ({ id: t.task_id, score: depths.indexOf(t.depth) + difficulty.get(t.task_id)! + 1.2 * rng.next() }));
  scored.sort((a, b) => a.score - b.score || (a.id < b.id ? -1 : 1));
  return new Set(scored.slice(0, Math.max(0, plan.solves)).map((s) => s.id));
}

type Kind = 'solve' | 'wrong_move' | 'greedy' | 'wander' | 'misread' | 'lost' | 'bruteforce';

/** Runs one failing behaviour; which one depends on who the agent is and what it sees. */
function fail(plan: CellPlan, _task: TaskRow, sim: Sim, rng: Rng): Kind {
  const { tier, reward } = plan;
  const partialView = tier === 'face' || tier === 'vertex';
  if (plan.style === 'mlp') {
    greedyStall(sim, rng, { tier, reward, steps: 20, focus: 0.6 });
    return 'greedy';
  }
  if (plan.agent === 'basic') {
    if (plan.horizon === 'long' || chance(rng, 0.35)) {
      if (partialView && chance(rng, 0.5)) {
        lostExplorer(sim, rng, { tier, steps: 20 });
        return 'lost';
      }
      if (chance(rng, 0.6)) {
        greedyStall(sim, rng, { tier, reward, steps: 20, focus: reward === 'none' ? 0.5 : 0.75 });
        return 'greedy';
      }
      wander(sim, rng, { tier, steps: between(rng, 8, 20) });
      return 'wander';
    }
    const errors = tier === 'symbolic' ? 1 : between(rng, 1, 3);
    wrongMoveBehaviour(sim, rng, { tier, errors, after: between(rng, 0, 6), reward });
    return 'wrong_move';
  }
  // solver agents: a wrong input to the solver, or (partial views) never seeing enough to call it
  if (partialView && (plan.agent === 'ideal_solver' || tier === 'vertex') && chance(rng, 0.6)) {
    lostExplorer(sim, rng, { tier, steps: 20 });
    return 'lost';
  }
  const mode = plan.agent === 'standard_solver' && chance(rng, 0.6) ? 'mapping' : 'offByOne';
  misreadSolver(sim, rng, { tier, exploreMoves: partialView ? between(rng, 3, 6) : 0, mode });
  return 'misread';
}

/** The chance that an agent that failed this way still says it solved the cube. */
function falseClaim(plan: CellPlan, kind: Kind): number {
  if (plan.style === 'mlp') return 0; // the MLP's "done" comes from the environment
  switch (kind) {
    case 'misread':
      return 0.6; // it trusted the solver's answer
    case 'wrong_move':
      return plan.tier === 'symbolic' ? 0.05 : 0.25; // a misread picture looks solved
    case 'lost':
      return 0.1;
    case 'bruteforce':
      return 0.03;
    default:
      return 0.03;
  }
}

function simulate(plan: CellPlan, task: TaskRow, pass: boolean, rng: Rng, bruteBudget: number): EpisodeRow {
  let sim = newSim(stateFromFacelets(task.state), task.scramble, task.depth);
  const partialView = plan.tier === 'face' || plan.tier === 'vertex';
  let kind: Kind;
  let found = false;
  if (plan.style === 'bruteforce') {
    kind = 'bruteforce';
    found = bruteForce(sim, { budget: bruteBudget, buggyUndo: bruteBudget < 400_000 && chance(rng, 0.7) });
  } else if (pass) {
    kind = 'solve';
    const solver = plan.agent !== 'basic';
    solveBehaviour(sim, rng, {
      tier: plan.tier,
      probes: solver ? 0 : plan.reward !== 'none' ? between(rng, 0, 3) : chance(rng, 0.4) ? 1 : 0,
      exploreMoves: partialView ? (solver ? between(rng, 3, 6) : between(rng, 1, 4)) : 0,
    });
  } else {
    // a wrong face-letter map can leave a solution intact (no move on the swapped faces): draw again
    kind = fail(plan, task, sim, rng);
    for (let attempt = 1; solved(sim) && attempt < 20; attempt++) {
      sim = newSim(stateFromFacelets(task.state), task.scramble, task.depth);
      kind = fail(plan, task, sim, rng);
    }
    if (solved(sim)) throw new Error(`simulator: failing behaviour ${kind} solved ${task.task_id}`);
  }

  const isSolvedNow = solved(sim);
  let claimed: boolean;
  let end: EpisodeRow['end'];
  if (kind === 'bruteforce') {
    claimed = found || chance(rng, falseClaim(plan, kind));
    end = found || claimed ? 'solved' : 'timeout';
  } else if (isSolvedNow) {
    claimed = plan.style === 'mlp' || !chance(rng, 0.04);
    end = claimed ? 'solved' : 'step_limit';
  } else {
    claimed = chance(rng, falseClaim(plan, kind));
    if (claimed) end = 'solved';
    else if (chance(rng, 0.03)) end = 'error';
    else if (kind === 'misread' || kind === 'wrong_move') end = chance(rng, 0.5) ? 'gave_up' : 'step_limit';
    else end = plan.horizon === 'long' && chance(rng, 0.2) ? 'timeout' : 'step_limit';
  }

  let faceTurns = 0;
  for (const m of sim.actions) if (m < FACE_TURNS) faceTurns++;
  let duration: number;
  if (plan.style === 'bruteforce') duration = found ? 30 + (1770 * sim.actions.length) / bruteBudget : 1800 + rng.next() * 5;
  else if (plan.style === 'mlp') duration = 0.02 * sim.actions.length + 0.1 * rng.next();
  else if (plan.agent !== 'basic') duration = (sim.rotations.length + 3) * (8 + 17 * rng.next());
  else duration = Math.max(1, sim.actions.length) * (5 + 15 * rng.next());
  if (end === 'timeout') duration = Math.max(duration, 1800);

  // short logs as move lists (readable), long ones as one string (compact); the format allows both
  const actions = sim.actions.length < 200 ? sim.actions.map((m) => MOVE_NAMES[m]) : formatMoves(sim.actions);
  return {
    episode_id: `${slug(plan.model)}.${plan.agent}.${plan.reward}.${plan.tier}.${task.task_id}`,
    model: plan.model,
    tier: plan.tier,
    agent: plan.agent,
    reward: plan.reward,
    task_id: task.task_id,
    actions,
    claimed_success: claimed,
    end,
    make_move_calls: faceTurns,
    duration_s: Math.round(Math.min(duration, end === 'timeout' ? 1810 : 1800) * 10) / 10,
  };
}

/** Move budgets of the brute-force coders: log-uniform 5,000 .. 150,000, one run of 400,000. */
function bruteBudget(plan: CellPlan, task: TaskRow, rng: Rng): number {
  if (plan.model === 'Kimi K2' && task.task_id === 'd20-1') return 400_000;
  return Math.round(Math.exp(Math.log(5000) + rng.next() * (Math.log(150_000) - Math.log(5000))));
}

export function generateCubebench(seed: number): ReleaseSpec {
  const tasks = makeTasks(seed);
  const drng = createRng(seed, 'cubebench:difficulty');
  const difficulty = new Map(tasks.map((t) => [t.task_id, 1.5 * drng.next()]));
  const episodes: EpisodeRow[] = [];
  for (const plan of cellPlans()) {
    const depths = plan.horizon === 'short' ? SHORT_DEPTHS : LONG_DEPTHS;
    const cellTasks = tasks.filter((t) => depths.includes(t.depth));
    const solveSet = chooseSolved(plan, cellTasks, difficulty, seed);
    for (const task of cellTasks) {
      const rng = createRng(seed, `cubebench:episode:${plan.model}:${plan.agent}:${plan.reward}:${plan.tier}:${task.task_id}`);
      episodes.push(simulate(plan, task, solveSet.has(task.task_id), rng, plan.style === 'bruteforce' ? bruteBudget(plan, task, rng) : 0));
    }
  }
  return {
    benchmark: 'cubebench',
    version: CUBEBENCH_SAMPLE_VERSION,
    description:
      `Synthetic CubeBench sample: ${tasks.length} tasks (5 per depth 1, 2, 3, 4, 8, 12, 16, 20) and ${episodes.length} episodes ` +
      "of simulated agents acting on a real cube, calibrated to the paper's Experiment 1-3 pass rates; outcomes are decided by replay.",
    extra: {
      calibrated_to: 'CubeBench (ICLR 2026), Experiments 1-3 pass rates (20 tasks per cell)',
      depth_metric: 'half-turn metric (18 face turns); depths <= 8 exact, deeper depths are scramble lengths (upper bounds)',
      generator_seed: seed,
    },
    files: { 'tasks.jsonl': tasks, 'episodes.jsonl': episodes },
    generatedBy: { seed },
  };
}

/** The sample generator, as the benchmark's entry in the list of benchmarks (analysis/index.ts) finds it. */
export { generateCubebench as generate };
