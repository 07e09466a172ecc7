import type { Item, Response } from '../../format/globebench.js';
import {
  DEFAULT_JUDGE_THRESHOLD,
  gradeAgainst,
  itemGrading,
  JudgeMissing,
  JudgeMissingError,
  type Grade,
  type GradeOptions,
  type ItemGrading,
  type JudgePair,
} from './grade-response.js';

export const responseKey = (model_id: string, item_id: string): string => `${model_id}\u0000${item_id}`;

/** What grading needs of a release: the loader calls this before the release object exists. */
export interface Gradable {
  items: readonly Item[];
  responses: readonly Response[];
  /** judge records of each response that has any, keyed by responseKey */
  judges: ReadonlyMap<string, JudgePair>;
  /** each item's grading (itemGrading) by item_id, where worked out already (the loader's, which checked gold with it) */
  gradings?: ReadonlyMap<string, ItemGrading>;
}

/**
 * The only grading loop: grades every response of a release, in the release's response order
 * (model-major). The loader runs it once, with the default options, and keeps the grades on the
 * release (`release.grades`); analyses read those. A response the judge cannot decide (no usable
 * record at this threshold) is passed to `onUndecidable` and left out when one is given, else a
 * JudgeMissingError is thrown.
 */
export function gradeRelease(release: Gradable, opts: GradeOptions = {}, onUndecidable?: (r: Response, missing: JudgeMissing) => void): Grade[] {
  const threshold = opts.threshold ?? DEFAULT_JUDGE_THRESHOLD;
  const itemById = new Map<string, Item>(release.items.map((it) => [it.item_id, it]));
  // each item's grading is worked out once (or taken from the release) and serves every model's response
  const plans = new Map<string, ItemGrading>();
  const judgesOf = (r: Response) => release.judges.get(responseKey(r.model_id, r.item_id));
  const out: Grade[] = [];
  for (const r of release.responses) {
    let plan = plans.get(r.item_id);
    if (plan === undefined) {
      const item = itemById.get(r.item_id)!;
      const known = release.gradings?.get(r.item_id);
      plans.set(r.item_id, (plan = known !== undefined && known.item === item ? known : itemGrading(item)));
    }
    const g = gradeAgainst(plan, r, threshold, judgesOf);
    if (!(g instanceof JudgeMissing)) out.push(g);
    else if (onUndecidable) onUndecidable(r, g);
    else throw new JudgeMissingError(g);
  }
  return out;
}
