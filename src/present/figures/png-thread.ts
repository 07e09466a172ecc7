import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PngReply, PngRequest } from './png-worker.js';
import { svgToPng } from './render-figure.js';

const WORKER_FILE = new URL('./png-worker.js', import.meta.url);
/** whether the compiled worker is beside this module (not when run from the TypeScript sources) */
const HAS_WORKER = existsSync(fileURLToPath(WORKER_FILE));

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, { resolve: (png: Buffer) => void; reject: (e: Error) => void }>();

function failAll(e: Error): void {
  worker = undefined;
  for (const p of pending.values()) p.reject(e);
  pending.clear();
}

function startWorker(): Worker {
  // no node options of the parent: rasterising needs none, and a preloaded module (a test's fault
  // injection) is meant for the thread that reads and writes files
  const w = new Worker(WORKER_FILE, { execArgv: [] });
  w.on('message', (m: PngReply) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (pending.size === 0) w.unref();
    if ('png' in m) p.resolve(Buffer.from(m.png.buffer, m.png.byteOffset, m.png.byteLength));
    else p.reject(new Error(m.error));
  });
  w.on('error', (e) => failAll(e));
  w.on('exit', (code) => failAll(new Error(`the PNG worker thread stopped (exit ${code})`)));
  w.unref();
  return w;
}

/**
 * SVG -> PNG as `svgToPng` makes it (same bytes), in a worker thread, so the calling thread goes on
 * meanwhile. The worker is kept while PNGs are pending and never keeps the process alive. Run from
 * the TypeScript sources (no compiled worker beside this module), it rasterises in this thread.
 */
export function svgToPngAsync(svg: string, zoom = 2): Promise<Buffer> {
  if (!HAS_WORKER) return Promise.resolve().then(() => svgToPng(svg, zoom));
  worker ??= startWorker();
  const w = worker;
  const id = nextId++;
  return new Promise<Buffer>((resolve, reject) => {
    if (pending.size === 0) w.ref();
    pending.set(id, { resolve, reject });
    w.postMessage({ id, svg, zoom } satisfies PngRequest);
  });
}
