import { hasFixedLayout, PRINT_LABEL_PT, PRINT_PRESETS, printLayout, printSpecAt, pointsOf, svgSize, type FigureWidth } from './figure-presets.js';
import type { TopLevelSpec } from 'vega-lite';
import type { Figure } from './figure.js';
import { specToSvg, withConfig, type PngSize } from './render-figure.js';

export interface FigureAtWidth {
  /** the complete spec that was rendered ($schema, config, data): written as .vl.json */
  spec: TopLevelSpec;
  svg: string;
  /** width of the PDF page and of the printed figure, in inches (screen: CSS pixels at 96 per inch) */
  widthIn: number;
  /** the PNG's size: 2 pixels per CSS pixel (screen), or the preset's inches x 300 pixels wide at 300 dpi (print) */
  png: PngSize;
  /** set when the figure could not be laid out at the preset's width with print-size text */
  warning?: string;
}

/**
 * A figure being rendered, as its caller started it (src/run draws figures in a thread of its own,
 * and PDFs in child processes): its SVG at the size preset (with the spec and sizes), then its PNG and PDF.
 */
export interface FigureRender {
  at: Promise<FigureAtWidth>;
  png: Promise<Buffer>;
  pdf: Promise<Buffer>;
}

/** A figure's sizes at the screen preset: the PDF page its CSS pixels at 96 an inch, the PNG at 2x. */
export function screenSizes(svg: string): Pick<FigureAtWidth, 'widthIn' | 'png'> {
  return { widthIn: svgSize(svg).width / 96, png: { zoom: 2 } };
}

/** The resolution of a print preset's PNG, in dots per inch. */
export const PRINT_DPI = 300;

/** Relative slack between the laid-out width and the preset's before the PDF scales the rest. */
const WIDTH_TOLERANCE = 0.015;

/**
 * Lays a figure out for a size preset. Print presets: view sizes are scaled (secant iterations on
 * the scale factor, since labels and legends keep their size) until the SVG is the preset's width
 * in points; the PDF then fixes the last percent, so text stays within 8.5-9 pt +- 1.5%.
 */
export async function renderFigureAt(fig: Figure, width: FigureWidth): Promise<FigureAtWidth> {
  if (width === 'screen') {
    const spec = withConfig(fig);
    const svg = await specToSvg(spec);
    return { spec, svg, ...screenSizes(svg) };
  }
  const preset = PRINT_PRESETS[width];
  const target = pointsOf(preset);
  const layout = printLayout(fig, preset);
  const at = async (k: number) => {
    const spec = printSpecAt(layout, k);
    const svg = await specToSvg(spec);
    return { k, spec, svg, w: svgSize(svg).width };
  };
  const fixedLayout = hasFixedLayout(fig.spec);
  let a = await at(1);
  if (!fixedLayout) {
    let b = await at(Math.max(0.05, target / a.w));
    for (let i = 0; i < 6 && Math.abs(b.w - target) > WIDTH_TOLERANCE * target && b.w !== a.w; i++) {
      const k = b.k + ((target - b.w) * (b.k - a.k)) / (b.w - a.w);
      if (!(k > 0.05)) break; // the labels alone are wider than the preset: the PDF scales it down
      [a, b] = [b, await at(Math.min(k, 4))];
    }
    a = Math.abs(b.w - target) <= Math.abs(a.w - target) ? b : a;
  }
  // The PNG is printed at the preset's width like the PDF: exactly its inches x 300 pixels wide,
  // saying 300 dpi, whether the SVG came out at the preset's width (within 1.5%) or wider (labels
  // that do not fit, the word cloud), which the PDF and the PNG then both scale down alike.
  const out: FigureAtWidth = { spec: a.spec, svg: a.svg, widthIn: preset.widthIn, png: { widthPx: Math.round(preset.widthIn * PRINT_DPI), dpi: PRINT_DPI } };
  const labelPt = (PRINT_LABEL_PT * target) / a.w;
  if (labelPt < 8 && !fixedLayout) {
    out.warning = `figure ${fig.id}: its labels need ${Math.round(a.w)} pt at --figure-width ${width}; scaled to ${Math.round(target)} pt, so its text is ${labelPt.toFixed(1)} pt (a wider preset keeps 8.5 pt)`;
  }
  return out;
}
