import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { formatProblems, ReleaseError } from '../src/release/io/problems.js';
import { terminalText } from '../src/release/io/terminal-text.js';
import { DEFAULT_RESAMPLES, DEFAULT_SEED } from '../src/benchmark/contract.js';
import { writeReports } from '../src/output/write-reports.js';
import { Manifest } from '../src/format/common.js';
import { WORKBENCH_VERSION } from '../src/version.js';
import { intOption, MAX_RESAMPLES, MAX_SEED, MIN_MEANINGFUL_RESAMPLES, parse, UsageError } from './args.js';
import { directoriesOf, pathOption, refuseKernelFileSystem, refuseOverlap, type OutputDir } from './output-paths.js';
import { FIGURE_WIDTHS, type FigureWidth } from '../src/present/figures/figure-presets.js';
import { writeTopIndex } from '../src/present/report/top-index.js';
import { benchSummary, takeFlag, type RunSummary } from './run-summary.js';
import { repoRoot } from '../src/repo-root.js';
import { BenchProgressLines, Progress } from './progress.js';
import { BENCH_NAMES, BENCHES_WITH_LABELERS, sampleDir, type BenchJob, type BenchName } from '../src/run/run-bench.js';
import { reproduceBenches } from '../src/run/bench-threads.js';

// The command modules and the benchmarks' analyses are imported by the commands that use them: a
// `reproduce` loads each benchmark's analyses in its own worker thread, not here as well.

const EXIT_CODES = `Exit codes: 0 done; 1 release refused (every problem listed) or another error; 2 usage error.`;

/** Set by \`reproduce --json\`: a failure is then reported on stdout as JSON too. */
let jsonOutput = false;

/** `workbench reproduce`'s arguments, on two lines: its usage as the top-level help, its own help and the README give it. */
const REPRODUCE_ARGS = [`[--bench ${BENCH_NAMES.join('|')}|all] [--data DIR] [--out DIR] [--figures DIR] [--resamples N] [--seed S]`, '[--labeler NAME] [--figure-width screen|column|page] [--json] [--quiet]'];
const reproduceUsage = (indent: string) => `workbench reproduce ${REPRODUCE_ARGS[0]}\n${' '.repeat(indent.length + 'workbench reproduce '.length)}${REPRODUCE_ARGS[1]}`;

/**
 * Every command's usage, one line each (two for reproduce and manifest): the top-level help prints
 * them, and the README's CLI block is the same lines (test/cli/cli.test.ts checks both against each
 * command's own help).
 */
const USAGE = [
  reproduceUsage('  '),
  'workbench validate DIR',
  'workbench generate --bench NAME [--out DIR] [--seed S]',
  'workbench manifest DIR [--bench NAME] [--version V] [--synthetic true|false] [--description TEXT] [--force]',
  'workbench manifest DIR --check',
  'workbench import --map MAPPING.json SRC DST',
  'workbench schema --bench NAME [--file NAME]',
  'workbench COMMAND --help',
  'workbench --version',
];

