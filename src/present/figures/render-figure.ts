import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TopLevelSpec } from 'vega-lite';
import { dataOnlySpec } from './data-only-spec.js';
import { encodePng, withResolution } from './encode-png.js';
import { FIGURE_CONFIG, type Figure } from './figure.js';
import { FONT_FILES } from './figure-fonts.js';
import { subsetFont, subsetSource, svgCodePoints, type SubsetSource } from './font-subset.js';

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

/** Each font file read for subsetting, once per thread (null: drawn with the full file). */
const subsetSources = new Map<string, SubsetSource | null>();
let subsetCount = 0;
/**
 * The subsets made, by font files and code points: most figures hold only ASCII text (14 of the 15
 * sample figures have the same code points), so a run subsets each font once per set. Bounded, as a
 * notebook may draw figures all day.
 */
const subsetsMade = new Map<string, Uint8Array[] | null>();
const MAX_SUBSETS_KEPT = 16;

/**
 * Copies of the font files that draw this SVG's text as the files themselves do, but smaller
 * (font-subset.ts: resvg reads a font file again per glyph, so its size is what a label costs),
 * written to a temporary folder the caller removes; null when a font cannot be subset.
 */
function subsetFontFiles(fontFiles: string[], svg: string): { files: string[]; dir: string } | null {
  const text = svgCodePoints(svg);
  if (!text) return null;
  const key = `${fontFiles.join('\u0000')}\u0000${[...text].sort((a, b) => a - b).join(',')}`;
  let fonts = subsetsMade.get(key);
  if (fonts === undefined) {
    const made: Uint8Array[] = [];
    for (const f of fontFiles) {
      if (!subsetSources.has(f)) subsetSources.set(f, subsetSource(readFileSync(f)));
      const src = subsetSources.get(f)!;
      const sub = src && subsetFont(src, text);
      if (!sub) break;
      made.push(sub);
    }
    fonts = made.length === fontFiles.length ? made : null;
    if (subsetsMade.size >= MAX_SUBSETS_KEPT) subsetsMade.clear();
    subsetsMade.set(key, fonts);
  }
  if (!fonts) return null;
  let dir: string | undefined;
  try {
    dir = mkdtempSync(join(tmpdir(), FONT_DIR_PREFIX));
    const at = dir;
    const files = fonts.map((b, i) => {
      const file = join(at, `${subsetCount++}-${i}.ttf`);
      writeFileSync(file, b);
      return file;
    });
    return { files, dir };
  } catch {
    // no room or no right to write a temporary file: the full files draw the same PNG
    if (dir) rmSync(dir, { recursive: true, force: true });
    return null;
  }
}

/** This process's temporary font folders are named so that it can find the ones a stopped thread left. */
const FONT_DIR_PREFIX = `workbench-fonts-${process.pid}-`;

/**
 * Removes the temporary font folders of this process's threads: each PNG removes its own, but a
 * worker thread stopped in the middle of one (another benchmark failed) cannot. Call when no thread
 * of the process is drawing a PNG.
 */
export function removeLeftFontFolders(): void {
  let names: string[];
  try {
    names = readdirSync(tmpdir());
  } catch {
    return;
  }
  for (const name of names) if (name.startsWith(FONT_DIR_PREFIX)) rmSync(join(tmpdir(), name), { recursive: true, force: true });
}

/**
 * How big a PNG is drawn: `zoom` pixels per SVG unit (the screen preset; no resolution stated), or
 * exactly `widthPx` pixels wide (the height in proportion) with a pHYs chunk stating `dpi` (the
 * print presets: the preset's width in inches times the dpi, whatever width the SVG was laid out at).
 */
export type PngSize = { zoom: number } | { widthPx: number; dpi: number };

/**
 * SVG -> PNG (2x by default; a number is a zoom) with explicitly loaded fonts, so the bytes do not
 * depend on the system's font set. Its fast path draws with font subsets (`subsetFontFiles`); its
 * plain twin, `svgToPngFullFonts`, with the font files themselves: the same bytes
 * (test/report/png-font-subset.test.ts).
 */
export function svgToPng(svg: string, size: number | PngSize = 2): Buffer {
  const fontFiles = FONT_FILES.filter((f) => existsSync(f));
  const subset = fontFiles.length ? subsetFontFiles(fontFiles, svg) : null;
  try {
    return drawPng(svg, size, subset?.files ?? fontFiles);
  } finally {
    if (subset) rmSync(subset.dir, { recursive: true, force: true });
  }
}

/** The plain twin of `svgToPng`: the same PNG, drawn with the full font files. */
export function svgToPngFullFonts(svg: string, size: number | PngSize = 2): Buffer {
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
