import type { Item, Response } from '../schemas/globebench.js';
import { gradeResponse, JudgeMissingError, type Grade, type GradeOptions, type JudgePair } from './grade-response.js';

export const responseKey = (model_id: string, item_id: string): string => `${model_id}\u0000${item_id}`;

/** What grading needs of a release: the loader calls this before the release object exists. */
export interface Gradable {
  items: readonly Item[];
  responses: readonly Response[];
  /** judge records of each response that has any, keyed by responseKey */
  judges: ReadonlyMap<string, JudgePair>;
}

/**
 * The only grading loop: grades every response of a release, in the release's response order
 * (model-major). The loader runs it once, with the default options, and keeps the grades on the
 * release (`release.grades`); analyses read those. A response the judge cannot decide (no usable
 * record at this threshold) is passed to `onUndecidable` and left out when one is given, else it
 * throws.
 */
export function gradeRelease(release: Gradable, opts: GradeOptions = {}, onUndecidable?: (r: Response, e: JudgeMissingError) => void): Grade[] {
  const itemById = new Map<string, Item>(release.items.map((it) => [it.item_id, it]));
  const out: Grade[] = [];
  for (const r of release.responses) {
    try {
      out.push(gradeResponse(itemById.get(r.item_id)!, r, release.judges.get(responseKey(r.model_id, r.item_id)) ?? {}, opts));
    } catch (e) {
      if (!(e instanceof JudgeMissingError) || !onUndecidable) throw e;
      onUndecidable(r, e);
    }
  }
  return out;
}
