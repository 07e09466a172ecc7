/**
 * The floors of .dependency-cruiser.cjs (README, "What is in the repo") do what they say: on a small
 * tree laid out like the workbench's, every import the floors allow passes, and each import they
 * forbid (upward, across benchmarks, a statistic or the grader in present, a thread or process
 * outside src/run, a notebook past the public library, production code reaching into tests, a cycle
 * of types, an import that does not resolve) is reported under the rule that names it, and no other.
 * The real tree is checked by `npm run lint:deps` in scripts/test.sh.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '../..');
const root = mkdtempSync(join(tmpdir(), 'wb-floors-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every file of the small tree: path -> its imports (each a line of TypeScript). */
const TREE: Record<string, string[]> = {
  // allowed: each floor importing the floors below it
  'src/version.ts': [],
  'src/error-message.ts': [],
  'src/format/common.ts': ["import '../version.js';"],
  'src/domain/grade/grade.ts': ["import type {} from '../../format/common.js';"],
  'src/release/load/load.ts': ["import '../../domain/grade/grade.js';", "import '../../format/common.js';", "import '../../error-message.js';"],
  'src/derive/stats/stat.ts': ["import '../../release/load/load.js';"],
  'src/derive/memo.ts': [],
  'src/present/tables/table.ts': ["import '../../derive/stats/stat.js';", "import '../../derive/memo.js';"],
  'src/output/owned.ts': ["import '../present/tables/table.js';"],
  'src/benchmark/contract.ts': ["import type {} from '../output/owned.js';"],
  'analysis/alpha/derive/cells.ts': ["import '../../../src/derive/stats/stat.js';", "import './more.js';"],
  'analysis/alpha/derive/more.ts': [],
  'analysis/alpha/paper.ts': ["import '../../src/present/tables/table.js';"],
  'analysis/alpha/present/table1.ts': [
    "import '../derive/cells.js';",
    "import '../paper.js';",
    "import '../../../src/present/tables/table.js';",
    // a type of the grades is reading grades, not grading
    "import type {} from '../../../src/domain/grade/grade.js';",
  ],
  'analysis/alpha/index.ts': ["import '../../src/benchmark/contract.js';", "import './present/table1.js';"],
  'src/run/thread.ts': ["import '../../analysis/alpha/index.js';", "import 'node:worker_threads';", "import 'node:child_process';"],
  'src/samples/generate.ts': ["import '../run/thread.js';", "import '../output/owned.js';"],
  'cli/main.ts': ["import '../src/samples/generate.js';", "import '../analysis/index.js';"],
  'notebooks/src/01-ok.ts': ["import 'workbench';", "import 'workbench/analysis/alpha/index.js';", "import 'node:path';"],
  'test/helper.ts': ["import '../src/present/tables/table.js';"],

  // forbidden, one file per rule
  'src/repo-root.ts': ["import './format/common.js';"],
  'src/format/bad.ts': ["import '../derive/stats/stat.js';"],
  'src/domain/bad.ts': ["import '../present/tables/table.js';"],
  'src/release/bad.ts': ["import '../derive/memo.js';"],
  'src/derive/bad.ts': ["import '../present/tables/table.js';"],
  'src/present/bad.ts': ["import '../run/thread.js';"],
  'src/present/spawns.ts': ["import { spawnSync } from 'node:child_process';", 'export const s = spawnSync;'],
  'src/output/bad.ts': ["import type {} from '../benchmark/contract.js';"],
  'src/benchmark/bad.ts': ["import '../../analysis/alpha/index.js';"],
  'analysis/alpha/derive/bad.ts': ["import '../../../src/present/tables/table.js';"],
  'analysis/alpha/present/bad.ts': ["import '../../../src/output/owned.js';"],
  'analysis/alpha/present/stats.ts': ["import '../../../src/derive/stats/stat.js';"],
  'analysis/alpha/present/grades.ts': ["import '../../../src/domain/grade/grade.js';"],
  'analysis/beta/paper.ts': ['import "./derive/cells.js";'],
  'analysis/beta/derive/cells.ts': [],
  'analysis/beta/present/other.ts': ["import '../../alpha/present/table1.js';"],
  'analysis/beta/index.ts': ["import '../../src/run/thread.js';"],
  // the one list of benchmarks names their index.ts and the contract (allowed), and nothing else
  'analysis/index.ts': ["import './alpha/index.js';", "import type {} from '../src/benchmark/contract.js';", "import './alpha/present/table1.js';"],
  'src/run/bad.ts': ["import '../samples/generate.js';"],
  'src/samples/bad.ts': ["import '../../cli/main.js';"],
  'src/index.ts': ["import './run/thread.js';", "import '../analysis/alpha/index.js';"],
  'src/derive/face.ts': ["import '../index.js';"],
  'notebooks/src/02-bad.ts': ["import '../../src/present/tables/table.js';"],
  'notebooks/src/03-deep.ts': ["import 'workbench/src/present/tables/table.js';"],
  'src/present/tested.ts': ["import '../../test/helper.js';"],
  'src/derive/ring-a.ts': ["import type {} from './ring-b.js';"],
  'src/derive/ring-b.ts': ["import type {} from './ring-a.js';"],
  'src/present/typo.ts': ["import './no-such-file.js';"],
};

