/**
 * The worker thread that renders figures (see figure-thread.ts): each figure's SVG (vega) at its
 * size preset, then its PDF (rsvg-convert, started at once) and its PNG (resvg). A `reproduce` run
 * has one for all its benchmarks, so vega is loaded once (~0.15 s of CPU per thread that loads it
 * as the build's bundle, ~0.45 s as packages), and figures are drawn on whichever core the
 * benchmarks leave free. Figures are rendered one at a time, in the order asked: vega's SVG id
 * counters are reset per figure, so two renders must not interleave.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { renderFigureAt, type FigureAtWidth } from '../present/figures/render-preset.js';
import { setPdfConverter, svgToPdfAsync } from './svg-to-pdf.js';
import { svgToPng } from '../present/figures/render-figure.js';
import { transferable, type FigureReply, type FigureRequest, type FigureWorkerData, type PdfAnswer, type PdfRequest } from './figure-protocol.js';
import { errorMessage } from '../error-message.js';

type Replier = { postMessage(m: FigureReply, transfer?: ArrayBuffer[]): void };

let queue: Promise<void> = Promise.resolve();

async function render(m: Extract<FigureRequest, { type: 'figure' }>, to: Replier): Promise<void> {
  let at: FigureAtWidth;
  try {
    at = await renderFigureAt(m.figure, m.width);
  } catch (e) {
    to.postMessage({ id: m.id, stage: 'svg', error: (e as Error)?.message ?? String(e) });
    return;
  }
  if (!reply(to, { id: m.id, stage: 'svg', at })) return;
  // asked before the PNG is drawn: rsvg-convert runs in its own process meanwhile
  svgToPdfAsync(at.svg, at.widthIn)
    .then(
      (pdf) => reply(to, { id: m.id, stage: 'pdf', bytes: pdf }),
      (e: Error) => reply(to, { id: m.id, stage: 'pdf', error: e?.message ?? String(e) }),
    )
    .catch(() => {});
  try {
    reply(to, { id: m.id, stage: 'png', bytes: svgToPng(at.svg, at.png) });
  } catch (e) {
    reply(to, { id: m.id, stage: 'png', error: (e as Error)?.message ?? String(e) });
  }
}

/**
 * Posts a reply (the bytes move to the asking thread instead of being copied). A reply that cannot
 * be posted (structured clone refuses a value) is answered as that stage's error instead, so the
 * asking thread hears of every figure it asked; false then.
 */
function reply(to: Replier, r: FigureReply): boolean {
  try {
    to.postMessage(r, 'bytes' in r ? transferable(r.bytes) : []);
    return true;
  } catch (e) {
    to.postMessage({ id: r.id, stage: r.stage, error: `the figure thread could not send its ${r.stage}: ${errorMessage(e)}` });
    return false;
  }
}

/** the PDFs asked of the thread that started this worker, by job, until it answers */
const pdfsAsked = new Map<number, { resolve: (b: Buffer) => void; reject: (e: Error) => void }>();
let nextJob = 0;
const pdfFromParent = (svg: string, widthIn: number) =>
  new Promise<Buffer>((resolve, reject) => {
    const job = nextJob++;
    pdfsAsked.set(job, { resolve, reject });
    parentPort!.postMessage({ type: 'pdf', job, svg, widthIn } satisfies PdfRequest);
  });

function serve(from: MessagePort | NonNullable<typeof parentPort>): void {
  from.on('message', (m: FigureRequest | PdfAnswer) => {
    if (m.type === 'port') serve(m.port);
    else if (m.type === 'pdf') {
      const a = pdfsAsked.get(m.job);
      pdfsAsked.delete(m.job);
      if (m.pdf) a?.resolve(Buffer.from(m.pdf.buffer, m.pdf.byteOffset, m.pdf.byteLength));
      else a?.reject(new Error(m.error));
    } else {
      // Test hook (test/reliability/thread-failures.test.ts; CONVENTIONS.md): WORKBENCH_TEST_FAULT=figure-thread
      // makes this thread fail, uncaught, when it is asked a figure, as a crash of the thread would.
      if (process.env.WORKBENCH_TEST_FAULT === 'figure-thread') throw new Error('test fault: the figure thread failed');
      queue = queue.then(() => render(m, from));
    }
  });
}

if (parentPort) {
  if ((workerData as FigureWorkerData | undefined)?.pdfsFromParent) setPdfConverter(pdfFromParent);
  serve(parentPort);
}
