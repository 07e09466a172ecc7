/**
 * A failure anywhere in a `reproduce` run ends the process, run as a person would (the real CLI
 * with a time limit): a benchmark's thread, the figure thread, the PDF converter process, or a
 * message between threads that cannot be cloned. Each case exits 1 within the limit, says the
 * failure's own message on stderr and in the `--json` error document, writes nothing, and leaves
 * nothing holding the process open (bin/workbench.js says so under WORKBENCH_DEBUG when it has to
 * end a process that something still held).
 *
 * Failures are injected by the test hook WORKBENCH_TEST_FAULT (read once in each of
 * src/run/bench-worker.ts, src/run/figure-worker.ts and pdf-process.ts), by the preload
 * clone-fault.cjs, or from outside (the converter process killed).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tinyCubebench, writeTiny } from './tiny-releases.js';

const root = mkdtempSync(join(tmpdir(), 'wb-threads-fail-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const BIN = resolve(import.meta.dirname, '../../bin/workbench.js');
const CLONE_FAULT = resolve(import.meta.dirname, 'clone-fault.cjs');
const release = join(root, 'release');
writeTiny(release, tinyCubebench());

/** A hung run is killed at this limit (a run of all three samples takes ~10 s on a busy 2-core machine). */
const LIMIT_MS = 90_000;
const HELD_OPEN = /still held open/;

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  out: string;
  err: string;
}

/**
 * Runs the CLI, killed with SIGKILL if it has not ended within LIMIT_MS; `whileRunning` is called
 * with its process id as soon as it runs.
 */
function runWithin(args: string[], opts: { env?: Record<string, string>; nodeArgs?: string[]; whileRunning?: (pid: number) => void } = {}): Promise<Run> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), BIN, ...args], {
      env: { ...process.env, WORKBENCH_DEBUG: '1', ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (err += s));
    const limit = setTimeout(() => child.kill('SIGKILL'), LIMIT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(limit);
      done({ code, signal, out, err });
    });
    opts.whileRunning?.(child.pid!);
  });
}

/** What a failed run must show: exit 1 (not killed at the limit), the message on stderr and in --json, nothing held open. */
function expectFailed(r: Run, message: RegExp, out: string): void {
  expect(r.signal, `killed at the ${LIMIT_MS / 1000} s limit: the process never ended\n${r.err}`).toBeNull();
  expect(r.code, r.err).toBe(1);
  expect(r.err).toMatch(new RegExp(`workbench: error: .*${message.source}`));
  const doc = JSON.parse(r.out);
  expect(doc).toMatchObject({ ok: false, exit_code: 1 });
  expect(doc.error).toMatch(message);
  expect(r.err).not.toMatch(HELD_OPEN);
  // nothing is written when a run fails
  expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
}

const single = (out: string) => ['reproduce', '--bench', 'cubebench', '--data', release, '--out', out, '--resamples', '20', '--json'];
const all = (out: string) => ['reproduce', '--bench', 'all', '--out', out, '--resamples', '20', '--json'];

describe('a figure that cannot be cloned to the figure thread', () => {
  // (the known case: "function Object() { [native code] } could not be cloned", then the process idle until killed)
  it(
    'one benchmark (figures asked from the main thread): exit 1 with the message, nothing held open',
    async () => {
      const out = join(root, 'clone-single');
      expectFailed(await runWithin(single(out), { nodeArgs: ['--require', CLONE_FAULT] }), /could not be cloned/, out);
    },
    LIMIT_MS + 10_000,
  );

  it(
    "all benchmarks (figures asked from the benchmarks' threads): exit 1 with the message, nothing held open",
    async () => {
      const out = join(root, 'clone-all');
      expectFailed(await runWithin(all(out), { nodeArgs: ['--require', CLONE_FAULT] }), /could not be cloned/, out);
    },
    LIMIT_MS + 10_000,
  );
});

describe('a thread that fails', () => {
  it(
    'a benchmark\'s thread, with an error no job catches (a message that cannot be cloned): exit 1 with its message, not "[object Object]"',
    async () => {
      const out = join(root, 'bench-thread');
      const r = await runWithin(all(out), { env: { WORKBENCH_TEST_FAULT: 'benchmark-thread' } });
      expectFailed(r, /function Object\(\) \{ \[native code\] \} could not be cloned/, out);
    },
    LIMIT_MS + 10_000,
  );

  it(
    'the figure thread of a run of all benchmarks: exit 1 with its own message',
    async () => {
      const out = join(root, 'figure-thread-all');
      expectFailed(
        await runWithin(all(out), { env: { WORKBENCH_TEST_FAULT: 'figure-thread' } }),
        /the figure thread failed: test fault: the figure thread failed/,
        out,
      );
    },
    LIMIT_MS + 10_000,
  );

  it(
    'the figure thread of a run of one benchmark: exit 1 with its own message',
    async () => {
      const out = join(root, 'figure-thread-single');
      expectFailed(
        await runWithin(single(out), { env: { WORKBENCH_TEST_FAULT: 'figure-thread' } }),
        /the figure thread failed: test fault: the figure thread failed/,
        out,
      );
    },
    LIMIT_MS + 10_000,
  );
});

describe('the PDF converter process', () => {
  it(
    'failing: exit 1 with what it said last',
    async () => {
      const out = join(root, 'pdf-fails');
      const r = await runWithin(all(out), { env: { WORKBENCH_TEST_FAULT: 'pdf-process' } });
      expectFailed(r, /the PDF converter process stopped \(exit 1\): test fault: the PDF converter process failed/, out);
    },
    LIMIT_MS + 10_000,
  );

  it(
    'killed (SIGKILL) as soon as it runs: exit 1 naming it',
    async () => {
      const out = join(root, 'pdf-killed');
      let killed = false;
      const r = await runWithin(all(out), {
        whileRunning: (pid) => {
          const poll = setInterval(() => {
            const converter = childrenOf(pid).find((c) => c.cmdline.includes('pdf-process.js'));
            if (converter === undefined) return;
            process.kill(converter.pid, 'SIGKILL');
            killed = true;
            clearInterval(poll);
          }, 10);
          setTimeout(() => clearInterval(poll), LIMIT_MS);
        },
      });
      expect(killed).toBe(true);
      expectFailed(r, /the PDF converter process stopped \(exit SIGKILL\)/, out);
    },
    LIMIT_MS + 10_000,
  );
});

/** The processes whose parent is pid, from /proc. */
function childrenOf(pid: number): { pid: number; cmdline: string }[] {
  const out: { pid: number; cmdline: string }[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // the parent's id is the 4th field, after the command name in parentheses (which may hold spaces)
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== pid) continue;
      out.push({ pid: Number(name), cmdline: readFileSync(`/proc/${name}/cmdline`, 'utf8') });
    } catch {
      // it ended meanwhile
    }
  }
  return out;
}
