/**
 * Output safety, run as a person would: the real CLI on temporary directories. The workbench writes
 * only inside the directories it owns, replaces or removes only files it wrote (a user's files beside
 * the reports survive every rerun), never writes into a release, replaces old output by new so that
 * a SIGKILL at any moment leaves a complete output (finished or cleaned by the next run), and
 * serialises concurrent runs on one output directory with a lock.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editLine, tinyCubebench, writeTiny } from './tiny-releases.js';
import { runCli, STACK_TRACE, type CliResult } from './run-cli.js';
import { spawn } from 'node:child_process';
import { beyondProgress } from '../helpers/progress.js';

const root = mkdtempSync(join(tmpdir(), 'wb-outsafe-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const FAULT = resolve(import.meta.dirname, 'fs-fault.cjs');
const BIN = resolve(import.meta.dirname, '../../bin/workbench.js');

/** Every file under dir (relative, '/'), with its sha256; directories as 'dir'. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!existsSync(dir)) return out;
  for (const e of readdirSync(dir, { recursive: true }).map(String).sort()) {
    const p = join(dir, e);
    out[e.split(sep).join('/')] = statSync(p).isDirectory() ? 'dir' : createHash('sha256').update(readFileSync(p)).digest('hex');
  }
  return out;
}

/** Names an interrupted or concurrent run could leave behind. */
const LEFTOVER = /(^|\/)\.workbench-(staging|commit)|\.tmp-|\.workbench\.lock|\.workbench-(new|old|lock)/;
const leftovers = (snap: Record<string, string>) => Object.keys(snap).filter((f) => LEFTOVER.test(f));

const release = join(root, 'release');
const reproduce = (out: string, seed: number, extra: string[] = [], opts: Parameters<typeof runCli>[1] = {}) =>
  runCli(['reproduce', '--bench', 'cubebench', '--data', release, '--out', out, '--resamples', '20', '--seed', String(seed), ...extra], opts);

/** The output of a clean run with a seed, as a snapshot of OUT/cubebench. */
const clean: Record<number, Record<string, string>> = {};

beforeAll(async () => {
  writeTiny(release, tinyCubebench());
  for (const seed of [1, 2]) {
    const out = join(root, `clean-${seed}`);
    const r = await reproduce(out, seed);
    expect(beyondProgress(r.err)).toEqual([]);
    clean[seed] = snapshot(join(out, 'cubebench'));
  }
  expect(clean[1]).not.toEqual(clean[2]); // the seed shows in the provenance, so the two runs differ
}, 120_000);

