import type { GlobeRelease } from '../load/globebench.js';
import { responseKey } from '../load/globebench.js';
import type { Item } from '../schemas/globebench.js';
import { gradeResponse, type Grade, type GradeOptions } from './grade-response.js';

/**
 * Grades every response of a loaded release, in the release's response order (model-major).
 * The loader has already checked that each response that needs the judge has a usable record at
 * the default threshold; other thresholds (judge sensitivity) may leave a response undecidable,
 * which then throws.
 */
export function gradeRelease(release: GlobeRelease, opts: GradeOptions = {}): Grade[] {
  const itemById = new Map<string, Item>(release.items.map((it) => [it.item_id, it]));
  return release.responses.map((r) => gradeResponse(itemById.get(r.item_id)!, r, release.judges.get(responseKey(r.model_id, r.item_id)) ?? {}, opts));
}
