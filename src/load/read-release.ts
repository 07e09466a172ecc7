import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { z } from 'zod';
import { parseJsonl, readMaybeGzip, type Row } from '../io/jsonl.js';
import { MAX_PROBLEMS_PER_FILE, type Problem } from '../io/problems.js';
import { issueMessage, issuePath, Manifest } from '../schemas/common.js';

/** One JSONL file of a release, parsed and checked against its schema. */
export interface ReleaseFile<T> {
  /** path relative to the release root, as the manifest lists it (may end in .gz) */
  path: string;
  rows: Row<T>[];
}

/** What the generic part of loading found: manifest, sha256 of every file, and the problems so far. */
export interface RawRelease {
  dir: string;
  manifest: Manifest;
  /** sha256 per listed file, sorted by path */
  sha256: Record<string, string>;
  /** logical name (without .gz) -> listed path */
  listed: Map<string, string>;
  problems: Problem[];
}

/** Lists every file under dir, relative, with '/' separators, sorted. */
function walk(dir: string, root = dir): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    const st = statSync(full);
    if (st.isDirectory()) out.push(...walk(full, root));
    else out.push(relative(root, full).split(sep).join('/'));
  }
  return out;
}

/**
 * Reads MANIFEST.json and checks the directory against it: every listed file exists with the
 * listed sha256; no file is present that the manifest does not list. Row counts are checked when
 * each file is parsed (`readJsonlFile`).
 */
export function openRelease(dir: string): RawRelease {
  const problems: Problem[] = [];
  const empty: RawRelease = { dir, manifest: undefined as unknown as Manifest, sha256: {}, listed: new Map(), problems };
  let st;
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
  try {
    const text = readFileSync(join(dir, 'MANIFEST.json'), 'utf8');
    manifestJson = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    problems.push({ file: 'MANIFEST.json', message: code === 'ENOENT' ? 'missing (every release has a MANIFEST.json at its root)' : `not valid JSON (${(e as Error).message})` });
    return empty;
  }
  const parsed = Manifest.safeParse(manifestJson);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push({ file: 'MANIFEST.json', field: issuePath(issue.path), message: issueMessage(issue, manifestJson) });
    return empty;
  }
  const manifest = parsed.data;
  const present = new Set(walk(dir).filter((f) => f !== 'MANIFEST.json'));
  const sha256: Record<string, string> = {};
  const listed = new Map<string, string>();
  for (const path of Object.keys(manifest.files).sort()) {
    if (path.includes('..') || path.startsWith('/') || path.includes('\\')) {
      problems.push({ file: 'MANIFEST.json', field: `files.${path}`, message: 'expected a relative path inside the release' });
      continue;
    }
    const logical = path.replace(/\.gz$/, '');
    if (listed.has(logical)) {
      problems.push({ file: 'MANIFEST.json', field: `files.${path}`, message: `lists both ${listed.get(logical)} and ${path}; give a file once, plain or gzipped` });
      continue;
    }
    listed.set(logical, path);
    if (!present.has(path)) {
      problems.push({ file: path, message: 'listed in MANIFEST.json but not found' });
      continue;
    }
    const hash = createHash('sha256').update(readFileSync(join(dir, path))).digest('hex');
    sha256[path] = hash;
    if (hash !== manifest.files[path].sha256) {
      problems.push({ file: path, message: `sha256 mismatch: MANIFEST.json says ${manifest.files[path].sha256}, the file has ${hash}` });
    }
  }
  for (const f of present) {
    if (!(f in manifest.files)) problems.push({ file: f, message: 'file not listed in MANIFEST.json (the loader refuses unlisted files)' });
  }
  return { dir, manifest, sha256, listed, problems };
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
  if (!(path in rel.sha256)) return { path, rows: [] }; // missing on disk, already reported
  const { text, problems } = readMaybeGzip(join(rel.dir, path), path);
  rel.problems.push(...problems);
  if (text === undefined) return { path, rows: [] };
  const parsed = parseJsonl(text, path, MAX_PROBLEMS_PER_FILE);
  rel.problems.push(...parsed.problems);
  const rows: Row<z.infer<S>>[] = [];
  let fileProblems = parsed.problems.length;
  for (const row of parsed.rows) {
    const r = schema.safeParse(row.value);
    if (r.success) {
      rows.push({ line: row.line, value: r.data });
    } else if (fileProblems < MAX_PROBLEMS_PER_FILE) {
      for (const issue of r.error.issues) {
        rel.problems.push({ file: path, line: row.line, field: issuePath(issue.path), message: issueMessage(issue, row.value) });
        fileProblems++;
      }
    }
  }
  const listedRows = rel.manifest.files[path].rows;
  const seen = parsed.rows.length + parsed.problems.filter((p) => p.line !== undefined).length;
  if (parsed.problems.length === 0 && seen !== listedRows) {
    rel.problems.push({ file: path, message: `row count mismatch: MANIFEST.json says ${listedRows}, the file has ${seen}` });
  }
  if (opts.nonEmpty && seen === 0) rel.problems.push({ file: path, message: 'empty file where rows are required' });
  return { path, rows };
}

/** Reports every duplicate of a key within a file, naming both lines. */
export function checkUnique<T>(file: ReleaseFile<T>, key: (v: T) => string, field: string, problems: Problem[]): Map<string, Row<T>> {
  const seen = new Map<string, Row<T>>();
  for (const row of file.rows) {
    const k = key(row.value);
    const first = seen.get(k);
    if (first) problems.push({ file: file.path, line: row.line, field, message: `duplicate ${field} ${k} (first at line ${first.line})` });
    else seen.set(k, row);
  }
  return seen;
}
