/**
 * The worker thread that rasterises figures (see png-thread.ts): resvg takes about as long as the
 * rest of a benchmark's rendering, and in here it runs beside the main thread's work.
 */
import { parentPort } from 'node:worker_threads';
import { svgToPng } from './render-figure.js';

export interface PngRequest {
  id: number;
  svg: string;
  zoom: number;
}

export type PngReply = { id: number; png: Uint8Array } | { id: number; error: string };

parentPort?.on('message', ({ id, svg, zoom }: PngRequest) => {
  let reply: PngReply;
  try {
    reply = { id, png: svgToPng(svg, zoom) };
  } catch (e) {
    reply = { id, error: (e as Error).message ?? String(e) };
  }
  // the PNG's memory moves to the main thread instead of being copied
  parentPort!.postMessage(reply, 'png' in reply ? [reply.png.buffer as ArrayBuffer] : []);
});
