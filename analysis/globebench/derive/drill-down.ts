import type { FieldResult, Grade } from '../../../src/domain/grade/grade-response.js';
import { getPath } from '../../../src/domain/grade/get-path.js';
import { responseKey, type GlobeRelease } from '../../../src/release/load/globebench.js';
import { readResponseRaw } from '../../../src/release/load/reread.js';
import type { Item, JudgeRecord, PublishedResult, Response } from '../../../src/format/globebench.js';

/** Everything behind one grade: the item, the raw response, its judge records, and the grade. */
export interface DrillDown {
  item: Item;
  response: Response;
  judges: JudgeRecord[];
  grade: Grade;
  /** per field: gold, predicted, and how it compared (the grade's field outcome) */
  fields: { path: string; kind: string; gold: unknown; predicted: unknown; outcome: FieldResult }[];
  source: { item: string; response: string };
  /** the release's published verdict (results/<model_id>.jsonl) and where it is; null when it has none */
  published: { result: PublishedResult; source: string } | null;
  /** the release holds judge records for this response although the deterministic steps decide it here */
  judge_records_unused: boolean;
}

/**
 * One response of a loaded release opened up: its item, raw text (read again from disk), judge
 * records, published verdict, and the grade `gradeRelease` gave it in the loader (`release.grades`,
 * one per response in `responses` order) with each field's recorded outcome beside gold and the
 * predicted value. Nothing is graded again here.
 */
export function drillDown(release: GlobeRelease, model_id: string, item_id: string): DrillDown {
  const item = release.items.find((i) => i.item_id === item_id);
  if (!item) throw new Error(`no item ${JSON.stringify(item_id)} in this release`);
  const at = release.responses.findIndex((r) => r.model_id === model_id && r.item_id === item_id);
  const response = release.responses[at];
  if (!response) throw new Error(`no response of model ${JSON.stringify(model_id)} to item ${JSON.stringify(item_id)}`);
  const grade = release.grades[at];
  if (!grade || grade.model_id !== model_id || grade.item_id !== item_id) {
    throw new Error(
      `no grade of model ${JSON.stringify(model_id)} on item ${JSON.stringify(item_id)}: release.grades holds one per response, as the loader grades them`,
    );
  }
  const pair = release.judges.get(responseKey(model_id, item_id)) ?? {};
  const pred = response.prediction ?? {};
  const fields = item.fields.map((f, i) => {
    const g = getPath(item.gold, f.path);
    const p = getPath(pred, f.path);
    return { path: f.path, kind: f.kind, gold: g.value, predicted: p.found ? p.value : undefined, outcome: grade.field_outcomes[i] };
  });
  const src = (s?: { file: string; line: number }) => (s ? `${s.file}:${s.line}` : '');
  const judges = [pair.terra, pair.sol].filter((j): j is JudgeRecord => !!j);
  const key = responseKey(model_id, item_id);
  const result = release.results?.get(key);
  return {
    item,
    // the loaded release keeps raw text on disk; the drill-down reads this one again
    response: { ...response, raw: readResponseRaw(release, model_id, item_id) },
    judges,
    grade,
    fields,
    source: { item: src(release.sources.item.get(item_id)), response: src(release.sources.response.get(key)) },
    published: result ? { result, source: src(release.sources.result.get(key)) } : null,
    judge_records_unused: judges.length > 0 && grade.decided_by === 'deterministic',
  };
}
