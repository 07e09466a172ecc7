/**
 * The report pages as a reader sees them, in headless Chromium (the Debian package, driven by
 * playwright-core): the bundled (synthetic) releases are reproduced, and every HTML page (the top
 * index, each benchmark's index.html and each table's page) is opened at a laptop's width. On each:
 * the synthetic notice is the first element of the page; no table is wider than its container
 * unless it sits in the scroll wrapper that shows it scrolls (a drawn scrollbar); the page itself
 * never scrolls sideways. The scorecard's "show all" toggle and a wide table's column chooser work
 * without scripts. A screenshot of
 * each page lands in test-artifacts/reports/ (not committed).
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../reliability/run-cli.js';

const repo = resolve(import.meta.dirname, '../..');
const artifacts = join(repo, 'test-artifacts', 'reports');
const BENCHES = ['globebench', 'pawm', 'cubebench'];
const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

let root: string;
let out: string;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'wb-report-pages-'));
  out = join(root, 'out');
  const r = await runCli(['reproduce', '--bench', 'all', '--out', out, '--resamples', '50']);
  if (r.code !== 0) throw new Error(`reproduce failed:\n${r.err}`);
  mkdirSync(artifacts, { recursive: true });
  // scrollbars drawn as a reader's browser draws them (Playwright hides them by default)
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: LAUNCH_ARGS, ignoreDefaultArgs: ['--hide-scrollbars'] });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
}, 900_000);

afterAll(async () => {
  await browser?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** Every HTML page of the run: the top index first, then each benchmark's pages. */
function pages(): string[] {
  const list = [join(out, 'index.html')];
  for (const b of BENCHES)
    list.push(
      ...readdirSync(join(out, b))
        .filter((f) => f.endsWith('.html'))
        .sort()
        .map((f) => join(out, b, f)),
    );
  return list;
}

interface Layout {
  firstElement: string;
  pageOverflow: number;
  /** tables wider than their container with no scroll wrapper that scrolls and shows it */
  unscrolled: string[];
  /** tables that scroll: their ids */
  scrolled: string[];
}

/** Measures a page as it is laid out (runs in the page). */
async function layout(p: Page): Promise<Layout> {
  return p.evaluate(() => {
    const first = document.body.firstElementChild;
    const unscrolled: string[] = [];
    const scrolled: string[] = [];
    for (const t of Array.from(document.querySelectorAll('table'))) {
      const box = t.getBoundingClientRect();
      if (box.width === 0) continue; // inside a closed <details>
      const name = t.closest('[id]')?.id ?? t.caption?.textContent ?? '(table)';
      const wrapper = t.parentElement!;
      if (box.width <= wrapper.clientWidth + 1) continue;
      const style = getComputedStyle(wrapper);
      // the affordance: a wrapper that scrolls sideways and draws its scrollbar (its height is taken from the box)
      const scrolls = wrapper.classList.contains('wb-scroll') && /auto|scroll/.test(style.overflowX) && wrapper.scrollWidth > wrapper.clientWidth;
      const barShown = wrapper.offsetHeight - wrapper.clientHeight > 0;
      (scrolls && barShown ? scrolled : unscrolled).push(name);
    }
    return {
      firstElement: first ? `${first.tagName.toLowerCase()}#${first.id}` : '',
      pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      unscrolled,
      scrolled,
    };
  });
}

