import type { Config, TopLevelSpec } from 'vega-lite';
import { withConfig } from './render-figure.js';
import type { Figure, FigureSpec } from './figure.js';

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
  /** at most this many small multiples side by side (more wrap onto further rows) */
  facetColumns: number;
  /** legend entries per row (legends go under the plot, where a narrow page has room) */
  legendColumns: number;
  /** longest label in points before it is cut with an ellipsis */
  labelLimit: number;
}

export const PRINT_PRESETS: Record<Exclude<FigureWidth, 'screen'>, PrintPreset> = {
  column: { widthIn: 3.3, facetColumns: 2, legendColumns: 2, labelLimit: 90 },
  page: { widthIn: 6.8, facetColumns: 3, legendColumns: 3, labelLimit: 130 },
};

/** Text sizes of print presets, in points (an SVG unit is laid out as one point). */
export const PRINT_LABEL_PT = 8.5;
export const PRINT_TITLE_PT = 8.75;

/** Replaces the screen config's sizes: labels and titles at print sizes, no chart title. */
const printConfig = (p: PrintPreset): Config => ({
  // at print widths a band axis can have more labels than room: drop every other one rather than overprint
  axis: { labelFontSize: PRINT_LABEL_PT, titleFontSize: PRINT_TITLE_PT, labelLimit: p.labelLimit, labelOverlap: true },
  legend: {
    labelFontSize: PRINT_LABEL_PT,
    titleFontSize: PRINT_TITLE_PT,
    symbolSize: 60,
    orient: 'bottom',
    columns: p.legendColumns,
    labelLimit: p.labelLimit,
  },
  header: { labelFontSize: PRINT_TITLE_PT, titleFontSize: PRINT_TITLE_PT },
  text: { fontSize: PRINT_LABEL_PT },
  title: { fontSize: PRINT_TITLE_PT, subtitleFontSize: PRINT_LABEL_PT },
});

/** A spec, or a part of one, as the JSON object it is: the walks below keep its structure. */
type Spec = Record<string, unknown>;

/** Multiplies every view width, height and step in a spec (and its facet / concat children) by k. */
export function scaleViewSizes(spec: Spec, k: number): Spec {
  const out: Spec = { ...spec };
  const size = (v: unknown): unknown => {
    if (typeof v === 'number') return round2(v * k);
    if (v && typeof v === 'object' && typeof (v as { step?: unknown }).step === 'number')
      return { ...(v as object), step: round2((v as { step: number }).step * k) };
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
export function hasFixedLayout(figureSpec: FigureSpec | Spec): boolean {
  const spec: Spec = { ...figureSpec };
  const enc = spec.encoding as Record<string, { scale?: unknown }> | undefined;
  if (enc?.size && enc.size.scale === null) return true;
  for (const key of ['spec', 'vconcat', 'hconcat', 'concat', 'layer'] as const) {
    const v = spec[key];
    if (Array.isArray(v) ? v.some((s) => hasFixedLayout(s as Spec)) : v && typeof v === 'object' && hasFixedLayout(v as Spec)) return true;
  }
  return false;
}

/** Splits a title into lines of at most `maxChars` characters at spaces (a longer word keeps its line). */
export function wrapTitle(title: string, maxChars: number): string | string[] {
  if (title.length <= maxChars) return title;
  const lines: string[] = [];
  for (const word of title.split(' ')) {
    const last = lines.length ? lines[lines.length - 1] : undefined;
    if (last !== undefined && last.length + 1 + word.length <= maxChars) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/**
 * Caps every `labelLimit` a spec sets (axes, legends, headers) at the preset's, and wraps channel
 * titles (axis, legend, header) wider than it onto several lines.
 */
export function capLabelLimits(v: unknown, limit: number): unknown {
  if (Array.isArray(v)) return v.map((x) => capLabelLimits(x, limit));
  if (!v || typeof v !== 'object') return v;
  const isChannel = 'field' in v || 'type' in v;
  // DejaVu Sans averages about 0.6 em per character: the limit in characters at the title size
  const maxChars = Math.floor(limit / (0.6 * PRINT_TITLE_PT)) + 4;
  const out: Record<string, unknown> = {};
  for (const [key, x] of Object.entries(v)) {
    // inline data rows are the figure's numbers, not layout
    if (key === 'values') out[key] = x;
    else if (key === 'labelLimit' && typeof x === 'number') out[key] = Math.min(x, limit);
    else if (key === 'title' && isChannel && typeof x === 'string') out[key] = wrapTitle(x, maxChars);
    else out[key] = capLabelLimits(x, limit);
  }
  return out;
}

/** Small multiples in one row (facet.column) or wrapped wider than the preset wraps at its column count. */
export function wrapFacets(spec: Spec, p: PrintPreset): Spec {
  const facet = spec.facet as Record<string, unknown> | undefined;
  if (!facet) return spec;
  if (facet.column && !facet.row) return { ...spec, facet: facet.column, columns: p.facetColumns };
  if (typeof spec.columns === 'number' && spec.columns > p.facetColumns) return { ...spec, columns: p.facetColumns };
  return spec;
}

/** A figure laid out for a print preset at its own view sizes: what `printSpec` scales. */
export interface PrintLayout {
  spec: Spec;
  config: Config;
}

/** Everything printSpec does but scaling the view sizes: the same for every k, so done once per figure. */
export function printLayout(fig: Figure, preset: PrintPreset): PrintLayout {
  // the config stays in `rest`, so it keeps its place among the keys of the .vl.json written
  const full = withConfig(fig);
  const { title: _title, ...rest } = full;
  const config = full.config ?? {};
  // every group printConfig sets is merged into the figure's own, whichever groups those are
  const screen = config as Record<string, object | undefined>;
  const merged: Record<string, unknown> = { ...config };
  for (const [key, v] of Object.entries(printConfig(preset))) merged[key] = { ...screen[key], ...v };
  // label limits capped, titles wrapped into lines, facets wrapped: still the same grammar
  return { spec: wrapFacets(capLabelLimits(rest, preset.labelLimit) as Spec, preset), config: merged as Config };
}

/** A print layout with view sizes multiplied by k: the complete Vega-Lite spec. */
export function printSpecAt(layout: PrintLayout, k: number): TopLevelSpec {
  return { ...scaleViewSizes(layout.spec, k), config: layout.config } as TopLevelSpec;
}

/** The complete Vega-Lite spec of a figure at a print preset, with view sizes multiplied by k. */
export function printSpec(fig: Figure, preset: PrintPreset, k: number): TopLevelSpec {
  return printSpecAt(printLayout(fig, preset), k);
}

/** The width and height of a vega SVG, in its own units. */
export function svgSize(svg: string): { width: number; height: number } {
  const m = /^<svg[^>]*\swidth="([\d.]+)"[^>]*\sheight="([\d.]+)"/.exec(svg);
  if (!m) throw new Error('an SVG without width and height');
  return { width: Number(m[1]), height: Number(m[2]) };
}

export const pointsOf = (p: PrintPreset) => p.widthIn * 72;
