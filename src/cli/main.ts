import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BENCHES } from '../../analysis/index.js';
import { formatProblems, ReleaseError } from '../io/problems.js';
import { terminalText } from '../io/terminal-text.js';
import { DEFAULT_RESAMPLES, DEFAULT_SEED } from '../report/analysis.js';
import { renderReport } from '../report/write-report.js';
import { writeReports } from '../report/write-reports.js';
import { GENERATORS } from '../generate/index.js';
import { writeRelease } from '../generate/write-release.js';
import { Manifest } from '../schemas/common.js';
import { WORKBENCH_VERSION } from '../version.js';
import { intOption, MAX_RESAMPLES, MAX_SEED, parse, UsageError } from './args.js';
import { pathOption, refuseOverlap } from './output-paths.js';
import { repoRoot } from './repo-root.js';

const BENCH_NAMES = BENCHES.map((b) => b.benchmark);

const HELP: Record<string, string> = {
  main: `workbench ${WORKBENCH_VERSION}: reproduce LLM-agent benchmark papers' tables and figures from released data

Usage:
  workbench reproduce [--bench NAME|all] [--data DIR] [--out DIR] [--figures DIR] [--resamples N] [--seed S]
  workbench validate DIR
  workbench generate --bench NAME [--out DIR] [--seed S]
  workbench COMMAND --help

Benchmarks: ${BENCH_NAMES.join(', ')}`,
  reproduce: `Usage: workbench reproduce [options]

Loads a release, regrades/replays every raw record, and writes each paper table as
OUT/<bench>/<id>.json, .md and .html (plus index.html and README.md with every table and figure),
and each figure as <FIGURES>/<bench>/<id>.svg, .png and .vl.json (the Vega-Lite spec).
Nothing is written unless the whole release loads and every table builds.

Options:
  --bench NAME     ${BENCH_NAMES.join(' | ')} | all (default: all)
  --data DIR       the release directory (default: the bundled sample release data/<bench>);
                   only with a single --bench
  --out DIR        report directory (default: reports/ in the workbench checkout)
  --figures DIR    figure directory (default: figures/ of the checkout, or OUT when --out is given)
  --resamples N    bootstrap resamples, 1 to ${MAX_RESAMPLES} (default: ${DEFAULT_RESAMPLES})
  --seed S         random seed for every bootstrap, 0 to ${MAX_SEED} (default: ${DEFAULT_SEED})
  -h, --help       this help`,
  validate: `Usage: workbench validate DIR

Loads and checks a release directory (any of ${BENCH_NAMES.join(', ')}, read from its MANIFEST.json).
Exit 0 with a summary (counts per file), or exit 1 with every problem as
file:line: field: what was expected.`,
  generate: `Usage: workbench generate --bench NAME [--out DIR] [--seed S]

Writes the synthetic sample release of a benchmark (default: data/<bench>, seed ${DEFAULT_SEED};
seeds 0 to ${MAX_SEED}).
The sample releases are made by the workbench's own seeded generators, calibrated to the papers'
published aggregates; they are not the papers' data.`,
};

function benchByName(name: string) {
  const b = BENCHES.find((x) => x.benchmark === name);
  if (!b) throw new UsageError(`unknown benchmark ${JSON.stringify(name)} (expected one of ${BENCH_NAMES.join(', ')})`);
  return b;
}

