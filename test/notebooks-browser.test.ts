/// <reference lib="dom" />
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vegaBundleFile } from '../src/present/notebook/display.js';

/**
 * Every notebook as a person opens it: Debian's classic Notebook server (6.4, the page has
 * RequireJS) started on 127.0.0.1 with a plain PATH (no node_modules/.bin), each notebook opened in
 * headless Chromium and run with "Run All" in the page. Asserts the kernel starts, no cell shows an
 * error or stderr, every figure is a live vega-embed chart whose marks show a tooltip with a value,
 * and the exploration views render; a screenshot of each notebook goes to test-artifacts/notebooks/.
 * Then the notebook as executed in the page, exported by `nbconvert --to html` (lab and classic
 * templates, RequireJS served locally in place of the CDN's) beside the vega bundle file, must show
 * live charts too; exported elsewhere, its figures stay static SVGs.
 *
 * The kernel is registered by the same script as setup.sh's, into a temporary Jupyter path, so the
 * test checks that registration and does not depend on what else this machine has registered.
 * The notebooks are opened in place; autosave is turned off first and the files are compared after.
 */
const repo = resolve(__dirname, '..');
const nbDir = join(repo, 'notebooks');
const artifacts = join(repo, 'test-artifacts', 'notebooks');
const notebooks = readdirSync(nbDir)
  .filter((f) => f.endsWith('.ipynb'))
  .sort();
const PLAIN_PATH = '/usr/local/bin:/usr/bin:/bin';
const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Views the exploration cells draw (data-wb-view attributes), per notebook. */
const EXPLORATION_VIEWS: Record<string, string[]> = {
  '08-globebench-explore.ipynb': ['response-frame', 'record-list', 'record-view', 'model-disagreements', 'cell-responses'],
  '06-pawm-guidance.ipynb': ['guidance-frame'],
  '07-cubebench-ablations.ipynb': ['cell-episodes', 'record-list', 'record-view', 'episode-replay'],
  '09-claims.ipynb': ['claims', 'reader-claims'],
};

let tmp = '';
let server: ChildProcess | undefined;
let serverLog = '';
let browser: Browser;
let base = '';
const before = new Map<string, string>();
const executed = new Map<string, string>();

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => ok(port));
    });
  });
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`gave up waiting for ${what}`);
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'wb-nb-browser-'));
  rmSync(artifacts, { recursive: true, force: true });
  mkdirSync(artifacts, { recursive: true });
  for (const nb of notebooks) before.set(nb, readFileSync(join(nbDir, nb), 'utf8'));
  const prefix = join(tmp, 'prefix');
  const env = {
    HOME: join(tmp, 'home'),
    PATH: PLAIN_PATH,
    LANG: 'C.UTF-8',
    JUPYTER_PATH: join(prefix, 'share', 'jupyter'),
    JUPYTER_CONFIG_DIR: join(tmp, 'config'),
    JUPYTER_RUNTIME_DIR: join(tmp, 'runtime'),
    PYDEVD_DISABLE_FILE_VALIDATION: '1',
  };
  mkdirSync(env.HOME, { recursive: true });
  const reg = spawnSync(process.execPath, [join(repo, 'scripts', 'register-kernel.mjs'), '--prefix', prefix], { encoding: 'utf8', env });
  expect(reg.status, reg.stderr).toBe(0);
  const spec = JSON.parse(readFileSync(join(prefix, 'share', 'jupyter', 'kernels', 'tslab', 'kernel.json'), 'utf8'));
  expect(spec.argv[1]).toBe(join(repo, 'node_modules', 'tslab', 'bin', 'tslab'));

  const port = await freePort();
  const token = randomBytes(12).toString('hex');
  server = spawn(
    '/usr/bin/python3',
    [
      '-m',
      'notebook',
      '--no-browser',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      `--NotebookApp.token=${token}`,
      '--allow-root',
      '--NotebookApp.port_retries=0',
    ],
    { cwd: nbDir, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  server.stdout!.on('data', (d) => (serverLog += d));
  server.stderr!.on('data', (d) => (serverLog += d));
  base = `http://127.0.0.1:${port}`;
  await waitFor(
    'the Notebook server',
    async () => {
      try {
        return (await fetch(`${base}/api/status?token=${token}`)).ok;
      } catch {
        return false;
      }
    },
    60_000,
  );
  base += `/notebooks/%s?token=${token}`;
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: LAUNCH_ARGS });
});

