import type { TopLevelSpec } from 'vega-lite';
import type { Figure } from '../../../src/present/figures/figure.js';
import type { PawmContext } from '../derive/context.js';
import { lexicalOf } from '../derive/corpus.js';
import { LEXICAL_NOTE } from '../paper.js';

export interface PlacedWord {
  word: string;
  weight: number;
  /** centre of the word, in pixels from the top-left corner */
  x: number;
  y: number;
  /** font size in pixels */
  size: number;
  /** estimated box */
  width: number;
  height: number;
}

// Advance widths of DejaVu Sans (the figures' font) in em, by letter class: enough to keep boxes
// from overlapping without measuring glyphs.
const NARROW = new Set([..."ijlt'f"]);
const WIDE = new Set([...'mw']);
function textWidth(word: string, size: number): number {
  let em = 0;
  for (const ch of word) em += NARROW.has(ch) ? 0.32 : WIDE.has(ch) ? 0.95 : ch === 'r' ? 0.42 : 0.62;
  return em * size;
}

/**
 * A deterministic word-cloud layout (the classic Wordle approach, Feinberg 2009): words are placed
 * largest first, each starting at the centre and moving out along an Archimedean spiral until its
 * box overlaps no placed box and lies inside the canvas. Font size is linear in the weight.
 * Words that find no place are left out (returned in `skipped`).
 */
export function layoutWordCloud(
  words: { word: string; weight: number }[],
  opts: { width?: number; height?: number; minSize?: number; maxSize?: number; padding?: number } = {},
): { placed: PlacedWord[]; skipped: string[] } {
  const W = opts.width ?? 900;
  const H = opts.height ?? 520;
  const minSize = opts.minSize ?? 11;
  const maxSize = opts.maxSize ?? 72;
  const pad = opts.padding ?? 2;
  const sorted = [...words].sort((a, b) => b.weight - a.weight || (a.word < b.word ? -1 : 1));
  const wMax = sorted.length ? sorted[0].weight : 1;
  const wMin = sorted.length ? sorted[sorted.length - 1].weight : 0;
  const placed: PlacedWord[] = [];
  const skipped: string[] = [];
  for (const { word, weight } of sorted) {
    const size = wMax > wMin ? minSize + ((maxSize - minSize) * (weight - wMin)) / (wMax - wMin) : (minSize + maxSize) / 2;
    const width = textWidth(word, size);
    const height = size * 1.05;
    let done = false;
    for (let t = 0; t < 600 && !done; t += 0.05) {
      // the spiral is stretched to the canvas' aspect ratio
      const r = 2.2 * t;
      const x = W / 2 + r * Math.cos(t) * (W / H);
      const y = H / 2 + r * Math.sin(t);
      const box = { l: x - width / 2 - pad, r: x + width / 2 + pad, t: y - height / 2 - pad, b: y + height / 2 + pad };
      if (box.l < 0 || box.t < 0 || box.r > W || box.b > H) continue;
      if (placed.some((p) => box.l < p.x + p.width / 2 && box.r > p.x - p.width / 2 && box.t < p.y + p.height / 2 && box.b > p.y - p.height / 2)) continue;
      placed.push({ word, weight, x, y, size, width, height });
      done = true;
    }
    if (!done) skipped.push(word);
  }
  return { placed, skipped };
}

/** The word cloud: the top words by z_min (z_min > 0), sized by z_min. */
export function wordcloud(ctx: PawmContext, opts: { words?: number } = {}): Figure {
  const W = 900;
  const H = 520;
  const rows = lexicalOf(ctx)
    .rows.filter((r) => r.z_min > 0)
    .slice(0, opts.words ?? 80);
  const { placed, skipped } = layoutWordCloud(
    rows.map((r) => ({ word: r.word, weight: r.z_min })),
    { width: W, height: H },
  );
  const byWord = new Map(rows.map((r) => [r.word, r]));
  const values = placed.map((p) => ({
    word: p.word,
    x: Math.round(p.x * 10) / 10,
    y: Math.round(p.y * 10) / 10,
    size: Math.round(p.size * 10) / 10,
    z_min: byWord.get(p.word)!.z_min,
    scienceworld_z: byWord.get(p.word)!.scienceworld_z,
    webarena_lite_z: byWord.get(p.word)!.webarena_lite_z,
  }));
  const spec: TopLevelSpec = {
    title: 'Words that distinguish guidance that changed the action (size = z_min)',
    width: W,
    height: H,
    data: { values },
    mark: { type: 'text', baseline: 'middle', align: 'center' },
    encoding: {
      x: { field: 'x', type: 'quantitative', scale: { domain: [0, W] }, axis: null },
      y: { field: 'y', type: 'quantitative', scale: { domain: [0, H], reverse: true }, axis: null },
      text: { field: 'word', type: 'nominal' },
      size: { field: 'size', type: 'quantitative', scale: null, legend: null },
      color: { field: 'z_min', type: 'quantitative', scale: { scheme: 'tealblues', domainMin: 0 }, legend: null },
      tooltip: [
        { field: 'word', type: 'nominal' },
        { field: 'z_min', type: 'quantitative', format: '.2f' },
        { field: 'scienceworld_z', type: 'quantitative', title: 'z ScienceWorld', format: '.2f' },
        { field: 'webarena_lite_z', type: 'quantitative', title: 'z WebArena-Lite', format: '.2f' },
      ],
    },
  };
  return {
    id: 'wordcloud',
    title: "Word cloud: words of guidance that changed the agent's action, sized by z_min",
    source: 'PAWM, word-cloud figure (Table 2 / 6)',
    spec,
    notes: [
      `Top ${rows.length} words with z_min > 0, font size linear in z_min; deterministic spiral layout (no randomness).${skipped.length ? ` Not placed (no room): ${skipped.join(', ')}.` : ''}`,
      `Paper: ${LEXICAL_NOTE}.`,
    ],
  };
}
