/**
 * `reproduce` runs each benchmark in a worker thread of its own (src/run/bench-threads.ts): what a
 * worker says comes out as if the benchmarks had run one after another, a refused release prints
 * exactly as `validate` prints it on the main thread, any other error keeps its message, and the
 * fault-injection preload of the reliability tests reaches the reads the workers make.
 */
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BenchProgressLines, Progress } from '../../cli/progress.js';
import { beyondProgress } from '../helpers/progress.js';
import { runCli, STACK_TRACE } from '../reliability/run-cli.js';
import { editLine, rehash, tinyCubebench, tinyPawm, writeTiny } from '../reliability/tiny-releases.js';

const root = mkdtempSync(join(tmpdir(), 'wb-threads-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const FAULT = resolve(import.meta.dirname, '../reliability/fs-fault.cjs');

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
  it("the status line shows every running benchmark, in the benchmarks' order; a finished one leaves it", () => {
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
    expect(chunks).toEqual([
      `${CLEAR}[0s] b: loading`,
      `${CLEAR}[0s] a: loading | b: loading`,
      `${CLEAR}[0s] a: analysis 1 of 2 | b: loading`,
      `${CLEAR}[0s] a: analysis 2 of 2`,
      CLEAR,
    ]);
  });
});

/** The compiled modules (a worker thread runs only from dist/; `npm run build` comes first). */
const DIST = resolve(import.meta.dirname, '../../dist');
type Threads = typeof import('../../src/run/bench-threads.js');
type Problems = typeof import('../../src/release/io/problems.js');
const threads = () => import(join(DIST, 'src/run/bench-threads.js')) as Promise<Threads>;
const problems = () => import(join(DIST, 'src/release/io/problems.js')) as Promise<Problems>;
const silent = { bench: () => ({ step() {}, detail() {}, stepsDone() {}, stderr() {} }), finished() {}, failed() {} };
type Registry = typeof import('../../src/benchmark/registry.js');
// the list of benchmarks as the compiled CLI has it: a job names its benchmark's compiled module
await import(join(DIST, 'analysis/index.js'));
const { findBenchmark } = (await import(join(DIST, 'src/benchmark/registry.js'))) as Registry;
const job = (benchmark: 'cubebench' | 'pawm', dataDir: string, labeler?: string) => {
  const entry = findBenchmark(benchmark)!;
  return {
    benchmark,
    module: entry.module.href,
    cpuSeconds: entry.cpuSeconds ?? 1,
    dataDir,
    opts: { resamples: 20, seed: 1, ...(labeler ? { labeler } : {}) },
    figureWidth: 'screen' as const,
  };
};

/** A tiny CubeBench release the loader refuses (its first task has depth -1), written at `dir`. */
function refusedCube(dir: string): string {
  writeTiny(dir, tinyCubebench());
  editLine(dir, 'tasks.jsonl', 1, (row) => ({ ...row, depth: -1 }));
  rehash(dir);
  return dir;
}

/** The problems `validate` printed, one per line, without its first line. */
const problemLines = (validated: { err: string }): string[] => validated.err.trimEnd().split('\n').slice(1);

