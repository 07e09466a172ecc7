/**
 * Flags are strict, run as a person would (the real CLI): a flag given twice is refused instead of
 * silently taking the last value; --resamples and --seed are bounded, with the honoured seed range in
 * --help, so that a seed the generators would truncate (4294967297 acts as 1) is refused, and a huge
 * resample count is a usage error instead of "Invalid typed array length".
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, STACK_TRACE } from './run-cli.js';
import { tinyCubebench, writeTiny } from './tiny-releases.js';
import { beyondProgress } from '../helpers/progress.js';

const root = mkdtempSync(join(tmpdir(), 'wb-flags-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const release = join(root, 'release');
writeTiny(release, tinyCubebench());
const reproduce = (...extra: string[]) => runCli(['reproduce', '--bench', 'cubebench', '--data', release, '--out', join(root, 'out'), ...extra]);

describe('a flag given twice', () => {
  const cases: [string, string[]][] = [
    ['reproduce --seed', ['reproduce', '--bench', 'cubebench', '--data', release, '--out', join(root, 'out'), '--seed', '1', '--seed', '2']],
    ['reproduce --out', ['reproduce', '--bench', 'cubebench', '--data', release, '--out', join(root, 'a'), '--out', join(root, 'b')]],
    ['reproduce --bench (one as --bench=)', ['reproduce', '--bench=pawm', '--bench', 'cubebench']],
    ['generate --bench', ['generate', '--bench', 'cubebench', '--bench', 'pawm', '--out', join(root, 'gen')]],
  ];
  for (const [name, args] of cases) {
    it(`${name} is a usage error naming the flag, and nothing is written`, async () => {
      const r = await runCli(args);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/--(seed|out|bench) is given more than once/);
      expect(r.err).not.toMatch(STACK_TRACE);
    }, 30_000);
  }
});

describe('bounded numbers', () => {
  const cases: [string, string, RegExp][] = [
    ['--resamples', '9007199254740991', /--resamples expects an integer from 1 to 1000000, got "9007199254740991"/],
    ['--resamples', '1000001', /--resamples expects an integer from 1 to 1000000/],
    ['--resamples', '0', /--resamples expects an integer from 1 to 1000000/],
    ['--seed', '4294967296', /--seed expects an integer from 0 to 4294967295, got "4294967296"/],
    ['--seed', '4294967297', /--seed expects an integer from 0 to 4294967295/],
    ['--seed', '1e3', /--seed expects an integer from 0 to 4294967295/],
  ];
  for (const [flag, value, message] of cases) {
    it(`${flag} ${value} is a usage error`, async () => {
      const r = await reproduce(flag, value);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.err).not.toMatch(STACK_TRACE);
    }, 30_000);
  }

  it('--seed=-1 is a usage error (a negative seed is not honoured)', async () => {
    const r = await reproduce('--seed=-1');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--seed expects an integer from 0 to 4294967295, got "-1"/);
  }, 30_000);

  it('--seed -1 (the value as its own argument) is a usage error that says the range, not "ambiguous"', async () => {
    for (const args of [
      ['--seed', '-1'],
      ['--resamples', '-5'],
    ]) {
      const r = await reproduce(...args);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(new RegExp(`${args[0]} expects an integer from \\d+ to \\d+, got "${args[1]}"`));
      expect(r.err).not.toMatch(/ambiguous/);
    }
    const g = await runCli(['generate', '--bench', 'cubebench', '--out', join(root, 'g-neg'), '--seed', '-1']);
    expect(g.code).toBe(2);
    expect(g.err).toMatch(/--seed expects an integer from 0 to 4294967295, got "-1"/);
  }, 30_000);

  it('generate --seed 4294967297 is refused too (it would give the sample of seed 1)', async () => {
    const r = await runCli(['generate', '--bench', 'cubebench', '--out', join(root, 'g'), '--seed', '4294967297']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--seed expects an integer from 0 to 4294967295/);
  }, 30_000);

  it('the largest honoured seed works, and --help states the range', async () => {
    const r = await reproduce('--seed', '4294967295', '--resamples', '20');
    expect(beyondProgress(r.err)).toEqual([]);
    expect(r.code).toBe(0);
    for (const cmd of ['reproduce', 'generate']) {
      const h = await runCli([cmd, '--help']);
      expect(h.out).toMatch(/0 to 4294967295/);
    }
    expect((await runCli(['reproduce', '--help'])).out).toMatch(/--resamples N +bootstrap resamples, 1 to 1000000/);
  }, 60_000);
});

describe('too few resamples', () => {
  const FEW = /--resamples (\d+) is below 200: the 95% confidence intervals .* are not meaningful/;
  for (const n of ['1', '2', '199']) {
    it(`--resamples ${n} runs, and warns on stderr and in the --json warnings that its intervals are not meaningful`, async () => {
      const r = await reproduce('--resamples', n, '--json');
      expect(r.code, r.err).toBe(0);
      expect(r.err).toMatch(new RegExp(`^warning: ${FEW.source}`, 'm'));
      expect(FEW.exec(r.err)![1]).toBe(n);
      const warnings: string[] = JSON.parse(r.out).warnings;
      expect(warnings.filter((w) => FEW.test(w))).toHaveLength(1);
    }, 60_000);
  }

  it('--resamples 200 does not warn', async () => {
    const r = await reproduce('--resamples', '200', '--json');
    expect(r.code, r.err).toBe(0);
    expect(r.err).not.toMatch(/resamples/);
    // (a tiny release lacks the papers' rows: only the scorecard's not-recomputed warning remains)
    expect(JSON.parse(r.out).warnings.filter((w: string) => !/published numbers? not recomputed/.test(w))).toEqual([]);
  }, 60_000);
});

describe('--labeler', () => {
  for (const bench of ['cubebench', 'globebench']) {
    it(`with --bench ${bench}, which has no labelers, is a usage error, and nothing is written`, async () => {
      const out = join(root, `labeler-${bench}`);
      const r = await runCli(['reproduce', '--bench', bench, '--out', out, '--labeler', 'ann1']);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(new RegExp(`--labeler chooses among the guidance labelers of a pawm release; ${bench} has no labelers`));
      expect(r.err).not.toMatch(STACK_TRACE);
      expect(existsSync(out)).toBe(false);
    }, 30_000);
  }
});
