import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BENCHES, sampleDir } from '../helpers/benches.js';
import { figureToSvg } from '../../src/present/figures/render-figure.js';
import { figureBundle, VEGALITE_MIME } from '../../src/present/notebook/display.js';
import type { Analysis } from '../../src/benchmark/contract.js';
import { asVega6Svg, renderWithV5, v5RendererInstalled, v5Versions } from '../helpers/vegalite-v5.js';

/**
 * The spec a notebook figure carries under `application/vnd.vegalite.v5+json` is what JupyterLab, VS Code
 * and nteract hand to their v5 renderer. The workbench writes its figures for vega-lite 6 and declares
 * them as v5 (src/present/notebook/display.ts); this checks that claim with the real v5 libraries: every figure of
 * every benchmark, on the bundled samples, compiles under vega-lite 5 without a warning and draws the same
 * picture under vega 5 as the workbench's own SVG.
 */
const repo = resolve(__dirname, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type FigureAnalysis = Extract<Analysis<any>, { kind: 'figure' }>;

describe('figures under a Vega-Lite v5 renderer', () => {
  it('the v5 renderer is installed (scripts/setup.sh: npm ci --prefix test/v5-renderer) and is v5', () => {
    expect(v5RendererInstalled()).toBe(true);
    const v = v5Versions();
    expect(v.vegaLite.split('.')[0]).toBe('5');
    expect(v.vega.split('.')[0]).toBe('5');
  });

  it('the check can fail: grammar vega-lite 5 does not know is an error, a different drawing is a different SVG', async () => {
    await expect(renderWithV5({ data: { values: [{ a: 1 }] }, mark: 'no-such-mark', encoding: { x: { field: 'a', type: 'quantitative' } } })).rejects.toThrow();
    const spec = (size: number) => ({ data: { values: [{ a: 1 }] }, mark: { type: 'point', size }, encoding: { x: { field: 'a', type: 'quantitative' } } });
    const [a, b] = [await renderWithV5(spec(30)), await renderWithV5(spec(300))];
    expect(asVega6Svg(a.svg)).not.toBe(asVega6Svg(b.svg));
    expect(asVega6Svg(a.svg)).toContain('stroke-miterlimit="4"');
  });

  for (const bench of BENCHES) {
    const figures = bench.analyses.filter((a): a is FigureAnalysis => a.kind === 'figure');
    it(`${bench.benchmark}: every figure's v5 MIME spec renders under vega-lite 5 + vega 5 as the workbench draws it (${figures.map((f) => f.id).join(', ')})`, async () => {
      const ctx = bench.prepare(bench.load(join(repo, sampleDir(bench.benchmark))), { seed: 1, resamples: 200 });
      expect(figures.length).toBeGreaterThan(0);
      for (const analysis of figures) {
        const fig = analysis.build(ctx);
        const svg = await figureToSvg(fig);
        const spec = figureBundle(fig, svg, false)[VEGALITE_MIME] as Record<string, unknown>;
        expect(spec.$schema).toBe('https://vega.github.io/schema/vega-lite/v5.json');
        const v5 = await renderWithV5(spec);
        expect(v5.warnings, `${analysis.id}: vega-lite 5 / vega 5 warnings`).toEqual([]);
        expect(asVega6Svg(v5.svg) === svg, `${analysis.id}: vega 5 drew a different SVG than the workbench`).toBe(true);
      }
    });
  }
});
