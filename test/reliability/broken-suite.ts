/**
 * The test suite run on each group of the broken-release corpus (broken-corpus.ts); the corpus is
 * split over a few test files so each stays quick. Every broken release, through the compiled CLI:
 * `validate DIR` and `reproduce --bench B --data DIR --out TMP` must exit 1, print the expected
 * `file:line: field: message` line(s), print no stack trace, and write nothing (TMP is never
 * created). The lenient cases (BOM, CRLF, a valid 50 MB line) must load and reproduce exactly what
 * the clean release gives. The same cases also go through the loaders directly.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCHES } from '../helpers/benches.js';
import { formatProblem, ReleaseError } from '../../src/release/io/problems.js';
import { loadCubebench } from '../../src/release/load/cubebench.js';
import { loadGlobebench } from '../../src/release/load/globebench.js';
import { loadPawm } from '../../src/release/load/pawm.js';
import { tinyGlobebench } from '../helpers/tiny-globebench.js';
import { CASES, makeCorpus, type BenchName, type Case, type Group } from './broken-corpus.js';
import { pool, runCli, STACK_TRACE, type CliResult } from './run-cli.js';
import { writeTiny } from './tiny-releases.js';
import { beyondProgress } from '../helpers/progress.js';

const LOADERS: Record<BenchName, (dir: string) => unknown> = { globebench: loadGlobebench, cubebench: loadCubebench, pawm: loadPawm };
/** The benchmarks the CLI knows; a loader written before its bench is registered is tested directly. */
const REGISTERED = new Set(BENCHES.map((b) => b.benchmark as string));
const viaCli = (c: Case) => REGISTERED.has(c.bench);

