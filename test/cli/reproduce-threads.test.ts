/**
 * `reproduce` runs each benchmark in a worker thread of its own (cli/reproduce-threads.ts): what a
 * worker says comes out as if the benchmarks had run one after another, a refused release prints
 * exactly as `validate` prints it on the main thread, any other error keeps its message, and the
 * fault-injection preload of the reliability tests reaches the reads the workers make.
 */
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BENCHES } from '../../analysis/index.js';
import { BenchProgressLines, Progress } from '../../cli/progress.js';
import { BENCH_MODULES, BENCH_NAMES, sampleDir } from '../../cli/reproduce-bench.js';
import { runCli, STACK_TRACE } from '../reliability/run-cli.js';
import { editLine, rehash, tinyCubebench, tinyPawm, writeTiny } from '../reliability/tiny-releases.js';

const root = mkdtempSync(join(tmpdir(), 'wb-threads-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const FAULT = resolve(import.meta.dirname, '../reliability/fs-fault.cjs');

describe('the benchmarks the CLI loads one by one', () => {
  it('are those of analysis/index.ts, in its order, with its sample directories', async () => {
    expect([...BENCH_NAMES]).toEqual(BENCHES.map((b) => b.benchmark));
    for (const b of BENCHES) {
      expect(sampleDir(b.benchmark)).toBe(b.sampleDir);
      expect(await BENCH_MODULES[b.benchmark]()).toBe(b);
    }
  });
});

/** Progress off a terminal on a fake stream, and what else goes to stderr, in one list. */
function plain() {
  const out: string[] = [];
  const progress = new Progress({ isTTY: false, write: (c) => (out.push(`line ${String(c)}`), true) });
  const lines = new BenchProgressLines(progress, 3, 'final', (text) => out.push(`raw ${text}`));
  return { out, lines };
}

describe('BenchProgressLines off a terminal', () => {
  it('prints the first benchmark live and each later one after the ones before it, in order, whatever the interleaving', () => {
    const { out, lines } = plain();
    const [a, b, c] = [lines.bench(0), lines.bench(1), lines.bench(2)];
    b.step('b1');
    a.step('a1');
    c.step('c1');
    b.stderr('warning b\n');
    c.stepsDone();
    a.step('a2');
    expect(out).toEqual(['line a1\n', 'line a2\n']);
    b.step('b2');
    b.stepsDone();
    expect(out).toHaveLength(2);
    a.stderr('warning a\n');
    a.stepsDone();
    expect(out).toEqual(['line a1\n', 'line a2\n', 'raw warning a\n', 'line b1\n', 'raw warning b\n', 'line b2\n', 'line c1\n', 'line final\n']);
    // said after its last step, by a benchmark already printed: at once
    c.stderr('late\n');
    expect(out.at(-1)).toBe('raw late\n');
  });

  it('the same lines for another interleaving of the same benchmarks', () => {
    const { out, lines } = plain();
    const [a, b, c] = [lines.bench(0), lines.bench(1), lines.bench(2)];
    a.step('a1');
    a.step('a2');
    a.stderr('warning a\n');
    a.stepsDone();
    b.step('b1');
    c.step('c1');
    b.stderr('warning b\n');
    b.step('b2');
    c.stepsDone();
    b.stepsDone();
    expect(out).toEqual(['line a1\n', 'line a2\n', 'raw warning a\n', 'line b1\n', 'raw warning b\n', 'line b2\n', 'line c1\n', 'line final\n']);
  });

  it('a failure prints what the benchmarks up to the failed one said, then nothing', () => {
    const { out, lines } = plain();
    const [a, b, c] = [lines.bench(0), lines.bench(1), lines.bench(2)];
    a.step('a1');
    b.step('b1');
    c.step('c1');
    lines.failed(1);
    a.step('a2');
    expect(out).toEqual(['line a1\n', 'line b1\n']);
  });

  it('--quiet: no progress, but what a benchmark writes on stderr still prints, in order', () => {
    const out: string[] = [];
    const progress = new Progress({ isTTY: false, write: (c) => (out.push(`line ${String(c)}`), true) }, { quiet: true });
    const lines = new BenchProgressLines(progress, 2, 'final', (text) => out.push(`raw ${text}`));
    lines.bench(1).stderr('warning b\n');
    lines.bench(0).step('a1');
    lines.bench(0).stderr('warning a\n');
    lines.bench(0).stepsDone();
    lines.bench(1).stepsDone();
    expect(out).toEqual(['raw warning a\n', 'raw warning b\n']);
  });
});

describe('BenchProgressLines on a terminal', () => {
  it('the status line shows every running benchmark, in the benchmarks\' order; a finished one leaves it', () => {
    const chunks: string[] = [];
    const progress = new Progress({ isTTY: true, write: (c) => (chunks.push(String(c)), true) }, { now: () => 0 });
    const lines = new BenchProgressLines(progress, 2, 'final', (text) => chunks.push(text));
    lines.bench(1).step('b: loading');
    lines.bench(0).step('a: loading');
    lines.bench(0).detail('a: analysis 1 of 2');
    lines.finished(1);
    lines.bench(0).detail('a: analysis 2 of 2');
    progress.end();
    const CLEAR = '\r\u001b[K';
    expect(chunks).toEqual([`${CLEAR}[0s] b: loading`, `${CLEAR}[0s] a: loading | b: loading`, `${CLEAR}[0s] a: analysis 1 of 2 | b: loading`, `${CLEAR}[0s] a: analysis 2 of 2`, CLEAR]);
  });
});

describe('errors in a benchmark worker', () => {
  it('a refused release prints as `validate` prints it (main thread), with the same --json problems, exit 1, nothing written', async () => {
    const dir = join(root, 'broken-cube');
    writeTiny(dir, tinyCubebench());
    editLine(dir, 'episodes.jsonl', 2, (row) => ({ ...row, actions: 'U R' }));
    editLine(dir, 'tasks.jsonl', 1, (row) => ({ ...row, depth: -1 }));
    rehash(dir);
    const validated = await runCli(['validate', dir]);
    expect(validated.code).toBe(1);
    expect(validated.err).toMatch(/^release refused: \d+ problem\(s\)\n/);
    const out = join(root, 'broken-out');
    const r = await runCli(['reproduce', '--bench', 'cubebench', '--data', dir, '--out', out, '--resamples', '20', '--quiet', '--json']);
    expect(r.code).toBe(1);
    expect(r.err).toBe(validated.err);
    const json = JSON.parse(r.out);
    expect(json).toEqual({ ok: false, exit_code: 1, error: 'release refused', problems: validated.err.trimEnd().split('\n').slice(1) });
    expect(existsSync(out)).toBe(false);
  }, 60_000);

  it('any other error: its message, exit 1, no stack trace, nothing written', async () => {
    const dir = join(root, 'pawm');
    writeTiny(dir, tinyPawm());
    const out = join(root, 'labeler-out');
    const r = await runCli(['reproduce', '--bench', 'pawm', '--data', dir, '--out', out, '--resamples', '20', '--labeler', 'nobody', '--quiet']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^workbench: error: --labeler "nobody": no such labeler in guidance_labels\.jsonl \(labelers: /);
    expect(r.err).not.toMatch(STACK_TRACE);
    expect(existsSync(out)).toBe(false);
  }, 60_000);
});

describe('the fault preload (node --require) in a reproduce run', () => {
  it('reaches the reads of the benchmark worker: a permission error is a problem line; every listed file is read once', async () => {
    const dir = join(root, 'cube');
    writeTiny(dir, tinyCubebench());
    const denied = await runCli(['reproduce', '--bench', 'cubebench', '--data', dir, '--out', join(root, 'denied-out'), '--resamples', '20', '--quiet'], { nodeArgs: ['--require', FAULT], env: { WB_EACCES_SUFFIX: 'episodes.jsonl' } });
    expect(denied.code).toBe(1);
    expect(denied.err).toMatch(/^episodes\.jsonl: cannot read file \(EACCES: permission denied\)$/m);
    const log = join(root, 'reads.txt');
    const count = join(root, 'count.txt');
    const ok = await runCli(['reproduce', '--bench', 'cubebench', '--data', dir, '--out', join(root, 'reads-out'), '--resamples', '20', '--quiet'], { nodeArgs: ['--require', FAULT], env: { WB_READS_FILE: log, WB_COUNT_FILE: count } });
    expect(ok.code, ok.err).toBe(0);
    const reads = readFileSync(log, 'utf8').trim().split('\n').filter((p) => p.startsWith(dir + '/') && !p.endsWith('MANIFEST.json'));
    const manifest = JSON.parse(readFileSync(join(dir, 'MANIFEST.json'), 'utf8'));
    expect(reads.sort()).toEqual(Object.keys(manifest.files).map((f) => join(dir, f)).sort());
    // one count, the main thread's (it makes every write), not one per thread
    expect(readFileSync(count, 'utf8')).toMatch(/^[1-9]\d*\n$/);
  }, 60_000);
});
