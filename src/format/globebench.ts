import { z } from 'zod';
import { Id } from './common.js';
import { releaseFile, type ReleaseFiles } from './release-files.js';

export const Domain = z.enum(['code', 'enterprise', 'games', 'math_science', 'dialogue']);
export const Capability = z.enum(['state_coherence', 'causal_correctness', 'interface_fidelity', 'constraint_enforcement']);
export const Radius = z.enum(['L0', 'L1', 'L2', 'L3']);

export const FieldSpec = z
  .object({
    path: z.string().min(1),
    kind: z.enum(['exact', 'numeric', 'set', 'text']),
    tol: z.number().nonnegative().optional(),
  })
  .passthrough()
  .refine((f) => f.tol === undefined || f.kind === 'numeric', { message: 'tol is allowed on numeric fields only', path: ['tol'] });

export const GoldError = z.object({ class: z.string(), referent: z.string().nullable() }).passthrough();

export const Item = z
  .object({
    item_id: Id,
    domain: Domain,
    skill: z.string().min(1),
    capabilities: z.array(Capability),
    operator: z.string().min(1),
    source: z.enum(['own', 'adapted']),
    backend: z.string(),
    reach_back: z.number().int().nonnegative().nullable(),
    impact_radius: Radius.nullable(),
    radius_source: z.enum(['measured', 'declared']).nullable(),
    outcome: z.enum(['normal', 'error']),
    gold: z.record(z.string(), z.unknown()),
    gold_error: GoldError.nullable(),
    fields: z.array(FieldSpec).min(1, 'expected at least one field'),
  })
  .passthrough();
export type Item = z.infer<typeof Item>;
export type FieldSpec = z.infer<typeof FieldSpec>;

export const Model = z
  .object({
    model_id: Id,
    name: z.string(),
    provider: z.string(),
    access: z.enum(['open', 'closed']),
    kind: z.enum(['general', 'world_model']),
  })
  .passthrough();
export type Model = z.infer<typeof Model>;

export const Response = z
  .object({
    item_id: Id,
    model_id: Id,
    status: z.enum(['answered', 'refusal', 'empty', 'error']),
    prediction: z.record(z.string(), z.unknown()).nullable(),
    raw: z.string(),
    request: z.enum(['primary', 'recovery']),
  })
  .passthrough();
/** A row of responses/<model_id>.jsonl as the file holds it, raw text included. */
export type ResponseRow = z.infer<typeof Response>;
/**
 * A response as the loader keeps it: the row without its raw text, which stays on disk (memory grows
 * with the number of responses, not with their text); `readResponseRaw` reads it again by offset.
 */
export const LoadedResponse = Response.omit({ raw: true });
export type Response = z.infer<typeof LoadedResponse>;

export const JudgeRecord = z
  .object({
    item_id: Id,
    model_id: Id,
    judge: z.enum(['terra', 'sol']),
    verdict: z.enum(['equivalent', 'not_equivalent']),
    confidence: z.number().min(0).max(1),
    prompt_version: z.string(),
  })
  .passthrough();
export type JudgeRecord = z.infer<typeof JudgeRecord>;

export const HumanRating = z
  .object({
    item_id: Id,
    annotator: Id,
    dimension: z.enum(['state_coherence', 'constraint_enforcement', 'outcome_correctness', 'interface_realism']),
    rating: z.number().int().min(1).max(5),
  })
  .passthrough();
export type HumanRating = z.infer<typeof HumanRating>;

export const LlmAudit = z
  .object({
    item_id: Id,
    dimension: z.string(),
    rating: z.number().min(1).max(5),
    pass: z.boolean(),
  })
  .passthrough();
export type LlmAudit = z.infer<typeof LlmAudit>;

/** A row of results/<model_id>.jsonl: the release's own published verdict (never an input to a table). */
export const PublishedResult = z
  .object({
    item_id: Id,
    model_id: Id,
    pass: z.boolean(),
    failure_type: z.enum(['no_response', 'wrong_value', 'structure_only', 'no_state_fields', 'error_class', 'under_error', 'over_error']).nullable().optional(),
    decided_by: z.enum(['deterministic', 'terra', 'sol']).nullable().optional(),
  })
  .passthrough();
export type PublishedResult = z.infer<typeof PublishedResult>;

/**
 * Every file of a GlobeBench release (docs/release-format.md), declared once: what the loader reads,
 * `workbench manifest` accepts, `workbench import` and `workbench schema` type rows by.
 * `results/<model_id>.jsonl` (the release's own verdicts) is compared with the grading, never an input to a table.
 */
export const RELEASE_FILES = {
  items: releaseFile('items.jsonl', Item, { required: true, nonEmpty: true }),
  models: releaseFile('models.jsonl', Model, { required: true, nonEmpty: true }),
  responses: releaseFile('responses/<model_id>.jsonl', Response, { required: true, nonEmpty: true }),
  judge: releaseFile('judge/<model_id>.jsonl', JudgeRecord),
  results: releaseFile('results/<model_id>.jsonl', PublishedResult),
  ratings: releaseFile('human/ratings.jsonl', HumanRating),
  audit: releaseFile('audit/llm.jsonl', LlmAudit),
} as const satisfies ReleaseFiles;
