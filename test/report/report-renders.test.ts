/**
 * A report lays out the figure renders its caller made (src/present draws no figure off-thread and
 * starts no process: src/run does, and hands the renders in): each figure's .svg, .png, .pdf and
 * .vl.json are exactly what its render gave, a render's warning is the report's, and a report whose
 * renders do not match its figures one for one is refused before anything is rendered.
 */
import { describe, expect, it } from 'vitest';
import type { Figure } from '../../src/present/figures/figure.js';
import type { FigureAtWidth, FigureRender } from '../../src/present/figures/render-preset.js';
import type { Provenance } from '../../src/present/report/provenance.js';
import { beginReport } from '../../src/present/report/write-report.js';

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
const figure = (id: string): Figure => ({ id, title: `title of ${id}`, source: 'test', spec: { data: { values: [] }, mark: 'bar' } });

/** A render that is not vega's: bytes no renderer would make, so the report can only have taken them from here. */
function madeUp(id: string, warning?: string): FigureRender {
  const at: FigureAtWidth = {
    spec: { data: { values: [] }, mark: 'point', description: `spec of ${id}` },
    svg: `<svg id="${id}"></svg>`,
    widthIn: 1,
    png: { zoom: 2 },
    ...(warning ? { warning } : {}),
  };
  return { at: Promise.resolve(at), png: Promise.resolve(Buffer.from(`png of ${id}`)), pdf: Promise.resolve(Buffer.from(`pdf of ${id}`)) };
}

describe('a report is laid out from the renders its caller made', () => {
  it("writes each figure's files from its own render, in order, with the render's warning", async () => {
    const r = await (
      await beginReport({
        benchmark: 'globebench',
        provenance,
        tables: [],
        figures: [figure('a'), figure('b')],
        artifacts: [],
        renders: [madeUp('a'), madeUp('b', 'figure b: scaled')],
      })
    ).done;
    for (const id of ['a', 'b']) {
      expect(r.figures.get(`${id}.svg`)).toBe(`<svg id="${id}"></svg>`);
      expect(r.figures.get(`${id}.png`)).toEqual(Buffer.from(`png of ${id}`));
      expect(r.figures.get(`${id}.pdf`)).toEqual(Buffer.from(`pdf of ${id}`));
      expect(JSON.parse(r.figures.get(`${id}.vl.json`) as string)).toEqual({ data: { values: [] }, mark: 'point', description: `spec of ${id}` });
      // the HTML report inlines the same SVG
      expect(r.report.get('index.html')).toContain(`<svg id="${id}"></svg>`);
    }
    expect(r.warnings).toEqual(['figure b: scaled']);
  });

  it('refuses renders that are not one per figure', async () => {
    await expect(
      beginReport({ benchmark: 'globebench', provenance, tables: [], figures: [figure('a'), figure('b')], artifacts: [], renders: [madeUp('a')] }),
    ).rejects.toThrow('globebench: 2 figures but 1 renders of them');
    await expect(beginReport({ benchmark: 'globebench', provenance, tables: [], figures: [], artifacts: [], renders: [madeUp('a')] })).rejects.toThrow(
      'globebench: 0 figures but 1 renders of them',
    );
  });
});
