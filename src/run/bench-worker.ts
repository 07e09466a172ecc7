/**
 * A worker thread that reproduces benchmarks of a `reproduce` run (see bench-threads.ts): it
 * loads, derives and renders a benchmark's report in memory, importing only that benchmark's
 * analyses, and posts the result to the main thread, which writes every report once all succeeded.
 * Progress and anything written on stderr here go to the main thread as messages, so it can print
 * them in the order of the benchmarks.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { rendererOver } from './figure-thread.js';
import { ReleaseError } from '../release/io/problems.js';
import { errorMessage } from '../error-message.js';
import { runBench, type BenchJob } from './run-bench.js';
import { loadBench } from '../benchmark/registry.js';
import type { WorkerData, WorkerReply, WorkerRequest } from './bench-threads.js';
import { planBuffers } from '../present/explore/explorer.js';

const port = parentPort!;
// every benchmark of the run draws its figures in the run's one figure thread
const renderFigure = rendererOver((workerData as WorkerData).figurePort);
const post = (m: WorkerReply) => port.postMessage(m);
/** the job whose loading and analyses run now (the one before it may still wait for its figures) */
let current = -1;
/** the jobs this thread was given and has not answered yet (done or failed) */
const held = new Set<number>();

/** Says that a job failed, once: the main thread then stops the jobs after it (and this thread, once it holds none). */
function failed(index: number, e: unknown): void {
  if (!held.delete(index)) return;
  // a refused release is rebuilt on the main thread from its problems, so it prints as it always has
  if (e instanceof ReleaseError) post({ type: 'failed', index, problems: e.problems, message: e.message });
  else post({ type: 'failed', index, message: errorMessage(e), stack: (e as Error)?.stack });
}

// An error no job catches (thrown in a callback, a promise nobody awaits, a message that cannot be
// posted) fails every job this thread holds with its message, here, where the message is still
// known: as a thread's 'error' event a DataCloneError would reach the main thread as "{}".
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (e: unknown) => {
    const jobs = held.size ? [...held] : [current];
    held.clear();
    for (const index of jobs) {
      held.add(index);
      failed(index, e);
    }
  });
}

// a loader's warning, in order with this benchmark's progress (a worker's own stderr would reach
// the main thread's at a moment of its own)
process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
  post({ type: 'stderr', index: current, text: typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8') });
  const callback = rest.find((x) => typeof x === 'function') as (() => void) | undefined;
  callback?.();
  return true;
}) as typeof process.stderr.write;

async function run(index: number, job: BenchJob): Promise<void> {
  current = index;
  // by its module's URL: this thread's list of benchmarks is empty (a benchmark registered at run time works too)
  const bench = await loadBench({ name: job.benchmark, module: job.module });
  const { done } = await runBench(
    bench,
    job,
    {
      step: (label) => post({ type: 'step', index, label }),
      detail: (label) => post({ type: 'detail', index, label }),
      stepsDone: () => post({ type: 'steps-done', index }),
    },
    renderFigure,
  );
  // Maps of strings and Buffers are cloned as they are (a Buffer arrives as a Uint8Array); the
  // explorer's serialised details (a real-size release's hundreds of MB) move without a copy
  const result = await done;
  port.postMessage({ type: 'done', index, result } satisfies WorkerReply, planBuffers(result.rendered.explorerTexts));
}

// A worker that has built a benchmark (its steps are done) may be given the next one while the
// first one's figures are still being drawn (the modules both use are loaded already): the first
// then only waits for replies, which this thread reads once the second one's steps are done (they
// run without a pause). The main thread ends it.
port.on('message', (m: WorkerRequest) => {
  const { index } = m;
  held.add(index);
  // Test hook (test/reliability/thread-failures.test.ts; CONVENTIONS.md): WORKBENCH_TEST_FAULT=benchmark-thread
  // makes this thread fail with an error no job catches: a message that structured clone refuses
  // (a function), posted outside any job's promise.
  if (process.env.WORKBENCH_TEST_FAULT === 'benchmark-thread') setImmediate(() => port.postMessage({ testFault: Object }));
  run(index, m.job).then(
    () => held.delete(index),
    (e: unknown) => failed(index, e),
  );
});
