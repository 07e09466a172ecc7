import type { Episode } from '../../../src/format/pawm.js';

/**
 * The unit PAWM's comparisons pair on: one run of one task. Runs are nested in tasks (the cluster)
 * and methods are paired on them: run r of two configurations on the same task is one pair.
 */
export interface SharedTaskRuns {
  /** the task of each shared unit (its cluster), units ordered by task then run as the first configuration has them */
  tasks: string[];
  /** per configuration, its success (0/1) on each shared unit */
  columns: Uint8Array[];
}

const unitKey = (e: Pick<Episode, 'task_id' | 'run'>): string => JSON.stringify([e.task_id, e.run]);

/**
 * The (task, run) units every one of the configurations ran, in the first configuration's order,
 * and each configuration's outcome on them. A unit that some configuration lacks is left out for all
 * (so every column averages over the same units).
 */
export function sharedTaskRuns(configs: readonly { episodes: readonly Episode[] }[]): SharedTaskRuns {
  if (configs.length === 0) return { tasks: [], columns: [] };
  const outcome = configs.map((g) => new Map(g.episodes.map((e) => [unitKey(e), e.success ? 1 : 0])));
  const units = configs[0].episodes.filter((e) => outcome.every((m) => m.has(unitKey(e))));
  return {
    tasks: units.map((e) => e.task_id),
    columns: outcome.map((m) => Uint8Array.from(units, (e) => m.get(unitKey(e))!)),
  };
}

/** Per task (in first-seen order of `tasks`), 1 when the column solves it in at least one of its units: Pass@3 on the shared units. */
export function solvedPerTask(tasks: readonly string[], column: ArrayLike<number>): Uint8Array {
  const index = new Map<string, number>();
  for (const t of tasks) if (!index.has(t)) index.set(t, index.size);
  const out = new Uint8Array(index.size);
  tasks.forEach((t, i) => {
    if (column[i]) out[index.get(t)!] = 1;
  });
  return out;
}
