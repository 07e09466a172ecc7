/**
 * Progress of `reproduce` on stderr: plain lines off a terminal, one status line redrawn in place on
 * one (run under a pseudo-terminal with util-linux `script`), nothing but warnings with --quiet, and
 * the index.html to open as the last line. The Progress class is also checked byte for byte on a
 * fake stream.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Progress, type ProgressStream } from '../../cli/progress.js';
import { beyondProgress, NOT_RECOMPUTED_WARNING, progressLines } from '../helpers/progress.js';
import { tinyCubebench, writeTiny } from '../reliability/tiny-releases.js';

const root = mkdtempSync(join(tmpdir(), 'wb-progress-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const release = join(root, 'release');
writeTiny(release, tinyCubebench());

const BIN = resolve(import.meta.dirname, '../../bin/workbench.js');
// (200 resamples: fewer add a warning to stderr)
const args = (out: string, ...extra: string[]) => ['reproduce', '--bench', 'cubebench', '--data', release, '--out', out, '--resamples', '200', ...extra];

function wb(argv: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...argv], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const CLEAR = '\r\u001b[K';
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/;

describe('reproduce progress off a terminal', () => {
  it('one plain line per step, in order, no control characters; the last line names OUT/index.html', () => {
    const out = join(root, 'plain');
    const r = wb(args(out));
    expect(r.code, r.err).toBe(0);
    expect(r.err).not.toMatch(CONTROL);
    expect(beyondProgress(r.err)).toEqual([]);
    // the tiny release has none of the paper's rows: the scorecard's warning says so, and is left aside here
    const lines = r.err
      .trimEnd()
      .split('\n')
      .filter((l) => !NOT_RECOMPUTED_WARNING.test(l));
    expect(lines.slice(0, 2)).toEqual([`cubebench: loading ${release}`, 'cubebench: deriving']);
    expect(lines[2]).toMatch(/^cubebench: \d+ analyses$/);
    expect(lines[3]).toMatch(/^cubebench: rendering \d+ tables and \d+ figures$/);
    expect(lines.slice(4, 6)).toEqual([`finishing the figures' PNG and PDF files`, `writing ${out}`]);
    // the figures are where they really go: with --out alone, the figures folder of the report
    expect(lines[6]).toBe(
      `cubebench: ${lines[3].match(/(\d+) tables/)![1]} tables -> ${join(out, 'cubebench')}; ${lines[3].match(/(\d+) figures/)![1]} figures -> ${join(out, 'cubebench', 'figures')}`,
    );
    // the claims line, then the scorecard line
    expect(lines[7]).toMatch(/^ {2}cubebench: \d+ of \d+ claims hold/);
    expect(lines[8]).toMatch(/^ {2}cubebench: \d+ of \d+ published numbers reproduced/);
    expect(lines.at(-1)).toBe(`open ${join(out, 'index.html')}`);
    expect(lines).toHaveLength(10);
    // the same lines on a second run: no timings off a terminal
    expect(progressLines(wb(args(out)).err)).toEqual(lines);
  }, 60_000);

  it('--quiet: nothing on stderr for a clean run; a warning still prints, alone', () => {
    const out = join(root, 'quiet');
    const clean = wb(args(out, '--quiet'));
    expect(clean.code, clean.err).toBe(0);
    // only the warning that the tiny release has none of the paper's rows
    expect(clean.err).toMatch(/^warning: cubebench: 104 published numbers not recomputed \([^\n]*\n$/);
    // an index.html the workbench did not write is left alone, with a warning
    const other = join(root, 'quiet-other');
    mkdirSync(other, { recursive: true });
    writeFileSync(join(other, 'index.html'), '<p>mine</p>');
    const warned = wb(args(other, '--quiet'));
    expect(warned.code).toBe(0);
    expect(
      warned.err
        .split('\n')
        .filter((l) => !NOT_RECOMPUTED_WARNING.test(l))
        .join('\n'),
    ).toBe(`warning: ${join(other, 'index.html')} exists and was not written by the workbench: left as it is (no top-level index)\n`);
    // without --quiet the last line then names the benchmark's own page
    const loud = wb(args(other));
    expect(loud.err.trimEnd().split('\n').at(-1)).toBe(`open ${join(other, 'cubebench', 'index.html')}`);
  }, 60_000);

  it('--quiet: errors still print, with their exit code', () => {
    const r = wb(['reproduce', '--bench', 'cubebench', '--data', join(root, 'no-such-release'), '--out', join(root, 'quiet-fail'), '--quiet']);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/no-such-release/);
    expect(progressLines(r.err)).toEqual([]);
  }, 30_000);

  it('--quiet is documented in --help', () => {
    expect(wb(['reproduce', '--help']).out).toMatch(/--quiet {2,}no progress/);
  });
});

describe('reproduce progress on a terminal (a pseudo-terminal from util-linux script)', () => {
  it('one status line redrawn in place with the seconds elapsed, erased before the summary', () => {
    const out = join(root, 'tty');
    const command = [process.execPath, BIN, ...args(out)].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
    const r = spawnSync('script', ['-qec', command, '/dev/null'], { encoding: 'utf8' });
    expect(r.status, r.stdout + r.stderr).toBe(0);
    // the terminal turns each newline into CR LF
    const shown = r.stdout.replace(/\r\n/g, '\n');
    const draws = [...shown.matchAll(/\r\u001b\[K\[(\d+)s\] ([^\r\n]*)/g)].map((m) => m[2]);
    expect(draws[0]).toBe(`cubebench: loading ${release}`);
    for (const step of ['cubebench: deriving', `finishing the figures' PNG and PDF files`, `writing ${out}`]) expect(draws).toContain(step);
    expect(draws.some((d) => /^cubebench: analysis \d+ of \d+, /.test(d))).toBe(true);
    // no step is printed as a line of its own: it is only ever the status line
    expect(shown).not.toMatch(/^cubebench: deriving$/m);
    // erased once, before the lines that stay, and never drawn again after them
    const erased = shown.lastIndexOf(CLEAR);
    expect(shown.slice(0, erased)).not.toMatch(/\n/);
    const after = shown.slice(erased + CLEAR.length).trimEnd();
    expect(after).not.toMatch(CONTROL);
    expect(after.split('\n')[0]).toMatch(/^cubebench: \d+ tables -> /);
    expect(after.split('\n').at(-1)).toBe(`open ${join(out, 'index.html')}`);
  }, 60_000);
});

/** A stream that records what is written, as a terminal of `columns` columns would receive it. */
function fakeTerminal(columns?: number) {
  const chunks: string[] = [];
  const stream: ProgressStream = { isTTY: true, columns, write: (c) => (chunks.push(String(c)), true) };
  return { stream, chunks };
}

