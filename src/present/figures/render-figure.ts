import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { TopLevelSpec } from 'vega-lite';
import { dataOnlySpec } from './data-only-spec.js';
import { encodePng, withResolution } from './encode-png.js';
import { FIGURE_CONFIG, type Figure } from './figure.js';
import { FONT_FILES } from './figure-fonts.js';

/** The complete spec of a figure as rendered: its data made data-only, the shared config under its own. */
export function withConfig(fig: Figure): TopLevelSpec {
  const spec = dataOnlySpec(fig.spec);
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    ...spec,
    config: { ...FIGURE_CONFIG, ...(spec.config ?? {}) },
  };
}

/** Vega-Lite -> Vega -> SVG, headless (no browser): vega's 'none' renderer with toSVG. */
export async function figureToSvg(fig: Figure): Promise<string> {
  return specToSvg(withConfig(fig));
}

/** A complete Vega-Lite spec (what `.vl.json` holds) -> SVG, the same way as `figureToSvg`. */
export async function specToSvg(spec: TopLevelSpec): Promise<string> {
  const { vega, compile, resetSVGDefIds } = await loadVega();
  const vgSpec = compile(spec).spec;
  const view = new vega.View(vega.parse(vgSpec), { renderer: 'none' });
  try {
    // vega numbers gradient and clip ids with counters shared by every render in the thread; reset,
    // a figure's SVG is the same whatever was rendered before it (a notebook, another benchmark)
    resetSVGDefIds();
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** What figures are drawn with: vega, vega-lite's compile, and the id reset of the renderer's vega-scenegraph. */
interface VegaModules {
  vega: typeof import('vega');
  compile: typeof import('vega-lite').compile;
  resetSVGDefIds(): void;
}

/**
 * VegaModules, imported on first use. Imported on use, not statically: vega's node build has a
 * top-level await (vega-canvas), and a static import would stop notebooks (tslab loads the library
 * with require) from loading the library at all.
 */
let vegaModules: Promise<VegaModules> | undefined;
function loadVega(): Promise<VegaModules> {
  vegaModules ??= (async () => ({
    vega: await import('vega'),
    compile: (await import('vega-lite')).compile,
    resetSVGDefIds: (await viewScenegraph()).resetSVGDefIds,
  }))();
  return vegaModules;
}

/**
 * The file of vega-scenegraph as vega's View renders with it. npm may install a second copy under
 * vega-view (here vega-scenegraph 5.3.0 beside a top-level 5.1.0, which is what `vega` re-exports),
 * and the id counters that count are the renderer's: resolved from vega, then from its vega-view.
 */
function viewScenegraphFile(): string {
  const fromVega = createRequire(createRequire(import.meta.url).resolve('vega'));
  const fromView = createRequire(fromVega.resolve('vega-view'));
  return fromView.resolve('vega-scenegraph');
}

const viewScenegraph = (): Promise<{ resetSVGDefIds(): void }> => import(pathToFileURL(viewScenegraphFile()).href);

/**
 * resvg, loaded on the first PNG: the thread that makes PNGs is not the one that builds reports,
 * and loading the native binding costs every thread that imports this module ~20 ms otherwise.
 */
let resvg: typeof import('@resvg/resvg-js') | undefined;
const loadResvg = () => (resvg ??= createRequire(import.meta.url)('@resvg/resvg-js') as typeof import('@resvg/resvg-js'));

/**
 * How big a PNG is drawn: `zoom` pixels per SVG unit (the screen preset; no resolution stated), or
 * exactly `widthPx` pixels wide (the height in proportion) with a pHYs chunk stating `dpi` (the
 * print presets: the preset's width in inches times the dpi, whatever width the SVG was laid out at).
 */
export type PngSize = { zoom: number } | { widthPx: number; dpi: number };

/**
 * SVG -> PNG (2x by default; a number is a zoom) with explicitly loaded fonts, so the bytes do not
 * depend on the system's font set. (It once drew with font subsets, resvg reading a font file again
 * per glyph: measured at 2% of `reproduce --bench all`'s CPU, under the 3% a fast path must save.)
 */
export function svgToPng(svg: string, size: number | PngSize = 2): Buffer {
  return drawPng(
    svg,
    size,
    FONT_FILES.filter((f) => existsSync(f)),
  );
}

/** Draws with `fontFiles` (the system's fonts when there are none) and encodes the PNG. */
function drawPng(svg: string, size: number | PngSize, fontFiles: string[]): Buffer {
  const png: PngSize = typeof size === 'number' ? { zoom: size } : size;
  const { Resvg } = loadResvg();
  const image = new Resvg(svg, {
    fitTo: 'zoom' in png ? { mode: 'zoom', value: png.zoom } : { mode: 'width', value: png.widthPx },
    background: 'white',
    font: { fontFiles, loadSystemFonts: fontFiles.length === 0, defaultFontFamily: 'DejaVu Sans' },
  });
  const pixels = image.render();
  // a figure has a white background, so every pixel is opaque: written as RGB, the same pixels
  const encoded = encodePng(pixels.width, pixels.height, pixels.pixels);
  return 'dpi' in png ? withResolution(encoded, png.dpi) : encoded;
}
