/**
 * Untrusted text in reports. A release whose model names, model and item ids, skills, operators, raw
 * responses, gold text, judge prompt versions, manifest version and even directory name are script
 * payloads is reproduced; every HTML report it gives, and the HTML the notebooks show (the GlobeBench
 * drill-down, tables, JSON blocks and figures), is opened in headless Chromium (the Debian package,
 * driven by playwright-core; no browser download). No payload may run (no dialog, no `window.__pwned`),
 * none may become an element (no script, no on* attribute, no javascript: URL, no iframe), and the
 * payloads must show as text. Pages are checked as written (with their CSP) and again with the CSP
 * removed, so the escaping itself is tested, not only the CSP that would block a slip.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drillDown } from '../../analysis/globebench/derive/drill-down.js';
import { drillDownHtml } from '../../analysis/globebench/present/drill-down.js';
import { drillDownWord, drillDownWordHtml, preparePawm } from '../../analysis/pawm/index.js';
import { BENCHES } from '../helpers/benches.js';
import { loadPawm } from '../../src/release/load/pawm.js';
import { figTable01, globeExplorer, prepareGlobe, table01 } from '../../analysis/globebench/index.js';
import { writeRelease, type ReleaseSpec } from '../../src/samples/write-release.js';
import { figureToSvg } from '../../src/present/figures/render-figure.js';
import { loadGlobebench } from '../../src/release/load/globebench.js';
import { readResponseRow } from '../../src/release/load/reread.js';
import { figureHtml, jsonHtml, tableHtml } from '../../src/present/notebook/display.js';
import { recordListHtml, recordViewHtml } from '../../src/present/notebook/records.js';
import { htmlPage } from '../../src/present/report/render-table.js';
import { tinyGlobebench } from '../helpers/tiny-globebench.js';
import { runCli } from './run-cli.js';
import { tinyCubebench, tinyPawm } from './tiny-releases.js';

/** Each payload would set window.__pwned and raise a dialog if it ever ran. */
const H = {
  modelName1: `<script>window.__pwned='name1';alert('name1')</script><img src=x onerror="window.__pwned='img1';alert('img1')">`,
  modelName2: `<a href="javascript:window.__pwned='name2';alert('name2')">Model Two</a>`,
  modelId2: `m2"><svg onload=alert('id2')>`,
  itemId1: `i1<script>window.__pwned='item1';alert('item1')</script>`,
  skill: `<img src=x onerror=alert('skill')>`,
  operator: `op-a' onmouseover='window.__pwned=1' x='`,
  raw: `</pre><script>window.__pwned='raw';alert('raw')</script><a href="javascript:alert('raw')">see</a>`,
  ending: `<iframe srcdoc="<script>parent.__pwned='iframe';alert('iframe')</script>"></iframe>`,
  prompt: `<script>alert('prompt')</script>`,
  version: `</title><script>window.__pwned='version';alert('version')</script>`,
  releaseDir: `release-<img src=x onerror=alert('dir')>`,
};

/** The tiny release with hostile strings everywhere the data reaches a report. */
function hostileRelease(): ReleaseSpec {
  const spec = tinyGlobebench();
  const sub = (v: unknown): unknown => {
    if (typeof v === 'string') return v === 'm2' ? H.modelId2 : v === 'i1' ? H.itemId1 : v === 'op-a' ? H.operator : v;
    if (Array.isArray(v)) return v.map(sub);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, sub(x)]));
    return v;
  };
  const files: Record<string, unknown[]> = {};
  for (const [path, rows] of Object.entries(spec.files)) files[path.replace('/m2.jsonl', `/${H.modelId2}.jsonl`)] = rows.map(sub) as unknown[];
  const models = files['models.jsonl'] as any[];
  models[0].name = H.modelName1;
  models[1].name = H.modelName2;
  const items = files['items.jsonl'] as any[];
  items[0].skill = H.skill;
  items[2].gold.ending = H.ending;
  for (const r of Object.keys(files)
    .filter((p) => p.startsWith('responses/'))
    .flatMap((p) => files[p]) as any[])
    r.raw = H.raw + r.raw;
  for (const j of Object.keys(files)
    .filter((p) => p.startsWith('judge/'))
    .flatMap((p) => files[p]) as any[])
    j.prompt_version = H.prompt;
  return { ...spec, version: H.version, description: H.raw, files };
}

