import type { Item, JudgeRecord, Response } from '../../format/globebench.js';
import { fieldComparer, type FieldOutcome } from './compare-field.js';
import { MISSING, splitPath, stepInto, valueAt } from './get-path.js';

export type FailureType = 'no_response' | 'wrong_value' | 'structure_only' | 'no_state_fields' | 'error_class' | 'under_error' | 'over_error';

/** The six answered-failure types of Table 23, in the paper's order. */
export const ANSWERED_FAILURES: FailureType[] = ['wrong_value', 'structure_only', 'no_state_fields', 'error_class', 'under_error', 'over_error'];

/** Table 2's three-way split folds the error-handling types into wrong value. */
export function threeWay(t: FailureType): 'wrong_value' | 'structure_only' | 'no_state_fields' | 'no_response' {
  if (t === 'error_class' || t === 'under_error' || t === 'over_error') return 'wrong_value';
  return t;
}

export interface Grade {
  item_id: string;
  model_id: string;
  pass: boolean;
  failure_type: FailureType | null;
  decided_by: 'deterministic' | 'terra' | 'sol';
  /** decided (non-text) fields whose predicted value matched gold */
  fields_matched: number;
  /** decided (non-text) fields of the item */
  fields_decided: number;
  /**
   * Per field of the item (item.fields order): how the prediction's value compared with gold
   * (compareField), or `missing` where the prediction lacks the path. Recorded for every response
   * that holds a prediction, a refusal's included (the verdict is then no_response whatever they
   * say); all `missing` without one. A drill-down reads these instead of comparing again.
   */
  field_outcomes: readonly FieldResult[];
}

/** How one predicted field compared with gold: compareField's outcome, or `missing` (the prediction lacks the path). */
export type FieldResult = FieldOutcome | 'missing';

export interface JudgePair {
  terra?: JudgeRecord;
  sol?: JudgeRecord;
}

export interface GradeOptions {
  /** the confidence at or above which the terra verdict stands (paper: 0.80) */
  threshold?: number;
}

export const DEFAULT_JUDGE_THRESHOLD = 0.8;

/**
 * A response that needs the judge and has no usable record: a release defect, not a fail. What
 * gradeAgainst returns for it (a plain value: the loader and the judge regrade meet many, and an
 * Error would capture a stack for each); gradeResponse throws it as a JudgeMissingError.
 */
export class JudgeMissing {
  readonly message: string;
  constructor(
    readonly item_id: string,
    readonly model_id: string,
    detail: string,
  ) {
    this.message = `response (${item_id}, ${model_id}) needs the judge: ${detail}`;
  }
}

export class JudgeMissingError extends Error {
  readonly item_id: string;
  readonly model_id: string;
  constructor(missing: JudgeMissing) {
    super(missing.message);
    this.name = 'JudgeMissingError';
    this.item_id = missing.item_id;
    this.model_id = missing.model_id;
  }
}

/**
 * What grading needs of one item, worked out once for all the responses to it: gold's value at
 * each field's path, the comparison with it (fieldComparer), and the paths as one tree, so that a
 * prefix the fields share (`bookings.BK-7753` of `.status`, `.seat`, `.fare`) is looked up once per
 * prediction. Node 0 is the prediction; node c >= 1 is step `keys[c]` (`indexes[c]`, as in
 * PathSegments) from node `parent[c]`, a parent always before its children; field i is node `node[i]`.
 */
export interface ItemGrading {
  item: Item;
  /** gold's value at each field's path, or MISSING */
  gold: unknown[];
  compare: ((pred: unknown) => FieldOutcome)[];
  /** decided (non-text) fields of the item */
  decided: number;
  /** the field outcomes of a response without a prediction (every field missing), shared by all of them */
  allMissing: readonly FieldResult[];
  parent: Int32Array;
  keys: string[];
  indexes: Int32Array;
  node: Int32Array;
}

export function itemGrading(item: Item): ItemGrading {
  const parent = [0],
    keys = [''],
    indexes = [-1];
  const nodeOf = new Map<string, number>();
  const node = new Int32Array(item.fields.length);
  const gold: unknown[] = [];
  const compare = item.fields.map((f, i) => {
    const path = splitPath(f.path);
    let at = 0;
    path.keys.forEach((key, d) => {
      const id = `${at}\u0000${key}`;
      let c = nodeOf.get(id);
      if (c === undefined) {
        nodeOf.set(id, (c = parent.push(at) - 1));
        keys.push(key);
        indexes.push(path.indexes[d]);
      }
      at = c;
    });
    node[i] = at;
    const g = valueAt(item.gold, path);
    gold.push(g);
    return fieldComparer(f, g === MISSING ? undefined : g);
  });
  let decided = 0;
  for (const f of item.fields) if (f.kind !== 'text') decided++;
  const allMissing: readonly FieldResult[] = Object.freeze(item.fields.map((): FieldResult => 'missing'));
  return { item, gold, compare, decided, allMissing, parent: Int32Array.from(parent), keys, indexes: Int32Array.from(indexes), node };
}

// the values of one prediction at the nodes of an item's path tree, reused from response to response
let nodeValues: unknown[] = [];

/**
 * Grades one response by the hybrid procedure of docs/release-format.md ("How a response is graded"):
 * deterministic checks first, the judge only where nothing deterministic decides.
 *
 * One reading the page leaves open, decided here: an error item whose predicted error matches
 * (class, and referent where gold has one) is decided by step 2 when the prediction holds none of the
 * gold state fields (pass); when it does hold some, those are graded by steps 3-6 like any item.
 */