const HELP: Record<string, string> = {
  main: `workbench ${WORKBENCH_VERSION}: reproduce LLM-agent benchmark papers' tables and figures from released data

Usage:
${USAGE.map((u) => `  ${u}`).join('\n')}

Benchmarks: ${BENCH_NAMES.join(', ')}

${EXIT_CODES}`,
  reproduce: `Usage: ${reproduceUsage('Usage: ')}

Loads a release, regrades/replays every raw record, and writes each paper table as
OUT/<bench>/<id>.json, .csv, .tex, .md and .html, the scorecard OUT/<bench>/summary.json (every
published number beside the recomputed one), index.html and README.md (scorecard first, then every
table and figure) and OUT/index.html linking the benchmarks; each figure as
<FIGURES>/<bench>/<id>.svg, .png, .pdf and .vl.json (the complete Vega-Lite spec that was rendered).
Nothing is written unless the whole release loads and every table builds. Progress goes to stderr
(on a terminal one status line with the seconds elapsed, otherwise one line per step); its last
line names the OUT/index.html to open.

Options:
  --bench NAME     ${BENCH_NAMES.join(' | ')} | all (default: all)
  --data DIR       the release directory (default: the bundled sample release data/<bench>);
                   only with a single --bench
  --out DIR        report directory (default: reports/ in the workbench checkout)
  --figures DIR    figure directory (default: figures/ of the checkout, or OUT when --out is given)
  --resamples N    bootstrap resamples, 1 to ${MAX_RESAMPLES} (default: ${DEFAULT_RESAMPLES}); below
                   ${MIN_MEANINGFUL_RESAMPLES} a warning says the 95% intervals are not meaningful
  --seed S         random seed for every bootstrap, 0 to ${MAX_SEED} (default: ${DEFAULT_SEED})
  --labeler NAME   PAWM: the guidance labeler the semantic analysis uses (default: the only
                   labeler, or the majority of labelers with ties reported); refused for a run
                   without pawm
  --figure-width W screen (default: as designed, CSS pixels) | column (3.3 in) | page (6.8 in);
                   print widths use 8.5-9 pt text, leave the title to the caption, and
                   give PNGs of that width at 300 dpi (990 or 2040 pixels wide)
  --json           print a machine-readable summary of the run on stdout (files written,
                   scorecard counts, warnings); human messages stay on stderr
  --quiet          no progress and no summary on stderr (warnings and errors still print)
  -h, --help       this help

${EXIT_CODES}`,
  validate: `Usage: workbench validate DIR

Loads and checks a release directory (any of ${BENCH_NAMES.join(', ')}, read from its MANIFEST.json).
Exit 0 with a summary (counts per file), or exit 1 with every problem as
file:line: field: what was expected.`,
  generate: `Usage: workbench generate --bench NAME [--out DIR] [--seed S]

Writes the synthetic sample release of a benchmark (default: data/<bench>, seed ${DEFAULT_SEED};
seeds 0 to ${MAX_SEED}).
The sample releases are made by the workbench's own seeded generators, calibrated to the papers'
published aggregates; they are not the papers' data. MANIFEST.json records what generate wrote
(generated_by: generator, benchmark, seed, sha256 of each file); a non-empty --out is replaced only
when it holds a release generate wrote for the same benchmark, unchanged since, and refused otherwise.`,
};

/** The help of a command, that of the commands in modules of their own imported with it. */
async function helpText(topic: string): Promise<string> {
  if (topic === 'manifest') return (await import('./manifest.js')).MANIFEST_HELP;
  if (topic === 'import') return (await import('./import.js')).IMPORT_HELP;
  if (topic === 'schema') return (await import('./schema.js')).SCHEMA_HELP;
  return HELP[topic] ?? HELP.main;
}

function benchByName(name: string): BenchName {
  const b = BENCH_NAMES.find((x) => x === name);
  if (!b) throw new UsageError(`unknown benchmark ${JSON.stringify(name)} (expected one of ${BENCH_NAMES.join(', ')})`);
  return b;
}