const G = {
  guidance: `the door is locked <script>window.__pwned='guidance';alert('guidance')</script> take the <img src=x onerror="window.__pwned='gimg'">key`,
  action: `open <img src=x onerror=alert('action')> door`,
  agent: `react<script>window.__pwned='agent';alert('agent')</script>`,
  taskId: `t1<img src=x onerror=alert('task')>`,
  episodeId: `e1"><script>alert('episode')</script>`,
};

/** The tiny CubeBench release with a hostile model name, task id and episode id. */
function hostileCube(): ReleaseSpec {
  const spec = tinyCubebench();
  const tasks = spec.files['tasks.jsonl'].map((t: any) => (t.task_id === 't1' ? { ...t, task_id: G.taskId } : t));
  const episodes = spec.files['episodes.jsonl'].map((e: any, i) => ({
    ...e,
    model: i % 2 ? H.modelName1 : H.modelName2,
    task_id: e.task_id === 't1' ? G.taskId : e.task_id,
    episode_id: i === 0 ? G.episodeId : e.episode_id,
  }));
  return { ...spec, version: H.version, files: { 'tasks.jsonl': tasks, 'episodes.jsonl': episodes } };
}

/** The tiny PAWM release with hostile guidance texts, actions, agent and task ids. */
function hostilePawm(): ReleaseSpec {
  const spec = tinyPawm();
  const swap = (r: any) => ({ ...r, agent: G.agent, task_id: G.taskId + r.task_id });
  const steps = spec.files['steps.jsonl'].map((r: any) => ({
    ...swap(r),
    guidance: r.guidance === null ? null : `${G.guidance} ${r.guidance}`,
    tentative_action: G.action,
  }));
  return {
    ...spec,
    version: H.version,
    files: {
      'episodes.jsonl': spec.files['episodes.jsonl'].map(swap),
      'steps.jsonl': steps,
      'guidance_labels.jsonl': spec.files['guidance_labels.jsonl'].map(swap),
    },
  };
}

const root = mkdtempSync(join(tmpdir(), 'wb-xss-'));
const releaseDir = join(root, H.releaseDir);
const out = join(root, 'out');
let ctx: BrowserContext;
const dialogs: string[] = [];

