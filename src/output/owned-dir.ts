import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fsAction, OutputError } from './fs-errors.js';

/**
 * A directory the workbench writes into without owning everything in it (`OUT/<bench>/`): a user's
 * notes may sit beside the reports. What the workbench wrote is recorded in RECORD (path -> sha256),
 * and only those files, unchanged since, are ever replaced or removed.
 *
 * Replacing one run's files by the next is crash-safe: the new files are written in full to a
 * staging directory inside the output directory; then a commit journal (new record, files to
 * remove) is renamed into place, which is the moment the new output is decided. Rolling forward
 * (renaming each staged file over its old one, removing old files the new run no longer writes,
 * renaming the new record into place) can be repeated any number of times, so a run killed during
 * it is completed by the next run. A run killed before the journal leaves the old output untouched
 * and a staging directory the next run removes.
 */
const RECORD = '.workbench-output.json';
const JOURNAL = '.workbench-commit.json';
export const LOCK_FILE = '.workbench.lock';
const STAGING_PREFIX = '.workbench-staging-';
const TMP_INFIX = '.tmp-';

/** Names the workbench uses for its own bookkeeping inside an output directory. */
const isBookkeeping = (name: string): boolean => name.startsWith('.workbench');

interface Journal {
  staging: string;
  files: Record<string, string>;
  remove: string[];
}

const sha256 = (b: string | Buffer) => createHash('sha256').update(b).digest('hex');

function lstatOrUndefined(path: string) {
  try {
    return lstatSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

/** Writes a small file so that readers see the old or the new content, never a part. */
function writeAtomically(path: string, content: string): void {
  const tmp = `${path}${TMP_INFIX}${process.pid}`;
  writeFileSync(tmp, content);
  renameSync(tmp, path);
}

/** The record of what the workbench wrote in dir (relative path -> sha256); empty when none. */
function readRecord(dir: string): Record<string, string> {
  const path = join(dir, RECORD);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
    return fsAction('read', path, () => {
      throw e;
    });
  }
  try {
    const v = JSON.parse(text) as { files?: unknown };
    const files = v.files;
    if (files && typeof files === 'object' && !Array.isArray(files)) {
      const out: Record<string, string> = Object.create(null);
      for (const [k, h] of Object.entries(files)) if (typeof h === 'string' && safeRelative(k)) out[k] = h;
      return out;
    }
  } catch {
    // fall through
  }
  throw new OutputError(`${path} is not a record the workbench wrote (expected JSON with "files"); move it away to write here`);
}

/** A relative path of ours: '/'-separated plain names, no '.', '..' or empty segment. */
function safeRelative(rel: string): boolean {
  return rel.length > 0 && !rel.includes('\\') && rel.split('/').every((s) => s !== '' && s !== '.' && s !== '..' && !s.includes('\0'));
}

/** Whether dir/rel is a file the workbench wrote and nobody changed since. */
function ownedUnchanged(dir: string, rel: string, record: Record<string, string>): boolean {
  if (!Object.hasOwn(record, rel)) return false;
  const st = lstatOrUndefined(join(dir, rel));
  return !!st && st.isFile() && sha256(readFileSync(join(dir, rel))) === record[rel];
}

/**
 * Finishes or discards what an interrupted run left in dir: a committed journal is rolled forward;
 * staging directories and temporary files (only ever made by runs, which hold the lock) are removed.
 * The caller holds the directory's lock.
 */
export function recover(dir: string): void {
  const jpath = join(dir, JOURNAL);
  if (lstatOrUndefined(jpath)) {
    let j: Journal;
    try {
      j = JSON.parse(readFileSync(jpath, 'utf8')) as Journal;
    } catch (e) {
      throw new OutputError(`cannot read ${jpath}, left by an interrupted run (${(e as Error).message}); move it away`);
    }
    rollForward(dir, j);
  }
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (name.startsWith(STAGING_PREFIX) || (isBookkeeping(name) && name.includes(TMP_INFIX)) || name.startsWith(`${LOCK_FILE}.stale-`)) {
      fsAction('remove', join(dir, name), () => rmSync(join(dir, name), { recursive: true, force: true }));
    }
  }
}