describe('Progress', () => {
  it("on a terminal: draws the status over itself, keeps lines and others' writes above it, and erases it at the end", () => {
    let now = 0;
    const { stream, chunks } = fakeTerminal();
    const p = new Progress(stream, { now: () => now });
    p.step('a: loading');
    now = 2500;
    p.detail('a: analysis 1 of 2');
    stream.write('workbench: warning: w\n');
    p.line('a: done');
    p.end();
    stream.write('after\n');
    expect(chunks).toEqual([
      `${CLEAR}[0s] a: loading`,
      `${CLEAR}[2s] a: analysis 1 of 2`,
      CLEAR,
      'workbench: warning: w\n',
      `${CLEAR}[2s] a: analysis 1 of 2`,
      CLEAR,
      'a: done\n',
      `${CLEAR}[2s] a: analysis 1 of 2`,
      CLEAR,
      'after\n',
    ]);
  });

  it('cuts a status line to the terminal width, so the carriage return redraws all of it', () => {
    const { stream, chunks } = fakeTerminal(20);
    const p = new Progress(stream, { now: () => 0 });
    p.step('b: loading /a/very/long/path/to/a/release');
    p.end();
    expect(chunks[0]).toBe(`${CLEAR}[0s] b: loading /a…`);
    expect(chunks[0].length - CLEAR.length).toBe(19);
  });

  it('off a terminal: one line per step, details left out; labels with control characters escaped', () => {
    const chunks: string[] = [];
    const p = new Progress({ isTTY: false, write: (c) => (chunks.push(String(c)), true) });
    p.step('c: loading /x\u001b[2J\ny');
    p.detail('c: analysis 1 of 3');
    p.line('c: done');
    p.end();
    expect(chunks).toEqual(['c: loading /x\\u001B[2J\\u000Ay\n', 'c: done\n']);
  });

  it("quiet: nothing, even on a terminal, and others' writes pass untouched", () => {
    const { stream, chunks } = fakeTerminal();
    const p = new Progress(stream, { quiet: true });
    p.step('d: loading');
    p.line('d: done');
    stream.write('warning: x\n');
    p.end();
    expect(chunks).toEqual(['warning: x\n']);
  });
});
