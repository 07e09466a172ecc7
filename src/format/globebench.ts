import { z } from 'zod';
import { Id } from './common.js';
import { dataRecord } from './data-record.js';
import { releaseFile, type ReleaseFiles } from './release-files.js';

export const Domain = z.enum(['code', 'enterprise', 'games', 'math_science', 'dialogue']);
export const Capability = z.enum(['state_coherence', 'causal_correctness', 'interface_fidelity', 'constraint_enforcement']);
export const Radius = z.enum(['L0', 'L1', 'L2', 'L3']);

export const FieldSpec = z
  .object({
    path: z
      .string()
      .min(1)
      .describe(
        'Where the graded value sits: a dot path into `gold` and into the prediction, keys separated by `.` and a segment of digits indexing an array (`lines.0.qty`). It must lead to a value in `gold`.',
      ),
    kind: z
      .enum(['exact', 'numeric', 'set', 'text'])
      .describe(
        "How the prediction's value at `path` is compared with gold's: `exact`, equal as canonical JSON (object keys in any order); `numeric`, a number within `tol` of gold's; `set`, arrays holding the same members the same number of times, in any order; `text`, a string left to the judge.",
      ),
    tol: z
      .number()
      .nonnegative()
      .optional()
      .describe(
        "Numeric fields only: the absolute tolerance, in the field's own unit, a number >= 0. Optional; absent means 0. A slack of 1e-9 x max(1, |gold|) is always added, so the bound is inclusive as a person reads it.",
      ),
  })
  .passthrough()
  .refine((f) => f.tol === undefined || f.kind === 'numeric', { message: 'tol is allowed on numeric fields only', path: ['tol'] });

export const GoldError = z
  .object({
    class: z.string().describe("The error's class; a predicted error must have the same class, compared exactly."),
    referent: z
      .string()
      .nullable()
      .describe('What the error is about (the entity it names); a predicted error must name the same, compared exactly. null: the referent is not checked.'),
  })
  .passthrough();

export const Item = z
  .object({
    item_id: Id.describe("The item's id, unique in the file (ids are compared as Unicode NFC); responses, judge records, ratings and audits refer to it."),
    domain: Domain.describe("The domain of the item's environment: `code`, `enterprise`, `games`, `math_science` or `dialogue`."),
    skill: z
      .string()
      .min(1)
      .describe("The item's primary skill, a free name (the paper has 19); items are grouped by its exact text, so each skill is written one way."),
    capabilities: z
      .array(Capability)
      .describe('What the item exercises: any of `state_coherence`, `causal_correctness`, `interface_fidelity` and `constraint_enforcement`; may be empty.'),
    operator: z.string().min(1).describe('Who or what built the item, a free name; items are grouped by its exact text.'),
    source: z.enum(['own', 'adapted']).describe("`own`: built from the benchmark's own recipe; `adapted`: adapted from an open backend."),
    backend: z.string().describe('The system the final action is executed on, a free name (e.g. `sqlite`, `odoo`, `bfcl`, `textworld`); may be empty.'),
    reach_back: z
      .number()
      .int()
      .nonnegative()
      .nullable()
      .describe(
        'How far back the answer reaches: the number of turns between the final action and the earliest event the answer depends on, an integer >= 0. null: not labelled, and the item stays out of the tables by reach-back.',
      ),
    impact_radius: Radius.nullable().describe(
      "How far the final action's effects reach: `L0` changes no state (only the output is predicted), `L1` changes the one entity the action names, `L2` two or more entities it names, `L3` also entities it does not name (such as records that depend on the one changed). null: not labelled, and the item stays out of the tables by impact radius.",
    ),
    radius_source: z
      .enum(['measured', 'declared'])
      .nullable()
      .describe("How `impact_radius` was assigned: `measured` from a diff of the execution, or `declared` by the item's operator. null: not said."),
    outcome: z
      .enum(['normal', 'error'])
      .describe(
        'What executing the final action gives: `normal`, or `error` when the system refuses or blocks it, in which case a right answer predicts that error.',
      ),
    gold: dataRecord(z.unknown()).describe(
      'The gold next state: what executing the final action gives, as a JSON object. Only the values `fields` points to are graded.',
    ),
    gold_error: GoldError.nullable().describe(
      'The gold error, an object `{class, referent}`, given exactly when `outcome` is `error`; null for a `normal` item.',
    ),
    fields: z
      .array(FieldSpec)
      .min(1, 'expected at least one field')
      .describe('How the item is graded: one entry per graded value of gold, at least one, each with its path and how it is compared.'),
  })
  .passthrough();
export type Item = z.infer<typeof Item>;
export type FieldSpec = z.infer<typeof FieldSpec>;

