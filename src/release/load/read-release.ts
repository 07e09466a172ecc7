import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ZodObject, ZodString, type z } from 'zod';
import { checkJsonText } from '../io/json-checks.js';
import { describeReadError, parseJsonlBytes, readMaybeGzipBytes, type Row } from '../io/jsonl.js';
import { MAX_PROBLEMS_PER_FILE, type Problem } from '../io/problems.js';
import { notRegularFile, walkTree } from '../io/walk.js';
import { formatVersionProblem, issueMessage, issuePath, Manifest, manifestOf } from '../../format/common.js';
import { fileKind, isPerValue, notAReleaseFile, type ReleaseFileKind, type ReleaseFiles } from '../../format/release-files.js';
import { compileCheck, plainCheck, REFUSED, type RowCheck } from './fast-validate.js';
import { isNotData, isParquetPath, liftParquetRows, logicalName, parseParquetBytes } from './parquet-fields.js';

/** One JSONL file of a release, parsed and checked against its schema. */
export interface ReleaseFile<T> {
  /** path relative to the release root, as the manifest lists it (may end in .gz) */
  path: string;
  rows: Row<T>[];
}

/** A file's size and modification time (ms) as the loader saw them when it read and hashed the file. */
export interface FileStamp {
  size: number;
  mtimeMs: number;
}

/** What the generic part of loading found: manifest, sha256 of every file, and the problems so far. */
export interface RawRelease {
  dir: string;
  manifest: Manifest;
  /** sha256 per listed file, sorted by path */
  sha256: Record<string, string>;
  /** sha256 of MANIFEST.json's bytes as read: the one hash that names the whole release ('' when it could not be read) */
  manifestSha256: string;
  /** listed path -> its size and modification time when it was read and hashed (a file that changed while it was read has none) */
  stamps: Map<string, FileStamp>;
  /** logical name (`x.jsonl`, whether given as .jsonl, .jsonl.gz, .parquet or .parquet.gz) -> listed path */
  listed: Map<string, string>;
  /** listed path -> its rows, parsed from the very bytes that were hashed (each file is read once) */
  parsed: Map<string, ParsedRow[]>;
  /** listed path -> the schema its rows were checked against as they were parsed (`OpenOptions.schemas`) */
  checkedWith: Map<string, z.ZodTypeAny>;
  problems: Problem[];
}

/**
 * A parsed row of a listed file. JSONL rows carry the byte span of their line in the file's
 * decompressed stream (Parquet rows do not: their `line` is the row number); `offloaded` lists the
 * top-level string fields taken out of `value` at parse time (`OpenOptions.offload`).
 */
interface ParsedRow extends Row<Record<string, unknown>> {
  offloaded?: readonly string[];
  refused?: true;
}

export interface OpenOptions {
  /**
   * Per logical file name, the top-level fields to keep on disk only: when a row's value there is a
   * string, it is checked like the rest of the line and then dropped from the row, so a release's
   * bulk text (raw responses, item histories) never stays in memory; it is read again by the row's
   * offset when asked for (`reread.ts`). The row schema must hold such a field as a plain string or
   * not name it (so dropping a string changes no verdict of the schema).
   */
  offload?: (logical: string) => readonly string[];
  /**
   * Per logical file name, the row schema to check a JSONL file's rows against as each line is parsed
   * (its compiled check, `fast-validate.ts`), and `adopt`, run on each checked value (e.g. to share
   * strings equal to the previous row's). `readJsonlFile` with that schema then keeps the checked
   * rows and runs zod only on the rows the check refused, in file order, so the verdicts and messages
   * are those of checking every row there; but a line's parsed value dies young, instead of every
   * parsed row of the file living beside its checked copy until the file is checked. Not used for a
   * file with offloaded fields or a Parquet file, nor for a schema the check cannot compile.
   */
  schemas?: (logical: string) => { schema: z.ZodTypeAny; adopt?: (value: Record<string, unknown>) => void } | undefined;
  /**
   * Without an expected benchmark: the benchmarks a release may name (the list's, for
   * `workbench validate`); MANIFEST.json's `benchmark` is then checked to be one of them.
   */
  benchmarks?: readonly string[];
}

