import type { Bench, RunOptions } from '../benchmark/contract.js';
import type { FigureWidth } from '../present/figures/figure-presets.js';
import type { FigureRenderer } from './figure-thread.js';
import type { FigureRender } from '../present/figures/render-preset.js';
import type { Figure } from '../present/figures/figure.js';
import type { Table } from '../present/tables/table.js';
import { beginReport, type Rendered } from '../present/report/write-report.js';
import { notPlainData } from '../present/plain-data.js';
import { judgeClaims } from '../derive/claims/judge-claims.js';
import { claimsTable } from '../present/claims/claims-table.js';
import { claimsForestFigure } from '../present/claims/claims-forest-figure.js';
import { claimsHeatmapFigure } from '../present/claims/claims-heatmap-figure.js';
import { robustnessTable } from '../present/claims/robustness-table.js';

/** What one benchmark of a `reproduce` run needs: plain data, so it can be posted to a worker thread. */
export interface BenchJob {
  /** the benchmark's name, and the URL of its module (its entry in the list of benchmarks, src/benchmark/registry.ts) */
  benchmark: string;
  module: string;
  /** about how many CPU seconds it takes (the entry's cpuSeconds): the longest start first */
  cpuSeconds: number;
  dataDir: string;
  opts: RunOptions;
  figureWidth: FigureWidth;
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
 * One benchmark of `reproduce`: load, prepare, every analysis, and the report rendered in memory,
 * each figure by `render` (the run's figure thread, figure-thread.ts). Run in a worker thread per
 * benchmark (bench-worker.ts).
 */
export async function runBench(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  bench: Bench<any, any>,
  job: BenchJob,
  progress: BenchProgress,
  render: FigureRenderer,
): Promise<{ done: Promise<BenchResult> }> {
  const name = bench.benchmark;
  progress.step(`${name}: loading ${job.dataDir}`);
  const release = bench.load(job.dataDir);
  progress.step(`${name}: deriving`);
  const ctx = bench.prepare(release, job.opts);
  progress.step(`${name}: ${bench.analyses.length} analyses`);
  const built: (Table | Figure)[] = new Array(bench.analyses.length);
  const renders = new Map<number, FigureRender>();
  // Figures first, each sent to the figure thread as soon as it is built: it draws them while this
  // thread builds the tables (PAWM: ~1.1 s of tables after its figures). Every number is a derived
  // cell computed once whichever analysis asks first, so the order changes no output; a failure is
  // still said at its analysis's place in the declared order, as if they had run in that order.
  const figuresFirst = [...bench.analyses.keys()].sort((i, j) => Number(bench.analyses[i].kind === 'table') - Number(bench.analyses[j].kind === 'table'));
  let failed: { index: number; error: unknown } | undefined;
  for (const i of figuresFirst) {
    const a = bench.analyses[i];
    progress.detail(`${name}: analysis ${i + 1} of ${bench.analyses.length}, ${a.id}`);
    try {
      built[i] = a.build(ctx);
      // what an analysis built is posted to other threads: anything that cannot be cloned (a
      // function a release string found on Object.prototype) is named here, as this analysis' failure
      const notPlain = notPlainData(built[i]);
      if (notPlain !== undefined) throw new Error(`${name}: ${a.id}: ${notPlain}`);
    } catch (error) {
      failed = { index: i, error };
      break;
    }
    if (a.kind === 'figure') renders.set(i, render(built[i] as Figure, job.figureWidth));
  }
  if (failed) {
    // the analyses before it in the declared order that have not run yet run now: one may fail first
    for (let i = 0; i < failed.index; i++) built[i] ??= bench.analyses[i].build(ctx);
    throw failed.error;
  }
  const tables = bench.analyses.flatMap((a, i) => (a.kind === 'table' ? [built[i] as Table] : []));
  const figureIndexes = [...bench.analyses.keys()].filter((i) => bench.analyses[i].kind === 'figure');
  const figures = figureIndexes.map((i) => built[i] as Figure);
  const figureRenders = figureIndexes.map((i) => renders.get(i)!);
  // the claims, after the analyses (their evidence reads the same derived cells): a table, the
  // robustness grid's table, a forest plot and the grid's heat map of their own, after the declared ones, and the verdict line of the page
  let claims = null;
  if (bench.claims?.length) {
    progress.detail(`${name}: ${bench.claims.length} claims`);
    const { rows, grid } = judgeClaims(bench.claims, ctx, job.opts, bench.choices?.(ctx) ?? []);
    claims = rows;
    const table = claimsTable(name, claims, job.opts);
    const gridTable = robustnessTable(name, grid);
    const figure = claimsForestFigure(name, claims);
    const heatmap = claimsHeatmapFigure(name, claims, grid);
    for (const [id, x] of [
      ['claims', table],
      ['claims-robustness', gridTable],
      ['fig-claims', figure],
      ['fig-claims-grid', heatmap],
    ] as const) {
      const notPlain = notPlainData(x);
      if (notPlain !== undefined) throw new Error(`${name}: ${id}: ${notPlain}`);
    }
    tables.push(table, gridTable);
    figures.push(figure, heatmap);
    figureRenders.push(render(figure, job.figureWidth), render(heatmap, job.figureWidth));
  }
  const artifacts = bench.artifacts ? bench.artifacts(ctx) : [];
  // the explorer only when asked for (`reproduce --explore`): it is large and slow on a real-size release
  const explorer = job.opts.explore ? bench.explorer?.(ctx) : undefined;
  progress.step(renderingStep(name, tables.length, figures.length));
  progress.stepsDone();
  const { done } = await beginReport({
    benchmark: name,
    provenance: bench.provenance(release, job.opts),
    tables,
    figures,
    artifacts,
    published: bench.published,
    renders: figureRenders,
    claims,
    explorer,
  });
  const result = done.then((rendered) => ({ rendered, tables: tables.length, figures: figures.length }));
  result.catch(() => {});
  return { done: result };
}