/** What the rules must report: [from, rule], and nothing else. */
const EXPECTED: [string, string][] = [
  ['src/repo-root.ts', 'ground-files-import-nothing'],
  ['src/format/bad.ts', 'format-is-the-ground-floor'],
  ['src/domain/bad.ts', 'domain-uses-only-the-format'],
  ['src/release/bad.ts', 'release-uses-only-domain-and-format'],
  ['src/derive/bad.ts', 'derive-uses-only-release-and-below'],
  ['src/present/bad.ts', 'present-uses-only-derive-and-below'],
  ['src/present/spawns.ts', 'threads-and-processes-only-in-run'],
  ['src/output/bad.ts', 'output-uses-only-present-and-below'],
  ['src/benchmark/bad.ts', 'benchmark-contract-uses-only-output-and-below'],
  ['analysis/alpha/derive/bad.ts', 'analysis-derive-uses-src-derive-and-below'],
  ['analysis/alpha/present/bad.ts', 'analysis-present-uses-src-present-and-below'],
  ['analysis/alpha/present/stats.ts', 'analysis-present-reads-cells-not-statistics'],
  ['analysis/alpha/present/grades.ts', 'analysis-present-reads-the-grades-not-the-grader'],
  ['analysis/beta/paper.ts', 'paper-declares-published-numbers-only'],
  ['analysis/beta/present/other.ts', 'a-benchmark-never-imports-another'],
  ['analysis/beta/present/other.ts', 'analysis-present-uses-src-present-and-below'],
  ['analysis/beta/index.ts', 'analysis-entry-uses-the-contract-and-its-own-folder'],
  ['analysis/index.ts', 'benchmark-list-uses-only-benchmarks-and-the-contract'],
  ['src/run/bad.ts', 'run-uses-only-the-floors-below'],
  ['src/samples/bad.ts', 'samples-use-only-the-floors-below'],
  ['src/samples/bad.ts', 'src-never-imports-cli'],
  ['src/index.ts', 'library-face-shows-only-src'],
  ['src/derive/face.ts', 'nothing-imports-the-library-face'],
  ['src/derive/face.ts', 'derive-uses-only-release-and-below'],
  ['notebooks/src/02-bad.ts', 'notebooks-import-no-source-file'],
  ['notebooks/src/02-bad.ts', 'notebooks-use-the-public-library'],
  ['notebooks/src/03-deep.ts', 'notebooks-use-the-public-library'],
  ['src/present/tested.ts', 'production-never-imports-tests'],
  // a cycle is reported once, from its first file
  ['src/derive/ring-a.ts', 'no-cycles'],
  ['src/present/typo.ts', 'not-to-unresolvable'],
];

function write(path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

describe('the floors (.dependency-cruiser.cjs)', () => {
  it('allow each floor the floors below it, and report every other import under the rule that names it', () => {
    for (const [path, imports] of Object.entries(TREE)) write(path, [...imports, 'export {};', ''].join('\n'));
    write('tsconfig.json', JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true }, include: ['**/*.ts'] }));
    // the compiled library as notebooks see it: node_modules/workbench -> dist (scripts/link-build.mjs)
    write('dist/package.json', JSON.stringify({ name: 'workbench', type: 'module', main: 'src/index.js' }));
    for (const p of ['dist/src/index.js', 'dist/analysis/alpha/index.js', 'dist/src/present/tables/table.js']) write(p, 'export {};\n');
    mkdirSync(join(root, 'node_modules'));
    symlinkSync(join('..', 'dist'), join(root, 'node_modules', 'workbench'), 'dir');

    const r = spawnSync(
      process.execPath,
      [
        join(REPO, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
        '--config',
        join(REPO, '.dependency-cruiser.cjs'),
        '--output-type',
        'json',
        'src',
        'analysis',
        'cli',
        'notebooks/src',
        'test',
      ],
      { cwd: root, encoding: 'utf8' },
    );
    expect(r.stderr).toBe('');
    const summary = JSON.parse(r.stdout).summary as { violations: { from: string; rule: { name: string } }[]; totalCruised: number };
    expect(summary.totalCruised).toBeGreaterThanOrEqual(Object.keys(TREE).length);
    const got = [...new Set(summary.violations.map((v) => `${v.from} ${v.rule.name}`))].sort();
    expect(got).toEqual(EXPECTED.map(([from, rule]) => `${from} ${rule}`).sort());
    // every rule of the configuration is shown to fire here
    const rules = (createRequire(import.meta.url)(join(REPO, '.dependency-cruiser.cjs')) as { forbidden: { name: string }[] }).forbidden.map((x) => x.name);
    expect(new Set(EXPECTED.map(([, rule]) => rule))).toEqual(new Set(rules));
  }, 60_000);
});
