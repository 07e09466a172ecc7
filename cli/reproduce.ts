import { join, resolve } from 'node:path';
import { DEFAULT_RESAMPLES, DEFAULT_SEED } from '../src/benchmark/contract.js';
import { benchmarkNames, benchmarks, findBenchmark, sampleDirOf, type BenchmarkEntry } from '../src/benchmark/registry.js';
import { writeReports } from '../src/output/write-reports.js';
import { WORKBENCH_VERSION } from '../src/version.js';
import { intOption, MAX_RESAMPLES, MAX_SEED, MIN_MEANINGFUL_RESAMPLES, parse, UsageError } from './args.js';
import { directoriesOf, pathOption, refuseKernelFileSystem, refuseOverlap, type OutputDir } from './output-paths.js';
import { FIGURE_WIDTHS, type FigureWidth } from '../src/present/figures/figure-presets.js';
import { writeTopIndex } from '../src/present/report/top-index.js';
import { benchSummary, takeFlag, type RunSummary } from './run-summary.js';
import { repoRoot } from '../src/repo-root.js';
import { BenchProgressLines, Progress } from './progress.js';
import type { BenchJob } from '../src/run/run-bench.js';
import { reproduceBenches } from '../src/run/bench-threads.js';
import type { Command } from './command.js';
import { EXIT_CODES, usageOf } from './usage.js';

// The benchmarks' analyses are not imported here: a `reproduce` loads each benchmark's module in
// its own worker thread, by the URL its entry in the list of benchmarks gives.

const reproduceHelp = () => `${usageOf('reproduce')}

Loads a release, regrades/replays every raw record, and writes each paper table as
OUT/<bench>/<id>.json, .csv, .tex, .md and .html, the scorecard OUT/<bench>/summary.json (every
published number beside the recomputed one), for a benchmark that declares its paper's claims the
claims table OUT/<bench>/claims.* (a verdict per claim), claims-robustness.* and figures fig-claims
(forest plot) and fig-claims-grid (verdicts x choices),
index.html and README.md (the claims verdict line, the scorecard, then every table and figure) and
OUT/index.html linking the benchmarks; each figure as
<FIGURES>/<bench>/<id>.svg, .png, .pdf and .vl.json (the complete Vega-Lite spec that was rendered).
Nothing is written unless the whole release loads and every table builds. Progress goes to stderr
(on a terminal one status line with the seconds elapsed, otherwise one line per step); its last
line names the OUT/index.html to open.

Options:
  --bench NAME     ${benchmarkNames().join(' | ')} | all (default: all)
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
  --explore        also write the explorer, OUT/<bench>/explore.html (every record, searchable
                   and filterable), and link index.html's count cells to it; off by default: on a
                   real-size release it adds hundreds of MB and much of the run's time
  --json           print a machine-readable summary of the run on stdout (files written,
                   scorecard counts, warnings); human messages stay on stderr
  --quiet          no progress and no summary on stderr (warnings and errors still print)
  -h, --help       this help

${EXIT_CODES}`;

function benchByName(name: string): BenchmarkEntry {
  const b = findBenchmark(name);
  if (!b) throw new UsageError(`unknown benchmark ${JSON.stringify(name)} (expected one of ${benchmarkNames().join(', ')})`);
  return b;
}

