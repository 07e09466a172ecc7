import { z } from 'zod';
import { Id } from './common.js';
import { releaseFile, type ReleaseFiles } from './release-files.js';

/** The key that names one episode; steps and labels repeat it. */
export const EpisodeKey = {
  benchmark: z.enum(['scienceworld', 'webarena_lite']),
  agent: z.string().min(1),
  method: z.string().min(1),
  gating: z.enum(['all', 'pitfall_only', 'non_pitfall', 'learned', 'none']),
  train_ratio: z.number().nullable(),
  task_id: Id,
  run: z.number().int().min(1).max(3),
};

export const Episode = z
  .object({
    ...EpisodeKey,
    success: z.boolean(),
    steps: z.number().int().nonnegative(),
    wm_calls: z.number().int().nonnegative(),
    api_calls: z.number().int().nonnegative(),
  })
  .passthrough();
export type Episode = z.infer<typeof Episode>;

export const Step = z
  .object({
    ...EpisodeKey,
    step: z.number().int().min(1),
    tentative_action: z.string(),
    guidance: z.string().nullable(),
    final_action: z.string(),
  })
  .passthrough();
export type Step = z.infer<typeof Step>;

export const GuidanceLabel = z
  .object({
    ...EpisodeKey,
    step: z.number().int().min(1),
    pitfall: z.boolean(),
    labeler: z.string(),
  })
  .passthrough();
export type GuidanceLabel = z.infer<typeof GuidanceLabel>;

/** The episode key as one string, for joins. */
export function episodeKey(r: Pick<Episode, 'benchmark' | 'agent' | 'method' | 'gating' | 'train_ratio' | 'task_id' | 'run'>): string {
  return JSON.stringify([r.benchmark, r.agent, r.method, r.gating, r.train_ratio, r.task_id, r.run]);
}

/** Every file of a PAWM release (docs/release-format.md), declared once (see `src/format/release-files.ts`). */
export const RELEASE_FILES = {
  episodes: releaseFile('episodes.jsonl', Episode, { required: true, nonEmpty: true }),
  steps: releaseFile('steps.jsonl', Step, { required: true }),
  labels: releaseFile('guidance_labels.jsonl', GuidanceLabel),
} as const satisfies ReleaseFiles;
