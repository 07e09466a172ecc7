/**
 * PNGs made in the worker thread and PDFs made by concurrent child processes are the bytes the
 * synchronous renderers make, each reply goes to its own request, and a failure is reported (and
 * leaves the worker usable). Run on the compiled library (npm run build), where the worker file
 * exists: from the TypeScript sources the PNG is made in the calling thread.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIST = resolve(import.meta.dirname, '../../dist/src/present/figures');
const load = async () => ({
  thread: await import(resolve(DIST, 'png-thread.js')),
  figure: await import(resolve(DIST, 'render-figure.js')),
  preset: await import(resolve(DIST, 'render-preset.js')),
});

const svgOf = (figure: { specToSvg: (s: unknown) => Promise<string> }, n: number) =>
  figure.specToSvg({ width: 120, height: 80, data: { values: Array.from({ length: n }, (_, i) => ({ x: `k${i}`, y: i + 1 })) }, mark: 'bar', encoding: { x: { field: 'x', type: 'nominal' }, y: { field: 'y', type: 'quantitative' } } });

describe('rasters off the main thread', () => {
  it('the compiled worker is there (so the CLI uses it)', () => {
    expect(existsSync(resolve(DIST, 'png-worker.js'))).toBe(true);
  });

  it('PNGs from the worker equal svgToPng, each to its own request', async () => {
    const { thread, figure } = await load();
    const svgs = await Promise.all([1, 2, 3, 4].map((n) => svgOf(figure, n)));
    const zooms = [1, 2, 3, 2];
    const got: Buffer[] = await Promise.all(svgs.map((s, i) => thread.svgToPngAsync(s, zooms[i])));
    svgs.forEach((s, i) => expect(got[i].equals(figure.svgToPng(s, zooms[i])), `figure ${i}`).toBe(true));
    // four different pictures: a reply given to another request would not be equal above
    expect(new Set(got.map((b) => b.toString('base64'))).size).toBe(4);
  }, 60_000);

  it('a broken SVG rejects its own PNG only; the worker goes on', async () => {
    const { thread, figure } = await load();
    const svg = await svgOf(figure, 2);
    const [bad, good] = await Promise.allSettled([thread.svgToPngAsync('<svg', 2), thread.svgToPngAsync(svg, 2)]);
    expect(bad.status).toBe('rejected');
    expect(good.status === 'fulfilled' && good.value.equals(figure.svgToPng(svg, 2))).toBe(true);
  }, 60_000);

  it('PDFs from concurrent rsvg-convert processes equal svgToPdf; a failure names rsvg-convert', async () => {
    const { preset, figure } = await load();
    const svgs = await Promise.all([1, 2, 3, 4, 5].map((n) => svgOf(figure, n)));
    const got: Buffer[] = await Promise.all(svgs.map((s) => preset.svgToPdfAsync(s, 3.3)));
    svgs.forEach((s, i) => expect(got[i].equals(preset.svgToPdf(s, 3.3)), `figure ${i}`).toBe(true));
    await expect(preset.svgToPdfAsync('not an svg', 3.3)).rejects.toThrow(/rsvg-convert failed \(exit \d+\)/);
  }, 60_000);
});