describe("a user's files beside the reports", () => {
  it("survive every rerun (OUT/<bench> and a figure folder given as --figures), and the workbench's own files are replaced", async () => {
    const out = join(root, 'beside');
    const figs = join(root, 'paper-figures');
    mkdirSync(join(out, 'cubebench', 'my-notes'), { recursive: true });
    writeFileSync(join(out, 'cubebench', 'notes.md'), 'what I saw\n');
    writeFileSync(join(out, 'cubebench', 'my-notes', 'a.txt'), 'a\n');
    mkdirSync(join(figs, 'cubebench'), { recursive: true });
    writeFileSync(join(figs, 'cubebench', 'paper-figure-3.png'), 'not really a png');
    writeFileSync(join(figs, 'keep.txt'), 'keep');
    for (const seed of [1, 2, 1]) {
      const r = await reproduce(out, seed, ['--figures', figs]);
      expect(beyondProgress(r.err)).toEqual([]);
      expect(r.code).toBe(0);
      expect(readFileSync(join(out, 'cubebench', 'notes.md'), 'utf8')).toBe('what I saw\n');
      expect(readFileSync(join(out, 'cubebench', 'my-notes', 'a.txt'), 'utf8')).toBe('a\n');
      expect(readFileSync(join(figs, 'cubebench', 'paper-figure-3.png'), 'utf8')).toBe('not really a png');
      expect(readFileSync(join(figs, 'keep.txt'), 'utf8')).toBe('keep');
      const snap = snapshot(join(out, 'cubebench'));
      expect(snap['audit.json']).toBe(clean[seed]['audit.json']);
      expect(leftovers(snap)).toEqual([]);
    }
  }, 60_000);

  it("a file of the user's where an output goes is refused, not overwritten, and nothing is written", async () => {
    const out = join(root, 'clash');
    mkdirSync(join(out, 'cubebench'), { recursive: true });
    writeFileSync(join(out, 'cubebench', 'audit.md'), 'my own audit\n');
    const before = snapshot(out);
    const r = await reproduce(out, 1);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/refusing to overwrite 1 file\(s\).*\n.*audit\.md/);
    expect(r.err).not.toMatch(STACK_TRACE);
    expect(snapshot(out)).toEqual(before);
  }, 30_000);

  it('an output the user changed since is not overwritten; one the new run no longer writes is removed only while unchanged', async () => {
    const out = join(root, 'changed');
    expect((await reproduce(out, 1)).code).toBe(0);
    const dir = join(out, 'cubebench');
    // pretend an earlier run also wrote two files that this run does not write
    const record = JSON.parse(readFileSync(join(dir, '.workbench-output.json'), 'utf8'));
    writeFileSync(join(dir, 'gone.md'), 'old output\n');
    writeFileSync(join(dir, 'edited.md'), 'old output, then edited\n');
    record.files['gone.md'] = createHash('sha256').update('old output\n').digest('hex');
    record.files['edited.md'] = createHash('sha256').update('old output\n').digest('hex');
    writeFileSync(join(dir, '.workbench-output.json'), JSON.stringify(record));
    expect((await reproduce(out, 2)).code).toBe(0);
    expect(existsSync(join(dir, 'gone.md'))).toBe(false);
    expect(readFileSync(join(dir, 'edited.md'), 'utf8')).toBe('old output, then edited\n');

    writeFileSync(join(dir, 'exp1.md'), 'I edited the report\n');
    const r = await reproduce(out, 1);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/exp1\.md \(changed since the workbench wrote it\)/);
    expect(readFileSync(join(dir, 'exp1.md'), 'utf8')).toBe('I edited the report\n');
  }, 60_000);
});

describe('the release is never an output', () => {
  const cases: [string, (d: string) => string[]][] = [
    ['--out equal to --data', (d) => ['--out', d]],
    ['--out containing --data', (d) => ['--out', join(d, '..')]],
    ['--out inside --data', (d) => ['--out', join(d, 'reports')]],
    ['--figures equal to --data', (d) => ['--out', join(root, 'elsewhere'), '--figures', d]],
    ['--figures inside --data', (d) => ['--out', join(root, 'elsewhere'), '--figures', join(d, 'figs')]],
    ['--out given through a symbolic link to --data', () => ['--out', join(root, 'link-to-release')]],
  ];
  beforeAll(() => symlinkSync(release, join(root, 'link-to-release')));
  for (const [name, args] of cases) {
    it(`${name} is refused before anything is read or written`, async () => {
      const before = snapshot(root);
      const r = await runCli(['reproduce', '--bench', 'cubebench', '--data', release, '--resamples', '20', ...args(release)]);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/the release directory .* choose an output directory outside it/);
      expect(snapshot(root)).toEqual(before);
      expect((await runCli(['validate', release])).code).toBe(0);
    }, 30_000);
  }

  // a directory the workbench makes under --out or --figures that is a link to the release
  const linked: [string, (d: string) => { link: string; args: string[] }][] = [
    ['OUT/cubebench', (d) => ({ link: join(d, 'cubebench'), args: ['--out', d] })],
    ["OUT/cubebench/figures (where the report's copy of the figures goes)", (d) => ({ link: join(d, 'cubebench', 'figures'), args: ['--out', d] })],
    ['FIGURES/cubebench', (d) => ({ link: join(d, 'figs', 'cubebench'), args: ['--out', join(d, 'reports'), '--figures', join(d, 'figs')] })],
  ];
  for (const [name, setup] of linked) {
    it(`${name} as a symbolic link to --data is refused, and neither the release nor the output directory changes`, async () => {
      const dir = mkdtempSync(join(root, 'linked-'));
      const { link, args } = setup(dir);
      mkdirSync(join(link, '..'), { recursive: true });
      symlinkSync(release, link);
      const [rel, out] = [snapshot(release), snapshot(dir)];
      const r = await runCli(['reproduce', '--bench', 'cubebench', '--data', release, '--resamples', '20', ...args]);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/is the release directory .* once symbolic links are followed .* choose an output directory outside it/);
      expect(r.err).not.toMatch(STACK_TRACE);
      expect(snapshot(release)).toEqual(rel);
      expect(snapshot(dir)).toEqual(out);
      expect((await runCli(['validate', release])).code).toBe(0);
    }, 30_000);
  }

  it('OUT/pawm as a symbolic link to the bundled sample is refused (reproduce --bench all), the sample unchanged', async () => {
    const data = resolve(import.meta.dirname, '../../data/pawm');
    const dir = mkdtempSync(join(root, 'linked-sample-'));
    symlinkSync(data, join(dir, 'pawm'));
    const before = snapshot(data);
    const r = await runCli(['reproduce', '--out', dir, '--resamples', '20']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /pawm" \(where the workbench writes pawm's reports, under --out\) is the release directory .*data\/pawm" \(the bundled sample\) once symbolic links are followed/,
    );
    expect(snapshot(data)).toEqual(before);
    expect(readdirSync(dir)).toEqual(['pawm']);
  }, 30_000);

  it('--out of the directory holding the bundled samples is refused too (reproduce --bench all)', async () => {
    const r = await runCli(['reproduce', '--out', resolve(import.meta.dirname, '../../data')]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/is the release directory|contains the release directory/);
  }, 30_000);
});

