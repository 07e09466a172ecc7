/**
 * A worker thread that reproduces benchmarks of a `reproduce` run (see reproduce-threads.ts): it
 * loads, derives and renders a benchmark's report in memory, importing only that benchmark's
 * analyses, and posts the result to the main thread, which writes every report once all succeeded.
 * Progress and anything written on stderr here go to the main thread as messages, so it can print
 * them in the order of the benchmarks.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { rendererOver, setFigureRenderer } from '../src/present/figures/figure-thread.js';
import { ReleaseError } from '../src/release/io/problems.js';
import { setPdfConverter } from '../src/present/figures/render-preset.js';
import { BENCH_MODULES, runBench, type BenchJob } from './reproduce-bench.js';
import type { WorkerData, WorkerReply, WorkerRequest } from './reproduce-threads.js';

const port = parentPort!;
// every benchmark of the run draws its figures in the run's one figure thread
setFigureRenderer(rendererOver((workerData as WorkerData).figurePort));
const post = (m: WorkerReply) => port.postMessage(m);

// a loader's warning, in order with this benchmark's progress (a worker's own stderr would reach
// the main thread's at a moment of its own)
process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
  post({ type: 'stderr', text: typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8') });
  const callback = rest.find((x) => typeof x === 'function') as (() => void) | undefined;
  callback?.();
  return true;
}) as typeof process.stderr.write;

/** the PDFs asked of the main thread, by id, until it answers */
const pdfsAsked = new Map<number, { resolve: (b: Buffer) => void; reject: (e: Error) => void }>();
let nextPdf = 0;
const pdfFromMain = (svg: string, widthIn: number) =>
  new Promise<Buffer>((resolve, reject) => {
    const id = nextPdf++;
    pdfsAsked.set(id, { resolve, reject });
    post({ type: 'pdf', id, svg, widthIn });
  });

async function run(job: BenchJob): Promise<void> {
  setPdfConverter(job.pdfsFromMain ? pdfFromMain : undefined);
  const bench = await BENCH_MODULES[job.benchmark]();
  const { done } = await runBench(bench, job, {
    step: (label) => post({ type: 'step', label }),
    detail: (label) => post({ type: 'detail', label }),
    stepsDone: () => post({ type: 'steps-done' }),
  });
  // Maps of strings and Buffers are cloned as they are (a Buffer arrives as a Uint8Array)
  post({ type: 'done', result: await done });
}

// one benchmark at a time; a worker that has finished one may be given the next (the modules both
// use are loaded already), until the main thread ends it
port.on('message', (m: WorkerRequest) => {
  if (m.type === 'pdf') {
    const a = pdfsAsked.get(m.id);
    pdfsAsked.delete(m.id);
    if (m.pdf) a?.resolve(Buffer.from(m.pdf.buffer, m.pdf.byteOffset, m.pdf.byteLength));
    else a?.reject(new Error(m.error));
    return;
  }
  run(m.job).catch((e: unknown) => {
    // a refused release is rebuilt on the main thread from its problems, so it prints as it always has
    if (e instanceof ReleaseError) post({ type: 'failed', problems: e.problems, message: e.message });
    else post({ type: 'failed', message: (e as Error)?.message ?? String(e), stack: (e as Error)?.stack });
  });
});
