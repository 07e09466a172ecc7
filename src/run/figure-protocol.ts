/**
 * The messages between the figure worker thread (figure-worker.ts) and the threads that ask it for
 * figures (figure-thread.ts): a file of its own, so that neither side imports the other.
 */
import type { MessagePort } from 'node:worker_threads';
import type { FigureWidth } from '../present/figures/figure-presets.js';
import type { Figure } from '../present/figures/figure.js';
import type { FigureAtWidth } from '../present/figures/render-preset.js';

/** What the worker is started with: whether its PDFs are asked of the thread that started it (a run's converter process) */
export interface FigureWorkerData {
  pdfsFromParent: boolean;
}

/** A PDF the worker asks of the thread that started it, and the answer. */
export type PdfRequest = { type: 'pdf'; job: number; svg: string; widthIn: number };
export type PdfAnswer = { type: 'pdf'; job: number; pdf?: Uint8Array; error?: string };

/** A figure to render, from the thread that owns this worker or from a port it was given. */
export type FigureRequest = { type: 'figure'; id: number; figure: Figure; width: FigureWidth } | { type: 'port'; port: MessagePort };

/** Three replies per figure: its SVG (with the spec and sizes), then its PNG and its PDF in either order; or why one failed (a failed SVG ends the figure). */
export type FigureReply =
  | { id: number; stage: 'svg'; at: FigureAtWidth }
  | { id: number; stage: 'png' | 'pdf'; bytes: Uint8Array }
  | { id: number; stage: 'svg' | 'png' | 'pdf'; error: string };

/**
 * The transfer list that moves `bytes` to another thread instead of copying them: only a buffer that
 * owns its whole memory (a small Buffer shares Node's pool, which must not move).
 */
export function transferable(bytes: Uint8Array): ArrayBuffer[] {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer ? [bytes.buffer] : [];
}
