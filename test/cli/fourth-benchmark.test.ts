/**
 * A fourth benchmark is one folder of analysis code, one schema module and one entry in the list of
 * benchmarks. The test benchmark "tiny" (test/fixtures/benchmark-tiny/: `analysis/`, `format.js`,
 * written as plain ESM over the compiled library) is registered here, in this process, by the
 * function analysis/index.ts registers the workbench's three with, and then goes through the
 * compiled CLI's main(argv): manifest, validate, schema and reproduce, with nothing else changed.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const DIST = resolve(import.meta.dirname, '../../dist');
const FIXTURE = resolve(import.meta.dirname, '../fixtures/benchmark-tiny');
const compiled = (path: string) => pathToFileURL(join(DIST, path)).href;
const { main } = (await import(compiled('cli/main.js'))) as typeof import('../../cli/main.js');
const { registerBenchmark, findBenchmark } = (await import(compiled('src/benchmark/registry.js'))) as typeof import('../../src/benchmark/registry.js');
const { reproduceBenches } = (await import(compiled('src/run/bench-threads.js'))) as typeof import('../../src/run/bench-threads.js');
const { RELEASE_FILES } = (await import(pathToFileURL(join(FIXTURE, 'format.js')).href)) as {
  RELEASE_FILES: import('../../src/format/release-files.js').ReleaseFiles;
};

// the benchmark's one entry in the list
registerBenchmark({ name: 'tiny', module: new URL('analysis/index.js', pathToFileURL(`${FIXTURE}/`)), release: RELEASE_FILES });

const root = mkdtempSync(join(tmpdir(), 'wb-fourth-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs main(argv) in this process: its exit code, and what it printed on stdout and stderr. */
async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const [log, error, write] = [console.log, console.error, process.stderr.write];
  console.log = (...a: unknown[]) => void out.push(`${a.join(' ')}\n`);
  console.error = (...a: unknown[]) => void err.push(`${a.join(' ')}\n`);
  process.stderr.write = ((chunk: string | Uint8Array) => (err.push(String(chunk)), true)) as typeof process.stderr.write;
  try {
    const code = await main(argv);
    return { code, out: out.join(''), err: err.join('') };
  } finally {
    [console.log, console.error, process.stderr.write] = [log, error, write];
  }
}

/** The tiny release: its data files as the fixture has them, and the manifest `workbench manifest` writes. */
async function release(name: string): Promise<string> {
  const dir = join(root, name);
  cpSync(join(FIXTURE, 'release'), dir, { recursive: true });
  const r = await cli('manifest', dir, '--bench', 'tiny', '--version', '1', '--synthetic', 'true', '--description', 'a test benchmark');
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  return dir;
}

