/**
 * Degenerate but valid releases give every table and figure (in process, as `reproduce` does):
 * a GlobeBench model that only refused, a release where every model only refused, a CubeBench
 * release with one model and one episode.
 */
import { describe, expect, it } from 'vitest';
import type { ReleaseSpec } from '../../src/samples/write-release.js';
import type { Rendered } from '../../src/present/report/write-report.js';
import { tinyGlobebench } from '../helpers/tiny-globebench.js';
import { reproduceInProcess } from './reproduce-in-process.js';
import { tinyCubebench } from './tiny-releases.js';

// eslint-disable-next-line no-control-regex
const NON_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

function expectComplete(r: Rendered): void {
  const svgs = [...r.figures].filter(([k]) => k.endsWith('.svg'));
  expect(svgs.length).toBeGreaterThan(0);
  for (const [name, svg] of svgs) {
    expect(String(svg), name).toMatch(/^<svg /);
    expect(String(svg), name).toMatch(/width="\d*[1-9]/);
    expect(NON_XML.test(String(svg)), name).toBe(false);
    expect(r.figures.get(name.replace(/\.svg$/, '.png'))!.length, name).toBeGreaterThan(100);
  }
  expect(String(r.report.get('index.html'))).toMatch(/<\/html>\s*$/);
  // no table cell prints a JavaScript non-value: a statistic of nothing says "no data"
  for (const [name, text] of r.report) if (/\.(md|html|json)$/.test(name)) expect(String(text), name).not.toMatch(/\bNaN\b|\bundefined\b|Infinity/);
}

function expectNoDataCells(r: Rendered, table: string): void {
  expect(String(r.report.get(`${table}.md`))).toMatch(/\| no data \|/);
  expect(String(r.report.get(`${table}.html`))).toMatch(/<td class="num">no data<\/td>/);
}

const refusedOnly = (spec: ReleaseSpec, model: string) => {
  spec.files[`responses/${model}.jsonl`] = (spec.files[`responses/${model}.jsonl`] as any[]).map((r) => ({
    ...r,
    status: 'refusal',
    prediction: null,
    raw: 'I cannot help with that.',
  }));
  delete (spec.files as any)[`judge/${model}.jsonl`];
  return spec;
};

describe('degenerate but valid releases', () => {
  it('GlobeBench: a model that only refused', async () => {
    const r = await reproduceInProcess(refusedOnly(tinyGlobebench(), 'm2'));
    expectComplete(r);
    // the model's accuracy over answered items has no answered item to count
    expectNoDataCells(r, 'refusals-as-missing');
  }, 60_000);

  it('GlobeBench: every model only refused', async () => {
    const r = await reproduceInProcess(refusedOnly(refusedOnly(tinyGlobebench(), 'm1'), 'm2'));
    expectComplete(r);
    expectNoDataCells(r, 'refusals-as-missing');
  }, 60_000);

  it('CubeBench: one model, one episode', async () => {
    const spec = tinyCubebench();
    (spec.files as any)['episodes.jsonl'] = [(spec.files['episodes.jsonl'] as any[])[0]];
    expectComplete(await reproduceInProcess(spec));
  }, 60_000);
});
