import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker, type MessagePort } from 'node:worker_threads';
import { ReleaseError, type Problem } from '../release/io/problems.js';
import { errorMessage } from '../error-message.js';
import type { Rendered } from '../present/report/write-report.js';
import { startPdfProcess } from './rsvg-convert.js';
import { figurePortOf, startFigureWorker } from './figure-thread.js';
import type { BenchJob, BenchProgress, BenchResult } from './run-bench.js';

/** What the main thread posts to a benchmark's worker thread: a benchmark to reproduce. */
export type WorkerRequest = { type: 'run'; index: number; job: BenchJob };

/** What a benchmark's worker thread is started with: a port to the run's figure thread. */
export interface WorkerData {
  figurePort: MessagePort;
}

/** What a benchmark's worker thread posts (bench-worker.ts); `index` is the job's, in the jobs' order. */
export type WorkerReply =
  | { type: 'step' | 'detail'; index: number; label: string }
  | { type: 'steps-done'; index: number }
  | { type: 'stderr'; index: number; text: string }
  | { type: 'done'; index: number; result: BenchResult }
  | { type: 'failed'; index: number; message: string; problems?: Problem[]; stack?: string };

/** Where the benchmarks of a run report: one BenchProgress per benchmark (in the jobs' order), and its stderr. */
export interface RunProgress {
  bench(index: number): BenchProgress & { stderr(text: string): void };
  /** the benchmark has finished: its report is rendered */
  finished(index: number): void;
  /** the benchmark failed: the run stops */
  failed(index: number): void;
}

const WORKER_FILE = new URL('./bench-worker.js', import.meta.url);

/** A Buffer posted by a worker arrives as a Uint8Array: the same bytes, as a Buffer again. */
function asBuffers(files: Map<string, string | Uint8Array>): Map<string, string | Buffer> {
  const out = new Map<string, string | Buffer>();
  for (const [k, v] of files) out.set(k, typeof v === 'string' || Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength));
  return out;
}

function received(result: BenchResult): BenchResult {
  const r = result.rendered as unknown as { report: Map<string, string | Uint8Array>; figures: Map<string, string | Uint8Array> };
  const rendered: Rendered = { ...result.rendered, report: asBuffers(r.report), figures: asBuffers(r.figures) };
  return { ...result, rendered };
}

/** The error a worker reported, as the CLI prints it: a refused release with its problems, or the message. */
function workerError(m: Extract<WorkerReply, { type: 'failed' }>): Error {
  if (m.problems) return new ReleaseError(m.problems);
  const e = new Error(m.message);
  if (m.stack) e.stack = m.stack;
  return e;
}

/**
 * Reproduces every benchmark of a run, each in a worker thread of its own, at most as many at once as
 * the machine has cores, the longest first, and gives their rendered reports in the jobs' order.
 * A failure is that of the first failing benchmark in the jobs' order (see inWorkers). One benchmark
 * alone runs the same way (one execution mode: what the tests run is what the CLI runs), from the
 * compiled library only (the worker files are its .js files).
 */
export async function reproduceBenches(jobs: BenchJob[], progress: RunProgress): Promise<BenchResult[]> {
  if (!existsSync(fileURLToPath(WORKER_FILE))) throw new Error('reproduce runs from the compiled library only: run `npm run build` first');
  // started now, while this process is small: each PDF then forks the converter, not the ~1 GB
  // these threads grow to (without it, the figure thread spawns rsvg-convert itself)
  const pdfs = startPdfProcess();
  // one thread draws every benchmark's figures (SVG, then PDF and PNG): vega and resvg are loaded
  // once, and it runs on whichever core the benchmarks leave free
  const figures = startFigureWorker(pdfs);
  // The figure thread or the converter failing fails the run at once, with its own message (the
  // benchmarks' threads would only hear that the figure thread's ports closed, and maybe not before
  // they finish loading).
  const runFailed = new Promise<never>((_, reject) => {
    figures.on('error', (e) => reject(new Error(`the figure thread failed: ${errorMessage(e)}`)));
    figures.on('exit', (code) => reject(new Error(`the figure thread stopped (exit ${code})`)));
    pdfs?.failed.catch(reject);
  });
  runFailed.catch(() => {});
  try {
    return await inWorkers(jobs, progress, figures, runFailed);
  } finally {
    pdfs?.stop();
    await figures.terminate();
  }
}

