import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specToSvg } from '../../src/present/figures/render-figure.js';
import type { ScorecardEntry } from '../../src/present/report/scorecard.js';
import { python } from '../helpers/reference.js';
import { BENCHES as BENCH_OBJECTS } from '../helpers/benches.js';

// the real CLI on the bundled sample releases, as a user runs it (few resamples: the outputs' form is under test)
const root = mkdtempSync(join(tmpdir(), 'wb-outputs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const BENCHES = ['globebench', 'pawm', 'cubebench'];
// reproducing all three sample releases takes minutes on a shared 2-core machine: beyond the default hook timeout
const SLOW_RUN_MS = 1_800_000;

function wb(...args: string[]) {
  const r = spawnSync('node', ['bin/workbench.js', ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
function pdfPageSize(file: string): [number, number] {
  const r = spawnSync('pdfinfo', [file], { encoding: 'utf8' });
  expect(r.status, `pdfinfo ${file}: ${r.stderr}`).toBe(0);
  const m = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(r.stdout);
  expect(m, file).not.toBeNull();
  return [Number(m![1]), Number(m![2])];
}
const svgWidth = (svg: string) => Number(/^<svg[^>]*\swidth="([\d.]+)"/.exec(svg)![1]);
const files = (dir: string, ext: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(ext))
    .sort();

describe('reproduce on the sample releases (screen figures)', () => {
  const out = join(root, 'screen');
  let run: ReturnType<typeof wb>;
  let summary: any;
  beforeAll(() => {
    run = wb('reproduce', '--out', out, '--resamples', '200', '--json');
    summary = JSON.parse(run.out);
  }, SLOW_RUN_MS);

  it('--json: a machine-readable summary on stdout, human progress on stderr', () => {
    expect(run.code).toBe(0);
    expect(summary).toMatchObject({ ok: true, command: 'reproduce', resamples: 200, figure_width: 'screen', warnings: [] });
    expect(summary.benchmarks.map((b: any) => b.benchmark)).toEqual(BENCHES);
    expect(run.err).toMatch(/globebench: loading /);
    for (const b of summary.benchmarks) {
      for (const f of b.files) expect(existsSync(f), f).toBe(true);
      const entries: ScorecardEntry[] = JSON.parse(readFileSync(join(out, b.benchmark, 'summary.json'), 'utf8'));
      expect(b.scorecard.published).toBe(entries.length);
      expect(b.scorecard.within_rounding + b.scorecard.within_approximation + b.scorecard.within_ci + b.scorecard.outside + b.scorecard.not_recomputed).toBe(
        entries.length,
      );
      expect(b.scorecard.design_fixed).toBe(entries.filter((e) => e.design_fixed).length);
    }
    expect(summary.top_index).toBe(join(out, 'index.html'));
  });

  it('claims: every declared claim is judged and computable on the samples; the line sits above the scorecard', () => {
    for (const b of summary.benchmarks) {
      const declared = BENCH_OBJECTS.find((x) => x.benchmark === b.benchmark)!.claims ?? [];
      const html = readFileSync(join(out, b.benchmark, 'index.html'), 'utf8');
      if (!declared.length) {
        expect([b.claims, b.claims_verdict]).toEqual([null, null]);
        expect(html).not.toContain('class="verdict claims"');
        continue;
      }
      const rows = JSON.parse(readFileSync(join(out, b.benchmark, 'claims.json'), 'utf8')).rows;
      expect(rows.map((r: any) => r.claim_id)).toEqual(declared.map((c) => c.id));
      expect(rows.filter((r: any) => r.verdict === 'not computable').map((r: any) => `${r.claim_id}: ${r.missing}`)).toEqual([]);
      const c = b.claims;
      expect(c.claims).toBe(declared.length);
      expect(c.holds + c.same_direction_ns + c.opposite_direction_ns + c.contradicted + c.not_computable).toBe(declared.length);
      expect(c.holds).toBe(rows.filter((r: any) => r.verdict === 'holds').length);
      expect(b.claims_verdict).toMatch(new RegExp(`^${b.benchmark}: ${c.holds} of ${declared.length} claims hold`));
      expect(run.err).toContain(b.claims_verdict);
      const line = html.indexOf('class="verdict claims"');
      expect(line).toBeGreaterThan(0);
      expect(line).toBeLessThan(html.indexOf('id="scorecard"'));
    }
  });

  it('every table: CSV parses back to the JSON rows; LaTeX has balanced environments', () => {
    const csvs: string[] = [];
    const jsons: any[] = [];
    for (const b of BENCHES) {
      for (const f of files(join(out, b), '.json')) {
        const t = JSON.parse(readFileSync(join(out, b, f), 'utf8'));
        if (!t.columns) continue;
        jsons.push(t);
        csvs.push(readFileSync(join(out, b, f.replace(/\.json$/, '.csv')), 'utf8'));
        const tex = readFileSync(join(out, b, f.replace(/\.json$/, '.tex')), 'utf8');
        const body = tex
          .split('\n')
          .filter((l) => !l.startsWith('%'))
          .join('\n');
        expect(
          [...body.matchAll(/\\(begin|end)\{(\w+)\}/g)].map((m) => m[0]),
          f,
        ).toEqual(['\\begin{table}', '\\begin{tabular}', '\\end{tabular}', '\\end{table}']);
        expect(body).toContain('\\toprule');
        expect(body).toContain('\\bottomrule');
      }
    }
    // every declared table of every benchmark was written (and read back above), and the claims and claims-robustness tables of each that declares claims
    const withClaims = BENCH_OBJECTS.filter((b) => b.claims?.length).length;
    expect(withClaims).toBeGreaterThan(0);
    expect(jsons.length).toBe(BENCH_OBJECTS.flatMap((b) => b.analyses.filter((a) => a.kind === 'table')).length + 2 * withClaims);
    expect(jsons.length).toBe(47 + 2 * withClaims);
    const parsed: string[][][] = python(
      `import sys,json,csv,io
print(json.dumps([list(csv.reader(io.StringIO(s, newline=''))) for s in json.load(sys.stdin)]))`,
      csvs,
    );
    parsed.forEach((rows, i) => {
      const t = jsons[i];
      const [head, ...body] = rows;
      expect(body.length, t.id).toBe(t.rows.length);
      body.forEach((cells, r) => {
        const json = t.rows[r];
        expect(
          Object.keys(json).every((k) => head.includes(k)),
          t.id,
        ).toBe(true);
        head.forEach((k, c) => {
          const v = json[k];
          const cell = cells[c];
          if (v === null || v === undefined) expect(cell, `${t.id} ${k}`).toBe('');
          else if (typeof v === 'number') expect(Number(cell), `${t.id} ${k}`).toBe(v);
          else if (typeof v === 'boolean') expect(cell).toBe(String(v));
          else expect(cell.replace(/^'(?=[=+\-@\t\r])/, ''), `${t.id} ${k}`).toBe(v);
        });
      });
    });
  });

  it('scorecard: delta = recomputed - paper for every entry, and an entry for every published number a table shows', () => {
    for (const b of BENCHES) {
      const entries: ScorecardEntry[] = JSON.parse(readFileSync(join(out, b, 'summary.json'), 'utf8'));
      for (const e of entries) {
        expect(e.delta, `${e.analysis} ${e.label}`).toBe(e.recomputed === null ? null : e.recomputed - e.paper);
        if (e.ci_low !== undefined && e.ci_low !== null && e.ci_high !== null && e.ci_high !== undefined)
          expect(e.covered).toBe(e.ci_low <= e.paper && e.paper <= e.ci_high!);
      }
      const keyOf = (a: string, row: number | null, col: string | null) => `${a}\u0000${row}\u0000${col}`;
      const have = new Map(entries.map((e) => [keyOf(e.analysis, e.row, e.paper_column), e]));
      // on the samples every published number is recomputed
      expect(entries.filter((e) => e.row === null || e.recomputed === null)).toEqual([]);
      let published = 0;
      for (const f of files(join(out, b), '.json')) {
        const t = JSON.parse(readFileSync(join(out, b, f), 'utf8'));
        if (!t.columns) continue;
        for (const c of t.columns.filter((c: any) => c.key === 'paper' || c.key.startsWith('paper_'))) {
          t.rows.forEach((r: any, i: number) => {
            if (typeof r[c.key] !== 'number') return;
            published++;
            const e = have.get(keyOf(t.id, i, c.key));
            expect(e, `${b} ${t.id} row ${i} ${c.key}`).toBeDefined();
            expect(e!.paper).toBe(r[c.key]);
            if (e!.recomputed_column) expect(e!.recomputed).toBe(r[e!.recomputed_column] ?? null);
          });
        }
      }
      // every paper cell of a table is a scorecard entry; the entries beyond them are compared with a cell the table shows no paper number beside
      expect(entries.filter((e) => e.paper_column !== null).length).toBe(published);
      expect(published).toBeGreaterThan(40);
      // the scorecard is the first section of README.md and index.html, largest |delta| first
      const md = readFileSync(join(out, b, 'README.md'), 'utf8');
      expect(md.split('\n').find((l) => l.startsWith('## '))).toBe('## Scorecard');
      const html = readFileSync(join(out, b, 'index.html'), 'utf8');
      expect(html.indexOf('id="scorecard"')).toBeGreaterThan(0);
      expect(html.indexOf('id="scorecard"')).toBeLessThan(html.indexOf('class="provenance"'));
    }
    const top = readFileSync(join(out, 'index.html'), 'utf8');
    for (const b of BENCHES) expect(top).toContain(`<a href="${b}/index.html">`);
  });

  it("every figure: the PDF opens with the SVG's size (CSS px), and its .vl.json renders to the same SVG", { timeout: 600_000 }, async () => {
    let n = 0;
    for (const b of BENCHES) {
      const dir = join(out, b, 'figures');
      for (const f of files(dir, '.vl.json')) {
        const id = f.replace(/\.vl\.json$/, '');
        const svg = readFileSync(join(dir, `${id}.svg`), 'utf8');
        const spec = JSON.parse(readFileSync(join(dir, f), 'utf8'));
        expect(spec.$schema).toMatch(/vega-lite\/v6/);
        expect(spec.config.font).toBe('DejaVu Sans');
        expect(await specToSvg(spec), `${b} ${id}`).toBe(svg);
        const [w] = pdfPageSize(join(dir, `${id}.pdf`));
        expect(w).toBeCloseTo(svgWidth(svg) * 0.75, 1);
        n++;
      }
    }
    // and the claims forest plot and the robustness grid's heat map of each benchmark that declares claims
    expect(n).toBe(15 + 2 * BENCH_OBJECTS.filter((b) => b.claims?.length).length);
  });
});

describe('reproduce --figure-width column', () => {
  const out = join(root, 'column');
  let summary: any;
  beforeAll(() => {
    const r = wb('reproduce', '--bench', 'pawm', '--out', out, '--resamples', '200', '--figure-width', 'column', '--json');
    expect(r.code, r.err).toBe(0);
    summary = JSON.parse(r.out);
  }, SLOW_RUN_MS);
  it('PDF pages are 3.3 in wide; text is 8-9 pt unless a warning names the figure; no title; .vl.json round-trips', async () => {
    const dir = join(out, 'pawm', 'figures');
    const warned = new Set(summary.warnings.map((w: string) => /figure (\S+):/.exec(w)?.[1]));
    let checked = 0;
    for (const f of files(dir, '.vl.json')) {
      const id = f.replace(/\.vl\.json$/, '');
      const svg = readFileSync(join(dir, `${id}.svg`), 'utf8');
      const spec = JSON.parse(readFileSync(join(dir, f), 'utf8'));
      expect(spec.title).toBeUndefined();
      expect(await specToSvg(spec)).toBe(svg);
      const [w] = pdfPageSize(join(dir, `${id}.pdf`));
      expect(w).toBeCloseTo(3.3 * 72, 1);
      // the PNG too is 3.3 in at 300 dpi, a scaled figure's (fig02, the word cloud) included (test/report/print-png.test.ts)
      expect(readFileSync(join(dir, `${id}.png`)).readUInt32BE(16), `${id}.png width`).toBe(990);
      if (warned.has(id) || id === 'wordcloud') continue; // the word cloud's sizes are data, scaled as a whole
      const scale = (3.3 * 72) / svgWidth(svg);
      const sizes = [...svg.matchAll(/class="mark-text role-(?:axis|legend|header)[^"]*"[\s\S]*?(?=<\/g>)/g)].flatMap((m) =>
        [...m[0].matchAll(/font-size="([\d.]+)px"/g)].map((x) => Number(x[1]) * scale),
      );
      expect(sizes.length, id).toBeGreaterThan(0);
      for (const s of sizes) expect(s, id).toBeGreaterThanOrEqual(8 * 0.985), expect(s, id).toBeLessThanOrEqual(9 * 1.015);
      checked++;
    }
    expect(checked + warned.size).toBeGreaterThanOrEqual(3);
  });
});
