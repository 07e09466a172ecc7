/**
 * Figures drawn by a figure worker thread (SVG, then PNG) and PDFs made by concurrent child
 * processes are the bytes the in-thread renderers make, each reply goes to its own request, and a
 * failure is reported (and leaves the worker usable), asked through the worker or through a port to
 * it from another thread. Run on the compiled library (npm run build), where the worker file
 * exists: from the TypeScript sources figures are drawn in the calling thread.
 */
import { resolve } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

const DIST = resolve(import.meta.dirname, '../../dist/src/present/figures');
const RUN = resolve(import.meta.dirname, '../../dist/src/run');
const load = async () => ({
  thread: await import(resolve(RUN, 'figure-thread.js')),
  figure: await import(resolve(DIST, 'render-figure.js')),
  pdf: await import(resolve(RUN, 'svg-to-pdf.js')),
});

const specOf = (n: number) => ({
  width: 120,
  height: 80,
  data: { values: Array.from({ length: n }, (_, i) => ({ x: `k${i}`, y: i + 1 })) },
  mark: 'bar',
  encoding: { x: { field: 'x', type: 'nominal' }, y: { field: 'y', type: 'quantitative' } },
});
const figureOf = (n: number) => ({ id: `f${n}`, title: `Figure ${n}`, source: 'test', spec: specOf(n) });
const svgOf = (figure: { specToSvg: (s: unknown) => Promise<string> }, n: number) => figure.specToSvg(specOf(n));

/** Each figure drawn in this thread: what the worker must give, byte for byte. */
async function inThisThread(
  thread: { renderInThisThread: (f: unknown, w: string) => { at: Promise<{ svg: string; spec: unknown }>; png: Promise<Buffer>; pdf: Promise<Buffer> } },
  n: number,
  width: string,
) {
  const r = thread.renderInThisThread(figureOf(n), width);
  return { at: await r.at, png: await r.png, pdf: await r.pdf };
}

describe('figures off the calling thread', () => {
  it('figures from the worker (asked at once, two presets) equal those drawn in this thread, each to its own request', async () => {
    const { thread } = await load();
    const worker: Worker = thread.startFigureWorker();
    try {
      const render = thread.rendererOver(worker);
      const asks = [
        [1, 'screen'],
        [2, 'column'],
        [3, 'screen'],
        [4, 'page'],
      ] as const;
      const got = asks.map(([n, w]) => render(figureOf(n), w));
      for (const [i, [n, w]] of asks.entries()) {
        const want = await inThisThread(thread, n, w);
        const at = await got[i].at;
        // (vega marks the data rows it drew with a symbol, which a message between threads drops)
        expect(JSON.stringify(at.spec)).toBe(JSON.stringify(want.at.spec));
        expect({ ...at, spec: undefined }).toEqual({ ...want.at, spec: undefined });
        expect((await got[i].png).equals(want.png), `figure ${n} at ${w}`).toBe(true);
        expect((await got[i].pdf).equals(want.pdf), `PDF of figure ${n} at ${w}`).toBe(true);
      }
      // four different pictures: a reply given to another request would not be equal above
      expect(new Set(await Promise.all(got.map(async (g) => (await g.png).toString('base64')))).size).toBe(4);
    } finally {
      await worker.terminate();
    }
  }, 60_000);

  it('through a port to the worker from another thread: the same bytes; a broken figure fails alone; the worker goes on', async () => {
    const { thread } = await load();
    const worker: Worker = thread.startFigureWorker();
    try {
      const render = thread.rendererOver(thread.figurePortOf(worker));
      const broken = { id: 'bad', title: 'Bad', source: 'test', spec: { layer: 5 } };
      const bad = render(broken, 'screen');
      const good = render(figureOf(3), 'screen');
      // the message the same figure gives in this thread
      const here = await thread.renderInThisThread(broken, 'screen').at.then(
        () => 'no error',
        (e: Error) => e.message,
      );
      expect(here).toMatch(/layer/);
      await expect(bad.at).rejects.toThrow(here);
      await expect(bad.png).rejects.toThrow(here);
      const want = await inThisThread(thread, 3, 'screen');
      expect((await good.at).svg).toBe(want.at.svg);
      expect((await good.png).equals(want.png)).toBe(true);
    } finally {
      await worker.terminate();
    }
  }, 60_000);

  it("with a run's converter process, the worker asks this thread for its PDFs: the same bytes, and a converter that has stopped fails them", async () => {
    const { thread } = await load();
    const rsvg = await import(resolve(RUN, 'rsvg-convert.js'));
    const pdfs = rsvg.startPdfProcess();
    const worker: Worker = thread.startFigureWorker(pdfs);
    try {
      const render = thread.rendererOver(thread.figurePortOf(worker));
      const got = [2, 3].map((n) => render(figureOf(n), 'column'));
      for (const [i, n] of [2, 3].entries()) expect((await got[i].pdf).equals((await inThisThread(thread, n, 'column')).pdf), `figure ${n}`).toBe(true);
      pdfs.stop();
      await new Promise((r) => setTimeout(r, 500));
      const late = render(figureOf(4), 'screen');
      await expect(late.pdf).rejects.toThrow(/PDF converter process stopped|EPIPE|write after end/);
      // the PNG does not depend on the converter
      expect((await late.png).equals((await inThisThread(thread, 4, 'screen')).png)).toBe(true);
    } finally {
      pdfs.stop();
      await worker.terminate();
    }
  }, 60_000);

  it("a figure's clip ids do not depend on what was drawn before it, and figures asked at once of this thread are drawn one after another", async () => {
    const { thread } = await load();
    const clipped = (n: number) => ({ ...figureOf(n), spec: { ...specOf(n), mark: { type: 'bar', clip: true } } });
    const alone: string[] = [];
    for (const n of [1, 2, 3]) alone.push((await thread.renderInThisThread(clipped(n), 'screen').at).svg);
    for (const svg of alone) expect(svg.match(/clip-path="url\(#clip\d+\)"/g)).toEqual(['clip-path="url(#clip1)"']);
    const atOnce = [1, 2, 3].map((n) => thread.renderInThisThread(clipped(n), 'screen'));
    expect(await Promise.all(atOnce.map(async (r) => (await r.at).svg))).toEqual(alone);
  }, 60_000);

  it('a worker that stops fails every figure still pending, and every later one', async () => {
    const { thread } = await load();
    const worker: Worker = thread.startFigureWorker();
    const render = thread.rendererOver(thread.figurePortOf(worker));
    const pending = render(figureOf(5), 'screen');
    await worker.terminate();
    await expect(pending.png).rejects.toThrow(/figure worker thread stopped/);
    await expect(render(figureOf(1), 'screen').at).rejects.toThrow(/figure worker thread stopped/);
  }, 60_000);

  it('PDFs from concurrent rsvg-convert processes equal svgToPdf; a failure names rsvg-convert', async () => {
    const { pdf, figure } = await load();
    const svgs = await Promise.all([1, 2, 3, 4, 5].map((n) => svgOf(figure, n)));
    const got: Buffer[] = await Promise.all(svgs.map((s) => pdf.svgToPdfAsync(s, 3.3)));
    svgs.forEach((s, i) => expect(got[i].equals(pdf.svgToPdf(s, 3.3)), `figure ${i}`).toBe(true));
    await expect(pdf.svgToPdfAsync('not an svg', 3.3)).rejects.toThrow(/rsvg-convert failed \(exit \d+\)/);
  }, 60_000);
});