async function reproduce(args: string[]): Promise<number> {
  const { values } = parse(args, { bench: { type: 'string' }, data: { type: 'string' }, out: { type: 'string' }, figures: { type: 'string' }, resamples: { type: 'string' }, seed: { type: 'string' } });
  if (values.help) return help('reproduce');
  const which = values.bench ?? 'all';
  const benches = which === 'all' ? BENCHES : [benchByName(which)];
  if (values.data && benches.length !== 1) throw new UsageError('--data needs a single --bench');
  const opts = { resamples: intOption(values.resamples, 'resamples', DEFAULT_RESAMPLES, 1, MAX_RESAMPLES), seed: intOption(values.seed, 'seed', DEFAULT_SEED, 0, MAX_SEED) };
  const root = repoRoot();
  const [outArg, figArg, dataArg] = [pathOption(values.out, '--out'), pathOption(values.figures, '--figures'), pathOption(values.data, '--data')];
  const outDir = resolve(outArg ?? join(root, 'reports'));
  const figDir = resolve(figArg ?? (outArg ? outDir : join(root, 'figures')));
  const dataDirs = benches.map((bench) => resolve(dataArg ?? join(root, bench.sampleDir)));
  refuseOverlap(
    [{ flag: 'out', path: outDir }, { flag: 'figures', path: figDir }],
    dataDirs.map((path) => ({ flag: dataArg ? '--data' : 'the bundled sample', path })),
  );
  // load and build everything first; write only when every benchmark succeeded
  const rendered = [];
  for (const [b, bench] of benches.entries()) {
    const dir = dataDirs[b];
    const release = bench.load(dir);
    const ctx = bench.prepare(release, opts);
    const tables = [], figures = [];
    for (const a of bench.analyses) {
      if (a.kind === 'table') tables.push(a.build(ctx));
      else figures.push(a.build(ctx));
    }
    const artifacts = bench.artifacts ? bench.artifacts(ctx) : [];
    const r = await renderReport({ benchmark: bench.benchmark, provenance: bench.provenance(release, opts), tables, figures, artifacts });
    rendered.push({ bench: bench.benchmark, r, tables: tables.length, figures: figures.length });
  }
  writeReports(rendered.map(({ bench, r }) => ({ rendered: r, reportDir: join(outDir, bench), figureDir: join(figDir, bench) })));
  for (const { bench, tables, figures } of rendered) console.log(`${bench}: ${tables} tables -> ${join(outDir, bench)}; ${figures} figures -> ${join(figDir, bench)}`);
  return 0;
}

function validate(args: string[]): number {
  const { values, positionals } = parse(args, {});
  if (values.help) return help('validate');
  if (positionals.length !== 1) throw new UsageError('validate takes one release directory');
  const dir = resolve(pathOption(positionals[0], 'the release directory') ?? '');
  let benchmark: string | undefined;
  try {
    benchmark = Manifest.shape.benchmark.safeParse(JSON.parse(readFileSync(join(dir, 'MANIFEST.json'), 'utf8').replace(/^\uFEFF/, '')).benchmark).data;
  } catch {
    // the loader reports a missing or broken manifest with its own message
  }
  const bench = BENCHES.find((b) => b.benchmark === benchmark) ?? BENCHES[0];
  const release = bench.load(dir);
  console.log(`${dir}: valid ${bench.benchmark} release`);
  // the summary names agents and methods of the release: printed with control characters escaped
  for (const line of bench.summary(release)) console.log(`  ${terminalText(line)}`);
  return 0;
}

function generate(args: string[]): number {
  const { values } = parse(args, { bench: { type: 'string' }, out: { type: 'string' }, seed: { type: 'string' } });
  if (values.help) return help('generate');
  if (!values.bench) throw new UsageError('generate needs --bench');
  const gen = GENERATORS[values.bench];
  if (!gen) throw new UsageError(`no generator for ${JSON.stringify(values.bench)} (expected one of ${Object.keys(GENERATORS).join(', ')})`);
  const seed = intOption(values.seed, 'seed', DEFAULT_SEED, 0, MAX_SEED);
  const out = resolve(pathOption(values.out, '--out') ?? join(repoRoot(), 'data', values.bench));
  writeRelease(out, gen(seed));
  console.log(`wrote synthetic ${values.bench} sample release (seed ${seed}) to ${out}`);
  return 0;
}

function help(topic: string): number {
  console.log(HELP[topic] ?? HELP.main);
  return 0;
}

export async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  try {
    switch (cmd) {
      case 'reproduce':
        return await reproduce(rest);
      case 'validate':
        return validate(rest);
      case 'generate':
        return generate(rest);
      case undefined:
      case '-h':
      case '--help':
      case 'help':
        return help(rest[0] ?? 'main');
      default:
        throw new UsageError(`unknown command ${JSON.stringify(cmd)}`);
    }
  } catch (e) {
    if (e instanceof ReleaseError) {
      console.error(`release refused: ${e.problems.length} problem(s)`);
      for (const line of formatProblems(e.problems)) console.error(line);
      return 1;
    }
    if (e instanceof UsageError) {
      console.error(`workbench: ${e.message}\n`);
      console.error(HELP[cmd ?? 'main'] ?? HELP.main);
      return 2;
    }
    console.error(`workbench: error: ${(e as Error).message ?? String(e)}`);
    if (process.env.WORKBENCH_DEBUG) console.error((e as Error).stack);
    return 1;
  }
}