// with --explore: the explorer block below opens each hostile release's explore.html, and the other
// pages are checked with index.html's count cells linked to it
beforeAll(async () => {
  writeRelease(releaseDir, hostileRelease(), { gzip: false });
  const r = await runCli(['reproduce', '--bench', 'globebench', '--data', releaseDir, '--out', out, '--resamples', '50', '--seed', '1', '--explore']);
  if (r.code !== 0) throw new Error(`reproduce failed on the hostile release:\n${r.err}`);
  for (const [bench, spec] of [
    ['cubebench', hostileCube()],
    ['pawm', hostilePawm()],
  ] as const) {
    if (!BENCHES.some((b) => b.benchmark === bench)) continue;
    writeRelease(join(root, `${bench}-${H.releaseDir}`), spec, { gzip: false });
    const rr = await runCli([
      'reproduce',
      '--bench',
      bench,
      '--data',
      join(root, `${bench}-${H.releaseDir}`),
      '--out',
      out,
      '--resamples',
      '50',
      '--seed',
      '1',
      '--explore',
    ]);
    if (rr.code !== 0) throw new Error(`reproduce failed on the hostile ${bench} release:\n${rr.err}`);
  }
  ctx = await chromium.launchPersistentContext(join(root, 'chromium-profile'), {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  ctx.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
}, 900_000);
afterAll(async () => {
  await ctx?.close();
  rmSync(root, { recursive: true, force: true });
});

interface Inspection {
  pwned: unknown;
  scripts: number;
  handlers: string[];
  jsUrls: string[];
  frames: number;
  text: string;
  visible: string;
}

/** What a page turned into: anything from the data that became live, and its text. */
async function inspect(page: Page): Promise<Inspection> {
  await page.waitForTimeout(100); // let any onerror/onload that slipped through fire
  // a string, so the test's type environment needs no DOM library
  return page.evaluate(`(() => {
    const all = [...document.querySelectorAll('*')];
    const handlers = all.flatMap((el) => [...el.attributes].filter((a) => a.name.toLowerCase().startsWith('on')).map((a) => el.tagName + '[' + a.name + ']'));
    const jsUrls = all.flatMap((el) =>
      ['href', 'src', 'action', 'formaction', 'xlink:href', 'data'].map((n) => el.getAttribute(n)).filter((v) => !!v && /^\\s*javascript:/i.test(v)),
    );
    return {
      pwned: window.__pwned,
      scripts: document.querySelectorAll('script').length,
      handlers,
      jsUrls,
      frames: document.querySelectorAll('iframe, frame, object, embed').length,
      text: document.documentElement.textContent ?? '',
      visible: document.body ? document.body.innerText : '',
    };
  })()`);
}

let shared: Page | undefined;
/** One tab reused for every page (a navigation starts a fresh window, so no state carries over). */
async function tab(): Promise<Page> {
  if (!shared || shared.isClosed()) shared = await ctx.newPage();
  return shared;
}
async function openFile(path: string): Promise<Inspection> {
  const page = await tab();
  await page.goto(pathToFileURL(path).href, { waitUntil: 'load' });
  return inspect(page);
}
async function openHtml(html: string): Promise<Inspection> {
  const page = await tab();
  await page.goto('about:blank');
  await page.setContent(html, { waitUntil: 'load' });
  return inspect(page);
}

function expectInert(r: Inspection, what: string, scriptsAllowed = 0): void {
  expect(dialogs, `${what}: a dialog was raised`).toEqual([]);
  expect(r.pwned, `${what}: window.__pwned was set`).toBeUndefined();
  expect(r.scripts, `${what}: script elements`).toBe(scriptsAllowed);
  expect(r.handlers, `${what}: event-handler attributes`).toEqual([]);
  expect(r.jsUrls, `${what}: javascript: URLs`).toEqual([]);
  expect(r.frames, `${what}: frames`).toBe(0);
}

const CSP = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`;
const htmlFiles = (bench = 'globebench') =>
  readdirSync(join(out, bench), { recursive: true })
    .map(String)
    // explore.html runs its own bundled script under its own policy: tested in test/explore/
    .filter((f) => f.endsWith('.html') && f !== 'explore.html')
    .sort();
const REPORTED = ['globebench', 'cubebench', 'pawm'].filter((b) => BENCHES.some((x) => x.benchmark === b));

describe('HTML reports of a hostile release', () => {
  it('every report page (every benchmark) has the CSP meta tag and no script element in its source', () => {
    expect(htmlFiles()).toContain('table01.html');
    for (const bench of REPORTED) {
      const files = htmlFiles(bench);
      expect(files).toContain('index.html');
      for (const f of files) {
        const html = readFileSync(join(out, bench, f), 'utf8');
        expect(html, f).toContain(CSP);
        expect(html, f).not.toMatch(/<script/i);
      }
    }
  });

  it('no payload runs or becomes an element in any page (every benchmark), with or without the CSP', async () => {
    for (const f of REPORTED.flatMap((b) => htmlFiles(b).map((x) => `${b}/${x}`))) {
      const path = join(out, f);
      expectInert(await openFile(path), f);
      const bare = join(root, `nocsp-${f.replace(/\//g, '_')}`);
      const html = readFileSync(path, 'utf8');
      writeFileSync(bare, html.replace(CSP, ''));
      expect(readFileSync(bare, 'utf8')).not.toContain('Content-Security-Policy');
      expectInert(await openFile(bare), `${f} without CSP`);
    }
  }, 120_000);

  it('the payloads show as text: model names in Table 1, ids, version and directory in the index', async () => {
    const t1 = await openFile(join(out, 'globebench', 'table01.html'));
    expect(t1.visible).toContain(H.modelName1);
    expect(t1.visible).toContain(H.modelName2);
    const index = await openFile(join(out, 'globebench', 'index.html'));
    for (const s of [H.modelName1, H.modelName2, H.version, H.releaseDir]) expect(index.visible, s).toContain(s);
    expect(index.text).toContain(`responses/${H.modelId2}.jsonl`); // the input-file list (inside a closed <details>)
    const json = JSON.parse(readFileSync(join(out, 'globebench', 'table01.json'), 'utf8'));
    expect(json.rows.map((r: { model: string }) => r.model).sort()).toEqual([H.modelName1, H.modelName2].sort());
  });

  it('the figure SVGs, opened on their own, run nothing', async () => {
    const svgs = REPORTED.flatMap((b) =>
      readdirSync(join(out, b, 'figures'))
        .filter((f) => f.endsWith('.svg'))
        .map((f) => join(out, b, 'figures', f)),
    );
    expect(svgs.length).toBeGreaterThan(0);
    for (const path of svgs) {
      const f = path;
      expect(readFileSync(path, 'utf8')).not.toMatch(/<script/i);
      const r = await openFile(path);
      expectInert(r, f);
    }
  });
});

