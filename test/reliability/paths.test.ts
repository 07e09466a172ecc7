/**
 * Paths: ids used in file names are sanitised (safeFileName), a report is written only inside the
 * directory named by --out (and --figures), the release named by --data is never written to, and
 * `validate` writes nothing at all.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { writeRelease } from '../../src/samples/write-release.js';
import type { Figure } from '../../src/present/figures/figure.js';
import { beginReport, safeFileName } from '../../src/present/report/write-report.js';
import { renderInThisThread } from '../../src/run/figure-thread.js';
import { writeReports } from '../../src/output/write-reports.js';
import type { Provenance } from '../../src/present/report/provenance.js';
import type { Table } from '../../src/present/tables/table.js';
import { tinyGlobebench } from '../helpers/tiny-globebench.js';
import { runCli } from './run-cli.js';
import { beyondProgress } from '../helpers/progress.js';

const root = mkdtempSync(join(tmpdir(), 'wb-paths-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const SAFE = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,119}$/;

/** Every file and directory under dir (relative), with a hash of each file: a snapshot to compare. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { recursive: true }).map(String).sort()) {
    const p = join(dir, e);
    out[e.split(sep).join('/')] = statSync(p).isDirectory() ? 'dir' : createHash('sha256').update(readFileSync(p)).digest('hex');
  }
  return out;
}

describe('safeFileName', () => {
  const cases: [string, string][] = [
    ['../../etc/passwd', '__.._etc_passwd'],
    ['a/b', 'a_b'],
    ['a\\b', 'a_b'],
    ['', '_'],
    ['.hidden', '_hidden'],
    ['.', '_'],
    ['..', '_'],
    ['...x', '_x'],
    ['/abs/path', '_abs_path'],
    ['nul\u0000byte', 'nul_byte'],
    ['模型', '__'],
    ['modèle é', 'mod_le__'],
    ['😀', '__'],
    ['table01', 'table01'],
    ['fig-table01.v2_x', 'fig-table01.v2_x'],
  ];
  for (const [id, want] of cases) it(`${JSON.stringify(id)} -> ${JSON.stringify(want)}`, () => expect(safeFileName(id)).toBe(want));

  it('a very long id is cut to 120 characters', () => {
    expect(safeFileName('a'.repeat(10_000))).toBe('a'.repeat(120));
    expect(safeFileName('/'.repeat(500))).toHaveLength(120);
  });

  it('any string gives one plain file name inside the directory: no separator, no leading dot, no "..", 1-120 characters', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.stringMatching(/^[./\\a-z]{0,20}$/)), (id) => {
        const name = safeFileName(id);
        expect(name).toMatch(SAFE);
        expect(name).not.toBe('..');
        const dir = resolve(root, 'reports');
        expect(dirname(resolve(dir, name))).toBe(dir);
        expect(safeFileName(name)).toBe(name); // stable
      }),
      { numRuns: 300 },
    );
  });
});

describe('a report is written only inside the directory named', () => {
  const provenance: Provenance = {
    benchmark: 'globebench',
    release: 'r',
    version: 'v',
    synthetic: true,
    description: '',
    files: {},
    seed: 1,
    resamples: 1,
    workbench: 'test',
  };
  const table = (id: string): Table => ({ id, title: `title of ${id}`, source: 'test', columns: [{ key: 'x', label: 'x', format: 'int' }], rows: [{ x: 1 }] });
  const figure = (id: string): Figure => ({
    id,
    title: 'f',
    source: 'test',
    spec: { data: { values: [{ a: 'x', b: 1 }] }, mark: 'bar', encoding: { x: { field: 'a', type: 'nominal' }, y: { field: 'b', type: 'quantitative' } } },
  });
  // ids that sanitise to distinct names ('' and '..' would both be '_': see the collision test below)
  const HOSTILE_IDS = ['../../escape', 'a/b/c', '', '.hidden', 'x'.repeat(1000), '模型/../../x', '/etc/passwd'];

  it('refuses two ids that would be written under one file name, instead of overwriting', async () => {
    for (const pair of [
      ['', '..'],
      ['a/b', 'a_b'],
    ]) {
      await expect(beginReport({ benchmark: 'globebench', provenance, tables: pair.map(table), figures: [], artifacts: [], renders: [] })).rejects.toThrow(
        /would both be written as/,
      );
    }
  });

  it('tables, figures and artifacts with hostile ids land under OUT/<bench> and FIGURES/<bench> with safe names', async () => {
    const base = join(root, 'render');
    mkdirSync(base);
    const r = await (
      await beginReport({
        benchmark: 'globebench',
        provenance,
        tables: HOSTILE_IDS.map(table),
        figures: [figure('../../fig'), figure('figs/../../up')],
        artifacts: [{ file: '../../grades.jsonl', content: 'x\n' }],
        renders: [figure('../../fig'), figure('figs/../../up')].map((f) => renderInThisThread(f, 'screen')),
      })
    ).done;
    writeReports([{ rendered: r, reportDir: join(base, 'out', 'globebench'), figureDir: join(base, 'figs', 'globebench') }]);
    const snap = snapshot(base);
    const all = Object.keys(snap);
    for (const f of all) expect(f.startsWith('out/globebench') || f.startsWith('figs/globebench') || f === 'out' || f === 'figs', f).toBe(true);
    // the record of what the workbench wrote (.workbench-output.json) is its own bookkeeping
    for (const f of all.filter((x) => snap[x] !== 'dir' && x.split('/').length > 2 && !x.split('/').pop()!.startsWith('.workbench'))) {
      const parts = f.split('/').slice(2);
      if (parts[0] === 'figures') parts.shift();
      expect(parts, f).toHaveLength(1);
      expect(parts[0], f).toMatch(/^[A-Za-z0-9_-][A-Za-z0-9._-]*$/); // a safe name plus an extension
      expect(parts[0].length, f).toBeLessThanOrEqual(120 + '.vl.json'.length);
    }
    expect(all.filter((f) => f.includes('.tmp-'))).toEqual([]);
    expect(all).toContain('out/globebench/index.html');
    expect(all).toContain('out/globebench/__.._grades.jsonl');
    expect(all).toContain('figs/globebench/__.._fig.svg');
  });

  it('reproduce writes only under --out (and --figures), never into --data; validate writes nothing', async () => {
    const base = join(root, 'cli');
    const data = join(base, 'release');
    writeRelease(data, tinyGlobebench());
    const before = snapshot(base);
    const v = await runCli(['validate', data], { cwd: base });
    expect(v.code).toBe(0);
    expect(snapshot(base)).toEqual(before);

    const r = await runCli(['reproduce', '--bench', 'globebench', '--data', data, '--out', 'rel/out', '--figures', join(base, 'figs'), '--resamples', '20'], {
      cwd: base,
    });
    expect(beyondProgress(r.err)).toEqual([]);
    expect(r.code).toBe(0);
    const after = snapshot(base);
    const added = Object.keys(after).filter((f) => !(f in before));
    expect(added.length).toBeGreaterThan(10);
    for (const f of added)
      expect(
        /^(rel|rel\/out|rel\/out\/index\.html|rel\/out\/globebench(\/.*)?|figs|figs\/globebench(\/.*)?)$/.test(f),
        `written outside --out/--figures: ${f}`,
      ).toBe(true);
    for (const f of Object.keys(before)) expect(after[f], `changed: ${f}`).toBe(before[f]);
    expect(added.filter((f) => f.includes('.tmp-'))).toEqual([]);
    expect(added).toContain('rel/out/globebench/table01.html');
    expect(added).toContain('figs/globebench/fig-table01.svg');
    // the figures also sit beside the report so its index can link them
    expect(added).toContain('rel/out/globebench/figures/fig-table01.svg');
    expect(relative(base, join(base, 'rel/out'))).toBe(join('rel', 'out'));
  });
});
