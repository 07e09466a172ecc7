import { z } from 'zod';
import { Id } from './common.js';
import { releaseFile, type ReleaseFiles } from './release-files.js';

/** The key that names one episode; steps and labels repeat it. */
export const EpisodeKey = {
  benchmark: z.enum(['scienceworld', 'webarena_lite']).describe('The environment the episode ran in: `scienceworld` or `webarena_lite`.'),
  agent: z.string().min(1).describe('The backbone agent, the LLM being steered, a free name; episodes are grouped by its exact text.'),
  method: z
    .string()
    .min(1)
    .describe(
      'The guidance method, a free id. The tables that compare the paper\'s methods look up `none`, `next_obs`, `subgoal_traj`, `full_traj`, `pre_task`, `pawm_sft` and `pawm_grpo`, and read an id ending in `_grpo` as "+ GRPO"; any other id gets rows of its own.',
    ),
  gating: z
    .enum(['all', 'pitfall_only', 'non_pitfall', 'learned', 'none'])
    .describe(
      'When the world model may speak: `all` (at every step), `pitfall_only` (only guidance that anticipates a pitfall), `non_pitfall` (only other guidance), `learned` (when the trained world model chooses to) or `none` (no gating).',
    ),
  train_ratio: z
    .number()
    .nullable()
    .describe("The silent:pitfall ratio of the world model's training data (the ratio ablation), a number. null: the episode has no such ratio."),
  task_id: Id.describe("The task's id, as the environment names it; episodes are grouped by its exact text."),
  run: z.number().int().min(1).max(3).describe('Which of the three runs of the configuration on the task: 1, 2 or 3.'),
};

export const Episode = z
  .object({
    ...EpisodeKey,
    success: z.boolean().describe('Whether the episode solved its task.'),
    steps: z.number().int().nonnegative().describe('How many agent steps the episode took, an integer >= 0; steps.jsonl numbers them 1..steps.'),
    wm_calls: z.number().int().nonnegative().describe('How many times the world model was called in the episode, an integer >= 0.'),
    api_calls: z.number().int().nonnegative().describe("How many API calls the episode made, an integer >= 0; the tables' Calls is their mean per episode."),
  })
  .passthrough();
export type Episode = z.infer<typeof Episode>;

export const Step = z
  .object({
    ...EpisodeKey,
    step: z.number().int().min(1).describe("The step's number in its episode, from 1; an episode's steps are numbered 1..steps, each once."),
    tentative_action: z.string().describe('The action the agent proposed before any guidance.'),
    guidance: z
      .string()
      .nullable()
      .describe('What the world model said at this step. null: it stayed silent. A step with guidance is a guided step (the intervention rate counts them).'),
    final_action: z
      .string()
      .describe(
        'The action the agent took. The action changed when `guidance` is not null and `final_action` differs from `tentative_action` (the action change rate counts those steps).',
      ),
  })
  .passthrough();
export type Step = z.infer<typeof Step>;

export const GuidanceLabel = z
  .object({
    ...EpisodeKey,
    step: z.number().int().min(1).describe('The labelled step, by its number in the episode; the step must exist and have guidance.'),
    pitfall: z.boolean().describe("Whether the step's guidance anticipates a pitfall: a failure about to happen."),
    labeler: z
      .string()
      .describe(
        'Who labelled the step, a person or a classifier, by a free name; at most one label per labeler and step, and labels are grouped by its exact text.',
      ),
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