function rollForward(dir: string, j: Journal): void {
  const staging = join(dir, j.staging);
  for (const rel of Object.keys(j.files)) {
    if (!safeRelative(rel)) continue;
    const from = join(staging, rel);
    if (!lstatOrUndefined(from)) continue; // moved by an earlier attempt
    const to = join(dir, rel);
    makeDirectories(dirname(to));
    fsAction('move into place', to, () => renameSync(from, to));
  }
  for (const rel of j.remove) {
    if (!safeRelative(rel) || Object.hasOwn(j.files, rel)) continue;
    const path = join(dir, rel);
    fsAction('remove', path, () => rmSync(path, { force: true }));
    removeEmptyParents(dir, rel);
  }
  fsAction('write', join(dir, RECORD), () => writeAtomically(join(dir, RECORD), recordText(j.files)));
  fsAction('remove', staging, () => rmSync(staging, { recursive: true, force: true }));
  fsAction('remove', join(dir, JOURNAL), () => unlinkSync(join(dir, JOURNAL)));
}

/** Removes the now empty directories between a removed file and dir (never dir itself, never a non-empty one). */
function removeEmptyParents(dir: string, rel: string): void {
  const parts = rel.split('/').slice(0, -1);
  while (parts.length) {
    try {
      rmdirSync(join(dir, ...parts));
    } catch {
      return; // not empty (a user's file, or still ours)
    }
    parts.pop();
  }
}

function recordText(files: Record<string, string>): string {
  const sorted: Record<string, string> = {};
  for (const k of Object.keys(files).sort()) sorted[k] = files[k];
  return (
    JSON.stringify(
      { note: 'Files written by the workbench in this directory (path: sha256). It replaces or removes only these, and only while unchanged.', files: sorted },
      null,
      2,
    ) + '\n'
  );
}

/**
 * Files in dir that the new output would overwrite although the workbench did not write them (or
 * they changed since): a user's file of the same name, a directory or link where a file goes.
 */
function conflicts(dir: string, files: Iterable<string>, record: Record<string, string>): string[] {
  const out: string[] = [];
  const checkedDirs = new Set<string>();
  for (const rel of files) {
    const parts = rel.split('/');
    // every directory on the way must be a real directory (a link could lead outside dir)
    let blocked = false;
    for (let i = 1; i < parts.length && !blocked; i++) {
      const sub = parts.slice(0, i).join('/');
      if (checkedDirs.has(sub)) continue;
      const st = lstatOrUndefined(join(dir, sub));
      if (st && !st.isDirectory()) {
        out.push(`${sub} (${st.isSymbolicLink() ? 'a symbolic link' : 'a file'} where the workbench writes a directory)`);
        blocked = true;
      } else checkedDirs.add(sub);
    }
    if (blocked) continue;
    const st = lstatOrUndefined(join(dir, rel));
    if (!st) continue;
    if (!st.isFile()) out.push(`${rel} (${st.isDirectory() ? 'a directory' : 'not a regular file'} where the workbench writes a file)`);
    else if (!Object.hasOwn(record, rel)) out.push(`${rel} (not written by the workbench)`);
    else if (!ownedUnchanged(dir, rel, record)) out.push(`${rel} (changed since the workbench wrote it)`);
  }
  return out;
}

export interface Staged {
  dir: string;
  staging: string;
  files: Record<string, string>;
  remove: string[];
}

/**
 * Checks dir and writes the new files in full to a staging directory inside it. Refuses, before
 * writing anything, when a new file would overwrite one the workbench did not write. The caller
 * holds the directory's lock and has called `recover`.
 */
