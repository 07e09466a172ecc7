import * as aq from 'arquero';
import * as dfd from 'danfojs';
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { figureBundle, tableHtml, vegaBundleFile, vegaScriptsHtml, VEGALITE_MIME, displayBundle, NOTEBOOK_CSS } from '../../src/present/notebook/display.js';
import { writeVegaBundle } from '../../src/output/notebook-figure.js';
import { frameTable } from '../../src/present/notebook/frame-table.js';
// @ts-expect-error plain JavaScript module without declarations
import { buildNotebook } from '../../scripts/make-notebook.mjs';
import type { Figure } from '../../src/present/figures/figure.js';

const rows = [
  { model: '<script>alert(1)</script>', success: 0.19675245098, items: 1632, z: 2.345 },
  { model: 'b & c', success: 0.5, items: 7, z: -1 },
];

describe('frames as report tables', () => {
  it('arquero, danfojs and plain rows give the same escaped table: rates as percentages, numbers right-aligned', () => {
    const fromRows = frameTable(rows, { title: 't' });
    const fromAq = frameTable(aq.from(rows), { title: 't' });
    const fromDf = frameTable(new dfd.DataFrame(rows), { title: 't' });
    expect(fromAq).toEqual(fromRows);
    expect(fromDf).toEqual(fromRows);
    expect(fromRows.columns.map((c) => [c.key, c.format, c.label])).toEqual([
      ['model', 'text', 'model'],
      ['success', 'pct', 'success (%)'],
      ['items', 'int', 'items'],
      ['z', 'num', 'z'],
    ]);
    const html = tableHtml(fromRows);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<td class="num">19.68</td>'); // 0.19675... as a percentage, two decimals
    expect(html).toContain('<td class="num">1,632</td>');
    expect(html).toContain('<td class="num">2.35</td>');
  });
  it("a danfojs frame's non-default index (after groupby) is shown as a column; a limit is said in the title", () => {
    const df = new dfd.DataFrame([{ a: 1 }, { a: 2 }, { a: 3 }], { index: ['x', 'y', 'z'] });
    const t = frameTable(df, { limit: 2, title: 'f' });
    expect(t.columns[0].key).toBe('index');
    expect(t.rows).toEqual([
      { index: 'x', a: 1 },
      { index: 'y', a: 2 },
    ]);
    expect(t.title).toBe('f (first 2 of 3 rows)');
  });
  it('the notebook CSS is scoped to the workbench outputs, not the whole Jupyter page', () => {
    // the paging rules sit in an @supports block; every selector, in it or not, starts with the doubled scope
    const flat = NOTEBOOK_CSS.replace(/@supports [^{]*\{/g, '');
    for (const rule of flat.split('}').filter(Boolean)) for (const sel of rule.split('{')[0].split(',')) expect(sel.startsWith('.wb-nb.wb-nb ')).toBe(true);
  });
});

describe('figures as one multi-MIME display message', () => {
  const fig: Figure = {
    id: 'f<1>',
    title: 'A <b>title</b>',
    source: 's',
    spec: { data: { values: [{ a: 'x</script><script>bad()', b: 2 }] }, mark: 'bar', encoding: { x: { field: 'a' }, y: { field: 'b', type: 'quantitative' } } },
  };
  it('holds a v5 Vega-Lite spec, HTML with the static SVG and one embed script that loads the bundle file by a relative URL, and text; inline bundles only when asked', () => {
    const b = figureBundle(fig, '<svg class="marks"></svg>');
    expect(Object.keys(b).sort()).toEqual([VEGALITE_MIME, 'text/html', 'text/plain'].sort());
    // the static fallback is carried once, inside the HTML
    expect(JSON.stringify(b).split('<svg class=\\"marks\\"></svg>')).toHaveLength(2);
    expect((b[VEGALITE_MIME] as any).$schema).toBe('https://vega.github.io/schema/vega-lite/v5.json');
    const html = b['text/html'] as string;
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html).not.toContain('</script><script>bad()');
    expect(html).toContain('A &lt;b&gt;title&lt;/b&gt;');
    expect(html).toContain(`src=${JSON.stringify(vegaBundleFile().name)}`);
    expect(html.length).toBeLessThan(10_000);
    const inline = figureBundle(fig, '<svg></svg>', true)['text/html'] as string;
    expect(inline.length).toBeGreaterThan(700_000);
  });
  it("the static SVG drops vega's per-mark accessibility attributes from its tags and keeps its text as it is", () => {
    const svg =
      '<svg class="marks" width="10"><g class="mark-symbol role-mark" role="graphics-object" aria-roledescription="symbol mark container">' +
      '<path aria-label="model: a > b; success: 5" role="graphics-symbol" aria-roledescription="circle" d="M0,0"/>' +
      '<text x="1">a role="x" aria-label="y" &gt; z</text></g></svg>';
    const html = figureBundle(fig, svg)['text/html'] as string;
    expect(html).toContain(
      '<svg class="marks" width="10"><g class="mark-symbol role-mark"><path d="M0,0"/><text x="1">a role="x" aria-label="y" &gt; z</text></g></svg>',
    );
  });
  it('the caption line does not repeat the title the picture shows', () => {
    const titled = { ...fig, spec: { ...fig.spec, title: { text: fig.title, subtitle: 's' } } } as Figure;
    expect(figureBundle(titled, '<svg></svg>')['text/html']).not.toContain('A &lt;b&gt;title&lt;/b&gt;');
    expect(figureBundle({ ...fig, spec: { ...fig.spec, title: 'another' } } as Figure, '<svg></svg>')['text/html']).toContain('A &lt;b&gt;title&lt;/b&gt;');
  });
  it('the inline bundles are loaded with define hidden, so RequireJS pages still get window.vegaEmbed', () => {
    const s = vegaScriptsHtml();
    expect(s.indexOf('window.define = undefined')).toBeLessThan(s.indexOf('vega-embed'));
    expect(s.lastIndexOf('window.define = window.__wbDefine')).toBeGreaterThan(s.lastIndexOf('vegaEmbed'));
  });
  it('the bundle file defines vega, vegaLite and vegaEmbed as globals on a page with RequireJS (define hidden by its wrapper), named for its content', () => {
    const { name, text } = vegaBundleFile();
    expect(name).toMatch(/^workbench-vega-[0-9a-f]{12}\.js$/);
    // run the file as a page would, with an AMD define present: it must not be called
    const window: Record<string, unknown> = {};
    let amdCalls = 0;
    const define = Object.assign(() => amdCalls++, { amd: {} });
    new Function('window', 'self', 'globalThis', 'define', text)(window, window, window, define);
    expect(amdCalls).toBe(0);
    expect(typeof window.vegaEmbed).toBe('function');
    expect(typeof (window.vegaLite as { compile?: unknown }).compile).toBe('function');
    expect(typeof (window.vega as { View?: unknown }).View).toBe('function');
  });
  it('writeVegaBundle writes the file once into the folder (temporary name, then renamed) and reports a folder that cannot take it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wb-vega-file-'));
    try {
      expect(writeVegaBundle(dir)).toBe(true);
      expect(readdirSync(dir)).toEqual([vegaBundleFile().name]);
      expect(readFileSync(join(dir, vegaBundleFile().name), 'utf8')).toBe(vegaBundleFile().text);
      expect(writeVegaBundle(dir)).toBe(true);
      expect(writeVegaBundle(join(dir, 'missing', 'folder'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('displayBundle outside a running kernel says so', () => {
    expect(() => displayBundle({ 'text/plain': 'x' })).toThrow(/no running tslab kernel/);
  });
});

describe('notebook builder (jupytext percent format)', () => {
  it('code and Markdown cells, header skipped, markdown comment prefixes removed', () => {
    const nb = JSON.parse(buildNotebook('// ---\n// jupyter:\n// ---\n\n// %% [markdown]\n// # T\n//\n// text\n\n// %%\nconst x = 1;\n\n// %%\nx;\n'));
    expect(nb.cells.map((c: any) => [c.cell_type, c.source.join('')])).toEqual([
      ['markdown', '# T\n\ntext'],
      ['code', 'const x = 1;'],
      ['code', 'x;'],
    ]);
    expect(nb.metadata.kernelspec.name).toBe('tslab');
  });
  it('malformed sources are refused with the line', () => {
    expect(() => buildNotebook('const x = 1;\n// %%\n', 'a.ts')).toThrow('a.ts:1: text before the first "// %%" cell marker');
    expect(() => buildNotebook('// %% [raw]\nx\n', 'a.ts')).toThrow('a.ts:1: unknown cell type [raw]');
    expect(() => buildNotebook('// %% [markdown]\n// ok\nnot a comment\n', 'a.ts')).toThrow('a.ts:3: a Markdown cell');
  });
});