describe('report pages in Chromium', () => {
  it('every page opens with the synthetic notice and has no table wider than its container without a scroll affordance', async () => {
    const seen: string[] = [];
    for (const file of pages()) {
      await page.goto(pathToFileURL(file).href);
      const l = await layout(page);
      const name = file.slice(out.length + 1);
      expect(l.firstElement, name).toBe('p#synthetic-notice');
      expect(l.unscrolled, name).toEqual([]);
      expect(l.pageOverflow, name).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(artifacts, `${name.replace(/[/\\]/g, '-').replace(/\.html$/, '')}.png`) });
      seen.push(name);
    }
    // the three benchmarks' index pages and tables were all opened
    for (const b of BENCHES) expect(seen).toContain(`${b}/index.html`);
    expect(seen.length).toBeGreaterThan(40);
  }, 600_000);

  it("GlobeBench Table 3 fits its page without scrolling; the scorecard's intervals stay on one line", async () => {
    await page.goto(pathToFileURL(join(out, 'globebench', 'index.html')).href);
    const l = await layout(page);
    expect(l.scrolled).not.toContain('table03');
    const ciHeights = await page.evaluate(() =>
      Array.from(document.querySelectorAll('#scorecard tbody tr'))
        .map((tr) => tr.children[5] as HTMLElement)
        .filter((td) => td.offsetHeight > 0 && td.textContent!.startsWith('['))
        .map((td) => {
          const r = document.createRange();
          r.selectNodeContents(td);
          return r.getClientRects().length;
        }),
    );
    expect(ciHeights.length).toBeGreaterThan(0);
    expect(ciHeights.every((n) => n === 1)).toBe(true);
  });

  it('the scorecard shows 20 rows and all of them once "show all" is opened (no script)', async () => {
    await page.goto(pathToFileURL(join(out, 'globebench', 'index.html')).href);
    const visible = () =>
      page.evaluate(() => Array.from(document.querySelectorAll('#scorecard tbody tr')).filter((tr) => (tr as HTMLElement).offsetHeight > 0).length);
    const total = await page.evaluate(() => document.querySelectorAll('#scorecard tbody tr').length);
    expect(total).toBeGreaterThan(20);
    expect(await visible()).toBe(20);
    await page.click('#scorecard details.wb-all > summary');
    expect(await visible()).toBe(total);
    expect(await page.evaluate(() => document.scripts.length)).toBe(0);
  });

  it('a wide table chooses its columns without scripts: clearing a box hides that column in every row, and the table narrows', async () => {
    await page.goto(pathToFileURL(join(out, 'globebench', 'index.html')).href);
    const id = await page.evaluate(() => document.querySelector('.wb-paged:has(> details.wb-choose)')?.id);
    expect(id, 'a table with a column chooser').toBeTruthy();
    const at = `[id="${id}"]`;
    // the first box's column (its class names its position)
    const n = Number((await page.getAttribute(`${at} details.wb-choose input`, 'class'))!.replace('wb-c', ''));
    const seen = () =>
      page.evaluate(
        ([id, n]) => {
          const t = document.getElementById(id as string)!.querySelector('table')!;
          const shown = (e: Element) => (e as HTMLElement).offsetWidth > 0;
          const rows = Array.from(t.tBodies[0].rows).filter(shown);
          return {
            heads: Array.from(t.tHead!.rows[0].cells).flatMap((c, i) => (shown(c) ? [i + 1] : [])),
            cellsShown: rows.filter((r) => shown(r.children[(n as number) - 1])).length,
            rows: rows.length,
            width: t.getBoundingClientRect().width,
          };
        },
        [id, n],
      );
    const before = await seen();
    expect(before.rows).toBeGreaterThan(0);
    expect(before.cellsShown).toBe(before.rows);
    await page.click(`${at} details.wb-choose > summary`);
    await page.uncheck(`${at} details.wb-choose input.wb-c${n}`);
    const after = await seen();
    expect(before.heads).toContain(n);
    expect(after.heads).toEqual(before.heads.filter((h) => h !== n));
    expect(after.cellsShown).toBe(0);
    expect(after.rows).toBe(before.rows);
    expect(after.width).toBeLessThan(before.width);
    await page.check(`${at} details.wb-choose input.wb-c${n}`);
    expect((await seen()).heads).toEqual(before.heads);
    expect(await page.evaluate(() => document.scripts.length)).toBe(0);
  });

  it('the strata with no weight are folded behind their toggle', async () => {
    await page.goto(pathToFileURL(join(out, 'globebench', 'mh-radius-operator-strata.html')).href);
    const counts = await page.evaluate(() => ({
      folded: document.querySelectorAll('tr.wb-folded').length,
      shown: Array.from(document.querySelectorAll('tr.wb-folded')).filter((tr) => (tr as HTMLElement).offsetHeight > 0).length,
    }));
    expect(counts.folded).toBeGreaterThan(0);
    expect(counts.shown).toBe(0);
    await page.click('details.wb-fold > summary');
    expect(await page.evaluate(() => Array.from(document.querySelectorAll('tr.wb-folded')).filter((tr) => (tr as HTMLElement).offsetHeight > 0).length)).toBe(
      counts.folded,
    );
  });
});
