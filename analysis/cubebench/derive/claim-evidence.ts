import type { Evidence } from '../../../src/derive/claims/claim.js';
import { derivedBy } from '../../../src/derive/memo.js';
import type { CubeContext } from './context.js';
import { episodeColumns, passCells, sliceEpisodes, sliceKey, type SliceKey } from './slices.js';

/** Replayed pass (0/1) per task of one slice, in episode order; a task run twice keeps its first episode. */
const passByTask = derivedBy((ctx: CubeContext, key: SliceKey): Map<string, number> => {
  const c = episodeColumns(ctx);
  const out = new Map<string, number>();
  for (const i of sliceEpisodes(ctx, key)) {
    const task = c.task.labels[c.task.codes[i]];
    if (!out.has(task)) out.set(task, c.pass[i]);
  }
  return out;
}, sliceKey);

/** A description of a slice for a "not computable" message: its model, agent, reward, tier and horizon. */
const sliceText = (k: SliceKey) => `episodes.jsonl: no episode of ${k.model}, agent ${k.agent}, reward ${k.reward}, ${k.tier} ${k.horizon}`;

/**
 * The paired evidence that slice a passes more often than slice b: their replayed pass bits on the
 * tasks both ran (one episode per task per cell), paired and clustered on the task. Not computable
 * when either slice has no episode or they share no task.
 */
export const pairedPassEvidence = derivedBy(
  (ctx: CubeContext, p: { a: SliceKey; b: SliceKey }): Evidence => {
    const a = passByTask(ctx, p.a),
      b = passByTask(ctx, p.b);
    if (a.size === 0) return { kind: 'not-computable', missing: sliceText(p.a) };
    if (b.size === 0) return { kind: 'not-computable', missing: sliceText(p.b) };
    const tasks = [...a.keys()].filter((t) => b.has(t));
    if (tasks.length === 0) return { kind: 'not-computable', missing: `episodes.jsonl: the two cells share no task (${sliceKey(p.a)} and ${sliceKey(p.b)})` };
    return { kind: 'paired-difference', a: tasks.map((t) => a.get(t) as number), b: tasks.map((t) => b.get(t) as number), cluster: tasks };
  },
  (p) => `${sliceKey(p.a)}|${sliceKey(p.b)}`,
);

/** The pass cells of every slice of one horizon (tier 'all' left out), as zero-rate cells labelled by slice. */
export const horizonCells = derivedBy(
  (ctx: CubeContext, p: { horizon: string; agent: string }): { label: string; count: number; n: number }[] =>
    [...passCells(ctx).values()]
      .filter((c) => c.horizon === p.horizon && c.agent === p.agent && c.tier !== 'all')
      .map((c) => ({ label: `${c.model}, reward ${c.reward}, ${c.tier} ${c.horizon}`, count: c.passed, n: c.n })),
  (p) => JSON.stringify([p.horizon, p.agent]),
);
