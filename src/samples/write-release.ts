import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { gzipDeterministic, toJsonl } from '../release/io/jsonl.js';
import { fsAction, OutputError } from '../present/output/fs-errors.js';
import { acquireLock } from '../present/output/lock.js';
import { ensureDir } from '../present/output/owned-dir.js';

export interface ReleaseSpec {
  benchmark: 'globebench' | 'pawm' | 'cubebench';
  version: string;
  description: string;
  /** extra manifest fields, e.g. what the sample was calibrated to (kept by the loader) */
  extra?: Record<string, unknown>;
  /** logical path (e.g. `items.jsonl`) -> rows */
  files: Record<string, readonly unknown[]>;
}

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
  const out: { rel: string; file: boolean }[] = [];
  for (const name of fsAction('list', dir, () => readdirSync(dir))) {
    const full = join(dir, name);
    const st = lstatSync(full);
    if (st.isDirectory()) out.push(...entries(full).map((e) => ({ rel: `${name}/${e.rel}`, file: e.file })));
    else out.push({ rel: relative(dir, full).split(sep).join('/'), file: st.isFile() });
  }
  return out;
}

/**
 * Whether dir may be replaced by a generated release: it is empty, or it is a synthetic release
 * (MANIFEST.json with `"synthetic": true`) holding nothing but MANIFEST.json and the files it lists,
 * so replacing it loses nothing a generator cannot make again.
 */
function replaceable(dir: string): string | undefined {
  const all = entries(dir);
  if (all.length === 0) return undefined;
  let manifest: { synthetic?: unknown; files?: unknown };
  try {
    manifest = JSON.parse(readFileSync(join(dir, 'MANIFEST.json'), 'utf8').replace(/^\uFEFF/, ''));
  } catch {
    return 'it is not empty and holds no MANIFEST.json of a synthetic release';
  }
  if (manifest?.synthetic !== true || !manifest.files || typeof manifest.files !== 'object') return 'it is not empty and its MANIFEST.json is not that of a synthetic release';
  const listed = manifest.files as Record<string, unknown>;
  const foreign = all.filter((e) => !e.file || (e.rel !== 'MANIFEST.json' && !Object.hasOwn(listed, e.rel)));
  if (foreign.length) return `it holds ${foreign.length} file(s) its MANIFEST.json does not list (${foreign.slice(0, 3).map((e) => JSON.stringify(e.rel)).join(', ')}${foreign.length > 3 ? ', ...' : ''})`;
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
 * Writes a release directory in the format of docs/release-format.md: every file gzipped (`.jsonl.gz`,
 * deterministic bytes) and a MANIFEST.json with each file's sha256 and row count, marked synthetic.
 * Refuses a non-empty directory that is not a synthetic release (a user's data is never replaced).
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
    const st = lstatOrUndefined(dir);
    if (st && !st.isDirectory()) throw new OutputError(`cannot write a release to ${dir}: it is ${st.isSymbolicLink() ? 'a symbolic link' : 'a file'}, not a directory`);
    const why = st ? replaceable(dir) : undefined;
    if (why) throw new OutputError(`refusing to write a release into ${dir}: ${why}. Choose an empty or new directory.`);
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
  const files: Record<string, { sha256: string; rows: number }> = {};
  for (const logical of Object.keys(spec.files).sort()) {
    const rows = spec.files[logical];
    const path = gzip ? `${logical}.gz` : logical;
    const text = toJsonl(rows);
    const bytes = gzip ? gzipDeterministic(text) : Buffer.from(text, 'utf8');
    fsAction('create', dirname(join(tmp, path)), () => mkdirSync(dirname(join(tmp, path)), { recursive: true }));
    fsAction('write', join(tmp, path), () => writeFileSync(join(tmp, path), bytes));
    files[path] = { sha256: createHash('sha256').update(bytes).digest('hex'), rows: rows.length };
  }
  const manifest = { benchmark: spec.benchmark, version: spec.version, synthetic: true, description: spec.description, ...spec.extra, files };
  fsAction('write', join(tmp, 'MANIFEST.json'), () => writeFileSync(join(tmp, 'MANIFEST.json'), JSON.stringify(manifest, null, 2) + '\n'));
}