function inWorkers(jobs: BenchJob[], progress: RunProgress, figures: Worker, runFailed: Promise<never>): Promise<BenchResult[]> {
  // the longest benchmarks first (each entry's cpuSeconds), so the last one to start is short and
  // both cores stay busy until the end
  let order = jobs.map((_, i) => i).sort((a, b) => jobs[b].cpuSeconds - jobs[a].cpuSeconds);
  const atOnce = Math.max(1, Math.min(availableParallelism(), jobs.length));
  const results: BenchResult[] = new Array(jobs.length);
  /**
   * each worker and the jobs it holds: the one it builds, and maybe the one before, still waiting
   * for its figures (a worker whose steps are done takes the next job: its modules are loaded)
   */
  const running = new Map<Worker, Set<number>>();
  /** jobs not yet done */
  const unfinished = new Set(jobs.keys());
  return new Promise<BenchResult[]>((resolve, reject) => {
    // The failure reported is that of the first failing benchmark in the jobs' order, as when they
    // ran one after another: a failure stops the benchmarks after it at once, but those before it
    // run to their end (one of them may fail too), so which error is said does not depend on timing.
    let failure: { index: number; error: Error } | undefined;
    const stop = (w: Worker) => {
      running.delete(w);
      void w.terminate();
    };
    const settle = () => {
      if (failure) {
        if ([...unfinished].some((j) => j < failure!.index)) return;
        for (const w of [...running.keys()]) stop(w);
        progress.failed(failure.index);
        reject(failure.error);
      } else if (unfinished.size === 0) resolve(results);
    };
    // a failure of the run's own figure thread or converter stops every benchmark, whichever runs
    runFailed.catch((e: Error) => {
      // (after the run: the figure thread is stopped as the run ends)
      if (failure || unfinished.size === 0) return;
      failure = { index: -1, error: e };
      unfinished.clear();
      order = [];
      for (const w of [...running.keys()]) stop(w);
      progress.failed(-1);
      reject(e);
    });
    const fail = (index: number, e: Error) => {
      if (failure && failure.index <= index) return;
      failure = { index, error: e };
      for (const j of [...unfinished]) if (j >= index) unfinished.delete(j);
      // a worker still finishing a job before the failed one keeps running until that job is done
      for (const [w, held] of [...running]) {
        for (const j of [...held]) if (j >= index) held.delete(j);
        if (held.size === 0) stop(w);
      }
      order = order.filter((j) => j < index);
      while (order.length && running.size < atOnce) spawn(order.shift()!);
      settle();
    };
    const assign = (w: Worker, index: number) => {
      running.get(w)!.add(index);
      w.postMessage({ type: 'run', index, job: jobs[index] } satisfies WorkerRequest);
    };
    const spawn = (index: number): void => {
      // (a larger young generation, resourceLimits.maxYoungGenerationSizeMb 32, 48, 64 or 96, did
      // not lower the run's CPU: 3 runs each, default 14.9 s, 48 MB 17.1 s, 96 MB 16.8 s; the defaults are kept)
      let w: Worker;
      try {
        // its figures go to the run's one figure thread, through a port of its own
        const figurePort = figurePortOf(figures);
        w = new Worker(WORKER_FILE, { workerData: { figurePort } satisfies WorkerData, transferList: [figurePort] });
      } catch (e) {
        // e.g. a node option a worker refuses: said as the error it is
        fail(index, e as Error);
        return;
      }
      running.set(w, new Set());
      w.on('message', (m: WorkerReply) => {
        const held = running.get(w);
        if (held === undefined) return;
        // (what a worker says before its first job began, or outside any job, is its first job's)
        const at = m.index < 0 && held.size ? Math.min(...held) : m.index;
        // a job dropped after a failure: whatever it still says is not wanted
        if (!held.has(at)) return;
        // an error here (a result that cannot be taken in) fails the job like one in its thread
        try {
          const out = progress.bench(at);
          if (m.type === 'step') out.step(m.label);
          else if (m.type === 'detail') out.detail(m.label);
          else if (m.type === 'steps-done') {
            out.stepsDone();
            if (order.length) assign(w, order.shift()!);
          } else if (m.type === 'stderr') out.stderr(m.text);
          else if (m.type === 'failed') fail(at, workerError(m));
          else if (m.type === 'done') {
            results[at] = received(m.result);
            unfinished.delete(at);
            held.delete(at);
            progress.finished(at);
            if (held.size === 0) stop(w);
            settle();
          }
        } catch (e) {
          fail(at, e instanceof Error ? e : new Error(errorMessage(e)));
        }
      });
      const whose = (held: Set<number>) =>
        [...held]
          .sort((a, b) => a - b)
          .map((j) => jobs[j].benchmark)
          .join(' and ');
      const died = (e: unknown) => {
        const held = running.get(w);
        if (held?.size) fail(Math.min(...held), new Error(`the ${whose(held)} worker thread failed: ${errorMessage(e)}`));
      };
      w.on('error', died);
      w.on('exit', (code) => {
        const held = running.get(w);
        if (held?.size) fail(Math.min(...held), new Error(`the ${whose(held)} worker thread stopped (exit ${code})`));
      });
      assign(w, index);
    };
    for (let k = 0; k < atOnce; k++) spawn(order.shift()!);
  });
}
