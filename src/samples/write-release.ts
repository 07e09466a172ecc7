import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, type Stats } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { gzipDeterministic, toJsonl } from '../release/io/jsonl.js';
import { walkTree } from '../release/io/walk.js';
import { fileEntry, manifestText, type ManifestFiles } from '../release/manifest.js';
import { fsAction, OutputError } from '../output/fs-errors.js';
import { acquireLock } from '../output/lock.js';
import { ensureDir } from '../output/owned-dir.js';

export interface ReleaseSpec {
  /** the benchmark's name in the list of benchmarks */
  benchmark: string;
  version: string;
  description: string;
  /** extra manifest fields, e.g. what the sample was calibrated to (kept by the loader) */
  extra?: Record<string, unknown>;
  /** logical path (e.g. `items.jsonl`) -> rows */
  files: Record<string, readonly unknown[]>;
  /** set by a sample generator: recorded as the manifest's `generated_by`, which lets `generate` replace the release later */
  generatedBy?: { seed: number };
}

/** The `generator` of a manifest's `generated_by`: what wrote the release (docs/release-format.md). */
const GENERATOR = 'workbench generate';

/**
 * A manifest's `generated_by` (docs/release-format.md): what wrote the release, for which benchmark
 * and seed, and the sha256 of every file it wrote, so that a later `generate` can tell the release is
 * still exactly as written (the manifest's own list is rewritten by `workbench manifest --force`).
 */
