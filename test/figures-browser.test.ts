/// <reference lib="dom" />
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCHES, sampleDir } from './helpers/benches.js';
import { figureToSvg } from '../src/present/figures/render-figure.js';
import { figureHtml, vegaBundleFile } from '../src/present/notebook/display.js';
import type { Figure } from '../src/present/figures/figure.js';

/**
 * The figures as a reader meets them live, in headless Chromium: a page of notebook figure outputs
 * (`figureHtml`) beside the vega bundle file, with and without RequireJS on the page. Hovering a
 * mark shows a tooltip with the value, its interval and n (and the paper's value where there is
 * one), formatted; the live legend names the paper's marks and the interval; without the bundle file
 * beside the page the static SVG stays and says why.
 */
const repo = resolve(__dirname, '..');
const FIGURES: [string, string][] = [
  ['globebench', 'fig-table01'],
  ['pawm', 'fig02'],
  ['cubebench', 'fig-pass-by-depth'],
  ['globebench', 'fig07'],
];
const LAUNCH_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'];
let tmp = '';
let browser: Browser;
const html: string[] = [];

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'wb-fig-browser-'));
  for (const [bench, id] of FIGURES) {
    const b = BENCHES.find((x) => x.benchmark === bench)!;
    const ctx = b.prepare(b.load(join(repo, sampleDir(bench))), { seed: 1, resamples: 200 });
    const fig = b.analyses.find((a) => a.id === id)!.build(ctx) as Figure;
    html.push(figureHtml(fig, await figureToSvg(fig)));
  }
  const { name, text } = vegaBundleFile();
  writeFileSync(join(tmp, name), text);
  copyFileSync('/usr/share/javascript/requirejs/require.min.js', join(tmp, 'require.min.js'));
  const page = (head: string) => `<!DOCTYPE html><html><head><meta charset="utf-8">${head}</head><body>${html.join('\n')}</body></html>`;
  writeFileSync(join(tmp, 'plain.html'), page(''));
  writeFileSync(join(tmp, 'requirejs.html'), page('<script src="require.min.js"></script>'));
  const elsewhere = join(tmp, 'elsewhere');
  rmSync(elsewhere, { recursive: true, force: true });
  mkdirSync(elsewhere);
  writeFileSync(join(elsewhere, 'export.html'), page(''));
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: LAUNCH_ARGS });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

async function charts(page: Page) {
  return page.$$eval('.wb-vega', (els) =>
    els.map((e) => ({
      id: e.id,
      live: e.getAttribute('data-wb-live') === '1',
      error: e.getAttribute('data-wb-error'),
      fallback: e.getAttribute('data-wb-static'),
      legend: Array.from(e.querySelectorAll('.role-legend-label text')).map((t) => t.textContent ?? ''),
    })),
  );
}

/** Every distinct tooltip text of a chart's marks (up to `limit` marks hovered). */
async function tooltips(page: Page, id: string, limit = 60): Promise<string[]> {
  const out = new Set<string>();
  const marks = await page.$$(`[id="${id}"] svg .role-mark path`);
  for (const m of marks.slice(0, limit)) {
    await m.scrollIntoViewIfNeeded().catch(() => undefined);
    const box = await m.boundingBox();
    if (!box || box.width * box.height === 0) continue;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const text = await page
      .waitForFunction(
        () => {
          const t = document.getElementById('vg-tooltip-element');
          return t?.classList.contains('visible') && t.innerText ? t.innerText.replace(/\s+/g, ' ').trim() : false;
        },
        undefined,
        { timeout: 400 },
      )
      .then((h) => h.jsonValue() as Promise<string>)
      .catch(() => '');
    if (text) out.add(text);
    await page.mouse.move(0, 0);
  }
  return [...out];
}

describe('figures live in Chromium', () => {
  for (const variant of ['plain', 'requirejs']) {
    it(`${variant} page: every figure is live; tooltips show value, interval and n; the legend names the paper's marks and the interval`, async () => {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      try {
        await page.goto(`file://${join(tmp, `${variant}.html`)}`);
        await page.waitForFunction(
          () =>
            Array.from(document.querySelectorAll('.wb-vega')).every(
              (e) => e.hasAttribute('data-wb-live') || e.hasAttribute('data-wb-error') || e.hasAttribute('data-wb-static'),
            ),
          undefined,
          {
            timeout: 60_000,
          },
        );
        const cs = await charts(page);
        expect(cs.map((c) => [c.live, c.error, c.fallback])).toEqual(FIGURES.map(() => [true, null, null]));
        const [table01, pawm, depth, fig07] = cs;
        expect(table01.legend).toEqual(expect.arrayContaining(["paper's published value", '95% bootstrap CI']));
        expect(pawm.legend).toEqual(expect.arrayContaining(["paper's published value", '± 1 sd over runs']));
        expect(depth.legend).toEqual(expect.arrayContaining(['Wilson 95% CI']));
        expect(fig07.legend).toEqual(expect.arrayContaining(['95% item-bootstrap CI']));
        const tips01 = await tooltips(page, table01.id);
        // a bar: model, value with two decimals, the interval, n and the paper's value (an en dash where the paper prints none)
        expect(
          tips01.some((t) => /success \(%\) \d+\.\d\d 95% CI \(%\) \[\d+\.\d\d, \d+\.\d\d\] n \(items\) [\d,]+ paper \(%\) (\d+\.\d\d|\u2013)/.test(t)),
          tips01.join('\n'),
        ).toBe(true);
        expect(
          tips01.some((t) => /paper \(%\) \d+\.\d\d/.test(t)),
          'a model the paper prints',
        ).toBe(true);
        const tipsPawm = await tooltips(page, pawm.id);
        expect(
          tipsPawm.some((t) => /Acc \(%\) \d+\.\d\d ± 1 sd over runs \(%\) \[\d+\.\d, \d+\.\d\] n \(runs\) \d+/.test(t)),
          tipsPawm.join('\n'),
        ).toBe(true);
        const tipsDepth = await tooltips(page, depth.id, 40);
        expect(
          tipsDepth.some((t) => /pass \(%\) \d+\.\d Wilson 95% CI \(%\) \[\d+\.\d, \d+\.\d\] passed \d+ n \(episodes\) \d+/.test(t)),
          tipsDepth.join('\n'),
        ).toBe(true);
        for (const t of [...tips01, ...tipsPawm, ...tipsDepth]) expect(t).not.toMatch(/null|NaN|undefined|\d\.\d{4,}/);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    }, 240_000);
  }
  it('without the bundle file beside the page (an HTML export saved elsewhere) the static SVG stays and says why', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`file://${join(tmp, 'elsewhere', 'export.html')}`);
      await page.waitForFunction(() => Array.from(document.querySelectorAll('.wb-vega')).every((e) => e.hasAttribute('data-wb-static')), undefined, {
        timeout: 30_000,
      });
      const cs = await charts(page);
      expect(cs.every((c) => !c.live && /was not found beside this page/.test(c.fallback ?? ''))).toBe(true);
      expect(await page.$$eval('.wb-vega > svg', (s) => s.length)).toBe(FIGURES.length);
    } finally {
      await page.close();
    }
  });
});