describe('errors in a benchmark worker', () => {
  it('a refused release comes back as a ReleaseError with its problems, as `validate` lists them on the main thread', async () => {
    const dir = join(root, 'broken-cube');
    writeTiny(dir, tinyCubebench());
    editLine(dir, 'episodes.jsonl', 2, (row) => ({ ...row, actions: 'U R' }));
    editLine(dir, 'tasks.jsonl', 1, (row) => ({ ...row, depth: -1 }));
    rehash(dir);
    const pawm = join(root, 'pawm-ok');
    writeTiny(pawm, tinyPawm());
    const validated = await runCli(['validate', dir]);
    expect(validated.code).toBe(1);
    expect(validated.err).toMatch(/^release refused: \d+ problem\(s\)\n/);
    const { reproduceBenches } = await threads();
    const { ReleaseError, formatProblems } = await problems();
    const e = await reproduceBenches([job('pawm', pawm), job('cubebench', dir)], silent).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ReleaseError);
    expect(formatProblems((e as InstanceType<typeof ReleaseError>).problems)).toEqual(problemLines(validated));
    // and from the CLI (one benchmark: in its thread), the same stderr and --json problems
    const out = join(root, 'broken-out');
    const r = await runCli(['reproduce', '--bench', 'cubebench', '--data', dir, '--out', out, '--resamples', '20', '--quiet', '--json']);
    expect(r.code).toBe(1);
    expect(r.err).toBe(validated.err);
    expect(JSON.parse(r.out)).toEqual({ ok: false, exit_code: 1, error: 'release refused', problems: problemLines(validated) });
    expect(existsSync(out)).toBe(false);
  }, 120_000);

  it("two refused releases: the error is always that of the first in the jobs' order, whichever worker fails first", async () => {
    const cube = refusedCube(join(root, 'refused-cube'));
    const pawm = join(root, 'refused-pawm');
    writeTiny(pawm, tinyPawm());
    editLine(pawm, 'episodes.jsonl', 1, (row) => ({ ...row, success: 'yes' }));
    rehash(pawm);
    const [pawmValidated, cubeValidated] = [await runCli(['validate', pawm]), await runCli(['validate', cube])];
    expect([pawmValidated.code, cubeValidated.code]).toEqual([1, 1]);
    const { reproduceBenches } = await threads();
    const { formatProblems } = await problems();
    const said = async (jobs: ReturnType<typeof job>[]) =>
      formatProblems(((await reproduceBenches(jobs, silent).catch((x: unknown) => x)) as InstanceType<Problems['ReleaseError']>).problems);
    // the tiny CubeBench release is refused sooner than PAWM's; PAWM is first in the jobs' order
    for (let run = 0; run < 3; run++) {
      expect(await said([job('pawm', pawm), job('cubebench', cube)])).toEqual(problemLines(pawmValidated));
      expect(await said([job('cubebench', cube), job('pawm', pawm)])).toEqual(problemLines(cubeValidated));
    }
  }, 240_000);

  it("a worker that has built a benchmark takes the next one while the first one's figures are drawn: the reports are those of one benchmark alone, and a failure of the next one lets the first finish", async () => {
    const tiny = join(root, 'tiny-cube-next');
    writeTiny(tiny, tinyCubebench());
    const refused = refusedCube(join(root, 'refused-cube-next'));
    const { reproduceBenches } = await threads();
    const { formatProblems } = await problems();
    const cubeValidated = await runCli(['validate', refused]);
    // three jobs on two workers: the third goes to the first worker to finish its steps
    const events: string[] = [];
    const watching = {
      bench: (i: number) => ({ step() {}, detail() {}, stepsDone: () => events.push(`built ${i}`), stderr() {} }),
      finished: (i: number) => events.push(`finished ${i}`),
      failed: (i: number) => events.push(`failed ${i}`),
    };
    const alone = (await reproduceBenches([job('cubebench', tiny)], silent))[0];
    const all = await reproduceBenches([job('cubebench', tiny), job('cubebench', 'data/cubebench'), job('cubebench', tiny)], watching);
    for (const i of [0, 2]) {
      expect([...all[i].rendered.figures.keys()]).toEqual([...alone.rendered.figures.keys()]);
      for (const [name, bytes] of alone.rendered.figures) expect(Buffer.from(all[i].rendered.figures.get(name)!).equals(Buffer.from(bytes)), name).toBe(true);
      expect(all[i].rendered.report).toEqual(alone.rendered.report);
    }
    expect(events.filter((e) => e.startsWith('finished')).sort()).toEqual(['finished 0', 'finished 1', 'finished 2']);
    // the refused third job fails while the first worker may still hold the first: both before it finish, and its error is said
    events.length = 0;
    const e = await reproduceBenches([job('cubebench', tiny), job('cubebench', 'data/cubebench'), job('cubebench', refused)], watching).catch(
      (x: unknown) => x,
    );
    expect(formatProblems((e as InstanceType<Problems['ReleaseError']>).problems)).toEqual(problemLines(cubeValidated));
    expect(events.filter((x) => !x.startsWith('built')).sort()).toEqual(['failed 2', 'finished 0', 'finished 1']);
  }, 240_000);

  it('any other error keeps its message; the CLI prints it with exit 1, no stack trace, nothing written', async () => {
    const dir = join(root, 'pawm');
    writeTiny(dir, tinyPawm());
    const cube = join(root, 'cube-ok');
    writeTiny(cube, tinyCubebench());
    const { reproduceBenches } = await threads();
    const e = await reproduceBenches([job('pawm', dir, 'nobody'), job('cubebench', cube)], silent).catch((x: unknown) => x);
    expect((e as Error).message).toMatch(/^--labeler "nobody": no such labeler in guidance_labels\.jsonl \(labelers: /);
    const out = join(root, 'labeler-out');
    const r = await runCli(['reproduce', '--bench', 'pawm', '--data', dir, '--out', out, '--resamples', '20', '--labeler', 'nobody', '--quiet']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^workbench: error: --labeler "nobody": no such labeler in guidance_labels\.jsonl \(labelers: /);
    expect(r.err).not.toMatch(STACK_TRACE);
    expect(existsSync(out)).toBe(false);
  }, 120_000);
});

describe('the fault preload (node --require) in `reproduce --bench all` (a worker thread per benchmark)', () => {
  const data = resolve(import.meta.dirname, '../../data');
  it('reaches the reads of the workers: a permission error is a problem line and stops the run, nothing written', async () => {
    const out = join(root, 'denied-out');
    const r = await runCli(['reproduce', '--out', out, '--resamples', '20', '--quiet'], {
      nodeArgs: ['--require', FAULT],
      env: { WB_EACCES_SUFFIX: 'pawm/steps.jsonl.gz' },
    });
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^release refused: \d+ problem\(s\)\n/);
    expect(r.err).toMatch(/^steps\.jsonl\.gz: cannot read file \(EACCES: permission denied\)$/m);
    expect(r.err).not.toMatch(STACK_TRACE);
    expect(existsSync(out)).toBe(false);
  }, 240_000);

  it('the progress lines are those of one benchmark after another, the same on a second run', async () => {
    const out = join(root, 'progress-out');
    const r = await runCli(['reproduce', '--out', out, '--resamples', '20']);
    expect(r.code, r.err).toBe(0);
    // the benchmarks overlap, and their lines come out as if one had run after another
    expect(beyondProgress(r.err)).toEqual([]);
    const lines = r.err.trimEnd().split('\n');
    const steps = (b: string) => [
      `${b}: loading ${join(data, b)}`,
      `${b}: deriving`,
      expect.stringMatching(new RegExp(`^${b}: \\d+ analyses$`)),
      expect.stringMatching(new RegExp(`^${b}: rendering \\d+ tables and \\d+ figures$`)),
    ];
    expect(lines.slice(0, 14)).toEqual([
      ...steps('globebench'),
      ...steps('pawm'),
      ...steps('cubebench'),
      `finishing the figures' PNG and PDF files`,
      `writing ${out}`,
    ]);
    expect(lines.at(-1)).toBe(`open ${join(out, 'index.html')}`);
    // two runs print the same (the progress, and the warning that 20 resamples are too few)
    expect((await runCli(['reproduce', '--out', out, '--resamples', '20'])).err.trimEnd().split('\n')).toEqual(lines);
  }, 240_000);
});
