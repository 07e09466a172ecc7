import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Problem } from './problems.js';

/** An entry under a directory that is not a directory: a regular file, a symbolic link (never followed) or another special file. */
export interface TreeEntry {
  /** relative to the directory walked, with '/' */
  path: string;
  kind: 'file' | 'link' | 'other';
}

/**
 * Every entry under dir that is not itself a directory: the one directory walker of the workbench
 * (the loader, `workbench manifest`, `workbench import` and `generate` list releases with it).
 * Each directory's names are sorted, its subdirectories walked where their names sort; symbolic
 * links are listed, not followed (a link to `.` would loop). `list` reads one directory's names
 * (default `readdirSync`): a caller that reports an unreadable directory as a problem, or names it
 * in an error, does so there. Entries are given as the walk reaches them, so what a caller says of
 * them and of unreadable directories comes in the order of the walk.
 */
export function* walkTree(dir: string, list: (full: string, rel: string) => string[] = (full) => readdirSync(full)): Generator<TreeEntry> {
  function* visit(rel: string): Generator<TreeEntry> {
    const full = rel ? join(dir, rel) : dir;
    for (const name of [...list(full, rel)].sort()) {
      const path = rel ? `${rel}/${name}` : name;
      const st = lstatSync(join(full, name));
      if (st.isDirectory()) yield* visit(path);
      else yield { path, kind: st.isFile() ? 'file' : st.isSymbolicLink() ? 'link' : 'other' };
    }
  }
  yield* visit('');
}

/** The problem of an entry a release may not hold (a link or a special file), or undefined for a regular file. */
export function notRegularFile(entry: TreeEntry): Problem | undefined {
  if (entry.kind === 'file') return undefined;
  return {
    file: entry.path,
    message:
      entry.kind === 'link' ? 'a symbolic link (not followed: a release holds regular files only)' : 'not a regular file (a release holds regular files only)',
  };
}
