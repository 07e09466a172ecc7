/**
 * The converter process of a `reproduce` run (src/run/pdf-process.ts, compiled): the same
 * PDF bytes and the same errors as spawning rsvg-convert here (`svgToPdf`), and it never outlives
 * the process that started it nor keeps it alive.
 */
import { execFileSync, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { svgToPdf, svgToPdfAsync } from '../../src/run/svg-to-pdf.js';
import type * as Rsvg from '../../src/run/rsvg-convert.js';

const COMPILED = resolve(import.meta.dirname, '../../dist/src/run/rsvg-convert.js');
const compiled = () => import(pathToFileURL(COMPILED).href) as Promise<typeof Rsvg>;

const svg = (w: number, h: number, fill: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect x="1" y="2" width="${w / 2}" height="${h / 3}" fill="${fill}"/><text x="3" y="${h - 4}" font-size="9">é ${fill}</text></svg>`;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  return !alive(pid);
}
const errorOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('no error');
};

describe('the PDF converter process', () => {
  it('gives the same bytes as svgToPdf for several figures asked at once, each to its own answer', async () => {
    const pdfs = (await compiled()).startPdfProcess()!;
    const jobs: [string, number][] = [
      [svg(300, 200, 'red'), 3.5],
      [svg(640, 480, 'blue'), 7],
      [svg(100, 900, 'green'), 1 / 3],
      [svg(50, 50, 'black'), 2.25],
      [svg(700, 100, 'orange'), 6.5],
    ];
    const got = await Promise.all(jobs.map(([s, w]) => pdfs.convert(s, w)));
    pdfs.stop();
    expect(got.map((b) => b.subarray(0, 5).toString())).toEqual(jobs.map(() => '%PDF-'));
    for (const [i, [s, w]] of jobs.entries()) expect(got[i].equals(svgToPdf(s, w))).toBe(true);
    // pages of different widths: the answers were not mixed up
    expect(new Set(got.map((b) => b.toString('latin1').match(/MediaBox \[[^\]]*\]/)?.[0])).size).toBe(jobs.length);
    expect(await gone(pdfs.pid!)).toBe(true);
  });

  it('a failing conversion rejects with the message svgToPdf throws, and the next one still converts', async () => {
    const pdfs = (await compiled()).startPdfProcess()!;
    const bad = '<svg xmlns="http://www.w3.org/2000/svg"><rect';
    const expected = errorOf(() => svgToPdf(bad, 2));
    expect(expected).toMatch(/^rsvg-convert failed \(exit 1\): ./);
    await expect(pdfs.convert(bad, 2)).rejects.toThrow(expected);
    expect((await pdfs.convert(svg(10, 10, 'red'), 1)).equals(svgToPdf(svg(10, 10, 'red'), 1))).toBe(true);
    pdfs.stop();
  });

  it('without rsvg-convert on the PATH: the message svgToPdfAsync gives when it spawns in this thread', async () => {
    const { startPdfProcess } = await compiled();
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      const expected = await svgToPdfAsync(svg(10, 10, 'red'), 1).then(
        () => 'no error',
        (e: Error) => e.message,
      );
      expect(expected).toBe('figures as PDF need rsvg-convert (Debian package librsvg2-bin, installed by scripts/setup.sh): spawn rsvg-convert ENOENT');
      const pdfs = startPdfProcess()!;
      await expect(pdfs.convert(svg(10, 10, 'red'), 1)).rejects.toThrow(expected);
      pdfs.stop();
    } finally {
      process.env.PATH = path;
    }
  });

  it('does not keep its parent alive, and exits with it, also when the parent is killed', async () => {
    const script = (then: string) =>
      `const { startPdfProcess } = await import(${JSON.stringify(pathToFileURL(COMPILED).href)});
       const p = startPdfProcess();
       await p.convert('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>', 1);
       console.log(p.pid); ${then}`;
    // never stopped: the parent still ends by itself, and the converter after it
    const quiet = Number(
      execFileSync(process.execPath, ['--input-type=module', '-e', script('')], { timeout: 20000 })
        .toString()
        .trim(),
    );
    expect(await gone(quiet)).toBe(true);
    // killed while a conversion is asked
    const parent = spawn(process.execPath, [
      '--input-type=module',
      '-e',
      script(`p.convert('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>', 1); setInterval(() => {}, 1000);`),
    ]);
    const pid = await new Promise<number>((ok) => parent.stdout.once('data', (b: Buffer) => ok(Number(b.toString().trim()))));
    expect(alive(pid)).toBe(true);
    parent.kill('SIGKILL');
    expect(await gone(pid)).toBe(true);
  });

  it('agrees with its plain twin, svgToPdf (rsvg-convert spawned and waited for here), on random figures: the same bytes or the same error', async () => {
    const pdfs = (await compiled()).startPdfProcess()!;
    const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    const textArb = fc.array(fc.constantFrom(...Array.from('aZ09 .%éÅœ中文😀\u202E\u200D\u0301αЖ&<\t')), { maxLength: 20 }).map((cs) => cs.join(''));
    // hostile too: a figure rsvg-convert refuses (not XML), and one with nothing to draw
    const svgArb = fc.oneof(
      fc
        .tuple(fc.integer({ min: 1, max: 900 }), fc.integer({ min: 1, max: 900 }), fc.constantFrom('red', '#4c78a8', 'none'), textArb)
        .map(
          ([w, h, fill, text]) =>
            `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w / 2}" height="${h / 3}" fill="${fill}"/><text x="2" y="${h - 2}" font-size="9" font-weight="bold">${esc(text)}</text></svg>`,
        ),
      fc.constantFrom('<svg xmlns="http://www.w3.org/2000/svg"><rect', '<svg xmlns="http://www.w3.org/2000/svg" width="5" height="5"/>'),
    );
    const settled = (p: Promise<Buffer>) =>
      p.then(
        (b) => b.toString('base64'),
        (e: Error) => `error: ${e.message}`,
      );
    const plain = (s: string, w: number) => {
      try {
        return svgToPdf(s, w).toString('base64');
      } catch (e) {
        return `error: ${(e as Error).message}`;
      }
    };
    try {
      await fc.assert(
        fc.asyncProperty(svgArb, fc.double({ min: 0.25, max: 9, noNaN: true }), async (s, widthIn) => {
          expect(await settled(pdfs.convert(s, widthIn))).toBe(plain(s, widthIn));
        }),
        { numRuns: 20, seed: 20261202 },
      );
    } finally {
      pdfs.stop();
    }
  });
});