async function reproduce(argv: string[]): Promise<number> {
  const { present: json, rest: withoutJson } = takeFlag(argv, '--json');
  const { present: quiet, rest: args } = takeFlag(withoutJson, '--quiet');
  jsonOutput = json;
  const { values } = parse(args, { bench: { type: 'string' }, data: { type: 'string' }, out: { type: 'string' }, figures: { type: 'string' }, resamples: { type: 'string' }, seed: { type: 'string' }, labeler: { type: 'string' }, 'figure-width': { type: 'string' } });
  if (values.help) return help('reproduce');
  const which = values.bench ?? 'all';
  const benches: BenchName[] = which === 'all' ? [...BENCH_NAMES] : [benchByName(which)];
  if (values.data && benches.length !== 1) throw new UsageError('--data needs a single --bench');
  if (values.labeler !== undefined && !benches.some((b) => BENCHES_WITH_LABELERS.includes(b))) {
    throw new UsageError(`--labeler chooses among the guidance labelers of a ${BENCHES_WITH_LABELERS.join(' or ')} release; ${which} has no labelers`);
  }
  const figureWidth = (values['figure-width'] ?? 'screen') as FigureWidth;
  if (!FIGURE_WIDTHS.includes(figureWidth)) throw new UsageError(`--figure-width expects one of ${FIGURE_WIDTHS.join(', ')}, got ${JSON.stringify(values['figure-width'])}`);
  const opts = { resamples: intOption(values.resamples, 'resamples', DEFAULT_RESAMPLES, 1, MAX_RESAMPLES), seed: intOption(values.seed, 'seed', DEFAULT_SEED, 0, MAX_SEED), ...(values.labeler !== undefined ? { labeler: values.labeler } : {}) };
  const root = repoRoot();
  const [outArg, figArg, dataArg] = [pathOption(values.out, '--out'), pathOption(values.figures, '--figures'), pathOption(values.data, '--data')];
  const outDir = resolve(outArg ?? join(root, 'reports'));
  const figDir = resolve(figArg ?? (outArg ? outDir : join(root, 'figures')));
  refuseKernelFileSystem(outDir, '--out');
  refuseKernelFileSystem(figDir, '--figures');
  const dataDirs = benches.map((bench) => resolve(dataArg ?? join(root, sampleDir(bench))));
  const releases = dataDirs.map((path) => ({ flag: dataArg ? '--data' : 'the bundled sample', path }));
  // every directory written to, each checked once links are followed (OUT/cubebench may be a link
  // to the release): those of the flags and each benchmark's before anything is read, and every
  // directory a file goes to (OUT/<bench>/figures) once the files are known, before writing
  const outputDirs = (under: (bench: BenchName) => OutputDir[]): OutputDir[] => [{ flag: 'out', path: outDir }, { flag: 'figures', path: figDir }, ...benches.flatMap(under)];
  refuseOverlap(
    outputDirs((bench) => [
      { flag: 'out', path: join(outDir, bench), what: `${bench}'s reports` },
      { flag: 'figures', path: join(figDir, bench), what: `${bench}'s figures` },
    ]),
    releases,
  );
  const progress = new Progress(process.stderr, { quiet });
  try {
    // load and build everything first (each benchmark in a worker thread of its own, see
    // src/run/bench-threads.ts); write only when every benchmark succeeded
    const jobs: BenchJob[] = benches.map((bench, b) => ({ benchmark: bench, dataDir: dataDirs[b], opts, figureWidth }));
    const lines = new BenchProgressLines(progress, jobs.length, `finishing the figures' PNG and PDF files`);
    const results = await reproduceBenches(jobs, lines);
    const rendered = results.map((x, b) => ({ bench: jobs[b].benchmark, r: x.rendered, tables: x.tables, figures: x.figures }));
    const targets = rendered.map(({ bench, r }) => ({ rendered: r, reportDir: join(outDir, bench), figureDir: join(figDir, bench) }));
    refuseOverlap(
      outputDirs((bench) => {
        const { rendered: r, reportDir, figureDir } = targets[benches.indexOf(bench)];
        const report = directoriesOf(reportDir, [...r.report.keys(), ...[...r.figures.keys()].map((k) => `figures/${k}`)]);
        return [...report.map((path) => ({ flag: 'out', path, what: `${bench}'s output` })), ...directoriesOf(figureDir, r.figures.keys()).map((path) => ({ flag: 'figures', path, what: `${bench}'s figures` }))];
      }),
      releases,
    );
    progress.step(`writing ${outDir}${figDir !== outDir ? ` and ${figDir}` : ''}`);
    writeReports(targets);
    const top = writeTopIndex(outDir, [...BENCH_NAMES]);
    // the status line goes before the lines that stay
    progress.end();
    const summary: RunSummary = { ok: true, workbench: WORKBENCH_VERSION, command: 'reproduce', seed: opts.seed, resamples: opts.resamples, figure_width: figureWidth, benchmarks: [], top_index: top.file, warnings: [] };
    if (opts.resamples < MIN_MEANINGFUL_RESAMPLES) {
      summary.warnings.push(`--resamples ${opts.resamples} is below ${MIN_MEANINGFUL_RESAMPLES}: the 95% confidence intervals (and "within CI" in the scorecards) are not meaningful with so few bootstrap resamples; use ${MIN_MEANINGFUL_RESAMPLES} or more (default ${DEFAULT_RESAMPLES})`);
    }
    for (const { bench, r, tables, figures } of rendered) {
      const s = benchSummary(bench, r, join(outDir, bench), join(figDir, bench), tables, figures);
      summary.benchmarks.push(s);
      summary.warnings.push(...r.warnings.map((w) => `${bench}: ${w}`));
      progress.line(`${bench}: ${tables} tables -> ${s.report_dir}; ${figures} figures -> ${s.figure_dir}`);
      progress.line(`  ${s.verdict}`);
    }
    if (top.warning) summary.warnings.push(top.warning);
    for (const w of summary.warnings) console.error(`warning: ${w}`);
    // the last line: what to open (the benchmark's own page when the top-level one is not ours)
    progress.line(`open ${top.file ?? join(outDir, benches[0], 'index.html')}`);
    if (json) console.log(JSON.stringify(summary, null, 2));
    return 0;
  } finally {
    progress.end();
  }
}

