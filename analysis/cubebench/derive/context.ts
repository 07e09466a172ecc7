import { checkDepth, parseMoves, replayIds, stateFromFacelets, type DepthCheck } from '../../../src/domain/cube/index.js';
import type { CubeRelease } from '../../../src/release/load/cubebench.js';
import type { RunOptions } from '../../../src/derive/run-options.js';
import type { Task } from '../../../src/format/cubebench.js';

export type Horizon = 'short' | 'medium' | 'long';

/** Short = depth <= 4, long = depth >= 8 (docs/release-format.md, CubeBench); 5..7 is neither and kept apart. */
export function horizonOf(depth: number): Horizon {
  return depth <= 4 ? 'short' : depth >= 8 ? 'long' : 'medium';
}

/** One episode after replay: the release's fields that tables group by, and what replay found. */
export interface EpisodeResult {
  episode_id: string;
  model: string;
  agent: string;
  reward: string;
  tier: string;
  task_id: string;
  depth: number;
  horizon: Horizon;
  claimed: boolean;
  end: string;
  make_move_calls: number;
  duration_s: number;
  /** replay: every face one colour after the last action */
  pass: boolean;
  final: string;
  moves: number;
  faceTurns: number;
}

/**
 * What every CubeBench analysis starts from: the release, every episode replayed once (in
 * episodes.jsonl order) and every task's depth checked once. Everything computed from these is a
 * `derived` value of this object (derive/*.ts), so it is computed at most once per context.
 */
export interface CubeContext {
  release: CubeRelease;
  opts: RunOptions;
  /** in episodes.jsonl order */
  results: EpisodeResult[];
  tasks: Map<string, Task>;
  depth: Map<string, DepthCheck>;
}

/** Replays every episode once on its task's state, and checks every task's depth. */
export function prepareCube(release: CubeRelease, opts: RunOptions): CubeContext {
  const tasks = new Map(release.tasks.map((t) => [t.task_id, t]));
  const starts = new Map(release.tasks.map((t) => [t.task_id, stateFromFacelets(t.state)]));
  const results: EpisodeResult[] = release.episodes.map((e) => {
    const task = tasks.get(e.task_id)!;
    const r = replayIds(starts.get(e.task_id)!, parseMoves(e.actions));
    return {
      episode_id: e.episode_id,
      model: e.model,
      agent: e.agent,
      reward: e.reward,
      tier: e.tier,
      task_id: e.task_id,
      depth: task.depth,
      horizon: horizonOf(task.depth),
      claimed: e.claimed_success,
      end: e.end,
      make_move_calls: e.make_move_calls,
      duration_s: e.duration_s,
      pass: r.solved,
      final: r.final,
      moves: r.moves,
      faceTurns: r.faceTurns,
    };
  });
  const depth = new Map(release.tasks.map((t) => [t.task_id, checkDepth(t)]));
  return { release, opts, results, tasks, depth };
}

/** Models in the paper's order first, then any others alphabetically. */
export function orderModels(models: Iterable<string>, paperOrder: readonly string[]): string[] {
  const set = new Set(models);
  const first = [...new Set(paperOrder)].filter((m) => set.has(m));
  const rest = [...set].filter((m) => !paperOrder.includes(m)).sort();
  return [...first, ...rest];
}
