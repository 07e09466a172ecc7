import type { Bench, RunOptions } from '../src/present/report/analysis.js';
import type { FigureWidth } from '../src/present/figures/figure-presets.js';
import { beginReport, type Rendered } from '../src/present/report/write-report.js';

/** The benchmarks `reproduce` knows, in the order it reports them; each loaded only when run. */
export const BENCH_NAMES = ['globebench', 'pawm', 'cubebench'] as const;
export type BenchName = (typeof BENCH_NAMES)[number];

/**
 * Each benchmark's module, imported on its own: a benchmark's worker thread loads its analyses and
 * nothing of the other two (module loading is ~0.4 s of CPU per benchmark and thread).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const BENCH_MODULES: Record<BenchName, () => Promise<Bench<any, any>>> = {
  globebench: async () => (await import('../analysis/globebench/index.js')).globebench,
  pawm: async () => (await import('../analysis/pawm/index.js')).pawm,
  cubebench: async () => (await import('../analysis/cubebench/index.js')).cubebench,
};

/** Where a benchmark's bundled sample release is, relative to the checkout (each Bench's sampleDir). */
export const sampleDir = (name: BenchName): string => `data/${name}`;

/** What one benchmark of a `reproduce` run needs: plain data, so it can be posted to a worker thread. */
export interface BenchJob {
  benchmark: BenchName;
  dataDir: string;
  opts: RunOptions;
  figureWidth: FigureWidth;
  /** a worker thread asks the main thread for its PDFs (the run's converter process), not spawning them itself */
  pdfsFromMain?: boolean;
}

/** One benchmark's report, rendered in memory, and how many tables and figures it has. */
export interface BenchResult {
  rendered: Rendered;
  tables: number;
  figures: number;
}

/** Where a benchmark tells how far it is: a step (a line off a terminal) or a detail within it. */
export interface BenchProgress {
  step(label: string): void;
  detail(label: string): void;
  /** the last step has begun: nothing more is printed for this benchmark until its summary */
  stepsDone(): void;
}

const renderingStep = (name: string, tables: number, figures: number) => `${name}: rendering ${tables} tables and ${figures} figures`;

/**
 * One benchmark of `reproduce`: load, prepare, every analysis, and the report rendered in memory
 * (figures as figure-thread.ts and render-preset.ts make them). Run in a worker thread
 * per benchmark (reproduce-worker.ts), or in the calling thread when there is no compiled worker.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function runBench(bench: Bench<any, any>, job: BenchJob, progress: BenchProgress): Promise<{ done: Promise<BenchResult> }> {
  const name = bench.benchmark;
  progress.step(`${name}: loading ${job.dataDir}`);
  const release = bench.load(job.dataDir);
  progress.step(`${name}: deriving`);
  const ctx = bench.prepare(release, job.opts);
  const tables = [], figures = [];
  progress.step(`${name}: ${bench.analyses.length} analyses`);
  for (const [i, a] of bench.analyses.entries()) {
    progress.detail(`${name}: analysis ${i + 1} of ${bench.analyses.length}, ${a.id}`);
    if (a.kind === 'table') tables.push(a.build(ctx));
    else figures.push(a.build(ctx));
  }
  const artifacts = bench.artifacts ? bench.artifacts(ctx) : [];
  progress.step(renderingStep(name, tables.length, figures.length));
  progress.stepsDone();
  const { done } = await beginReport({ benchmark: name, provenance: bench.provenance(release, job.opts), tables, figures, artifacts, scorecard: bench.scorecard, figureWidth: job.figureWidth });
  const result = done.then((rendered) => ({ rendered, tables: tables.length, figures: figures.length }));
  result.catch(() => {});
  return { done: result };
}
