import { uniqueLabels } from '../../../src/domain/text/unique-labels.js';
import type { Grade } from '../../../src/domain/grade/grade-response.js';
import type { GlobeRelease } from '../../../src/release/load/globebench.js';
import type { Model } from '../../../src/format/globebench.js';
import type { RunOptions } from '../../../src/derive/run-options.js';

/**
 * A loaded release plus its grades, shared by every GlobeBench analysis. Everything computed from
 * it (slices, CI cells) is declared with `derived` / `derivedBy` (src/derive/memo.ts) and memoised
 * on this object, so a table and the figure drawn from it read the same value.
 */
export interface GlobeContext {
  release: GlobeRelease;
  opts: RunOptions;
  grades: Grade[];
  /** item_id -> column index in the pass vectors (items.jsonl order) */
  itemIndex: Map<string, number>;
  /** model_id -> 0/1 pass per item, in items.jsonl order */
  pass: Map<string, Uint8Array>;
  models: Model[];
  /**
   * model_id -> 1 per item the model has a grade for, in items.jsonl order; null when every model
   * has one for every item (a loaded release: the loader checks it). Not null only in a context
   * built from some of the grades (refusals as missing, the claims' robustness grid), where `pass`
   * holds 0 for an item without a grade and the claims' evidence leaves such items out.
   */
  scored: Map<string, Uint8Array> | null;
}

export function prepareGlobe(release: GlobeRelease, opts: RunOptions, grades: Grade[] = release.grades): GlobeContext {
  const itemIndex = new Map(release.items.map((it, i) => [it.item_id, i]));
  const pass = new Map<string, Uint8Array>();
  for (const m of release.models) pass.set(m.model_id, new Uint8Array(release.items.length));
  for (const g of grades) if (g.pass) pass.get(g.model_id)![itemIndex.get(g.item_id)!] = 1;
  let scored: Map<string, Uint8Array> | null = null;
  if (grades.length < release.items.length * release.models.length) {
    scored = new Map(release.models.map((m) => [m.model_id, new Uint8Array(release.items.length)]));
    for (const g of grades) scored.get(g.model_id)![itemIndex.get(g.item_id)!] = 1;
  }
  // models that share a display name are told apart by id in every table and figure
  const labels = uniqueLabels(
    release.models,
    (m) => m.model_id,
    (m) => m.name,
  );
  const models = release.models.map((m) => (labels.get(m.model_id) === m.name ? m : { ...m, name: labels.get(m.model_id)! }));
  return { release, opts, grades, itemIndex, pass, models, scored };
}

/** Mean of a 0/1 vector. */
export function rate(v: Uint8Array): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i];
  return v.length ? s / v.length : NaN;
}
