import type { z } from 'zod';
import * as cube from './cubebench.js';
import * as globe from './globebench.js';
import * as pawm from './pawm.js';
import type { Manifest } from './common.js';

/** One kind of file a release holds: its name pattern (a logical `.jsonl` name) and row schema. */
export interface ReleaseFileKind {
  /** as the format page names it, e.g. `responses/<model_id>.jsonl` */
  name: string;
  pattern: RegExp;
  schema: z.ZodTypeAny;
  required: boolean;
}

/**
 * The files of each benchmark's release and the zod schema of their rows, as the loaders read them.
 * `results/<model_id>.jsonl` (the release's own verdicts) is listed by the format page but read by no
 * analysis here, so it has no schema of its own beyond what the format says of its rows.
 */
export const RELEASE_FILE_KINDS: Record<Manifest['benchmark'], ReleaseFileKind[]> = {
  globebench: [
    { name: 'items.jsonl', pattern: /^items\.jsonl$/, schema: globe.Item, required: true },
    { name: 'models.jsonl', pattern: /^models\.jsonl$/, schema: globe.Model, required: true },
    { name: 'responses/<model_id>.jsonl', pattern: /^responses\/[^/]+\.jsonl$/, schema: globe.Response, required: true },
    { name: 'judge/<model_id>.jsonl', pattern: /^judge\/[^/]+\.jsonl$/, schema: globe.JudgeRecord, required: false },
    { name: 'human/ratings.jsonl', pattern: /^human\/ratings\.jsonl$/, schema: globe.HumanRating, required: false },
    { name: 'audit/llm.jsonl', pattern: /^audit\/llm\.jsonl$/, schema: globe.LlmAudit, required: false },
  ],
  pawm: [
    { name: 'episodes.jsonl', pattern: /^episodes\.jsonl$/, schema: pawm.Episode, required: true },
    { name: 'steps.jsonl', pattern: /^steps\.jsonl$/, schema: pawm.Step, required: true },
    { name: 'guidance_labels.jsonl', pattern: /^guidance_labels\.jsonl$/, schema: pawm.GuidanceLabel, required: false },
  ],
  cubebench: [
    { name: 'tasks.jsonl', pattern: /^tasks\.jsonl$/, schema: cube.Task, required: true },
    { name: 'episodes.jsonl', pattern: /^episodes\.jsonl$/, schema: cube.Episode, required: true },
  ],
};

/** The kind of a logical release path (`responses/m1.jsonl`), or undefined. */
export function fileKind(benchmark: Manifest['benchmark'], logical: string): ReleaseFileKind | undefined {
  return RELEASE_FILE_KINDS[benchmark].find((k) => k.pattern.test(logical));
}
