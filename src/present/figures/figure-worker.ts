/**
 * The worker thread that renders figures (see figure-thread.ts): each figure's SVG (vega) at its
 * size preset, then its PNG (resvg). A `reproduce` run has one for all its benchmarks, so vega is
 * loaded once (~0.4 s of CPU per thread that loads it), and figures are drawn on whichever core the
 * benchmarks leave free. Figures are rendered one at a time, in the order asked: vega's SVG id
 * counters are reset per figure, so two renders must not interleave.
 */
import { parentPort, type MessagePort } from 'node:worker_threads';
import type { FigureWidth } from './figure-presets.js';
import type { Figure } from './figure.js';
import { renderFigureAt, type FigureAtWidth } from './render-preset.js';
import { svgToPng } from './render-figure.js';

/** A figure to render, from the thread that owns this worker or from a port it was given. */
export type FigureRequest = { type: 'figure'; id: number; figure: Figure; width: FigureWidth } | { type: 'port'; port: MessagePort };

/** Two replies per figure: its SVG (with the spec and sizes), then its PNG; or why either failed. */
export type FigureReply =
  | { id: number; stage: 'svg'; at: FigureAtWidth }
  | { id: number; stage: 'png'; png: Uint8Array }
  | { id: number; stage: 'svg' | 'png'; error: string };

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
  to.postMessage({ id: m.id, stage: 'svg', at });
  let reply: FigureReply;
  try {
    reply = { id: m.id, stage: 'png', png: svgToPng(at.svg, at.pngZoom) };
  } catch (e) {
    reply = { id: m.id, stage: 'png', error: (e as Error)?.message ?? String(e) };
  }
  // the PNG's memory moves to the asking thread instead of being copied
  to.postMessage(reply, 'png' in reply ? [reply.png.buffer as ArrayBuffer] : []);
}

function serve(from: MessagePort | NonNullable<typeof parentPort>): void {
  from.on('message', (m: FigureRequest) => {
    if (m.type === 'port') serve(m.port);
    else queue = queue.then(() => render(m, from));
  });
}

if (parentPort) serve(parentPort);