describe('empty paths', () => {
  const cwd = join(root, 'cwd');
  beforeAll(() => mkdirSync(cwd));
  const cases: [string, string[]][] = [
    ['reproduce --out ""', ['reproduce', '--bench', 'cubebench', '--data', release, '--out', '']],
    ['reproduce --figures ""', ['reproduce', '--bench', 'cubebench', '--data', release, '--out', join(root, 'e'), '--figures', '']],
    ['reproduce --data ""', ['reproduce', '--bench', 'cubebench', '--data', '', '--out', join(root, 'e')]],
    ['generate --out ""', ['generate', '--bench', 'cubebench', '--out', '']],
    ['validate ""', ['validate', '']],
  ];
  for (const [name, args] of cases) {
    it(`${name} is a usage error and writes nothing`, async () => {
      writeFileSync(join(cwd, 'mine.txt'), 'mine');
      const r = await runCli(args, { cwd });
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/is empty; give a directory/);
      expect(snapshot(cwd)).toEqual({ 'mine.txt': createHash('sha256').update('mine').digest('hex') });
      expect(existsSync(join(root, 'e'))).toBe(false);
    }, 30_000);
  }
});

describe('generate', () => {
  it('refuses a non-empty directory that is not a release it generated, and leaves it as it was', async () => {
    const dir = join(root, 'gen-user');
    mkdirSync(dir);
    writeFileSync(join(dir, 'thesis.tex'), '\\documentclass{article}');
    const r = await runCli(['generate', '--bench', 'cubebench', '--out', dir]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/refusing to write a release into .*gen-user: it is not empty/);
    expect(snapshot(dir)).toEqual({ 'thesis.tex': createHash('sha256').update('\\documentclass{article}').digest('hex') });
  }, 60_000);

  // The bundled sample as `generate` wrote it: a copy of it is a release generate wrote, unchanged.
  const SAMPLE = resolve(import.meta.dirname, '../../data/cubebench');
  const sampleCopy = (name: string) => {
    const dir = join(root, name);
    cpSync(SAMPLE, dir, { recursive: true });
    return dir;
  };

  it('the bundled samples carry generated_by: generator, benchmark, seed and the sha256 of every file written', () => {
    for (const bench of ['globebench', 'pawm', 'cubebench']) {
      const m = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../data', bench, 'MANIFEST.json'), 'utf8'));
      const files = Object.fromEntries(Object.entries(m.files as Record<string, { sha256: string }>).map(([f, e]) => [f, e.sha256]));
      expect(m.generated_by, bench).toEqual({ generator: 'workbench generate', benchmark: bench, seed: 20261130, files });
    }
  });

  it('replaces a release it generated for the same benchmark, unchanged since (another seed)', async () => {
    const dir = sampleCopy('gen-own');
    const r = await runCli(['generate', '--bench', 'cubebench', '--out', dir, '--seed', '7']);
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'MANIFEST.json'), 'utf8')).generated_by).toMatchObject({ benchmark: 'cubebench', seed: 7 });
  }, 120_000);

  const refusals: [string, (dir: string) => Promise<void> | void, string, RegExp][] = [
    [
      'a release without generated_by (a synthetic release written otherwise)',
      (dir) => {
        rmSync(dir, { recursive: true });
        writeTiny(dir, tinyCubebench());
      },
      'cubebench',
      /its MANIFEST.json has no "generated_by" record of `workbench generate`/,
    ],
    [
      "another benchmark's sample (generate --bench pawm over the CubeBench sample)",
      () => {},
      'pawm',
      /it holds the "cubebench" release generate wrote; generate --bench pawm replaces only a pawm release/,
    ],
    [
      "a generated release with a file of the user's added",
      (dir) => writeFileSync(join(dir, 'notes.txt'), 'n'),
      'cubebench',
      /it holds 1 file\(s\) generate did not write \("notes\.txt"\)/,
    ],
    [
      'a hand-edited copy refreshed with manifest --force (generated_by kept, the file changed)',
      async (dir) => {
        editLine(dir, 'episodes.jsonl.gz', 1, (row) => ({ ...row, duration_s: row.duration_s + 1 }));
        const m = await runCli(['manifest', dir, '--force']);
        expect(m.code, m.err).toBe(0);
        expect(JSON.parse(readFileSync(join(dir, 'MANIFEST.json'), 'utf8')).generated_by.benchmark).toBe('cubebench');
      },
      'cubebench',
      /1 file\(s\) generate wrote there were changed or removed since \("episodes\.jsonl\.gz"\)/,
    ],
  ];
  for (const [name, setup, bench, message] of refusals) {
    it(`refuses ${name}, and leaves every file as it was`, async () => {
      const dir = sampleCopy(`gen-refused-${refusals.findIndex((c) => c[0] === name)}`);
      await setup(dir);
      const before = snapshot(dir);
      const r = await runCli(['generate', '--bench', bench, '--out', dir]);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(message);
      expect(r.err).not.toMatch(STACK_TRACE);
      expect(snapshot(dir)).toEqual(before);
    }, 120_000);
  }

  it('refuses a path that is a file', async () => {
    writeFileSync(join(root, 'a-file'), 'x');
    const r = await runCli(['generate', '--bench', 'cubebench', '--out', join(root, 'a-file')]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/a-file: it is a file, not a directory/);
    expect(readFileSync(join(root, 'a-file'), 'utf8')).toBe('x');
  }, 30_000);
});