afterAll(async () => {
  await browser?.close();
  if (server?.pid) {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
  }
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** Live charts in the page: every figure's embed element, and whether vega-embed replaced its SVG. */
async function charts(page: Page): Promise<{ id: string; live: boolean; error: string | null }[]> {
  return page.$$eval('.wb-vega', (els) =>
    els.map((e) => ({ id: e.id, live: e.getAttribute('data-wb-live') === '1' && !!e.querySelector('svg.marks'), error: e.getAttribute('data-wb-error') })),
  );
}

/** Hovers the marks of one chart until vega-tooltip shows; returns the tooltip's text ('' if none). */
async function tooltipOf(page: Page, id: string): Promise<string> {
  const marks = await page.$$(`[id="${id}"] svg .role-mark path, [id="${id}"] svg .role-mark text`);
  for (const m of marks.slice(0, 40)) {
    // the notebook scrolls inside #site: bring the mark into the viewport, or the mouse cannot reach it
    await m.scrollIntoViewIfNeeded().catch(() => undefined);
    const box = await m.boundingBox();
    if (!box || box.width * box.height === 0) continue;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const text = await page
      .waitForFunction(
        () => {
          const t = document.getElementById('vg-tooltip-element');
          return t?.classList.contains('visible') && t.textContent ? t.textContent : false;
        },
        undefined,
        { timeout: 600 },
      )
      .then((h) => h.jsonValue() as Promise<string>)
      .catch(() => '');
    if (text) {
      await page.mouse.move(0, 0);
      return text;
    }
  }
  return '';
}

/**
 * The explorer's views in notebook 08, as a reader uses them in classic Notebook: a record list shows
 * 20 rows, its "show all" disclosure (a visible marker: `summary` is a list item, not the block that
 * Notebook's CSS makes it) opens onto every held row; a record view shows the raw response beside the
 * gold state, and a judge-decided response its judge records with their confidences; a wide frame
 * has the column chooser.
 */
async function recordViewsWork(page: Page): Promise<void> {
  const list = page.locator('[data-wb-view="record-list"]').first();
  const visibleRows = () => list.evaluate((el) => Array.from(el.querySelectorAll('tbody tr')).filter((tr) => (tr as HTMLElement).offsetHeight > 0).length);
  const held = await list.evaluate((el) => el.querySelectorAll('tbody tr').length);
  const count = Number(await list.locator('[data-record-count]').getAttribute('data-record-count'));
  expect(held).toBe(Math.min(count, 200));
  expect(held).toBeGreaterThan(20);
  expect(await visibleRows()).toBe(20);
  const summary = list.locator('details.wb-all > summary');
  expect(await summary.evaluate((el) => getComputedStyle(el).display)).toBe('list-item');
  await summary.scrollIntoViewIfNeeded();
  await summary.click();
  expect(await visibleRows()).toBe(held);
  await summary.click();
  expect(await visibleRows()).toBe(20);
  const views = page.locator('[data-wb-view="record-view"]');
  const raw = await views
    .first()
    .locator('[data-side="left"] pre')
    .evaluate((el) => ({ text: el.textContent ?? '', shown: (el as HTMLElement).offsetHeight > 0 }));
  expect(raw.shown).toBe(true);
  expect(raw.text.length).toBeGreaterThan(20);
  // the gold beside it, on the same line (side by side, not below)
  const [left, right] = await views
    .first()
    .locator('[data-side]')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top));
  expect(right).toBe(left);
  // some view shows judge records: a judge, its verdict and a confidence between 0 and 1
  const judges = await views.evaluateAll((els) =>
    els.flatMap((v) =>
      Array.from(v.querySelectorAll('section[data-section="table"] tr'))
        .map((tr) => Array.from(tr.children).map((c) => c.textContent ?? ''))
        .filter((cells) => cells.length >= 3 && /equivalent/.test(cells[1])),
    ),
  );
  expect(judges.length).toBeGreaterThan(0);
  for (const [, , confidence] of judges) expect(Number(confidence)).toBeGreaterThanOrEqual(0);
  // no table of a view is wider than its container unless its wrapper scrolls sideways
  const unscrolled = await views.evaluateAll((els) =>
    els.flatMap((v) =>
      Array.from(v.querySelectorAll('table'))
        .filter((t) => {
          const wrapper = t.parentElement!;
          const scrolls = wrapper.classList.contains('wb-scroll') && /auto|scroll/.test(getComputedStyle(wrapper).overflowX);
          return t.getBoundingClientRect().width > wrapper.clientWidth + 1 && !scrolls;
        })
        .map((t) => t.closest('section')?.querySelector('h3')?.textContent ?? '(table)'),
    ),
  );
  expect(unscrolled).toEqual([]);
  // the 17-column response frame has the reports' column chooser: clearing a box hides that column
  const frame = page.locator('[data-wb-view="response-frame"] .wb-paged').first();
  const box = frame.locator('details.wb-choose input').first();
  const n = Number((await box.getAttribute('class'))!.replace('wb-c', ''));
  const shownCells = () =>
    frame.evaluate((el, n) => Array.from(el.querySelectorAll(`tr > :nth-child(${n})`)).filter((c) => (c as HTMLElement).offsetWidth > 0).length, n);
  expect(await shownCells()).toBeGreaterThan(0);
  await frame.locator('details.wb-choose > summary').click();
  await box.uncheck();
  expect(await shownCells()).toBe(0);
  await box.check();
  expect(await shownCells()).toBeGreaterThan(0);
  // the differing fields stay highlighted on every row (no striping over them)
  const diffBackgrounds = await views
    .first()
    .locator('tr.wb-diff td')
    .evaluateAll((tds) => [...new Set(tds.map((td) => getComputedStyle(td).backgroundColor))]);
  expect(diffBackgrounds).toEqual(['rgb(253, 226, 225)']);
}

