import type { Row } from '../io/jsonl.js';
import { ReleaseError, type Problem } from '../io/problems.js';
import { itemGrading, type Grade, type ItemGrading, type JudgePair } from '../../domain/grade/grade-response.js';
import { gradeRelease, responseKey } from '../../domain/grade/grade-release.js';
import { MISSING } from '../../domain/grade/get-path.js';
import type { Manifest } from '../../format/common.js';
import {
  RELEASE_FILES,
  type HumanRating,
  type Item,
  type JudgeRecord,
  type LlmAudit,
  type Model,
  type PublishedResult,
  type Response,
} from '../../format/globebench.js';
import { fileOf, isPerValue } from '../../format/release-files.js';
import { checkSpellings, checkUnique, openRelease, readReleaseFile, type FileStamp, type RawRelease } from './read-release.js';

/** Where a row came from, for drill-down and error messages. */
export interface Source {
  file: string;
  line: number;
}

/** Where a row's line is, to read it again from disk (`reread.ts`); JSONL rows carry their byte span. */
export interface RowLocation extends Source {
  /** byte offset of the line in the file's decompressed stream, and its length without the `\n` */
  offset?: number;
  length?: number;
}

/**
 * The bulk text of a GlobeBench release, kept on disk only: the raw text of each response and the
 * history of each item (about 24 KB and 100 KB each in the real release). No analysis reads them
 * in bulk; a drill-down reads one row again by its offset (`readResponseRaw`, `readItemRow`).
 */
export function globeOffload(logical: string): readonly string[] {
  if (logical === RELEASE_FILES.items.name) return ITEM_TEXT;
  if (logical.startsWith(folderOf(RELEASE_FILES.responses.name))) return RESPONSE_TEXT;
  return [];
}
const ITEM_TEXT = ['history'] as const;
/** The folder of a file per model: `responses/` of `responses/<model_id>.jsonl`. */
const folderOf = (name: string) => name.slice(0, name.indexOf('<'));
const RESPONSE_TEXT = ['raw'] as const;

export interface GlobeRelease {
  benchmark: 'globebench';
  dir: string;
  manifest: Manifest;
  sha256: Record<string, string>;
  /** each file's size and modification time when it was hashed (`RawRelease.stamps`) */
  stamps?: ReadonlyMap<string, FileStamp>;
  /** sha256 of MANIFEST.json */
  manifestSha256: string;
  items: Item[];
  models: Model[];
  /** model-major, in models.jsonl order, then in items.jsonl order */
  responses: Response[];
  judge: JudgeRecord[];
  ratings: HumanRating[] | null;
  audit: LlmAudit[] | null;
  /** judge records of each response that has any, keyed by responseKey */
  judges: Map<string, JudgePair>;
  /** each item's grading (itemGrading), by item_id: worked out once, here, for every grading of the release */
  gradings?: ReadonlyMap<string, ItemGrading>;
  /** every response's grade at the default options, in `responses` order: graded once, here */
  grades: Grade[];
  /**
   * Responses with a judge record that the deterministic steps decide here: the release's grader
   * sent them to the judge and this one does not. Graded deterministically; a finding, not an error.
   */
  judgedButDeterministic: JudgedButDeterministic[];
  /** results/<model_id>.jsonl rows (the release's published verdicts), keyed by responseKey; null when the release has none */
  results: Map<string, PublishedResult> | null;
  sources: { item: Map<string, Source>; response: Map<string, Source>; judge: Map<string, Source>; result: Map<string, Source> };
  /** where each item (by item_id) and response (by responseKey) is on disk, for `readItemRow` / `readResponseRaw` (the same maps as sources.item and sources.response) */
  locations: { item: Map<string, RowLocation>; response: Map<string, RowLocation> };
}

interface JudgedButDeterministic {
  item_id: string;
  model_id: string;
  /** the judges whose records the release holds for this response */
  judges: ('terra' | 'sol')[];
  /** where the first of those records is */
  source: Source;
}

export { responseKey };