/** Runs the CLI with the fault preload; resolves when the process ends (killed or not). */
function faulty(args: string[], env: Record<string, string>): Promise<CliResult & { signal: NodeJS.Signals | null }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--require', FAULT, BIN, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (err += s));
    child.on('close', (code, signal) => done({ code, out, err, signal }));
  });
}

const args = (out: string, seed: number) => ['reproduce', '--bench', 'cubebench', '--data', release, '--out', out, '--resamples', '20', '--seed', String(seed)];

describe('a run killed at any moment of writing', () => {
  it('leaves the previous complete output (or, once committed, the next run completes the new one), and the next run removes every leftover', async () => {
    // how many changing file-system calls a rerun makes, to kill at moments spread over all of them
    const count = join(root, 'count.txt');
    const probe = join(root, 'probe');
    expect((await reproduce(probe, 1)).code).toBe(0);
    expect((await faulty(args(probe, 2), { WB_COUNT_FILE: count })).code).toBe(0);
    const total = Number(readFileSync(count, 'utf8').trim());
    expect(total).toBeGreaterThan(Object.keys(clean[1]).length);
    // staging (a mkdir and a write per file), the journal (write, rename: about half way), rolling
    // forward (a mkdir and a rename per file), the record, the staging and journal removed, the lock
    const moments = [
      ...new Set([1, Math.floor(total * 0.3), Math.floor(total / 2) - 2, Math.floor(total / 2), Math.floor(total * 0.75), total - 3, total - 1]),
    ];
    for (const k of moments) {
      const out = join(root, `kill-${k}`);
      expect((await reproduce(out, 1)).code).toBe(0);
      writeFileSync(join(out, 'cubebench', 'notes.md'), 'mine\n');
      const killed = await faulty(args(out, 2), { WB_KILL_AT: String(k) });
      expect(killed.signal, `moment ${k}`).toBe('SIGKILL');
      const after = snapshot(join(out, 'cubebench'));
      expect(after['notes.md']).toBe(createHash('sha256').update('mine\n').digest('hex'));
      if (!existsSync(join(out, 'cubebench', '.workbench-commit.json'))) {
        // not committed (or committed and finished): exactly the old or exactly the new output
        const ours = Object.fromEntries(Object.entries(after).filter(([f]) => f !== 'notes.md' && !LEFTOVER.test(f)));
        expect([clean[1], clean[2]], `moment ${k}`).toContainEqual(ours);
      }
      const next = await reproduce(out, 2);
      expect(beyondProgress(next.err), `moment ${k}`).toEqual([]);
      const done = snapshot(join(out, 'cubebench'));
      expect(leftovers(done), `moment ${k}`).toEqual([]);
      expect(done['notes.md']).toBe(createHash('sha256').update('mine\n').digest('hex'));
      const { 'notes.md': _n, ...rest } = done;
      expect(rest, `moment ${k}`).toEqual(clean[2]);
      expect(leftovers(snapshot(out)), `moment ${k}`).toEqual([]);
    }
  }, 300_000);

  it('a generate killed at any moment leaves the previous or the new release, and the next generate removes the leftovers', async () => {
    const count = join(root, 'gcount.txt');
    const parent = join(root, 'gen-kill');
    mkdirSync(parent);
    const dir = join(parent, 'cube');
    // the release being replaced is one generate wrote (a tiny one, as generate would record it)
    const generated = { ...tinyCubebench(), generatedBy: { seed: 1 } };
    writeTiny(dir, generated);
    const old = snapshot(dir);
    expect((await faulty(['generate', '--bench', 'cubebench', '--out', join(parent, 'probe')], { WB_COUNT_FILE: count })).code).toBe(0);
    const total = Number(readFileSync(count, 'utf8').trim());
    const fresh = snapshot(join(parent, 'probe'));
    rmSync(join(parent, 'probe'), { recursive: true });
    // the last calls: MANIFEST.json, the old release aside, the new one in place, the old removed, the lock
    for (const k of [Math.floor(total / 2), total - 2, total - 1]) {
      const killed = await faulty(['generate', '--bench', 'cubebench', '--out', dir], { WB_KILL_AT: String(k) });
      expect(killed.signal, `moment ${k}`).toBe('SIGKILL');
      const now = snapshot(dir);
      if (Object.keys(now).length) expect([old, fresh], `moment ${k}`).toContainEqual(now);
      const again = await runCli(['generate', '--bench', 'cubebench', '--out', dir]);
      expect(again.err, `moment ${k}`).toBe('');
      expect(snapshot(dir)).toEqual(fresh);
      expect(readdirSync(parent), `moment ${k}`).toEqual(['cube']);
      writeTiny(dir, generated);
    }
  }, 300_000);
});

