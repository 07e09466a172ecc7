import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

export interface CliResult {
  code: number | null;
  out: string;
  err: string;
  /** the signal that ended the process (SIGKILL when it outlived `timeoutMs`) */
  signal?: NodeJS.Signals | null;
}

const BIN = resolve(import.meta.dirname, '../../bin/workbench.js');

/**
 * Runs the compiled CLI (`node bin/workbench.js ARGS`) and collects its exit code and output; with
 * `timeoutMs`, a process still running then is killed (SIGKILL), for cases that used to hang.
 */
export function runCli(args: string[], opts: { nodeArgs?: string[]; cwd?: string; env?: Record<string, string>; timeoutMs?: number } = {}): Promise<CliResult> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), BIN, ...args], {
      cwd: opts.cwd,
      env: { ...process.env, ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const limit = opts.timeoutMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (err += s));
    child.on('error', fail);
    child.on('close', (code, signal) => {
      clearTimeout(limit);
      done({ code, out, err, signal });
    });
  });
}

/** Runs jobs with at most `n` at a time (2 shared cores: keep it small). */
export async function pool<T, R>(items: T[], n: number, job: (t: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await job(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
  return results;
}

/** A stack trace line as Node prints one. */
export const STACK_TRACE = /\n\s+at /;