describe('the explorer of hostile releases', () => {
  const KINDS: Record<string, string[]> = { globebench: ['response', 'item'], pawm: ['episode', 'guided-step'], cubebench: ['episode'] };
  it('opens the first record of every kind with nothing from the data running or becoming an element, the payloads shown as text', async () => {
    for (const bench of REPORTED) {
      for (const kind of KINDS[bench]) {
        const page = await tab();
        await page.goto(`${pathToFileURL(join(out, bench, 'explore.html')).href}#kind=${kind}&open=${kind}:0`, { waitUntil: 'load' });
        await page.waitForSelector('[data-view="record"]');
        const r = await inspect(page);
        const what = `${bench} explorer, ${kind}`;
        expect(dialogs, what).toEqual([]);
        expect(r.pwned, what).toBeUndefined();
        expect(r.handlers, what).toEqual([]);
        expect(r.jsUrls, what).toEqual([]);
        expect(r.frames, what).toBe(0);
        // the page's own scripts only: explorer.js, meta.js, the record chunks and the opened detail chunk
        const srcs = await page.$$eval('script', (s) => s.map((x) => x.getAttribute('src') ?? 'inline'));
        for (const src of srcs) expect(src, what).toMatch(/^explore-files\/(explorer|meta|records-\d{4}|details-\d{4})\.js$/);
        if (bench === 'globebench' && kind === 'response') expect(r.visible, what).toContain(H.raw);
        if (bench === 'globebench') expect(r.text.includes(H.modelName1) || r.text.includes(H.modelName2) || r.text.includes(H.itemId1), what).toBe(true);
        if (bench === 'pawm' && kind === 'guided-step') expect(r.text, what).toContain(G.action);
        if (bench === 'cubebench') expect(r.text, what).toContain(G.episodeId);
      }
    }
  }, 300_000);
});