/** How a file with exactly one row per item (responses/, results/) names its rows in problems. */
interface OnePerItem {
  items: readonly Item[];
  /** 'response', 'published result' */
  row: string;
  /** the row and its preposition before an item: 'response to', 'published result for' */
  rowFor: string;
  /** why a missing item is a problem, in parentheses after it */
  expected: string;
}

/**
 * The rows of a per-model file (responses/, judge/, results/<model_id>.jsonl) that belong to it: the
 * file's model and an item of items.jsonl. Every other row is a problem, named by its line. With
 * `onePerItem`, a second row for an item is a problem naming the first's line, and when the file has
 * rows, every item without one is a problem (the first 20 named, then a count).
 */
function rowsOfModelFile<T extends { model_id: string; item_id: string }>(
  file: string,
  rows: Row<T>[],
  model_id: string,
  itemRows: ReadonlyMap<string, unknown>,
  problems: Problem[],
  onePerItem?: OnePerItem,
): { rows: Row<T>[]; byItem: Map<string, Row<T>> } {
  const byItem = new Map<string, Row<T>>();
  const out: Row<T>[] = [];
  for (const row of rows) {
    const r = row.value;
    if (r.model_id !== model_id) {
      problems.push({
        file,
        line: row.line,
        field: 'model_id',
        message: `expected ${JSON.stringify(model_id)} (the file's model), got ${JSON.stringify(r.model_id)}`,
      });
      continue;
    }
    if (!itemRows.has(r.item_id)) {
      problems.push({ file, line: row.line, field: 'item_id', message: `no item ${JSON.stringify(r.item_id)} in items.jsonl` });
      continue;
    }
    if (onePerItem) {
      const first = byItem.get(r.item_id);
      if (first !== undefined) {
        problems.push({
          file,
          line: row.line,
          field: 'item_id',
          message: `second ${onePerItem.rowFor} item ${r.item_id} (first at line ${first.line}); expected one per item and model`,
        });
        continue;
      }
      byItem.set(r.item_id, row);
    }
    out.push(row);
  }
  if (onePerItem && rows.length > 0) {
    const missing = onePerItem.items.filter((it) => !byItem.has(it.item_id));
    for (const it of missing.slice(0, 20))
      problems.push({ file, field: 'item_id', message: `no ${onePerItem.rowFor} item ${it.item_id} (${onePerItem.expected})` });
    if (missing.length > 20) problems.push({ file, field: 'item_id', message: `... and ${missing.length - 20} more items without a ${onePerItem.row}` });
  }
  return { rows: out, byItem };
}

/** Checks on one item beyond its schema: gold_error exactly on error items, field paths into gold (gold's values there as its grading found them). */
function checkItem(row: Row<Item>, grading: ItemGrading, file: string, problems: Problem[]): void {
  const it = row.value;
  if (it.outcome === 'error' && it.gold_error === null)
    problems.push({ file, line: row.line, field: 'gold_error', message: 'expected {class, referent} on an item whose outcome is error' });
  if (it.outcome === 'normal' && it.gold_error !== null)
    problems.push({ file, line: row.line, field: 'gold_error', message: 'expected null on an item whose outcome is normal' });
  it.fields.forEach((f, i) => {
    const g = grading.gold[i];
    const field = `fields.${i}.path`;
    if (g === MISSING) problems.push({ file, line: row.line, field, message: `path ${JSON.stringify(f.path)} does not exist in gold` });
    else if (f.kind === 'numeric' && typeof g !== 'number')
      problems.push({ file, line: row.line, field, message: `numeric field, but gold value at ${f.path} is not a number` });
    else if (f.kind === 'set' && !Array.isArray(g))
      problems.push({ file, line: row.line, field, message: `set field, but gold value at ${f.path} is not an array` });
    else if (f.kind === 'text' && typeof g !== 'string')
      problems.push({ file, line: row.line, field, message: `text field, but gold value at ${f.path} is not a string` });
  });
}

/** The files of a release with one file per model, and the folder each is in: `responses/`, `judge/`, `results/`. */
const PER_MODEL = Object.values(RELEASE_FILES).filter(isPerValue);
const PER_MODEL_FOLDERS = PER_MODEL.map((k) => folderOf(k.name));
const PER_MODEL_NAMES = `${PER_MODEL.slice(0, -1)
  .map((k) => k.name)
  .join(', ')} or ${PER_MODEL[PER_MODEL.length - 1].name}`;