describe('notebooks in a real Notebook server and browser', () => {
  for (const nb of notebooks) {
    it(`${nb}: kernel starts, Run All gives no errors, live hoverable figures`, async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const pageErrors: string[] = [];
      page.on('pageerror', (e) => pageErrors.push(String(e)));
      try {
        await page.goto(base.replace('%s', encodeURIComponent(nb)));
        await page.waitForFunction(() => (window as any).Jupyter?.notebook?._fully_loaded, undefined, { timeout: 60_000 });
        await page.evaluate(() => (window as any).Jupyter.notebook.set_autosave_interval(0));
        await page
          .waitForFunction(() => (window as any).Jupyter.notebook.kernel?.is_connected(), undefined, { timeout: 60_000 })
          .catch(() => {
            throw new Error(`the kernel did not start; server log:\n${serverLog.slice(-3000)}`);
          });
        await page.evaluate(() => (window as any).Jupyter.notebook.execute_all_cells());
        // done when every code cell has a number in its prompt (neither '*' nor empty)
        await page.waitForFunction(
          () => (window as any).Jupyter.notebook.get_cells().every((c: any) => c.cell_type !== 'code' || typeof c.input_prompt_number === 'number'),
          undefined,
          { timeout: 240_000, polling: 500 },
        );
        const problems: string[] = await page.evaluate(() =>
          (window as any).Jupyter.notebook
            .get_cells()
            .flatMap((c: any, i: number) =>
              (c.output_area?.outputs ?? [])
                .filter((o: any) => o.output_type === 'error' || (o.output_type === 'stream' && o.name === 'stderr'))
                .map((o: any) => `cell ${i}: ${o.ename ?? ''} ${o.evalue ?? ''} ${o.text ?? ''}`.slice(0, 500)),
            ),
        );
        expect(problems).toEqual([]);
        const figureOutputs: number = await page.evaluate(() =>
          (window as any).Jupyter.notebook
            .get_cells()
            .reduce((n: number, c: any) => n + (c.output_area?.outputs ?? []).filter((o: any) => o.data?.['application/vnd.vegalite.v5+json']).length, 0),
        );
        await waitFor('every chart to be live', async () => (await charts(page)).every((c) => c.live || c.error), 30_000).catch(() => undefined);
        const cs = await charts(page);
        expect(cs.length).toBe(figureOutputs);
        expect(cs.filter((c) => !c.live)).toEqual([]);
        for (const c of cs) {
          const tip = await tooltipOf(page, c.id);
          expect(tip, `tooltip of ${c.id}`).toMatch(/\d/);
        }
        for (const view of EXPLORATION_VIEWS[nb] ?? []) {
          expect(await page.locator(`[data-wb-view="${view}"]`).count(), `exploration view ${view}`).toBeGreaterThan(0);
        }
        if (nb.startsWith('08-')) await recordViewsWork(page);
        expect(pageErrors).toEqual([]);
        executed.set(nb, JSON.stringify(await page.evaluate(() => (window as any).Jupyter.notebook.toJSON())));
      } finally {
        // the notebook scrolls inside #site: let it grow so the full-page shot holds every cell
        await page
          .evaluate(() => {
            const site = document.getElementById('site');
            if (site) Object.assign(site.style, { height: 'auto', overflow: 'visible' });
            document.body.style.overflow = 'visible';
            document.body.style.height = 'auto';
          })
          .catch(() => undefined);
        await page.screenshot({ path: join(artifacts, nb.replace('.ipynb', '.png')), fullPage: true }).catch(() => undefined);
        await page.close();
      }
      expect(readFileSync(join(nbDir, nb), 'utf8'), 'the notebook file was left as it was').toBe(before.get(nb));
    }, 300_000);
  }

  it("nbconvert's HTML export of a notebook executed in the page has live charts (lab and classic templates)", async () => {
    const nb = [...executed.keys()].find((k) => /"application\/vnd\.vegalite\.v5\+json"/.test(executed.get(k)!));
    expect(nb, 'a notebook with figures ran in the page').toBeDefined();
    const src = join(tmp, 'executed.ipynb');
    writeFileSync(src, executed.get(nb!)!);
    // exported beside the notebook, as a reader would: the bundle file the kernel wrote is there
    copyFileSync(join(nbDir, vegaBundleFile().name), join(tmp, vegaBundleFile().name));
    for (const template of ['lab', 'classic']) {
      const out = join(tmp, `executed-${template}`);
      const r = spawnSync('/usr/bin/python3', ['-m', 'jupyter', 'nbconvert', '--to', 'html', `--template=${template}`, src, '--output', out], {
        encoding: 'utf8',
        env: { ...process.env, PYDEVD_DISABLE_FILE_VALIDATION: '1' },
      });
      expect(r.status, r.stderr).toBe(0);
      const page = await browser.newPage();
      try {
        // the export loads RequireJS (and MathJax) from a CDN: serve Debian's RequireJS instead, refuse the rest
        await page.route(/^https?:/, (route) =>
          /require(\.min)?\.js$/.test(route.request().url())
            ? route.fulfill({ contentType: 'text/javascript', body: readFileSync('/usr/share/javascript/requirejs/require.min.js', 'utf8') })
            : route.abort(),
        );
        await page.goto(`file://${out}.html`);
        expect(await page.evaluate(() => typeof (window as any).define === 'function' && !!(window as any).define.amd)).toBe(true);
        await waitFor(
          'live charts in the export',
          async () => {
            const cs = await charts(page);
            return cs.length > 0 && cs.every((c) => c.live || c.error);
          },
          30_000,
        ).catch(() => undefined);
        const cs = await charts(page);
        expect(cs.length).toBeGreaterThan(0);
        expect(cs.filter((c) => !c.live)).toEqual([]);
        expect(await tooltipOf(page, cs[0].id)).toMatch(/\d/);
        await page.screenshot({ path: join(artifacts, `export-${template}-${nb!.replace('.ipynb', '.png')}`), fullPage: true });
      } finally {
        await page.close();
      }
    }
    // the same export saved away from the bundle file: static SVGs, each saying why
    const away = join(tmp, 'away');
    mkdirSync(away, { recursive: true });
    copyFileSync(join(tmp, 'executed-lab.html'), join(away, 'executed-lab.html'));
    const page = await browser.newPage();
    try {
      await page.route(/^https?:/, (route) =>
        /require(\.min)?\.js$/.test(route.request().url())
          ? route.fulfill({ contentType: 'text/javascript', body: readFileSync('/usr/share/javascript/requirejs/require.min.js', 'utf8') })
          : route.abort(),
      );
      await page.goto(`file://${join(away, 'executed-lab.html')}`);
      await waitFor('static figures', async () => await page.$$eval('.wb-vega', (els) => els.every((e) => e.hasAttribute('data-wb-static'))), 30_000);
      expect(await page.$$eval('.wb-vega > svg', (s) => s.length)).toBeGreaterThan(0);
    } finally {
      await page.close();
    }
  }, 180_000);
});
