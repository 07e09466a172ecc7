/**
 * A figure's SVG as vector PDF (rsvg-convert, Debian librsvg2-bin): `svgToPdf` spawns it and waits,
 * `svgToPdfAsync` gives the same bytes without waiting, from a child of this thread or from the run's
 * converter process (pdf-process.ts). Child processes live here, in src/run, not beside the figure
 * renderers in src/present.
 */
import { spawnSync } from 'node:child_process';
import { conversionResult, missingRsvg, RSVG_ARGS, rsvgEnv, rsvgFailed, rsvgQueue } from './rsvg-convert.js';

/** SVG -> vector PDF with rsvg-convert (Debian librsvg2-bin), the page exactly `widthIn` wide. */
export function svgToPdf(svg: string, widthIn: number): Buffer {
  const r = spawnSync('rsvg-convert', RSVG_ARGS(widthIn), { input: svg, env: rsvgEnv(), maxBuffer: 1 << 30 });
  if (r.error) throw missingRsvg(r.error.message);
  if (r.status !== 0) throw rsvgFailed(r.status, r.stderr.toString());
  return r.stdout;
}

/** This thread's rsvg-convert children, two at a time. */
const convertHere = rsvgQueue();

/** Where this thread's PDFs are made when not spawned here (a run's figure thread asks the run's converter process). */
let pdfConverter: ((svg: string, widthIn: number) => Promise<Buffer>) | undefined;

/** Sends this thread's PDFs to `convert` (the same bytes and errors as `svgToPdf`), or spawns them here again (undefined). */
export function setPdfConverter(convert: ((svg: string, widthIn: number) => Promise<Buffer>) | undefined): void {
  pdfConverter = convert;
}

/**
 * The same PDF as `svgToPdf` (same bytes), from a child process the caller does not wait for: the
 * calling thread goes on while rsvg-convert runs. Conversions beyond two at a time wait their turn.
 */
export async function svgToPdfAsync(svg: string, widthIn: number): Promise<Buffer> {
  if (pdfConverter) return pdfConverter(svg, widthIn);
  return conversionResult(await convertHere(svg, widthIn));
}