/** Defines the tests of the corpus cases in `groups`. */
export function brokenSuite(groups: Group[]): void {
  const cases = CASES.filter((c) => groups.includes(c.group));
  const root = mkdtempSync(join(tmpdir(), `wb-broken-${groups.join('-')}-`));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  interface Outcome {
    validate?: CliResult;
    reproduce?: CliResult;
    outDir: string;
  }
  const outcomes = new Map<string, Outcome>();
  let dirs: Map<string, string>;
  let clean: CliResult;

  /** The 50 MB cases also run with a small heap: the loader must not need much more than the file. */
  const nodeArgsFor = (c: Case) => (/50mb/.test(c.name) ? ['--max-old-space-size=256'] : []);

  beforeAll(async () => {
    dirs = makeCorpus(join(root, 'corpus'), cases);
    writeTiny(join(root, 'clean'), tinyGlobebench());
    const jobs: (() => Promise<void>)[] = [
      async () => {
        clean = await runCli([
          'reproduce',
          '--bench',
          'globebench',
          '--data',
          join(root, 'clean'),
          '--out',
          join(root, 'out-clean'),
          '--resamples',
          '50',
          '--seed',
          '3',
        ]);
      },
    ];
    if (!cases.some((c) => c.accepted && c.bench === 'globebench')) jobs.pop(); // the baseline is for the lenient cases
    for (const c of cases.filter(viaCli)) {
      const o: Outcome = { outDir: join(root, 'out', c.name) };
      outcomes.set(c.name, o);
      const nodeArgs = nodeArgsFor(c);
      jobs.push(async () => {
        o.validate = await runCli(['validate', dirs.get(c.name)!], { nodeArgs });
      });
      jobs.push(async () => {
        o.reproduce = await runCli(['reproduce', '--bench', c.bench, '--data', dirs.get(c.name)!, '--out', o.outDir, '--resamples', '50', '--seed', '3'], {
          nodeArgs,
        });
      });
    }
    await pool(jobs, 3, (j) => j());
  }, 300_000);

  const lines = (s: string) => s.split('\n');
  function expectLines(stderr: string, c: Case): void {
    for (const re of c.expect)
      expect(
        lines(stderr).some((l) => re.test(l)),
        `${c.name}: no stderr line matches ${re}\n--- stderr ---\n${stderr.slice(0, 3000)}`,
      ).toBe(true);
  }

  describe('broken releases through the CLI', () => {
    if (cases.some((c) => c.accepted && c.bench === 'globebench')) {
      it('the clean tiny release reproduces (the baseline of the lenient cases)', () => {
        expect(beyondProgress(clean.err)).toEqual([]);
        expect(clean.code).toBe(0);
      });
    }

    for (const c of cases.filter((x) => !x.accepted)) {
      it.runIf(viaCli(c))(
        `${c.name} (${c.about}): validate and reproduce exit 1 with ${c.expect.length} named problem(s), no stack trace, nothing written`,
        () => {
          const o = outcomes.get(c.name)!;
          for (const [cmd, r] of [
            ['validate', o.validate!],
            ['reproduce', o.reproduce!],
          ] as const) {
            expect(r.code, `${cmd} ${c.name}: exit code\n${r.err.slice(0, 2000)}`).toBe(1);
            expect(r.err).toMatch(/^release refused: \d+ problem\(s\)$/m);
            expectLines(r.err, c);
            expect(r.err).not.toMatch(STACK_TRACE);
            expect(r.err).not.toMatch(/^workbench: error:/m); // an unexpected exception, not a named problem
            // the 50 MB line is never echoed: snippets are cut to 60 characters
            expect(r.err.length, `${cmd} ${c.name}: stderr size`).toBeLessThan(20_000);
            expect(r.out).not.toMatch(/valid .* release|tables ->/);
          }
          expect(existsSync(o.outDir), `${c.name}: reproduce created ${o.outDir}`).toBe(false);
        },
      );
    }

    for (const c of cases.filter((x) => x.accepted)) {
      it.runIf(viaCli(c))(`${c.name} (${c.about}): validate exits 0 and reproduce gives the clean release's results`, () => {
        const o = outcomes.get(c.name)!;
        expect(o.validate!.err).toBe('');
        expect(o.validate!.code).toBe(0);
        expect(o.validate!.out).toMatch(new RegExp(`valid ${c.bench} release`));
        expect(beyondProgress(o.reproduce!.err)).toEqual([]);
        expect(o.reproduce!.code).toBe(0);
        if (c.bench === 'globebench' && c.name !== 'model-id-with-dots') {
          // leniency changes nothing: same per-response grades and the same table rows as the clean release
          const read = (dir: string, f: string) => readFileSync(join(dir, 'globebench', f), 'utf8');
          expect(read(o.outDir, 'grades.jsonl')).toBe(read(join(root, 'out-clean'), 'grades.jsonl'));
          const rows = (dir: string) => JSON.parse(read(dir, 'table01.json')).rows;
          expect(rows(o.outDir)).toEqual(rows(join(root, 'out-clean')));
        }
      });
    }

    if (groups.includes('globe-refs')) {
      it('a failed reproduce leaves an existing report directory exactly as it was', async () => {
        const out = join(root, 'out-existing');
        mkdirSync(join(out, 'globebench'), { recursive: true });
        writeFileSync(join(out, 'globebench', 'table01.json'), 'previous run\n');
        const r = await runCli(['reproduce', '--bench', 'globebench', '--data', dirs.get('judge-missing')!, '--out', out]);
        expect(r.code).toBe(1);
        expect(readdirSync(out, { recursive: true }).sort()).toEqual(['globebench', 'globebench/table01.json']);
        expect(readFileSync(join(out, 'globebench', 'table01.json'), 'utf8')).toBe('previous run\n');
      });
    }
  });

  describe('broken releases through the loaders (every benchmark, registered in the CLI or not)', () => {
    for (const c of cases) {
      it(`${c.bench} ${c.name}: ${c.accepted ? 'loads' : 'refused with the expected problem line(s)'}`, () => {
        let problems: string[] | undefined;
        try {
          LOADERS[c.bench](dirs.get(c.name)!);
        } catch (e) {
          if (!(e instanceof ReleaseError)) throw e; // anything else is a crash, not a named problem
          problems = e.problems.map(formatProblem);
        }
        if (c.accepted) {
          expect(problems).toBeUndefined();
          return;
        }
        expect(problems, `${c.name} loaded`).toBeDefined();
        for (const re of c.expect)
          expect(
            problems!.some((l) => re.test(l)),
            `${c.name}: no problem matches ${re}:\n${problems!.join('\n').slice(0, 3000)}`,
          ).toBe(true);
      });
    }
  });
}