/**
 * Every regular file under dir, relative, with '/' separators, sorted (`walkTree`). Symbolic links
 * are not followed (a link to `.` would loop, a dangling one cannot be read) and, like FIFOs and
 * other special files (reading a FIFO blocks), they are refused with a problem and listed in `refused`.
 */
function walk(dir: string, problems: Problem[], refused: Set<string>): string[] {
  const files: string[] = [];
  const entries = walkTree(dir, (full, rel) => {
    try {
      return readdirSync(full);
    } catch (e) {
      problems.push({ file: rel || '.', message: `cannot list directory (${(e as NodeJS.ErrnoException).code ?? String(e)})` });
      return [];
    }
  });
  for (const e of entries) {
    const problem = notRegularFile(e);
    if (problem === undefined) files.push(e.path);
    else {
      refused.add(e.path);
      problems.push(problem);
    }
  }
  return files;
}

/** Whether path is a directory (links not followed: a release holds no links). */
export function isDirectory(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Reads MANIFEST.json and checks the directory against it: every listed file exists with the
 * listed sha256; no file is present that the manifest does not list. Row counts are checked when
 * each file is parsed (`readJsonlFile`).
 */
export function openRelease(dir: string, expected?: string, opts: OpenOptions = {}): RawRelease {
  const problems: Problem[] = [];
  const empty: RawRelease = {
    dir,
    manifest: undefined as unknown as Manifest,
    sha256: {},
    manifestSha256: '',
    stamps: new Map(),
    listed: new Map(),
    parsed: new Map(),
    checkedWith: new Map(),
    problems,
  };
  let st: ReturnType<typeof statSync>;
  try {
    st = statSync(dir);
  } catch {
    problems.push({ file: dir, message: 'release directory does not exist' });
    return empty;
  }
  if (!st.isDirectory()) {
    problems.push({ file: dir, message: 'not a directory' });
    return empty;
  }
  let manifestJson: unknown;
  let manifestText: string;
  try {
    const bytes = readFileSync(join(dir, 'MANIFEST.json'));
    empty.manifestSha256 = createHash('sha256').update(bytes).digest('hex');
    try {
      manifestText = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      problems.push({ file: 'MANIFEST.json', message: 'not valid UTF-8' });
      return empty;
    }
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    problems.push({
      file: 'MANIFEST.json',
      message: code === 'ENOENT' ? 'missing (every release has a MANIFEST.json at its root)' : `cannot read file (${describeReadError(e)})`,
    });
    return empty;
  }
  if (manifestText.charCodeAt(0) === 0xfeff) manifestText = manifestText.slice(1);
  try {
    manifestJson = JSON.parse(manifestText);
  } catch (e) {
    problems.push({ file: 'MANIFEST.json', message: `not valid JSON (${(e as Error).message})` });
    return empty;
  }
  const unreadable = formatVersionProblem(manifestJson);
  if (unreadable) {
    problems.push({ file: 'MANIFEST.json', field: 'format_version', message: unreadable });
    return empty;
  }
  const textIssues = checkJsonText(manifestText);
  for (const t of textIssues) problems.push({ file: 'MANIFEST.json', field: t.path, message: t.message });
  const rawFiles = (manifestJson as { files?: unknown } | null)?.files;
  if (rawFiles && typeof rawFiles === 'object' && Object.hasOwn(rawFiles, '__proto__')) {
    problems.push({
      file: 'MANIFEST.json',
      field: 'files.__proto__',
      message: 'a file named "__proto__" cannot be listed (the name is reserved by JavaScript objects); rename the file',
    });
  }
  if (problems.length) return empty;
  const checked = (expected === undefined && opts.benchmarks ? manifestOf(opts.benchmarks) : Manifest).safeParse(manifestJson);
  if (!checked.success) {
    for (const issue of checked.error.issues)
      problems.push({ file: 'MANIFEST.json', field: issuePath(issue.path), message: issueMessage(issue, manifestJson) });
    return empty;
  }
  const manifest = checked.data;
  if (expected && manifest.benchmark !== expected) {
    problems.push({
      file: 'MANIFEST.json',
      field: 'benchmark',
      message: `expected "${expected}" (this loader reads ${expected} releases), got ${JSON.stringify(manifest.benchmark)}`,
    });
    return empty;
  }
  const refused = new Set<string>();
  // README, LICENSE, *.md, .gitattributes: not data, ignored unless the manifest lists them
  const present = new Set(walk(dir, problems, refused).filter((f) => f !== 'MANIFEST.json' && (!isNotData(f) || Object.hasOwn(manifest.files, f))));
  // keyed by the release's file paths: no prototype to find a `constructor` in
  const sha256: Record<string, string> = Object.create(null);
  const listed = new Map<string, string>();
  const stamps = new Map<string, FileStamp>();
  const parsed = new Map<string, ParsedRow[]>();
  const checkedWith = new Map<string, z.ZodTypeAny>();
  for (const path of Object.keys(manifest.files).sort()) {
    if (path.split('/').some((seg) => seg === '' || seg === '.' || seg === '..') || path.includes('\\')) {
      problems.push({ file: 'MANIFEST.json', field: `files.${path}`, message: 'expected a relative path inside the release' });
      continue;
    }
    const logical = logicalName(path);
    if (listed.has(logical)) {
      problems.push({
        file: 'MANIFEST.json',
        field: `files.${path}`,
        message: `lists both ${listed.get(logical)} and ${path}; give a file once, plain or gzipped`,
      });
      continue;
    }
    listed.set(logical, path);
    if (refused.has(path)) continue; // already reported
    if (!present.has(path)) {
      problems.push({
        file: path,
        message: isDirectory(join(dir, path)) ? 'listed in MANIFEST.json as a data file, but it is a directory' : 'listed in MANIFEST.json but not found',
      });
      continue;
    }
    let bytes: Buffer;
    let before: ReturnType<typeof statSync>;
    try {
      before = statSync(join(dir, path));
      bytes = readFileSync(join(dir, path));
    } catch (e) {
      problems.push({ file: path, message: `cannot read file (${describeReadError(e)})` });
      continue;
    }
    const hash = createHash('sha256').update(bytes).digest('hex');
    sha256[path] = hash;
    // the stamp of the bytes hashed: only when the file stood still while it was read
    const after = statOrUndefined(join(dir, path));
    if (after && after.size === before.size && after.mtimeMs === before.mtimeMs && after.size === bytes.length)
      stamps.set(path, { size: after.size, mtimeMs: after.mtimeMs });
    if (hash !== manifest.files[path].sha256.toLowerCase()) {
      problems.push({ file: path, message: `sha256 mismatch: MANIFEST.json says ${manifest.files[path].sha256}, the file has ${hash}` });
    }
    // a README or LICENSE the manifest lists is certified by its sha256; it has no rows
    if (isNotData(path)) continue;
    // every listed file is row-checked, whether or not an analysis reads it
    const offload = opts.offload?.(logical) ?? [];
    const pre = offload.length === 0 && !isParquetPath(path) ? opts.schemas?.(logical) : undefined;
    let accept: ((v: Record<string, unknown>) => Record<string, unknown> | undefined) | undefined;
    if (pre) {
      const check = rowCheckOf(pre.schema);
      const adopt = pre.adopt;
      accept = (v) => {
        const checked = check(v);
        if (checked === REFUSED) return undefined;
        adopt?.(checked as Record<string, unknown>);
        return checked as Record<string, unknown>;
      };
      checkedWith.set(path, pre.schema);
    }
    parsed.set(path, parseListed(path, bytes, join(dir, path), manifest.files[path].rows, problems, offload, accept));
  }
  for (const f of present) {
    // own keys only: a file named `constructor` or `toString` is not listed by Object.prototype
    if (!Object.hasOwn(manifest.files, f)) problems.push({ file: f, message: 'file not listed in MANIFEST.json (the loader refuses unlisted files)' });
  }
  return { dir, manifest, sha256, manifestSha256: empty.manifestSha256, stamps, listed, parsed, checkedWith, problems };
}

/**
 * Parses one listed JSONL file and validates every row with a zod schema. Problems (bad JSON,
 * schema failures, a row count that differs from the manifest) are appended to `rel.problems`.
 * Returns undefined when the file is not listed.
 */
export function readJsonlFile<S extends z.ZodTypeAny>(
  rel: RawRelease,
  logical: string,
  schema: S,
  opts: { required?: boolean; nonEmpty?: boolean } = {},
): ReleaseFile<z.infer<S>> | undefined {
  const path = rel.listed.get(logical);
  if (path === undefined) {
    if (opts.required) rel.problems.push({ file: logical, message: 'required file is missing from MANIFEST.json and the release' });
    return undefined;
  }
  const listedRows = rel.parsed.get(path);
  if (listedRows === undefined) return { path, rows: [] }; // missing or unreadable, already reported
  const fileRows: ParsedRow[] = isParquetPath(path) ? liftParquetRows(listedRows, path, schema, rel.problems, MAX_PROBLEMS_PER_FILE) : listedRows;
  const rows: Row<z.infer<S>>[] = [];
  let fileProblems = rel.problems.filter((p) => p.file === path).length;
  const lean = leanSchemas(schema);
  // rows checked as they were parsed hold zod's value already, unless the check refused them
  const prechecked = rel.checkedWith.get(path) === schema;
  for (const row of fileRows) {
    if (prechecked && !row.refused) {
      rows.push(row as Row<z.infer<S>>);
      continue;
    }
    const rowSchema = row.offloaded ? lean(row.offloaded) : schema;
    // the row check gives zod's value for every row zod accepts; zod itself names the problems of the others
    const checked = prechecked ? REFUSED : rowCheckOf(rowSchema)(row.value);
    const r = checked !== REFUSED ? { success: true as const, data: checked as z.infer<S> } : rowSchema.safeParse(row.value);
    if (r.success) {
      rows.push(row.offset === undefined ? { line: row.line, value: r.data } : { line: row.line, value: r.data, offset: row.offset, length: row.length });
    } else if (fileProblems < MAX_PROBLEMS_PER_FILE) {
      for (const issue of r.error.issues) {
        rel.problems.push({ file: path, line: row.line, field: issuePath(issue.path), message: issueMessage(issue, row.value) });
        fileProblems++;
      }
    }
  }
  if (opts.nonEmpty && fileRows.length === 0 && fileProblems === 0) rel.problems.push({ file: path, message: 'empty file where rows are required' });
  return { path, rows };
}

/**
 * Reads one file of a release by its declaration (`src/format/<bench>.ts`): its schema, and whether
 * it is required and must hold rows. `logical` names the file of a kind with one file per value
 * (`fileOf(kind, model_id)`); by default the kind's own name.
 */
export function readReleaseFile<S extends z.ZodTypeAny>(
  rel: RawRelease,
  kind: ReleaseFileKind<S>,
  logical: string = kind.name,
): ReleaseFile<z.infer<S>> | undefined {
  return readJsonlFile(rel, logical, kind.schema, { required: kind.required, nonEmpty: kind.nonEmpty });
}

/** A release read by its declaration alone: every listed file of a declared kind, checked against its schema. */
export interface DeclaredRelease extends RawRelease {
  benchmark: string;
  /** logical name (`runs.jsonl`, `responses/m1.jsonl`) -> the file and its rows, in the order of the declaration, then of the names */
  files: Map<string, ReleaseFile<unknown>>;
}

/**
 * Opens a release of `benchmark` and reads every file its declaration gives: each file named
 * outright, and each listed file of a kind with one file per value (a required kind missing is a
 * problem). A listed data file of no declared kind is a problem. For a benchmark with no loader of its
 * own (test/fixtures/benchmark-tiny/): its checks across files are its own, then it throws
 * `ReleaseError` when `problems` is not empty.
 */
export function readDeclaredRelease(dir: string, benchmark: string, files: ReleaseFiles): DeclaredRelease {
  const rel = openRelease(dir, benchmark);
  const read = new Map<string, ReleaseFile<unknown>>();
  if (rel.manifest) {
    const listed = [...rel.listed.keys()].sort();
    for (const logical of listed) {
      if (!isNotData(logical) && !fileKind(files, logical)) rel.problems.push({ file: rel.listed.get(logical)!, message: notAReleaseFile(benchmark, files) });
    }
    for (const kind of Object.values(files)) {
      const names = isPerValue(kind) ? listed.filter((l) => kind.pattern.test(l)) : [kind.name];
      // a required kind with one file per value needs one file at least
      if (names.length === 0 && kind.required) rel.problems.push({ file: kind.name, message: 'required file is missing from MANIFEST.json and the release' });
      for (const logical of names) {
        const file = readReleaseFile(rel, kind, logical);
        if (file) read.set(logical, file);
      }
    }
  }
  return { ...rel, benchmark, files: read };
}

const rowChecks = new WeakMap<z.ZodTypeAny, RowCheck>();
/** The row check of a schema, made once: compiled (fast-validate.ts), or zod's own when the schema cannot be compiled. */
function rowCheckOf(schema: z.ZodTypeAny): RowCheck {
  let f = rowChecks.get(schema);
  if (f === undefined) rowChecks.set(schema, (f = compileCheck(schema) ?? plainCheck(schema)));
  return f;
}

/**
 * The row schema without the fields a row had taken out at parse time. Only a field the schema holds
 * as a plain string (or does not name) may be taken out: the row had a string there, which such a
 * schema accepts, so the schema without it gives the same verdict and the same issues.
 */
function leanSchemas(schema: z.ZodTypeAny): (offloaded: readonly string[]) => z.ZodTypeAny {
  const made = new Map<readonly string[], z.ZodTypeAny>();
  return (offloaded) => {
    let lean = made.get(offloaded);
    if (lean) return lean;
    if (!(schema instanceof ZodObject)) throw new Error(`fields ${offloaded.join(', ')} were kept on disk, but the row schema is not an object schema`);
    const shape = schema.shape as Record<string, z.ZodTypeAny>;
    const mask: Record<string, true> = {};
    for (const f of offloaded) {
      if (!Object.hasOwn(shape, f)) continue;
      const field = shape[f];
      if (!(field instanceof ZodString) || field._def.checks.length > 0)
        throw new Error(`field ${f} was kept on disk, but the row schema checks more than that it is a string`);
      mask[f] = true;
    }
    lean = schema.omit(mask);
    made.set(offloaded, lean);
    return lean;
  };
}

/**
 * Reports every duplicate of a key within a file, naming both lines. Keys are compared as Unicode
 * NFC: `café` written with U+00E9 and written `e` + U+0301 are one text, shown alike, and would
 * otherwise be two ids that no reader can tell apart; the second is a duplicate whose message spells
 * both (`"caf\u00E9"`, `"cafe\u0301"`). Such keys stay in the map as written (the load fails anyway).
 */
export function checkUnique<T>(file: ReleaseFile<T>, key: (v: T) => string, field: string, problems: Problem[]): Map<string, Row<T>> {
  const seen = new Map<string, Row<T>>();
  // NFC form -> the key first spelled that way
  const normal = new Map<string, string>();
  for (const row of file.rows) {
    const k = key(row.value);
    const first = seen.get(k);
    if (first) {
      problems.push({ file: file.path, line: row.line, field, message: `duplicate ${field} ${k} (first at line ${first.line})` });
      continue;
    }
    seen.set(k, row);
    const n = nfc(k);
    const other = normal.get(n);
    if (other === undefined) normal.set(n, k);
    else
      problems.push({
        file: file.path,
        line: row.line,
        field,
        message: `duplicate ${field} ${k} (first at line ${seen.get(other)!.line}; ${spelledApart(k, other)})`,
      });
  }
  return seen;
}

/**
 * Reports values of a field that are one text under Unicode NFC but written differently (`café` as
 * U+00E9 in one row and `e` + U+0301 in another): fields that name things (a model, an agent, a
 * skill) and group rows by their exact string would show two groups that look the same. Each
 * distinct spelling is reported once, at its first row.
 */
export function checkSpellings<T>(
  file: ReleaseFile<T>,
  fields: readonly (readonly [string, (v: T) => string | null | undefined])[],
  problems: Problem[],
): void {
  for (const [field, get] of fields) {
    const seen = new Set<string>();
    const normal = new Map<string, { value: string; line: number }>();
    for (const row of file.rows) {
      const v = get(row.value);
      if (typeof v !== 'string' || seen.has(v)) continue;
      seen.add(v);
      const n = nfc(v);
      const first = normal.get(n);
      if (first === undefined) normal.set(n, { value: v, line: row.line });
      else
        problems.push({
          file: file.path,
          line: row.line,
          field,
          message: `${field} ${v} is the ${field} at line ${first.line} written another way (${spelledApart(v, first.value)}); write it one way throughout`,
        });
    }
  }
}

/**
 * Text NFC may change: a character from U+0300 on (combining marks, and singletons such as U+212A
 * KELVIN SIGN, which NFC makes `K`). Characters below it (ASCII, Latin-1, Latin Extended, IPA) are
 * all unchanged by NFC.
 */
const MAY_COMPOSE = /[^\u0000-\u02FF]/;

/** The NFC form of a string, skipping the normalizer for text that NFC cannot change. */
const nfc = (s: string): string => (MAY_COMPOSE.test(s) ? s.normalize('NFC') : s);

/** How two spellings of one NFC text differ, with every character outside printable ASCII as `\uXXXX`. */
function spelledApart(here: string, there: string): string {
  const spell = (s: string) =>
    `"${s.replace(/[^\x20-\x7E]|["\\]/g, (c) => (c === '"' || c === '\\' ? `\\${c}` : `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`))}"`;
  return `the same text under Unicode NFC normalization, written ${spell(here)} here and ${spell(there)} there`;
}

/**
 * Decodes (gunzips) and parses one listed file from the bytes already read for its sha256, and
 * checks its row count against MANIFEST.json. Problems are appended; the rows that parsed are returned.
 */
function parseListed(
  path: string,
  bytes: Buffer,
  full: string,
  listedRows: number,
  problems: Problem[],
  offload: readonly string[],
  accept?: (value: Record<string, unknown>) => Record<string, unknown> | undefined,
): ParsedRow[] {
  let p: { rows: ParsedRow[]; problems: Problem[] };
  if (isParquetPath(path)) {
    p = parseParquetBytes(bytes, path, MAX_PROBLEMS_PER_FILE);
    if (offload.length) for (const row of p.rows) offloadFields(row, offload);
  } else {
    const { data, problems: readProblems } = readMaybeGzipBytes(full, path, undefined, bytes);
    problems.push(...readProblems);
    if (data === undefined) return [];
    // The fast readers and the compiled row check (rowCheckOf) against their plain twins
    // (parseJsonlPlain, plainCheck), `reproduce --bench all --resamples 200`, 10 alternating runs
    // each, whole process: CPU median 21.9 against 28.1 s (ratio pair by pair 0.85), wall 143
    // against 171 s on a loaded 2-core machine. The same reports, byte for byte.
    p = parseJsonlBytes(data, path, MAX_PROBLEMS_PER_FILE, offload, accept);
  }
  problems.push(...p.problems);
  const seen = p.rows.length + p.problems.filter((x) => x.line !== undefined).length;
  if (p.problems.length === 0 && seen !== listedRows) {
    problems.push({ file: path, message: `row count mismatch: MANIFEST.json says ${listedRows}, the file has ${seen}` });
  }
  return p.rows;
}

/** Drops the named top-level string fields of a Parquet row, as parseJsonlBytes does for a line. */
function offloadFields(row: ParsedRow, offload: readonly string[]): void {
  const taken: string[] = [];
  for (const f of offload) {
    if (Object.hasOwn(row.value, f) && typeof row.value[f] === 'string') {
      delete row.value[f];
      taken.push(f);
    }
  }
  if (taken.length) row.offloaded = taken.length === offload.length ? offload : taken;
}

function statOrUndefined(path: string): ReturnType<typeof statSync> | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}