export function gradeResponse(item: Item, response: Response, judges: JudgePair = {}, opts: GradeOptions = {}): Grade {
  const g = gradeAgainst(itemGrading(item), response, opts.threshold ?? DEFAULT_JUDGE_THRESHOLD, () => judges);
  if (g instanceof JudgeMissing) throw new JudgeMissingError(g);
  return g;
}

/**
 * gradeResponse with the item's grading worked out beforehand; `judgesOf` gives the response's judge
 * records, asked only when a response reaches the judge (step 6). A response the judge cannot
 * decide is returned as a JudgeMissing.
 */
export function gradeAgainst(plan: ItemGrading, response: Response, threshold: number, judgesOf: (r: Response) => JudgePair | undefined): Grade | JudgeMissing {
  const { item, decided } = plan;
  const model = response.model_id;

  // 1. no usable response (the fields of a prediction it holds are still compared, for the record)
  const pred = response.prediction;
  if (pred === null || typeof pred !== 'object') return makeGrade(item.item_id, model, decided, false, 'no_response', 'deterministic', 0, plan.allMissing);

  // 3 first: field credit counts for every answered response, whichever step fails it
  // (docs/release-format.md, "Field credit": an under_error response whose state fields are all right has full credit)
  let present = 0,
    matched = 0,
    wrongValue = 0,
    missingOrShape = 0,
    text = 0;
  const { parent, keys, indexes, node, compare } = plan;
  const outcomes = new Array<FieldResult>(node.length);
  const values = nodeValues.length >= parent.length ? nodeValues : (nodeValues = new Array(parent.length));
  values[0] = pred;
  for (let c = 1; c < parent.length; c++) {
    const v = values[parent[c]];
    values[c] = v === MISSING ? MISSING : stepInto(v, keys[c], indexes[c]);
  }
  for (let i = 0; i < node.length; i++) {
    const p = values[node[i]];
    if (p === MISSING) {
      missingOrShape++;
      outcomes[i] = 'missing';
      continue;
    }
    present++;
    const outcome = compare[i](p);
    outcomes[i] = outcome;
    if (outcome === 'match') matched++;
    else if (outcome === 'wrong_value') wrongValue++;
    else if (outcome === 'wrong_shape') missingOrShape++;
    else text++;
  }
  values.fill(undefined, 0, parent.length); // hold no part of this prediction
  if (response.status !== 'answered') return makeGrade(item.item_id, model, decided, false, 'no_response', 'deterministic', 0, outcomes);

  // 2. error outcome
  const predError = Object.hasOwn(pred, 'error') && pred.error !== null && pred.error !== undefined ? pred.error : undefined;
  let errorDecided = false;
  if (item.outcome === 'error') {
    if (predError === undefined) return makeGrade(item.item_id, model, decided, false, 'under_error', 'deterministic', matched, outcomes);
    const g = item.gold_error!;
    const p = predError as Record<string, unknown>;
    const classOk = typeof p === 'object' && p !== null && p.class === g.class;
    const referentOk = g.referent === null || (typeof p === 'object' && p !== null && p.referent === g.referent);
    if (!classOk || !referentOk) return makeGrade(item.item_id, model, decided, false, 'error_class', 'deterministic', matched, outcomes);
    errorDecided = true;
  } else if (predError !== undefined) {
    return makeGrade(item.item_id, model, decided, false, 'over_error', 'deterministic', matched, outcomes);
  }

  // 4. deterministic failures, in the page's order
  if (present === 0)
    return errorDecided
      ? makeGrade(item.item_id, model, decided, true, null, 'deterministic', 0, outcomes)
      : makeGrade(item.item_id, model, decided, false, 'no_state_fields', 'deterministic', 0, outcomes);
  if (wrongValue > 0) return makeGrade(item.item_id, model, decided, false, 'wrong_value', 'deterministic', matched, outcomes);
  if (missingOrShape > 0) return makeGrade(item.item_id, model, decided, false, 'structure_only', 'deterministic', matched, outcomes);

  // 5. everything decided matches
  if (text === 0) return makeGrade(item.item_id, model, decided, true, null, 'deterministic', matched, outcomes);

  // 6. the judge
  const { terra, sol } = judgesOf(response) ?? {};
  let record: JudgeRecord | undefined;
  if (terra && terra.confidence >= threshold) record = terra;
  else if (sol) record = sol;
  if (!record) {
    const detail = terra ? `terra confidence ${terra.confidence} is below ${threshold} and there is no sol record` : 'there is no terra or sol record';
    return new JudgeMissing(item.item_id, response.model_id, detail);
  }
  const pass = record.verdict === 'equivalent';
  return makeGrade(item.item_id, model, decided, pass, pass ? null : 'wrong_value', record.judge, matched, outcomes);
}

// one shape for every grade (keys in this order), built in one place
function makeGrade(
  item_id: string,
  model_id: string,
  fields_decided: number,
  pass: boolean,
  failure_type: FailureType | null,
  decided_by: Grade['decided_by'],
  fields_matched: number,
  field_outcomes: readonly FieldResult[],
): Grade {
  return { item_id, model_id, fields_decided, pass, failure_type, decided_by, fields_matched, field_outcomes };
}