export function loadGlobebench(dir: string, rel: RawRelease = openRelease(dir, 'globebench', { offload: globeOffload })): GlobeRelease {
  const problems = rel.problems;
  if (!rel.manifest) throw new ReleaseError(problems);
  const itemsFile = readReleaseFile(rel, RELEASE_FILES.items);
  const modelsFile = readReleaseFile(rel, RELEASE_FILES.models);
  const ratingsFile = readReleaseFile(rel, RELEASE_FILES.ratings);
  const auditFile = readReleaseFile(rel, RELEASE_FILES.audit);

  const itemRows = itemsFile ? checkUnique(itemsFile, (v) => v.item_id, 'item_id', problems) : new Map<string, Row<Item>>();
  const gradings = new Map<string, ItemGrading>();
  for (const [id, row] of itemRows) {
    const grading = itemGrading(row.value);
    gradings.set(id, grading);
    checkItem(row, grading, itemsFile!.path, problems);
  }
  const modelRows = modelsFile ? checkUnique(modelsFile, (v) => v.model_id, 'model_id', problems) : new Map<string, Row<Model>>();
  // names that group rows: one text written two ways would be two groups that look the same
  if (itemsFile)
    checkSpellings(
      itemsFile,
      [
        ['skill', (v) => v.skill],
        ['operator', (v) => v.operator],
      ],
      problems,
    );
  if (ratingsFile) checkSpellings(ratingsFile, [['annotator', (v) => v.annotator]], problems);
  const items = [...itemRows.values()].map((r) => r.value);
  const models = [...modelRows.values()].map((r) => r.value);

  // an item's or a response's location is its source too: one map each serves both
  const locations = { item: new Map<string, RowLocation>(), response: new Map<string, RowLocation>() };
  const sources = {
    item: locations.item as Map<string, Source>,
    response: locations.response as Map<string, Source>,
    judge: new Map<string, Source>(),
    result: new Map<string, Source>(),
  };
  for (const [id, r] of itemRows) {
    const at: RowLocation = { file: itemsFile!.path, line: r.line, offset: r.offset, length: r.length };
    locations.item.set(id, at);
  }

  // every listed file under responses/, judge/ and results/ (the files per model) must belong to a known model
  for (const logical of rel.listed.keys()) {
    const folder = PER_MODEL_FOLDERS.find((f) => logical.startsWith(f));
    if (folder === undefined) continue;
    const model = logical.endsWith('.jsonl') && logical.length > folder.length + '.jsonl'.length ? logical.slice(folder.length, -'.jsonl'.length) : undefined;
    if (model === undefined) problems.push({ file: rel.listed.get(logical)!, message: `expected ${PER_MODEL_NAMES}` });
    else if (!modelRows.has(model)) problems.push({ file: rel.listed.get(logical)!, message: `no model ${JSON.stringify(model)} in models.jsonl` });
  }
  const hasResults = [...rel.listed.keys()].some((k) => k.startsWith(folderOf(RELEASE_FILES.results.name)));
  const results = new Map<string, PublishedResult>();

  const responses: Response[] = [];
  const judge: JudgeRecord[] = [];
  const judges = new Map<string, JudgePair>();
  // the key of each response that has judge records, so that finding them among the grades looks up no string
  const judgedKeys = new Map<Response, string>();
  for (const model of models) {
    const rf = readReleaseFile(rel, RELEASE_FILES.responses, fileOf(RELEASE_FILES.responses, model.model_id));
    const responseOf = rf
      ? rowsOfModelFile(rf.path, rf.rows, model.model_id, itemRows, problems, {
          items,
          row: 'response',
          rowFor: 'response to',
          expected: 'expected exactly one per item',
        }).byItem
      : new Map<string, Row<Response>>();
    for (const it of items) {
      const row = responseOf.get(it.item_id);
      if (!row) continue;
      responses.push(row.value);
      const at: RowLocation = { file: rf!.path, line: row.line, offset: row.offset, length: row.length };
      const key = responseKey(model.model_id, it.item_id);
      locations.response.set(key, at);
    }
    const jf = readReleaseFile(rel, RELEASE_FILES.judge, fileOf(RELEASE_FILES.judge, model.model_id));
    for (const row of jf ? rowsOfModelFile(jf.path, jf.rows, model.model_id, itemRows, problems).rows : []) {
      const j = row.value;
      const key = responseKey(j.model_id, j.item_id);
      const pair = judges.get(key) ?? {};
      if (pair[j.judge]) {
        const firstLine = sources.judge.get(`${key}\u0000${j.judge}`)!.line;
        problems.push({
          file: jf!.path,
          line: row.line,
          field: 'judge',
          message: `second ${j.judge} record for (${j.item_id}, ${j.model_id}) (first at line ${firstLine}); expected at most one`,
        });
        continue;
      }
      pair[j.judge] = j;
      judges.set(key, pair);
      const judged = responseOf.get(j.item_id);
      if (judged) judgedKeys.set(judged.value, key);
      judge.push(j);
      sources.judge.set(`${key}\u0000${j.judge}`, { file: jf!.path, line: row.line });
    }
  }

  // results/<model_id>.jsonl: optional per model; when given, one row per item (like responses/)
  for (const model of hasResults ? models : []) {
    const resf = readReleaseFile(rel, RELEASE_FILES.results, fileOf(RELEASE_FILES.results, model.model_id));
    if (!resf) continue;
    const { rows } = rowsOfModelFile(resf.path, resf.rows, model.model_id, itemRows, problems, {
      items,
      row: 'published result',
      rowFor: 'published result for',
      expected: 'expected one per item, as in responses/',
    });
    for (const row of rows) {
      const key = responseKey(model.model_id, row.value.item_id);
      results.set(key, row.value);
      sources.result.set(key, { file: resf.path, line: row.line });
    }
  }

  for (const [label, file] of [
    ['human/ratings', ratingsFile],
    ['audit/llm', auditFile],
  ] as const) {
    for (const row of file?.rows ?? []) {
      if (!itemRows.has(row.value.item_id))
        problems.push({
          file: file!.path,
          line: row.line,
          field: 'item_id',
          message: `no item ${JSON.stringify(row.value.item_id)} in items.jsonl (${label})`,
        });
    }
  }

  // The judge must cover every response that reaches it: grade every response once here. A judge
  // record for a response decided deterministically is kept as a finding of the reproduction.
  const judgedButDeterministic: JudgedButDeterministic[] = [];
  let grades: Grade[] = [];
  if (problems.length === 0) {
    grades = gradeRelease({ items, responses, judges, gradings }, {}, (r, e) => {
      const src = sources.response.get(responseKey(r.model_id, r.item_id))!;
      problems.push({ file: src.file, line: src.line, field: 'prediction', message: e.message });
    });
    if (problems.length === 0) {
      // no response was left out: grades[i] is the grade of responses[i]
      grades.forEach((g, i) => {
        const key = judgedKeys.get(responses[i]);
        const pair = key === undefined ? undefined : judges.get(key);
        if (g.decided_by === 'deterministic' && pair && (pair.terra || pair.sol)) {
          const recs = [pair.terra, pair.sol].filter((x): x is JudgeRecord => x !== undefined);
          judgedButDeterministic.push({
            item_id: g.item_id,
            model_id: g.model_id,
            judges: recs.map((x) => x.judge),
            source: sources.judge.get(`${key}\u0000${recs[0].judge}`)!,
          });
        }
      });
    }
  }

  if (problems.length > 0) throw new ReleaseError(problems);
  return {
    benchmark: 'globebench',
    dir,
    manifest: rel.manifest,
    sha256: rel.sha256,
    stamps: rel.stamps,
    manifestSha256: rel.manifestSha256,
    items,
    models,
    responses,
    judge,
    ratings: ratingsFile ? ratingsFile.rows.map((r) => r.value) : null,
    audit: auditFile ? auditFile.rows.map((r) => r.value) : null,
    judges,
    gradings,
    grades,
    judgedButDeterministic,
    results: hasResults ? results : null,
    sources,
    locations,
  };
}
