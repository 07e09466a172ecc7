import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { FigureWidth } from '../present/figures/figure-presets.js';
import type { Figure } from '../present/figures/figure.js';
import { transferable, type FigureReply, type FigureRequest, type FigureWorkerData, type PdfAnswer, type PdfRequest } from './figure-protocol.js';
import { renderFigureAt, type FigureAtWidth, type FigureRender } from '../present/figures/render-preset.js';
import { svgToPdfAsync } from './svg-to-pdf.js';
import { svgToPng } from '../present/figures/render-figure.js';
import type { PdfProcess } from './rsvg-convert.js';
import { errorMessage } from '../error-message.js';

export type FigureRenderer = (figure: Figure, width: FigureWidth) => FigureRender;

const WORKER_FILE = new URL('./figure-worker.js', import.meta.url);

/** this thread's figures, one after another (vega's SVG id counters are reset per figure: two renders must not interleave) */
let drawnHere: Promise<unknown> = Promise.resolve();

/** Renders in the calling thread, after the figures asked before: the SVG, then the PDF (a child process) and the PNG from it. */
export const renderInThisThread: FigureRenderer = (figure, width) => {
  const at = drawnHere.then(() => renderFigureAt(figure, width));
  drawnHere = at.catch(() => {});
  const pdf = at.then((a) => svgToPdfAsync(a.svg, a.widthIn));
  const png = at.then((a) => svgToPng(a.svg, a.png));
  // failures are kept for whoever awaits them (as a worker's are): never unhandled meanwhile
  for (const p of [at, pdf, png]) p.catch(() => {});
  return { at, png, pdf };
};

/**
 * A figure worker thread (figure-worker.ts). No node options of the parent: rendering needs none,
 * and a preloaded module (a test's fault injection) is meant for the threads that read and write
 * files. With `pdfs` (a run's converter process, which only this thread can talk to) the worker
 * asks this thread for its PDFs; without, it runs rsvg-convert itself.
 */
export function startFigureWorker(pdfs?: PdfProcess): Worker {
  const worker = new Worker(WORKER_FILE, { execArgv: [], workerData: { pdfsFromParent: pdfs !== undefined } satisfies FigureWorkerData });
  // a worker that dies fails the figures still asked of it (rendererOver: its port closes, or its
  // own 'exit'); unheard, its 'error' would end this thread instead
  worker.on('error', () => {});
  if (pdfs) {
    worker.on('message', (m: PdfRequest | FigureReply) => {
      if (!('type' in m) || m.type !== 'pdf') return;
      pdfs.convert(m.svg, m.widthIn).then(
        (pdf) => worker.postMessage({ type: 'pdf', job: m.job, pdf } satisfies PdfAnswer, transferable(pdf)),
        (e: Error) => worker.postMessage({ type: 'pdf', job: m.job, error: e.message } satisfies PdfAnswer),
      );
    });
  }
  return worker;
}

/** A port to `worker` for another thread (posted to it in a transfer list): its figures go to the same worker. */
export function figurePortOf(worker: Worker): MessagePort {
  const { port1, port2 } = new MessageChannel();
  worker.postMessage({ type: 'port', port: port1 } satisfies FigureRequest, [port1]);
  return port2;
}

/**
 * A renderer that asks a figure worker, through the Worker itself or a port to it (`figurePortOf`):
 * the same SVG and PNG bytes as `renderInThisThread`, each reply to its own request. It keeps the
 * thread alive only while figures are pending; if the worker stops, every pending figure fails.
 */
export function rendererOver(to: Worker | MessagePort): FigureRenderer {
  /** each figure asked, until its PNG and PDF are both back (`left`) */
  const pending = new Map<number, { at: Settle<FigureAtWidth>; png: Settle<Buffer>; pdf: Settle<Buffer>; left: number }>();
  let nextId = 0;
  let gone: Error | undefined;
  const end = (e: Error) => {
    gone ??= e;
    for (const p of pending.values()) for (const s of [p.at, p.png, p.pdf]) s.reject(gone);
    pending.clear();
    to.unref();
  };
  to.on('message', (m: FigureReply | PdfRequest) => {
    // (a worker's requests for PDFs are for startFigureWorker's listener)
    if (!('stage' in m)) return;
    const p = pending.get(m.id);
    if (!p) return;
    if (m.stage === 'svg') {
      if ('at' in m) return p.at.resolve(m.at);
      // no SVG: no PNG or PDF either
      for (const s of [p.at, p.png, p.pdf]) s.reject(new Error(m.error));
      p.left = 0;
    } else {
      const s = m.stage === 'png' ? p.png : p.pdf;
      if ('bytes' in m) s.resolve(Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength));
      else s.reject(new Error(m.error));
      p.left--;
    }
    if (p.left > 0) return;
    pending.delete(m.id);
    if (pending.size === 0) to.unref();
  });
  if (to instanceof Worker) {
    to.on('error', (e) => end(new Error(`the figure thread failed: ${errorMessage(e)}`)));
    to.on('exit', (code) => end(new Error(`the figure worker thread stopped (exit ${code})`)));
  } else to.on('close', () => end(new Error('the figure worker thread stopped')));
  to.unref();
  return (figure, width) => {
    const at = settleable<FigureAtWidth>();
    const png = settleable<Buffer>();
    const pdf = settleable<Buffer>();
    if (gone) for (const s of [at, png, pdf]) s.reject(gone);
    else {
      const id = nextId++;
      try {
        to.postMessage({ type: 'figure', id, figure, width } satisfies FigureRequest);
        if (pending.size === 0) to.ref();
        pending.set(id, { at, png, pdf, left: 2 });
      } catch (e) {
        // a figure that cannot be copied to the thread (a value structured clone refuses, such as
        // a function in its data) fails alone, and holds nothing open: the process can still end
        const failed = new Error(`figure ${JSON.stringify(figure.id)} cannot be sent to the figure thread: ${errorMessage(e)}`);
        for (const s of [at, png, pdf]) s.reject(failed);
      }
    }
    return { at: at.promise, png: png.promise, pdf: pdf.promise };
  };
}

interface Settle<T> {
  promise: Promise<T>;
  resolve(v: T): void;
  reject(e: Error): void;
}

function settleable<T>(): Settle<T> {
  let resolve!: (v: T) => void, reject!: (e: Error) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  // a failure is kept for whoever awaits it: never unhandled while the caller is busy
  promise.catch(() => {});
  return { promise, resolve, reject };
}
