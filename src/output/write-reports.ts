import { join, resolve } from 'node:path';
import { acquireLock, type Lock } from './lock.js';
import { commit, discard, ensureDir, type FileContent, LOCK_FILE, recover, stage, type Staged } from './owned-dir.js';
import { explorerTextFiles } from './explorer-texts.js';
import type { Rendered } from '../present/report/write-report.js';

export interface ReportTarget {
  rendered: Rendered;
  reportDir: string;
  figureDir: string;
}

/**
 * Writes rendered reports into directories the workbench shares with its user (see
 * src/output/owned-dir.ts): each directory is locked against concurrent runs, what an interrupted
 * run left is finished or removed, every new file of every directory is staged in full before any
 * directory is committed, and only files the workbench wrote are ever replaced or removed. A copy of
 * the figures also goes under each report so its README and index can link them.
 */
export function writeReports(targets: ReportTarget[]): void {
  const dirs = new Map<string, Map<string, FileContent>>();
  for (const { rendered: r, reportDir, figureDir } of targets) {
    const files = new Map<string, FileContent>([...r.report, ...[...r.figures].map(([k, v]) => [`figures/${k}`, v] as [string, string | Buffer])]);
    // the explorer's detail chunks are made as they are written: they hold the release's raw texts
    if (r.explorerTexts) for (const [k, make] of explorerTextFiles(r.explorerTexts)) files.set(k, make);
    dirs.set(resolve(reportDir), files);
    if (resolve(figureDir) !== resolve(reportDir)) dirs.set(resolve(figureDir), r.figures);
  }
  const order = [...dirs.keys()].sort();
  const locks: Lock[] = [];
  try {
    for (const dir of order) {
      ensureDir(dir);
      locks.push(acquireLock(join(dir, LOCK_FILE), dir));
    }
    for (const dir of order) recover(dir);
    const staged: Staged[] = [];
    try {
      for (const dir of order) staged.push(stage(dir, dirs.get(dir)!));
    } catch (e) {
      for (const s of staged) discard(s);
      throw e;
    }
    for (const s of staged) commit(s);
  } finally {
    for (const l of locks.reverse()) l.release();
  }
}