describe('CubeBench and PAWM reports of hostile releases', () => {
  it.runIf(REPORTED.includes('cubebench'))('CubeBench: model names show as text in the index', async () => {
    const index = await openFile(join(out, 'cubebench', 'index.html'));
    expectInert(index, 'cubebench index');
    for (const s of [H.modelName1, H.modelName2, H.version]) expect(index.visible, s).toContain(s);
  });
  it.runIf(REPORTED.includes('pawm'))('PAWM: the word drill-down shows hostile guidance, actions and ids as text, with the word marked', async () => {
    const ctx = preparePawm(loadPawm(join(root, `pawm-${H.releaseDir}`)), { resamples: 20, seed: 1 });
    for (const word of ['door', 'script', 'img']) {
      const d = drillDownWord(ctx, word);
      expect(d.hits.length, word).toBeGreaterThan(0);
      const html = drillDownWordHtml(d);
      expect(html, word).toContain(word === 'script' ? '&lt;<mark>script</mark>&gt;' : `<mark>${word}</mark>`);
      const r = await openHtml(htmlPage('drill-down', html).replace(CSP, ''));
      expectInert(r, `pawm drill-down of ${word}`);
      for (const s of [G.action, G.taskId]) expect(r.text, s).toContain(s);
      expect(r.text.replace(/\s+/g, ' ')).toContain(G.guidance.replace(/\s+/g, ' '));
    }
  });
});

describe('notebook HTML of a hostile release', () => {
  it('the GlobeBench drill-down of every response renders every hostile string as text', async () => {
    const rel = loadGlobebench(releaseDir);
    const parts = rel.responses.map((r) => drillDownHtml(drillDown(rel, r.model_id, r.item_id)));
    expect(parts).toHaveLength(8);
    const r = await openHtml(`<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>${parts.join('<hr>')}</body></html>`);
    expectInert(r, 'drill-down');
    // the gold and predicted values are shown as JSON, so the gold text appears JSON-quoted
    for (const s of [H.raw, H.itemId1, H.modelId2, JSON.stringify(H.ending), H.prompt, H.skill, H.operator]) expect(r.text, s).toContain(s);
    expect(r.visible).toContain(H.itemId1);
  });

  it("the explorer's record list and every record's view, as a notebook shows them, render every hostile string as text", async () => {
    const rel = loadGlobebench(releaseDir);
    const records = globeExplorer(prepareGlobe(rel, { resamples: 20, seed: 1 }));
    const parts = [recordListHtml(records, { kind: 'response' }), recordListHtml(records, { kind: 'item', q: H.itemId1 })];
    for (const k of records.kinds) k.rows.forEach((_, i) => parts.push(recordViewHtml(records, k.kind.kind, i)));
    expect(parts.length).toBeGreaterThan(8);
    const r = await openHtml(`<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>${parts.join('<hr>')}</body></html>`);
    expectInert(r, 'notebook record views');
    // the raw response is read again from the release and shown as it is
    for (const s of [H.raw, H.itemId1, H.modelId2, H.prompt, H.skill, H.operator]) expect(r.text, s).toContain(s);
  });

  it('tables, JSON blocks and figures shown in notebooks render hostile strings as text', async () => {
    const rel = loadGlobebench(releaseDir);
    const c = prepareGlobe(rel, { resamples: 20, seed: 1 });
    const t = table01(c);
    const fig = figTable01(c);
    const svg = await figureToSvg(fig);
    // the loaded release keeps raw text on disk: a notebook shows the whole row read again
    const row = readResponseRow(rel, rel.responses[0].model_id, rel.responses[0].item_id);
    const body = tableHtml(t) + jsonHtml(H.itemId1, row) + figureHtml(fig, svg);
    const r = await openHtml(htmlPage('notebook cells', body).replace(CSP, ''));
    // figureHtml carries its own one script, which adds one more: the <script src> of the vega
    // bundle file beside the notebook (absent here, so the static figure stays); the data inside its
    // spec must not close it early or add another
    expectInert(r, 'notebook cells', 2);
    for (const s of [H.modelName1, H.modelName2, JSON.stringify(H.raw).slice(0, -1), H.itemId1]) expect(r.text, s).toContain(s);
    expect(figureHtml(fig, svg)).not.toMatch(/<\/script>[\s\S]*<\/script>/i);
  });
});
