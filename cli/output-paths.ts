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
export function physicalPath(path: string): string {
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

/**
 * Refuses, before anything is read or written, an output directory that is a release directory,
 * holds one, or sits inside one: writing there would change the release (which then no longer
 * validates) or, with the old behaviour of replacing directories, delete it.
 */
export function refuseOverlap(outputs: { flag: string; path: string }[], inputs: { flag: string; path: string }[]): void {
  for (const o of outputs) {
    const po = physicalPath(o.path);
    for (const i of inputs) {
      const pi = physicalPath(i.path);
      const how = po === pi ? 'is' : within(pi, po) ? 'contains' : within(po, pi) ? 'is inside' : undefined;
      if (how) throw new UsageError(`--${o.flag} ${JSON.stringify(o.path)} ${how} the release directory ${JSON.stringify(i.path)} (${i.flag}); the workbench never writes into a release: choose an output directory outside it`);
    }
  }
}
