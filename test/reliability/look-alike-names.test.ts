/**
 * Names that look like other names. A release may name a model `"\u202Eevil"` (a right-to-left
 * override: it reads "live"), a skill `"\u202E5-TPG"` (reads "GPT-5"), a model `"GPT-5\u200B"` beside
 * `"GPT-5"` (a zero-width space: two rows that read the same), or two models `café` spelled NFC and
 * NFD. Bidirectional controls and zero-width characters are shown as visible `\uXXXX` in every
 * rendered place (HTML, SVG, PNG, PDF, Vega-Lite, Markdown, LaTeX, CSV, notebook tables); names that
 * still look equal are labelled apart by id; Markdown and CSV show control characters visibly and
 * keep link syntax as text. The HTML and the Markdown (rendered by marked, Debian's libjs-marked,
 * which comes with the Jupyter Notebook) are opened in headless Chromium.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueLabels } from '../../src/domain/text/unique-labels.js';
import { tableText } from '../../src/present/notebook/display.js';
import { csvField } from '../../src/present/report/render-csv.js';
import { escapeLatex } from '../../src/present/report/render-latex.js';
import { tableToMarkdown } from '../../src/present/report/render-table.js';
import type { Rendered } from '../../src/present/report/write-report.js';
import { writeRelease, type ReleaseSpec } from '../../src/samples/write-release.js';
import { tinyGlobebench } from '../helpers/tiny-globebench.js';
import { reproduceInProcess } from './reproduce-in-process.js';
import { runCli } from './run-cli.js';
import { tinyCubebench } from './tiny-releases.js';

/** The characters that must never reach a rendered output raw: bidirectional controls and zero-width characters. */
const INVISIBLE = /[\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

const EVIL = '\u202Eevil';
const SKILL = '\u202E5-TPG';
const ZWSP = 'GPT-5\u200B';

/** The tiny GlobeBench release with a third model (m1's answers), and the names given. */
function globeNamed(names: [string, string, string], skill: string): ReleaseSpec {
  const spec = tinyGlobebench();
  const files = spec.files as Record<string, any[]>;
  files['models.jsonl'] = [...files['models.jsonl'], { ...files['models.jsonl'][0], model_id: 'm3' }];
  files['models.jsonl'].forEach((m, i) => (m.name = names[i]));
  files['responses/m3.jsonl'] = files['responses/m1.jsonl'].map((r) => ({ ...r, model_id: 'm3' }));
  files['judge/m3.jsonl'] = files['judge/m1.jsonl'].map((r) => ({ ...r, model_id: 'm3' }));
  files['items.jsonl'][0].skill = skill;
  // the other skills sort before both `\u202E` and `\`, so both releases draw them in one order
  for (const it of files['items.jsonl'].slice(1)) it.skill = it.skill[0].toUpperCase() + it.skill.slice(1);
  return spec;
}

/** The names shown as the workbench must show them: what a release holding these very escapes would give. */
const hostile = () => globeNamed([EVIL, 'GPT-5', ZWSP], SKILL);
const literal = () => globeNamed(['\\u202Eevil', 'GPT-5', 'GPT-5\\u200B'], '\\u202E5-TPG');

const root = mkdtempSync(join(tmpdir(), 'wb-lookalike-'));
const out = join(root, 'out');
let ctx: BrowserContext;
let page: Page;
const dialogs: string[] = [];

beforeAll(async () => {
  writeRelease(join(root, 'release'), hostile(), { gzip: false });
  const r = await runCli(['reproduce', '--bench', 'globebench', '--data', join(root, 'release'), '--out', out, '--resamples', '50', '--seed', '1']);
  if (r.code !== 0) throw new Error(`reproduce failed:\n${r.err}`);
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
  page = await ctx.newPage();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  rmSync(root, { recursive: true, force: true });
});

const report = (f: string) => readFileSync(join(out, 'globebench', f), 'utf8');

interface PageText {
  cells: string[];
  svgText: string[];
  body: string;
  jsLinks: number;
}

/** The text a reader sees: table cells and SVG text as rendered (innerText), the whole body, and javascript: links. */
async function pageText(): Promise<PageText> {
  return page.evaluate(`(() => ({
    cells: [...document.querySelectorAll('td, th')].map((c) => c.innerText),
    svgText: [...document.querySelectorAll('svg text')].map((t) => t.textContent),
    body: document.body.innerText,
    jsLinks: [...document.querySelectorAll('a')].filter((a) => /^\\s*javascript:/i.test(a.getAttribute('href') ?? '')).length,
  }))()`);
}

describe('bidirectional and zero-width characters are shown as visible escapes', () => {
  it("no rendered report file (HTML, SVG, Vega-Lite, Markdown, LaTeX, CSV) holds one raw; JSON keeps the release's string", () => {
    const files = readdirSync(join(out, 'globebench'), { recursive: true }).map(String);
    const rendered = files.filter((f) => /\.(html|svg|md|tex|csv)$|\.vl\.json$/.test(f));
    expect(rendered.length).toBeGreaterThan(50);
    for (const f of rendered) expect(INVISIBLE.test(report(f)), f).toBe(false);
    // the JSON is data: the string as the release has it
    expect(JSON.parse(report('table01.json')).rows.map((r: any) => r.model)).toContain(EVIL);
  });

  it('each format shows the escape where the name stands', () => {
    expect(report('table01.md')).toContain('| \\\\u202Eevil |');
    expect(report('table01.csv')).toMatch(/^1,\\u202Eevil,closed,/m);
    expect(report('table01.tex')).toContain('\\textbackslash{}u202Eevil &');
    expect(report('table18.md')).toContain('\\\\u202E5-TPG');
    const vl = JSON.parse(report('figures/fig-table01.vl.json'));
    expect(vl.data.values.map((v: any) => v.model)).toEqual(expect.arrayContaining(['\\u202Eevil', 'GPT-5', 'GPT-5\\u200B']));
    const svg = report('figures/fig-table01.svg');
    const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(texts).toEqual(expect.arrayContaining(['\\u202Eevil', 'GPT-5', 'GPT-5\\u200B']));
  });

  it('SVG, PNG and PDF of every figure are those of a release that holds the escapes as text', async () => {
    const [a, b]: Rendered[] = [await reproduceInProcess(hostile()), await reproduceInProcess(literal())];
    const names = [...a.figures.keys()].filter((k) => /\.(svg|png|pdf)$/.test(k));
    expect(names.filter((n) => n.endsWith('.png')).length).toBeGreaterThan(5);
    for (const n of names) expect(Buffer.compare(Buffer.from(a.figures.get(n)!), Buffer.from(b.figures.get(n)!)), n).toBe(0);
  }, 120_000);

  it('in Chromium, each table cell reads as its escape (no reordering), and the figure text too', async () => {
    await page.goto(pathToFileURL(join(out, 'globebench', 'table01.html')).href);
    let t = await pageText();
    expect(t.cells).toEqual(expect.arrayContaining(['\\u202Eevil', 'GPT-5', 'GPT-5\\u200B']));
    expect(t.cells.filter((c) => c === 'GPT-5')).toHaveLength(1);
    expect(INVISIBLE.test(t.body)).toBe(false);
    await page.goto(pathToFileURL(join(out, 'globebench', 'table18.html')).href);
    t = await pageText();
    expect(t.cells).toContain('\\u202E5-TPG');
    await page.goto(pathToFileURL(join(out, 'globebench', 'index.html')).href);
    t = await pageText();
    expect(t.svgText).toEqual(expect.arrayContaining(['\\u202Eevil', 'GPT-5\\u200B', '\\u202E5-TPG']));
    expect(INVISIBLE.test(t.body)).toBe(false);
    expect(INVISIBLE.test(t.svgText.join(''))).toBe(false);
  });

  it("the notebook's plain-text table and the renderers' escapes show them too", async () => {
    const r = await reproduceInProcess(hostile());
    const md = String(r.report.get('table01.md'));
    expect(INVISIBLE.test(md)).toBe(false);
    expect(tableText({ id: 't', title: 'T', source: 's', columns: [{ key: 'm', label: 'Model' }], rows: [{ m: EVIL }] })).toBe('T\nModel\n\\u202Eevil');
    expect(escapeLatex(`a\u0000b${EVIL}`)).toBe('a\\textbackslash{}u0000b\\textbackslash{}u202Eevil');
  });
});

describe('names that look equal are labelled apart by id', () => {
  it('"GPT-5" and "GPT-5\\u200B" are two rows and two legend entries that read differently', () => {
    const rows = JSON.parse(report('table01.json')).rows.map((r: any) => r.model);
    expect(rows.filter((m: string) => m.startsWith('GPT-5'))).toHaveLength(2);
    const legend = [...report('figures/fig-table01.svg').matchAll(/<text[^>]*>(GPT-5[^<]*)<\/text>/g)].map((m) => m[1]);
    expect(new Set(legend)).toEqual(new Set(['GPT-5', 'GPT-5\\u200B']));
  });

  it('"café" in NFC and in NFD: labelled "café [m1]" and "café [m2]" in tables and figures', async () => {
    const r = await reproduceInProcess(globeNamed(['caf\u00E9', 'cafe\u0301', 'Other'], 'sql'));
    const rows: string[] = JSON.parse(String(r.report.get('table01.json'))).rows.map((x: any) => x.model);
    expect(rows.map((m) => m.normalize('NFC'))).toEqual(expect.arrayContaining(['café [m1]', 'café [m2]', 'Other']));
    const svg = String(r.figures.get('fig-table01.svg'));
    expect(svg.normalize('NFC')).toContain('café [m1]');
    expect(svg.normalize('NFC')).toContain('café [m2]');
  }, 60_000);

  it('uniqueLabels: compatibility forms, invisible characters and the escape a release spells out all count as looking equal', () => {
    const labels = (names: string[]) => [
      ...uniqueLabels(
        names.map((n, i) => ({ id: `k${i}`, n })),
        (e) => e.id,
        (e) => e.n,
      ).values(),
    ];
    expect(labels(['\uFB01le', 'file', 'other'])).toEqual(['\uFB01le [k0]', 'file [k1]', 'other']);
    expect(labels(['X\u200B', 'X\\u200B', 'X'])).toEqual(['X\u200B [k0]', 'X\\u200B [k1]', 'X']);
    expect(labels(['\u212A', 'K'])).toEqual(['\u212A [k0]', 'K [k1]']);
    // a name that looks like another's bracketed label still gets a label of its own
    expect(new Set(labels(['A', 'A', 'A [k0]'])).size).toBe(3);
  });
});

describe('Markdown and CSV outputs', () => {
  const HOSTILE = '[x](javascript:alert(1))\u0000 ![i](javascript:alert(2)) <javascript:alert(3)> &#8238;';
  let r: Rendered;
  beforeAll(async () => {
    const spec = tinyCubebench();
    (spec.files['episodes.jsonl'] as any[]).forEach((e, i) => (e.model = i % 2 ? `\u202Eevil ${HOSTILE}` : `=cmd|' /C calc'!A0`));
    r = await reproduceInProcess(spec);
  }, 60_000);

  it('Markdown keeps link and image syntax as text and shows NUL, RLO and character references visibly (rendered by marked in Chromium)', async () => {
    const require = createRequire(import.meta.url);
    const { marked } = require('/usr/share/javascript/marked/marked.js') as { marked: { parse(md: string): string } };
    const mdFiles = [...r.report.keys()].filter((k) => k.endsWith('.md'));
    expect(mdFiles.length).toBeGreaterThan(5);
    let shown = 0;
    for (const f of mdFiles) {
      const md = String(r.report.get(f));
      expect(INVISIBLE.test(md), f).toBe(false);
      expect(CONTROL.test(md), f).toBe(false);
      await page.setContent(`<!DOCTYPE html><meta charset="utf-8"><body>${marked.parse(md)}</body>`);
      const t = await pageText();
      expect(t.jsLinks, f).toBe(0);
      // the only images are the README's figures
      const figures = [...r.figures.keys()].filter((k) => k.endsWith('.svg')).length;
      expect(await page.evaluate('document.querySelectorAll("img").length'), f).toBe(f === 'README.md' ? figures : 0);
      if (t.cells.includes(`\\u202Eevil ${HOSTILE.replace('\u0000', '\\u0000')}`)) shown++;
    }
    // the model name reads in the rendered tables exactly as written, escapes shown
    expect(shown).toBeGreaterThan(0);
    expect(dialogs).toEqual([]);
  });

  it('CSV shows control, bidirectional and zero-width characters as \\uXXXX (after which the formula rule applies), the JSON keeps them', () => {
    const csv = String(r.report.get('exp1.csv'));
    expect(CONTROL.test(csv)).toBe(false);
    expect(INVISIBLE.test(csv)).toBe(false);
    expect(csv).toContain('\\u202Eevil [x](javascript:alert(1))\\u0000');
    expect(csvField('=1+1\u0000')).toBe("'=1+1\\u0000");
    expect(csvField('\u202E=1+1')).toBe('\\u202E=1+1');
    expect(csvField('GPT-5\u200B')).toBe('GPT-5\\u200B');
    expect(csvField('tab\there, "q"\r\nnext')).toBe('"tab\there, ""q""\r\nnext"');
    expect(JSON.parse(String(r.report.get('exp1.json'))).rows.map((x: any) => x.model)).toContain(`\u202Eevil ${HOSTILE}`);
  });

  it('a Markdown table names its id and provenance files in code spans that no backtick can close', () => {
    const md = tableToMarkdown({ id: 'a`b', title: 'T', source: 's', columns: [{ key: 'm', label: 'M' }], rows: [] }, {
      release: 'r](javascript:alert(1))',
      version: 'v',
      benchmark: 'cubebench',
      synthetic: false,
      seed: 1,
      resamples: 1,
      workbench: 'w',
      files: { 'x`[y](javascript:alert(1))`.jsonl': 'ab' },
    } as any);
    expect(md).toContain('Id: ``a`b``.');
    expect(md).toContain('- ``x`[y](javascript:alert(1))`.jsonl`` ab');
    expect(md).toContain('release: r\\](javascript:alert(1))');
  });
});