async function reproduce(argv: string[]): Promise<number> {
  const { present: json, rest: withoutJson } = takeFlag(argv, '--json');
  const { present: quiet, rest: withoutQuiet } = takeFlag(withoutJson, '--quiet');
  const { present: explore, rest: args } = takeFlag(withoutQuiet, '--explore');
  const { values } = parse(args, {
    bench: { type: 'string' },
    data: { type: 'string' },
    out: { type: 'string' },
    figures: { type: 'string' },
    resamples: { type: 'string' },
    seed: { type: 'string' },
    labeler: { type: 'string' },
    'figure-width': { type: 'string' },
  });
  if (values.help) {
    console.log(reproduceHelp());
    return 0;
  }
  const which = values.bench ?? 'all';
  const entries: readonly BenchmarkEntry[] = which === 'all' ? benchmarks() : [benchByName(which)];
  const benches = entries.map((e) => e.name);
  if (values.data && benches.length !== 1) throw new UsageError('--data needs a single --bench');
  if (values.labeler !== undefined && !entries.some((e) => e.labelers)) {
    const withLabelers = benchmarks()
      .filter((e) => e.labelers)
      .map((e) => e.name);
    throw new UsageError(`--labeler chooses among the guidance labelers of a ${withLabelers.join(' or ')} release; ${which} has no labelers`);
  }
  const figureWidth = (values['figure-width'] ?? 'screen') as FigureWidth;
  if (!FIGURE_WIDTHS.includes(figureWidth))
    throw new UsageError(`--figure-width expects one of ${FIGURE_WIDTHS.join(', ')}, got ${JSON.stringify(values['figure-width'])}`);
  const opts = {
    resamples: intOption(values.resamples, 'resamples', DEFAULT_RESAMPLES, 1, MAX_RESAMPLES),
    seed: intOption(values.seed, 'seed', DEFAULT_SEED, 0, MAX_SEED),
    ...(values.labeler !== undefined ? { labeler: values.labeler } : {}),
    ...(explore ? { explore: true } : {}),
  };
  const root = repoRoot();
  const [outArg, figArg, dataArg] = [pathOption(values.out, '--out'), pathOption(values.figures, '--figures'), pathOption(values.data, '--data')];
  const outDir = resolve(outArg ?? join(root, 'reports'));
  const figDir = resolve(figArg ?? (outArg ? outDir : join(root, 'figures')));
  refuseKernelFileSystem(outDir, '--out');
  refuseKernelFileSystem(figDir, '--figures');
  const dataDirs = entries.map((e) => resolve(dataArg ?? join(root, sampleDirOf(e))));
  const releases = dataDirs.map((path) => ({ flag: dataArg ? '--data' : 'the bundled sample', path }));
  // every directory written to, each checked once links are followed (OUT/cubebench may be a link
  // to the release): those of the flags and each benchmark's before anything is read, and every
  // directory a file goes to (OUT/<bench>/figures) once the files are known, before writing
  const outputDirs = (under: (bench: string) => OutputDir[]): OutputDir[] => [
    { flag: 'out', path: outDir },
    { flag: 'figures', path: figDir },
    ...benches.flatMap(under),
  ];
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
    const jobs: BenchJob[] = entries.map((e, b) => ({
      benchmark: e.name,
      module: e.module.href,
      cpuSeconds: e.cpuSeconds ?? 1,
      dataDir: dataDirs[b],
      opts,
      figureWidth,
    }));
    const lines = new BenchProgressLines(progress, jobs.length, `finishing the figures' PNG and PDF files`);
    const results = await reproduceBenches(jobs, lines);
    const rendered = results.map((x, b) => ({ bench: jobs[b].benchmark, r: x.rendered, tables: x.tables, figures: x.figures }));
    const targets = rendered.map(({ bench, r }) => ({ rendered: r, reportDir: join(outDir, bench), figureDir: join(figDir, bench) }));
    refuseOverlap(
      outputDirs((bench) => {
        const { rendered: r, reportDir, figureDir } = targets[benches.indexOf(bench)];
        const report = directoriesOf(reportDir, [...r.report.keys(), ...[...r.figures.keys()].map((k) => `figures/${k}`)]);
        return [
          ...report.map((path) => ({ flag: 'out', path, what: `${bench}'s output` })),
          ...directoriesOf(figureDir, r.figures.keys()).map((path) => ({ flag: 'figures', path, what: `${bench}'s figures` })),
        ];
      }),
      releases,
    );
    progress.step(`writing ${outDir}${figDir !== outDir ? ` and ${figDir}` : ''}`);
    writeReports(targets);
    const top = writeTopIndex(outDir, benchmarkNames(), new Map(rendered.map(({ bench, r }) => [bench, r.provenance])));
    // the status line goes before the lines that stay
    progress.end();
    const summary: RunSummary = {
      ok: true,
      workbench: WORKBENCH_VERSION,
      command: 'reproduce',
      seed: opts.seed,
      resamples: opts.resamples,
      figure_width: figureWidth,
      benchmarks: [],
      top_index: top.file,
      warnings: [],
    };
    if (opts.resamples < MIN_MEANINGFUL_RESAMPLES) {
      summary.warnings.push(
        `--resamples ${opts.resamples} is below ${MIN_MEANINGFUL_RESAMPLES}: the 95% confidence intervals (and "within CI" in the scorecards) are not meaningful with so few bootstrap resamples; use ${MIN_MEANINGFUL_RESAMPLES} or more (default ${DEFAULT_RESAMPLES})`,
      );
    }
    for (const { bench, r, tables, figures } of rendered) {
      const s = benchSummary(bench, r, join(outDir, bench), join(figDir, bench), tables, figures);
      summary.benchmarks.push(s);
      summary.warnings.push(...r.warnings.map((w) => `${bench}: ${w}`));
      progress.line(`${bench}: ${tables} tables -> ${s.report_dir}; ${figures} figures -> ${s.figure_dir}`);
      if (s.claims_verdict !== null) progress.line(`  ${s.claims_verdict}`);
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

/** `workbench reproduce [...]`: with --json, a failure is reported on stdout as JSON too (main.ts). */
export const command: Command = { help: reproduceHelp, run: reproduce };
