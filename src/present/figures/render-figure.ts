import { existsSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import type { TopLevelSpec } from 'vega-lite';
import { dataOnlySpec } from './data-only-spec.js';
import { FIGURE_CONFIG, type Figure } from './figure.js';

/** Font files used for PNGs (Debian fonts-dejavu-core, installed by scripts/setup.sh). */
const FONT_FILES = ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'];

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
  // imported on use: vega's node build has a top-level await (vega-canvas), and a static import
  // would stop notebooks (tslab loads the library with require) from loading the library at all
  const vega = await import('vega');
  const { compile } = await import('vega-lite');
  const vgSpec = compile(spec).spec;
  const view = new vega.View(vega.parse(vgSpec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** SVG -> PNG (2x by default) with explicitly loaded fonts, so the bytes do not depend on the system's font set. */
export function svgToPng(svg: string, zoom = 2): Buffer {
  const fontFiles = FONT_FILES.filter((f) => existsSync(f));
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: zoom },
    background: 'white',
    font: { fontFiles, loadSystemFonts: fontFiles.length === 0, defaultFontFamily: 'DejaVu Sans' },
  });
  return Buffer.from(resvg.render().asPng());
}