async function validate(args: string[]): Promise<number> {
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
  const { BENCHES } = await import('../analysis/index.js');
  const bench = BENCHES.find((b) => b.benchmark === benchmark) ?? BENCHES[0];
  const release = bench.load(dir);
  console.log(`${dir}: valid ${bench.benchmark} release`);
  // the summary names agents and methods of the release: printed with control characters escaped
  for (const line of bench.summary(release)) console.log(`  ${terminalText(line)}`);
  return 0;
}

async function generate(args: string[]): Promise<number> {
  const { values } = parse(args, { bench: { type: 'string' }, out: { type: 'string' }, seed: { type: 'string' } });
  if (values.help) return help('generate');
  if (!values.bench) throw new UsageError('generate needs --bench');
  const [{ GENERATORS }, { refuseToReplace, writeRelease }] = await Promise.all([import('../src/samples/index.js'), import('../src/samples/write-release.js')]);
  const gen = GENERATORS[values.bench];
  if (!gen) throw new UsageError(`no generator for ${JSON.stringify(values.bench)} (expected one of ${Object.keys(GENERATORS).join(', ')})`);
  const seed = intOption(values.seed, 'seed', DEFAULT_SEED, 0, MAX_SEED);
  const out = resolve(pathOption(values.out, '--out') ?? join(repoRoot(), 'data', values.bench));
  refuseKernelFileSystem(out, '--out');
  // refused before the sample is generated (writeRelease checks again, under its lock)
  refuseToReplace(out, values.bench);
  writeRelease(out, gen(seed));
  console.log(`wrote synthetic ${values.bench} sample release (seed ${seed}) to ${out}`);
  return 0;
}

async function help(topic: string): Promise<number> {
  console.log(await helpText(topic));
  return 0;
}

export async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  try {
    switch (cmd) {
      case 'reproduce':
        return await reproduce(rest);
      case 'validate':
        return await validate(rest);
      case 'generate':
        return await generate(rest);
      case 'manifest':
        return (await import('./manifest.js')).manifestCommand(rest);
      case 'import':
        return (await import('./import.js')).importCommand(rest);
      case 'schema':
        return (await import('./schema.js')).schemaCommand(rest);
      case '--version':
        console.log(WORKBENCH_VERSION);
        return 0;
      case undefined:
      case '-h':
      case '--help':
      case 'help':
        return await help(rest[0] ?? 'main');
      default:
        throw new UsageError(`unknown command ${JSON.stringify(cmd)}`);
    }
  } catch (e) {
    if (jsonOutput) console.log(JSON.stringify({ ok: false, exit_code: e instanceof UsageError ? 2 : 1, error: e instanceof ReleaseError ? 'release refused' : (e as Error).message ?? String(e), problems: e instanceof ReleaseError ? formatProblems(e.problems) : [] }, null, 2));
    if (e instanceof ReleaseError) {
      console.error(`release refused: ${e.problems.length} problem(s)`);
      for (const line of formatProblems(e.problems)) console.error(line);
      return 1;
    }
    if (e instanceof UsageError) {
      console.error(`workbench: ${e.message}\n`);
      console.error(await helpText(cmd ?? 'main'));
      return 2;
    }
    console.error(`workbench: error: ${(e as Error).message ?? String(e)}`);
    if (process.env.WORKBENCH_DEBUG) console.error((e as Error).stack);
    return 1;
  }
}
