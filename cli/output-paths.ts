import { realpathSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { UsageError } from './args.js';

/** A path option as given: an empty string is refused (it would silently mean the current directory). */
export function pathOption(value: string | undefined, label: string): string | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === '') throw new UsageError(`${label} is empty; give a directory`);
  return value;
}

/**
 * The absolute path with symbolic links resolved as far as it exists (the rest appended), so that
 * `out` and `data/../out`, or a link to the release, compare as the same place.
 */
function physicalPath(path: string): string {
  let p = resolve(path);
  const rest: string[] = [];
  for (;;) {
    try {
      return join(realpathSync.native(p), ...rest);
    } catch {
      const up = dirname(p);
      if (up === p) return join(p, ...rest);
      rest.unshift(basename(p));
      p = up;
    }
  }
}

const within = (a: string, b: string) => a === b || a.startsWith(b.endsWith(sep) ? b : b + sep);

/** Kernel file systems: no place for files (and under /proc, Node's recursive mkdir never returns). */
const KERNEL_FILE_SYSTEMS = ['/proc', '/sys'];

/** Refuses an output path under /proc or /sys, links followed: a usage error naming the flag. */
export function refuseKernelFileSystem(path: string, label: string): void {
  const p = physicalPath(path);
  const fs = KERNEL_FILE_SYSTEMS.find((k) => within(p, k));
  if (fs)
    throw new UsageError(`${label} ${JSON.stringify(path)} is under ${fs}, a kernel file system that holds no files of its own: choose a directory on a disk`);
}

/** A directory the workbench writes into: given by a flag, or one it makes under that (OUT/<bench>, OUT/<bench>/figures). */
export interface OutputDir {
  flag: string;
  path: string;
  /** set for a directory under the flag's own: what goes there, e.g. "cubebench's reports" */
  what?: string;
}

/**
 * Refuses an output directory that is a release directory, holds one, or sits inside one, once
 * symbolic links are followed: writing there would change the release (which then no longer
 * validates) or, with the old behaviour of replacing directories, delete it. Every directory
 * written to is given, not only the flags' own: `OUT/cubebench` may be a link to the release.
 */
export function refuseOverlap(outputs: OutputDir[], inputs: { flag: string; path: string }[]): void {
  for (const o of outputs) {
    const po = physicalPath(o.path);
    for (const i of inputs) {
      const pi = physicalPath(i.path);
      const how = po === pi ? 'is' : within(pi, po) ? 'contains' : within(po, pi) ? 'is inside' : undefined;
      if (!how) continue;
      const which =
        o.what === undefined ? `--${o.flag} ${JSON.stringify(o.path)}` : `${JSON.stringify(o.path)} (where the workbench writes ${o.what}, under --${o.flag})`;
      const linked = po !== resolve(o.path) ? ` once symbolic links are followed (it leads to ${JSON.stringify(po)})` : '';
      throw new UsageError(
        `${which} ${how} the release directory ${JSON.stringify(i.path)} (${i.flag})${linked}; the workbench never writes into a release: choose an output directory outside it`,
      );
    }
  }
}

/** Every directory a file of `files` (relative paths with '/') goes to under dir, dir included. */
export function directoriesOf(dir: string, files: Iterable<string>): string[] {
  const out = new Set([dir]);
  for (const rel of files) {
    const parts = rel.split('/').slice(0, -1);
    for (let k = 1; k <= parts.length; k++) out.add(join(dir, ...parts.slice(0, k)));
  }
  return [...out];
}
