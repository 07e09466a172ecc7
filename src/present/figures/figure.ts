import type { TopLevelSpec } from 'vega-lite';
/**
 * A figure is data plus a declarative Vega-Lite spec (data inlined as `data.values`). The same spec
 * is exported to SVG/PNG by `renderFigure` and shown interactively in notebooks with vega-embed.
 */
export interface Figure {
  id: string;
  title: string;
  source: string;
  /** a Vega-Lite top-level spec with its data inline */
  spec: TopLevelSpec;
  notes?: string[];
}

/** What the renderers take: a figure's spec, vega-lite's TopLevelSpec. */
export type FigureSpec = Figure['spec'];

/** Shared look: one font that is loaded explicitly when rasterising, so PNGs match across machines. */
export const FIGURE_CONFIG = {
  font: 'DejaVu Sans',
  view: { stroke: null },
  axis: { labelFontSize: 11, titleFontSize: 12 },
  legend: { labelFontSize: 11, titleFontSize: 12 },
  title: { fontSize: 14, anchor: 'start' },
} as const;