export const Model = z
  .object({
    model_id: Id.describe(
      "The model's id, unique in the file (compared as Unicode NFC); names the files `responses/<model_id>.jsonl` and `judge/<model_id>.jsonl`.",
    ),
    name: z
      .string()
      .describe("The model's display name, shown in tables and figures. Names may repeat: models whose names look alike are labelled apart by id."),
    provider: z.string().describe('Who serves the model, a free name (tables name the provider behind unusable responses); may be empty.'),
    access: z
      .enum(['open', 'closed'])
      .describe('`open` for a model with open weights, `closed` for one served only through an API; tables group models by it.'),
    kind: z
      .enum(['general', 'world_model'])
      .describe('`general` for a general-purpose model, `world_model` for one built as a world model; tables group models by it.'),
  })
  .passthrough();
export type Model = z.infer<typeof Model>;

export const Response = z
  .object({
    item_id: Id.describe('The item answered, an `item_id` of items.jsonl. A model has exactly one response to every item.'),
    model_id: Id.describe('The model that answered: the model the file is named after.'),
    status: z
      .enum(['answered', 'refusal', 'empty', 'error'])
      .describe(
        'What the provider returned: `answered` (a response), `refusal` (the model declined), `empty` (no text) or `error` (the request failed). Anything but `answered` fails as `no_response`.',
      ),
    prediction: dataRecord(z.unknown())
      .nullable()
      .describe(
        'The predicted next state parsed from the response, a JSON object; a predicted error is its key `error`, an object `{class, referent}`. null: nothing usable was parsed, and the response fails as `no_response`.',
      ),
    raw: z.string().describe('The response text as received. Shown in the drill-down, never graded; the loader reads it again from the file when it is shown.'),
    request: z.enum(['primary', 'recovery']).describe('`primary`, or `recovery` when the response came from asking again at a lower reasoning tier.'),
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
    item_id: Id.describe('The item of the judged response, an `item_id` of items.jsonl.'),
    model_id: Id.describe('The model of the judged response: the model the file is named after.'),
    judge: z
      .enum(['terra', 'sol'])
      .describe(
        'Which judge wrote the record: `terra` decides when its confidence is 0.80 or more, `sol` otherwise. At most one record per item, model and judge.',
      ),
    verdict: z.enum(['equivalent', 'not_equivalent']).describe('`equivalent`: the response passes; `not_equivalent`: it fails as `wrong_value`.'),
    confidence: z.number().min(0).max(1).describe("The judge's confidence in its verdict, a number from 0 to 1."),
    prompt_version: z.string().describe('The version of the judge prompt, as the release names it; kept, not used in grading.'),
  })
  .passthrough();
export type JudgeRecord = z.infer<typeof JudgeRecord>;

export const HumanRating = z
  .object({
    item_id: Id.describe('The rated item, an `item_id` of items.jsonl.'),
    annotator: Id.describe("The annotator's id; ratings are grouped by its exact text."),
    dimension: z
      .enum(['state_coherence', 'constraint_enforcement', 'outcome_correctness', 'interface_realism'])
      .describe('What was rated: `state_coherence`, `constraint_enforcement`, `outcome_correctness` or `interface_realism`.'),
    rating: z.number().int().min(1).max(5).describe('The rating on a scale of 1 to 5, a whole number.'),
  })
  .passthrough();
export type HumanRating = z.infer<typeof HumanRating>;

export const LlmAudit = z
  .object({
    item_id: Id.describe('The audited item, an `item_id` of items.jsonl.'),
    dimension: z.string().describe("What the LLM auditor rated, a free name (compared with the human ratings' dimensions)."),
    rating: z.number().min(1).max(5).describe("The auditor's rating on a scale of 1 to 5, not necessarily whole."),
    pass: z.boolean().describe('Whether the auditor passed the item on that dimension.'),
  })
  .passthrough();
export type LlmAudit = z.infer<typeof LlmAudit>;

/** A row of results/<model_id>.jsonl: the release's own published verdict (never an input to a table). */
export const PublishedResult = z
  .object({
    item_id: Id.describe('The item of the graded response, an `item_id` of items.jsonl. One row per response.'),
    model_id: Id.describe('The model of the graded response: the model the file is named after.'),
    pass: z.boolean().describe("The release's own verdict on the response: true when its grader passed it."),
    failure_type: z
      .enum(['no_response', 'wrong_value', 'structure_only', 'no_state_fields', 'error_class', 'under_error', 'over_error'])
      .nullable()
      .optional()
      .describe(
        "The release's failure type of a failed response, one of the seven of the grading procedure. Optional; absent or null when the release does not say.",
      ),
    decided_by: z
      .enum(['deterministic', 'terra', 'sol'])
      .nullable()
      .optional()
      .describe(
        "What decided the release's verdict: the `deterministic` steps, or the `terra` or `sol` judge. Optional; absent or null when the release does not say.",
      ),
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