/** A file's content, or a function that makes it when it is written (so that only one is in memory at a time). */
export type FileContent = string | Buffer | (() => string | Buffer);

export function stage(dir: string, files: Map<string, FileContent>): Staged {
  for (const rel of files.keys())
    if (!safeRelative(rel) || isBookkeeping(rel.split('/')[0])) throw new Error(`refusing to write ${JSON.stringify(rel)}: not a plain relative path`);
  const record = readRecord(dir);
  const bad = conflicts(dir, files.keys(), record);
  if (bad.length) {
    const shown = bad
      .slice(0, 10)
      .map((b) => `  ${join(dir, b)}`)
      .join('\n');
    throw new OutputError(
      `refusing to overwrite ${bad.length} file(s) in ${dir} that the workbench did not write:\n${shown}${bad.length > 10 ? `\n  ... and ${bad.length - 10} more` : ''}\nMove them away or choose another output directory.`,
    );
  }
  const name = `${STAGING_PREFIX}${process.pid}`;
  const staging = join(dir, name);
  const newRecord: Record<string, string> = {};
  try {
    fsAction('create', staging, () => mkdirSync(staging));
    for (const [rel, made] of files) {
      const content = typeof made === 'function' ? made() : made;
      const path = join(staging, rel);
      fsAction('create', dirname(path), () => mkdirSync(dirname(path), { recursive: true }));
      fsAction('write', path, () => writeFileSync(path, content));
      newRecord[rel] = sha256(content);
    }
  } catch (e) {
    rmSync(staging, { recursive: true, force: true });
    throw e;
  }
  // old files this run does not write again go, unless a user changed them since
  const remove = Object.keys(record).filter((rel) => !files.has(rel) && ownedUnchanged(dir, rel, record));
  return { dir, staging: name, files: newRecord, remove };
}

/** Decides the new output (the journal's rename) and rolls it forward. */
export function commit(s: Staged): void {
  const j: Journal = { staging: s.staging, files: s.files, remove: s.remove };
  fsAction('write', join(s.dir, JOURNAL), () => writeAtomically(join(s.dir, JOURNAL), JSON.stringify(j) + '\n'));
  rollForward(s.dir, j);
}

/** Removes a staging directory of a run that failed before its commit. */
export function discard(s: Staged): void {
  rmSync(join(s.dir, s.staging), { recursive: true, force: true });
}

/** Creates dir (and its parents) if needed; refuses a path that exists as something else. */
export function ensureDir(dir: string): void {
  let st: ReturnType<typeof statSyncOrUndefined>;
  try {
    st = statSyncOrUndefined(dir);
  } catch (e) {
    fsAction('use', dir, () => {
      throw e;
    });
  }
  if (st && !st.isDirectory()) throw new OutputError(`cannot write into ${dir}: it is a file, not a directory`);
  if (!st) makeDirectories(dir);
}

/**
 * `mkdir -p`, one level at a time from the deepest directory that exists, each failure an
 * OutputError naming the directory and its cause. Node's `mkdirSync(dir, { recursive: true })`
 * says "no such file or directory" where a parent cannot be made on a read-only file system, and
 * spins for ever under /proc (where mkdir fails with ENOENT below a directory that exists).
 */
export function makeDirectories(dir: string): void {
  const missing: string[] = [];
  for (let d = resolve(dir); ; d = dirname(d)) {
    let exists: boolean;
    try {
      exists = statSyncOrUndefined(d) !== undefined;
    } catch (e) {
      return fsAction('use', d, () => {
        throw e;
      });
    }
    if (exists || dirname(d) === d) break;
    missing.unshift(d);
  }
  for (const d of missing) {
    fsAction('create', d, () => {
      try {
        mkdirSync(d);
      } catch (e) {
        // made meanwhile by another process: as good as made here
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || !statSync(d).isDirectory()) throw e;
      }
    });
  }
}

function statSyncOrUndefined(path: string) {
  try {
    return statSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}