describe('errors while writing name the cause', () => {
  for (const [code, text] of [
    ['ENOSPC', /no space left on the device/],
    ['EROFS', /read-only file system/],
    ['EACCES', /permission denied/],
  ] as const) {
    it(`${code} in the middle of writing: a clear message, exit 1, the old output intact and no leftovers`, async () => {
      const out = join(root, `fail-${code}`);
      expect((await reproduce(out, 1)).code).toBe(0);
      const r = await faulty(args(out, 2), { WB_FAIL_AT: '10', WB_FAIL_CODE: code });
      expect(r.code).toBe(1);
      expect(r.err).toMatch(text);
      expect(r.err).toMatch(/cannot (write|create) .*fail-/);
      expect(r.err).not.toMatch(STACK_TRACE);
      expect(snapshot(join(out, 'cubebench'))).toEqual(clean[1]);
    }, 60_000);
  }

  it('--out that is a file: "not a directory"', async () => {
    writeFileSync(join(root, 'out-file'), 'x');
    const r = await reproduce(join(root, 'out-file'), 1);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/out-file.*(not a directory|is a file)/);
    expect(readFileSync(join(root, 'out-file'), 'utf8')).toBe('x');
  }, 30_000);
});

describe('two runs on one --out', () => {
  it("are serialised by a lock: the second waits, both succeed, and the output is the second's, complete, with no leftovers", async () => {
    const out = join(root, 'concurrent');
    expect((await reproduce(out, 1)).code).toBe(0);
    // the first run pauses for 4 s in the middle of its commit, holding the lock
    const count = join(root, 'ccount.txt');
    await faulty(args(join(root, 'cprobe'), 1), { WB_COUNT_FILE: count });
    const total = Number(readFileSync(count, 'utf8').trim());
    const first = faulty(args(out, 1), { WB_PAUSE_AT: String(total - 6), WB_PAUSE_MS: '4000' });
    while (!existsSync(join(out, 'cubebench', '.workbench.lock'))) await new Promise((r) => setTimeout(r, 20));
    const second = await reproduce(out, 2);
    const a = await first;
    expect(a.code).toBe(0);
    expect(second.code).toBe(0);
    const snap = snapshot(join(out, 'cubebench'));
    expect(snap).toEqual(clean[2]);
    expect(leftovers(snapshot(out))).toEqual([]);
  }, 120_000);

  it('with no time to wait (WORKBENCH_LOCK_WAIT=0) the second exits 1 naming the other process, and the first completes', async () => {
    const out = join(root, 'concurrent-0');
    expect((await reproduce(out, 1)).code).toBe(0);
    const count = join(root, 'c0count.txt');
    await faulty(args(join(root, 'c0probe'), 1), { WB_COUNT_FILE: count });
    const total = Number(readFileSync(count, 'utf8').trim());
    // the first run holds the lock until the test lets it go, however slow the machine
    const go = join(root, 'c0-go');
    const first = faulty(args(out, 2), { WB_PAUSE_AT: String(total - 6), WB_PAUSE_UNTIL: go });
    while (!existsSync(join(out, 'cubebench', '.workbench.lock'))) await new Promise((r) => setTimeout(r, 20));
    const second = await reproduce(out, 1, [], { env: { WORKBENCH_LOCK_WAIT: '0' } });
    writeFileSync(go, '');
    expect(second.code).toBe(1);
    expect(second.err).toMatch(/another workbench run \(process \d+\) is writing .*concurrent-0/);
    expect((await first).code).toBe(0);
    expect(snapshot(join(out, 'cubebench'))).toEqual(clean[2]);
  }, 120_000);

  it('a lock left by a killed run is taken over', async () => {
    const out = join(root, 'stale');
    expect((await reproduce(out, 1)).code).toBe(0);
    // a process id that is not running: a child that has exited
    const dead = await new Promise<number>((done) => {
      const c = spawn(process.execPath, ['-e', '0']);
      c.on('close', () => done(c.pid!));
    });
    const { hostname } = await import('node:os');
    writeFileSync(join(out, 'cubebench', '.workbench.lock'), JSON.stringify({ pid: dead, host: hostname() }));
    const r = await reproduce(out, 2, [], { env: { WORKBENCH_LOCK_WAIT: '0' } });
    expect(beyondProgress(r.err)).toEqual([]);
    expect(snapshot(join(out, 'cubebench'))).toEqual(clean[2]);
  }, 60_000);
});
