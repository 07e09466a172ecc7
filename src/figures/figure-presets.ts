import { withConfig } from './render-figure.js';
import type { Figure } from './figure.js';

/**
 * Figure size presets. `screen` is the figure as designed (CSS pixels, 11-14 px text, title in the
 * picture). The print presets lay the figure out at a page width in points with 8.5-9 pt text and
 * no title (the caption carries it in a paper): `column` is a single column of a two-column paper
 * (3.3 in), `page` the full text width (6.8 in).
 */
export type FigureWidth = 'screen' | 'column' | 'page';
export const FIGURE_WIDTHS: FigureWidth[] = ['screen', 'column', 'page'];

export interface PrintPreset {
  /** width of the printed figure in inches */
  widthIn: number;
}

export const PRINT_PRESETS: Record<Exclude<FigureWidth, 'screen'>, PrintPreset> = {
  column: { widthIn: 3.3 },
  page: { widthIn: 6.8 },
};

/** Text sizes of print presets, in points (an SVG unit is laid out as one point). */
export const PRINT_LABEL_PT = 8.5;
export const PRINT_TITLE_PT = 8.75;

/** Replaces the screen config's sizes: labels and titles at print sizes, no chart title. */
const PRINT_CONFIG = {
  axis: { labelFontSize: PRINT_LABEL_PT, titleFontSize: PRINT_TITLE_PT, labelLimit: 160 },
  legend: { labelFontSize: PRINT_LABEL_PT, titleFontSize: PRINT_TITLE_PT, symbolSize: 60 },
  header: { labelFontSize: PRINT_TITLE_PT, titleFontSize: PRINT_TITLE_PT },
  text: { fontSize: PRINT_LABEL_PT },
  title: { fontSize: PRINT_TITLE_PT, subtitleFontSize: PRINT_LABEL_PT },
};

type Spec = Record<string, unknown>;

/** Multiplies every view width, height and step in a spec (and its facet / concat children) by k. */
export function scaleViewSizes(spec: Spec, k: number): Spec {
  const out: Spec = { ...spec };
  const size = (v: unknown): unknown => {
    if (typeof v === 'number') return round2(v * k);
    if (v && typeof v === 'object' && typeof (v as { step?: unknown }).step === 'number') return { ...(v as object), step: round2((v as { step: number }).step * k) };
    return v;
  };
  if ('width' in out) out.width = size(out.width);
  if ('height' in out) out.height = size(out.height);
  if (out.spec && typeof out.spec === 'object') out.spec = scaleViewSizes(out.spec as Spec, k);
  for (const key of ['vconcat', 'hconcat', 'concat', 'layer'] as const) {
    if (Array.isArray(out[key])) out[key] = (out[key] as Spec[]).map((s) => scaleViewSizes(s, k));
  }
  return out;
}

const round2 = (x: number) => Math.max(0.5, Math.round(x * 100) / 100);

/**
 * A figure whose marks carry their own sizes in the data (a word cloud's words, sized and placed
 * by the analysis) cannot be laid out again: it is printed as drawn, scaled as a whole.
 */
export function hasFixedLayout(spec: Spec): boolean {
  const enc = spec.encoding as Record<string, { scale?: unknown }> | undefined;
  if (enc?.size && enc.size.scale === null) return true;
  for (const key of ['spec', 'vconcat', 'hconcat', 'concat', 'layer'] as const) {
    const v = spec[key];
    if (Array.isArray(v) ? v.some((s) => hasFixedLayout(s as Spec)) : v && typeof v === 'object' && hasFixedLayout(v as Spec)) return true;
  }
  return false;
}

/** The complete Vega-Lite spec of a figure at a print preset, with view sizes multiplied by k. */
export function printSpec(fig: Figure, k: number): Spec {
  const full = withConfig(fig);
  const { title: _title, ...rest } = full;
  const config = full.config as Record<string, Record<string, unknown>>;
  const merged: Record<string, unknown> = { ...config };
  for (const [key, v] of Object.entries(PRINT_CONFIG)) merged[key] = { ...(config[key] ?? {}), ...v };
  return { ...scaleViewSizes(rest, k), config: merged };
}

/** The width and height of a vega SVG, in its own units. */
export function svgSize(svg: string): { width: number; height: number } {
  const m = /^<svg[^>]*\swidth="([\d.]+)"[^>]*\sheight="([\d.]+)"/.exec(svg);
  if (!m) throw new Error('an SVG without width and height');
  return { width: Number(m[1]), height: Number(m[2]) };
}

export const pointsOf = (p: PrintPreset) => p.widthIn * 72;