interface GeneratedBy {
  generator: string;
  benchmark: string;
  seed: number;
  files: Record<string, string>;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function lstatOrUndefined(path: string) {
  try {
    return lstatSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return fsAction('use', path, () => {
      throw e;
    });
  }
}

/** Every entry under dir, relative with '/', links and special files included (not followed). */
function entries(dir: string): { rel: string; file: boolean }[] {
  return [...walkTree(dir, (full) => fsAction('list', full, () => readdirSync(full)))].map((e) => ({ rel: e.path, file: e.kind === 'file' }));
}

/**
 * Whether dir may be replaced by a generated release of `benchmark`: it is empty, or it holds a
 * release that this generator wrote for that benchmark, unchanged since: its MANIFEST.json has our
 * `generated_by` record, and the directory holds MANIFEST.json and exactly the files the record
 * lists, each with the sha256 recorded. Anything else (a real or hand-made release, a sample edited
 * and refreshed with `manifest --force`, another benchmark's sample) may hold work that no generator
 * can make again: the reason it is refused is returned.
 */
function replaceable(dir: string, benchmark: string): string | undefined {
  const all = entries(dir);
  if (all.length === 0) return undefined;
  let manifest: { generated_by?: unknown };
  try {
    manifest = JSON.parse(readFileSync(join(dir, 'MANIFEST.json'), 'utf8').replace(/^\uFEFF/, ''));
  } catch {
    return 'it is not empty and holds no readable MANIFEST.json, so it is not a release that `workbench generate` wrote';
  }
  const g = manifest?.generated_by as Partial<GeneratedBy> | undefined;
  if (!g || typeof g !== 'object' || g.generator !== GENERATOR || !g.files || typeof g.files !== 'object' || Array.isArray(g.files)) {
    return `it is not empty and its MANIFEST.json has no "generated_by" record of \`workbench generate\`, so it is not a release generate wrote`;
  }
  if (g.benchmark !== benchmark)
    return `it holds the ${JSON.stringify(g.benchmark)} release generate wrote; generate --bench ${benchmark} replaces only a ${benchmark} release`;
  const wrote = g.files;
  const foreign = all.filter((e) => !e.file || (e.rel !== 'MANIFEST.json' && !Object.hasOwn(wrote, e.rel)));
  if (foreign.length)
    return `it holds ${foreign.length} file(s) generate did not write (${foreign
      .slice(0, 3)
      .map((e) => JSON.stringify(e.rel))
      .join(', ')}${foreign.length > 3 ? ', ...' : ''})`;
  const present = new Set(all.map((e) => e.rel));
  const changed = Object.keys(wrote).filter((rel) => !present.has(rel) || sha256(readFileSync(join(dir, rel))) !== wrote[rel]);
  if (changed.length)
    return `${changed.length} file(s) generate wrote there were changed or removed since (${changed
      .slice(0, 3)
      .map((f) => JSON.stringify(f))
      .join(', ')}${changed.length > 3 ? ', ...' : ''})`;
  return undefined;
}

/**
 * Removes what interrupted runs left beside dir (they hold the lock, so no live run owns these):
 * a half-written new release is removed; a previous release moved aside is put back when dir is
 * missing (the run died between its two renames), else removed.
 */
function recoverSiblings(parent: string, base: string): void {
  const dir = join(parent, base);
  for (const name of fsAction('list', parent, () => readdirSync(parent)).sort()) {
    if (!name.startsWith(`.${base}.workbench-`)) continue;
    const kind = name.slice(base.length + 1 + '.workbench-'.length).replace(/-\d+$/, '');
    const path = join(parent, name);
    if (kind === 'old' && !lstatOrUndefined(dir)) fsAction('restore', dir, () => renameSync(path, dir));
    else if (kind === 'old' || kind === 'new' || kind.startsWith('lock.stale-')) fsAction('remove', path, () => rmSync(path, { recursive: true, force: true }));
  }
}

/**
 * Throws (an OutputError saying why) unless a release of `benchmark` may be written at dir: dir is
 * absent, empty, or a release generated for that benchmark and unchanged since (`replaceable`).
 * `generate` asks before it generates (minutes for a sample on a busy machine); `writeRelease` asks
 * again under its lock. Gives dir's lstat, undefined when absent.
 */
export function refuseToReplace(dirArg: string, benchmark: string): Stats | undefined {
  const dir = resolve(dirArg);
  const st = lstatOrUndefined(dir);
  if (st && !st.isDirectory())
    throw new OutputError(`cannot write a release to ${dir}: it is ${st.isSymbolicLink() ? 'a symbolic link' : 'a file'}, not a directory`);
  const why = st ? replaceable(dir, benchmark) : undefined;
  if (why) throw new OutputError(`refusing to write a release into ${dir}: ${why}. Choose an empty or new directory.`);
  return st;
}

/**
 * Writes a release directory in the format of docs/release-format.md: every file gzipped (`.jsonl.gz`,
 * deterministic bytes) and a MANIFEST.json with each file's sha256 and row count, marked synthetic
 * (with `generated_by` when the spec comes from a sample generator). Refuses a non-empty directory
 * that is not a release generated here for the same benchmark and unchanged since (a user's data is
 * never replaced).
 * Writes a hidden sibling directory in full and renames it into place; a run killed at any moment
 * leaves the previous or the new release, and the next run removes the leftovers.
 */
export function writeRelease(dirArg: string, spec: ReleaseSpec, opts: { gzip?: boolean } = {}): void {
  const gzip = opts.gzip ?? true;
  const dir = resolve(dirArg);
  const parent = dirname(dir);
  const base = basename(dir);
  ensureDir(parent);
  const lock = acquireLock(join(parent, `.${base}.workbench-lock`), dir);
  try {
    recoverSiblings(parent, base);
    const st = refuseToReplace(dir, spec.benchmark);
    const tmp = join(parent, `.${base}.workbench-new-${process.pid}`);
    try {
      writeFiles(tmp, spec, gzip);
    } catch (e) {
      rmSync(tmp, { recursive: true, force: true });
      throw e;
    }
    if (st) {
      const old = join(parent, `.${base}.workbench-old-${process.pid}`);
      fsAction('move aside', dir, () => renameSync(dir, old));
      fsAction('move into place', dir, () => renameSync(tmp, dir));
      fsAction('remove', old, () => rmSync(old, { recursive: true, force: true }));
    } else fsAction('move into place', dir, () => renameSync(tmp, dir));
  } finally {
    lock.release();
  }
}

function writeFiles(tmp: string, spec: ReleaseSpec, gzip: boolean): void {
  fsAction('create', tmp, () => mkdirSync(tmp));
  const files: ManifestFiles = {};
  for (const logical of Object.keys(spec.files).sort()) {
    const rows = spec.files[logical];
    const path = gzip ? `${logical}.gz` : logical;
    const text = toJsonl(rows);
    const bytes = gzip ? gzipDeterministic(text) : Buffer.from(text, 'utf8');
    fsAction('create', dirname(join(tmp, path)), () => mkdirSync(dirname(join(tmp, path)), { recursive: true }));
    fsAction('write', join(tmp, path), () => writeFileSync(join(tmp, path), bytes));
    files[path] = fileEntry(bytes, rows.length);
  }
  const generatedBy: GeneratedBy | undefined = spec.generatedBy && {
    generator: GENERATOR,
    benchmark: spec.benchmark,
    seed: spec.generatedBy.seed,
    files: Object.fromEntries(Object.entries(files).map(([path, f]) => [path, f.sha256])),
  };
  const text = manifestText(
    {
      benchmark: spec.benchmark,
      version: spec.version,
      synthetic: true,
      description: spec.description,
      extra: { ...spec.extra, ...(generatedBy ? { generated_by: generatedBy } : {}) },
    },
    files,
  );
  fsAction('write', join(tmp, 'MANIFEST.json'), () => writeFileSync(join(tmp, 'MANIFEST.json'), text));
}