describe('a fourth benchmark, registered in process', () => {
  it('is one of the benchmarks the help lists and --bench takes', async () => {
    const r = await cli('--help');
    expect(r.out).toContain('[--bench globebench|pawm|cubebench|tiny|all]');
    expect(r.out).toContain('Benchmarks: globebench, pawm, cubebench, tiny');
    expect((await cli('schema', '--help')).out).toContain('--bench NAME   globebench | pawm | cubebench | tiny');
  });

  it('manifest: writes the manifest of its release from its declared files, checks it, refuses a file it does not declare', async () => {
    const dir = await release('manifest');
    const manifest = JSON.parse(readFileSync(join(dir, 'MANIFEST.json'), 'utf8'));
    expect(manifest.benchmark).toBe('tiny');
    expect(Object.keys(manifest.files)).toEqual(['runs/alpha.jsonl', 'runs/beta.jsonl', 'tasks.jsonl']);
    expect(Object.values(manifest.files).map((f) => (f as { rows: number }).rows)).toEqual([4, 4, 4]);
    expect(await cli('manifest', dir, '--check')).toMatchObject({ code: 0, err: '' });
    writeFileSync(join(dir, 'notes.jsonl'), '{}\n');
    const refused = await cli('manifest', dir, '--force');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('notes.jsonl: not a file of a tiny release (expected tasks, runs/<agent>, as .jsonl, .jsonl.gz, .parquet or .parquet.gz)');
  });

  it('validate: loads it with its own loader and prints its summary; a broken row is refused as file:line: field: message', async () => {
    const dir = await release('validate');
    expect(await cli('validate', dir)).toEqual({ code: 0, out: `${dir}: valid tiny release\n  tasks.jsonl: 4 tasks\n  runs/: 8 runs of 2 agents\n`, err: '' });
    const before = readFileSync(join(dir, 'MANIFEST.json'), 'utf8');
    writeFileSync(join(dir, 'runs/beta.jsonl'), readFileSync(join(dir, 'runs/beta.jsonl'), 'utf8').replace('"task_id":"t2"', '"task_id":"t9"'));
    // its loader refuses the release: manifest keeps the manifest it had
    const forced = await cli('manifest', dir, '--force');
    expect(forced.code).toBe(1);
    expect(forced.err).toBe('release refused: 1 problem(s)\nruns/beta.jsonl:2: task_id: no task "t9" in tasks.jsonl\n');
    expect(readFileSync(join(dir, 'MANIFEST.json'), 'utf8')).toBe(before);
    const r = await cli('validate', dir);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      /^release refused: 2 problem\(s\)\nruns\/beta\.jsonl: sha256 mismatch: .*\nruns\/beta\.jsonl:2: task_id: no task "t9" in tasks\.jsonl\n$/,
    );
  });

  it('schema: the JSON Schemas of its declared files, and a manifest that may name it', async () => {
    const r = await cli('schema', '--bench', 'tiny');
    expect(r.code).toBe(0);
    const s = JSON.parse(r.out);
    expect(Object.keys(s.files)).toEqual(['MANIFEST.json', 'tasks.jsonl', 'runs/<agent>.jsonl']);
    expect(s.files['MANIFEST.json'].properties.benchmark.enum).toEqual(['globebench', 'pawm', 'cubebench', 'tiny']);
    expect(s.files['runs/<agent>.jsonl'].required).toEqual(['task_id', 'agent', 'success']);
    expect(s.files['tasks.jsonl'].properties.level.enum).toEqual(['easy', 'hard']);
  });

  it('reproduce: its table, its figure and its scorecard, the published number beside the recomputed one', async () => {
    const dir = await release('reproduce');
    const out = join(root, 'out');
    const r = await cli('reproduce', '--bench', 'tiny', '--data', dir, '--out', out, '--resamples', '200', '--quiet', '--json');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.out);
    expect(summary.benchmarks.map((b: { benchmark: string; tables: number; figures: number }) => [b.benchmark, b.tables, b.figures])).toEqual([['tiny', 1, 1]]);
    const table = JSON.parse(readFileSync(join(out, 'tiny/success.json'), 'utf8'));
    // alpha solved 3 of its 4 tasks, beta 1 of 4 (the fixture's rows, counted by hand)
    expect(table.rows.map((row: Record<string, unknown>) => [row.agent, row.runs, row.passed, row.success, row.paper])).toEqual([
      ['alpha', 4, 3, 0.75, 0.75],
      ['beta', 4, 1, 0.25, null],
    ]);
    const scorecard = JSON.parse(readFileSync(join(out, 'tiny/summary.json'), 'utf8'));
    expect(scorecard).toHaveLength(1);
    expect(scorecard[0]).toMatchObject({ id: 'success/alpha', paper: 0.75, recomputed: 0.75, within_rounding: true, verdict: 'within rounding' });
    for (const f of ['success.csv', 'success.md', 'success.html', 'success.tex', 'index.html', 'README.md'])
      expect(existsSync(join(out, 'tiny', f)), f).toBe(true);
    expect(readdirSync(join(out, 'tiny/figures')).sort()).toEqual(['fig-success.pdf', 'fig-success.png', 'fig-success.svg', 'fig-success.vl.json']);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('<a href="tiny/index.html">tiny</a>');
  });

  it('a worker thread, which starts with an empty list, finds its module by the URL of its entry', async () => {
    const dir = await release('threads');
    const entry = findBenchmark('tiny')!;
    const job = { benchmark: 'tiny', module: entry.module.href, cpuSeconds: 1, dataDir: dir, opts: { seed: 1, resamples: 20 }, figureWidth: 'screen' as const };
    const silent = { bench: () => ({ step() {}, detail() {}, stepsDone() {}, stderr() {} }), finished() {}, failed() {} };
    // two jobs: each in a worker thread of its own
    const [a, b] = await reproduceBenches([job, job], silent);
    expect([a.tables, a.figures]).toEqual([1, 1]);
    expect(b.rendered.report).toEqual(a.rendered.report);
    expect(JSON.parse(String(a.rendered.report.get('success.json'))).rows[0].passed).toBe(3);
  });
});
