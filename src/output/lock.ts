import { closeSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { describeFsError, OutputError } from './fs-errors.js';

/** How long a run waits for another run's lock on the same output before giving up (seconds). */
const DEFAULT_LOCK_WAIT_S = 120;

export interface Lock {
  path: string;
  release(): void;
}

interface LockContent {
  pid: number;
  host: string;
}

function sleepMs(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Whether a process with this id runs on this machine (EPERM: it runs, as another user). */
function alive(pid: number): boolean {
  if (pid === process.pid) return false; // this process holds no lock yet: a leftover of a dead run whose pid was reused
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(path: string): LockContent | undefined {
  try {
    const v = JSON.parse(readFileSync(path, 'utf8')) as LockContent;
    return typeof v?.pid === 'number' ? v : { pid: -1, host: '' };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return { pid: -1, host: '' }; // half-written by a run killed at that moment
  }
}

/**
 * Takes an exclusive lock: a file created with O_EXCL holding this process's id. A lock left by a
 * killed run (its process is gone) is taken over; one held by a live run is waited for up to
 * `waitS` seconds, then refused with a message naming the other process.
 */
export function acquireLock(path: string, what: string, waitS = lockWaitSeconds()): Lock {
  const deadline = Date.now() + waitS * 1000;
  const mine: LockContent = { pid: process.pid, host: hostname() };
  for (;;) {
    try {
      const fd = openSync(path, 'wx');
      try {
        writeSync(fd, JSON.stringify(mine) + '\n');
      } finally {
        closeSync(fd);
      }
      return {
        path,
        release() {
          const now = readLock(path);
          if (now && now.pid === process.pid) unlinkSync(path);
        },
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new OutputError(`cannot create the lock ${path}: ${describeFsError(e)}`);
    }
    const held = readLock(path);
    if (held === undefined) continue; // released between our two calls
    if (held.host === mine.host && !alive(held.pid)) {
      // stale: move it aside (only one of several runs doing this succeeds) and try again
      const aside = `${path}.stale-${process.pid}`;
      try {
        renameSync(path, aside);
        const moved = readLock(aside);
        if (moved && moved.pid !== held.pid && alive(moved.pid))
          renameSync(aside, path); // a live run's lock, put back
        else unlinkSync(aside);
      } catch {
        // another run took it over first
      }
      continue;
    }
    if (Date.now() >= deadline) {
      throw new OutputError(
        `another workbench run (process ${held.pid}${held.host && held.host !== mine.host ? ` on ${held.host}` : ''}) is writing ${what}; waited ${waitS} s. Try again when it has finished (if no such process runs, remove ${path})`,
      );
    }
    sleepMs(50);
  }
}

/** WORKBENCH_LOCK_WAIT (seconds) overrides the default wait; anything else than a number is ignored. */
function lockWaitSeconds(): number {
  const v = Number(process.env.WORKBENCH_LOCK_WAIT);
  return process.env.WORKBENCH_LOCK_WAIT !== undefined && Number.isFinite(v) && v >= 0 ? v : DEFAULT_LOCK_WAIT_S;
}
