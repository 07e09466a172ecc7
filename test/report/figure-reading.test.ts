import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TopLevelSpec } from 'vega-lite';
import { BENCHES, sampleDir } from '../helpers/benches.js';
import { figureToSvg, withConfig } from '../../src/present/figures/render-figure.js';
import { fittedDomain, intervalText } from '../../src/present/figures/figure-marks.js';
import type { Analysis } from '../../src/benchmark/contract.js';
import type { Figure } from '../../src/present/figures/figure.js';

/**
 * What a reader takes from a figure at a glance, as properties of every declared figure of every
 * benchmark (on the bundled samples): each position axis ends just above the values drawn on it
 * (never 100 for data under 50, nothing cut off); a depth is a category on an ordinal axis; no
 * categorical colour scale has more than 8 hues; every figure that draws a paper value or an
 * interval names it in a legend inside the picture; every tooltip formats its numbers.
 */
const repo = resolve(__dirname, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type FigureAnalysis = Extract<Analysis<any>, { kind: 'figure' }>;
type Json = Record<string, unknown>;
const MAX_HUES = 8;

/** Every encoding object of a spec (layers, facets, concatenations). */
function encodings(v: unknown, out: Json[] = []): Json[] {
  if (Array.isArray(v)) for (const x of v) encodings(x, out);
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v as Json)) {
      if (k === 'data') continue;
      if (k === 'encoding' && x && typeof x === 'object') out.push(x as Json);
      encodings(x, out);
    }
  }
  return out;
}

const fieldOf = (def: unknown): string | null =>
  def && typeof def === 'object' && typeof (def as Json).field === 'string' ? ((def as Json).field as string) : null;

/** The numbers drawn on a position channel (x with x2, y with y2) over every layer. */
function channelValues(spec: Json, rows: Json[], axis: 'x' | 'y'): number[] {
  const fields = new Set<string>();
  for (const enc of encodings(spec)) {
    for (const ch of [axis, `${axis}2`]) {
      const def = enc[ch] as Json | undefined;
      const f = fieldOf(def);
      if (f && (ch.endsWith('2') || def?.type === 'quantitative')) fields.add(f);
    }
  }
  return rows.flatMap((r) => [...fields].map((f) => r[f])).filter((x): x is number => typeof x === 'number' && Number.isFinite(x));
}

/** Vega-Lite -> Vega view (no renderer), run, for reading its scales. */
async function view(spec: TopLevelSpec) {
  const vl = await import('vega-lite');
  const vega = await import('vega');
  const vg = vl.compile(spec).spec;
  const v = new vega.View(vega.parse(vg), { renderer: 'none' });
  await v.runAsync();
  return { view: v, scales: (vg.scales ?? []) as { name: string; type?: string }[] };
}

/** Position axes that cut a value off or run more than a third past the largest value drawn. */
async function axisProblems(id: string, spec: TopLevelSpec): Promise<string[]> {
  const rows = ((spec as unknown as Json).data as { values?: Json[] } | undefined)?.values ?? [];
  const { view: v, scales } = await view(spec);
  const problems: string[] = [];
  try {
    for (const s of scales.filter((s) => /(^|_)[xy]$/.test(s.name) && s.type === 'linear')) {
      const max = Math.max(0, ...channelValues(spec as unknown as Json, rows, s.name.endsWith('x') ? 'x' : 'y'));
      if (max === 0) continue;
      const [, hi] = v.scale(s.name).domain() as number[];
      if (hi < max - 1e-9) problems.push(`${id}: ${s.name} ends at ${hi}, cutting off ${max}`);
      if (hi > 1.5 * max) problems.push(`${id}: ${s.name} runs to ${hi} for values up to ${max}`);
    }
  } finally {
    v.finalize();
  }
  return problems;
}

/** Categorical colour scales with more than MAX_HUES values, and depths not on an ordinal axis. */
async function hueAndDepthProblems(id: string, spec: TopLevelSpec): Promise<string[]> {
  const { view: v, scales } = await view(spec);
  const problems: string[] = [];
  try {
    for (const s of scales.filter((s) => /color$/.test(s.name) && s.type === 'ordinal')) {
      const n = (v.scale(s.name).domain() as unknown[]).length;
      if (n > MAX_HUES) problems.push(`${id}: ${s.name} has ${n} hues`);
    }
  } finally {
    v.finalize();
  }
  for (const enc of encodings(spec))
    for (const def of Object.values(enc))
      if (fieldOf(def) === 'depth' && (def as Json).type !== 'ordinal') problems.push(`${id}: depth is ${(def as Json).type}`);
  return problems;
}

const figuresBy = BENCHES.map((bench) => {
  const analyses = bench.analyses.filter((a): a is FigureAnalysis => a.kind === 'figure');
  let figs: Figure[] | undefined;
  const build = () => {
    figs ??= (() => {
      const ctx = bench.prepare(bench.load(join(repo, sampleDir(bench.benchmark))), { seed: 1, resamples: 200 });
      return analyses.map((a) => a.build(ctx) as Figure);
    })();
    return figs;
  };
  return { name: bench.benchmark, build };
});

describe('fitted axis range (fittedDomain)', () => {
  it('ends at the next of 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 x 10^k at or above the largest value, capped at 100', () => {
    expect(fittedDomain([52.08, 3])).toEqual([0, 60]);
    expect(fittedDomain([49.9])).toEqual([0, 50]);
    expect(fittedDomain([50])).toEqual([0, 50]);
    expect(fittedDomain([50.01])).toEqual([0, 60]);
    expect(fittedDomain([81.7])).toEqual([0, 100]);
    expect(fittedDomain([101])).toEqual([0, 100]);
    expect(fittedDomain([0.013])).toEqual([0, 0.015]);
    expect(fittedDomain([7, null, undefined, Number.NaN])).toEqual([0, 8]);
    expect(fittedDomain([])).toEqual([0, 100]);
  });
  it('intervals read "[low, high]", an en dash when there is none', () => {
    expect(intervalText(25.98, 30.333, 2)).toBe('[25.98, 30.33]');
    expect(intervalText(null, 3)).toBe('\u2013');
  });
});

describe('every declared figure, as a reader sees it', () => {
  it('the checks can fail: an axis to 100 for data under 50, one cut short, 9 hues in a panel, depth as a number', async () => {
    const values = Array.from({ length: 9 }, (_, i) => ({ m: `m${i}`, v: 10 + 4 * i, depth: i }));
    const bars = (domain: number[]): TopLevelSpec => ({
      data: { values },
      mark: 'bar',
      encoding: { y: { field: 'm', type: 'nominal' }, x: { field: 'v', type: 'quantitative', scale: { domain } } },
    });
    expect(await axisProblems('to100', bars([0, 100]))).toEqual(['to100: x runs to 100 for values up to 42']);
    expect(await axisProblems('short', bars([0, 40]))).toEqual(['short: x ends at 40, cutting off 42']);
    expect(await axisProblems('fitted', bars([0, 50]))).toEqual([]);
    const hues: TopLevelSpec = {
      data: { values },
      mark: 'line',
      encoding: { x: { field: 'depth', type: 'quantitative' }, y: { field: 'v', type: 'quantitative' }, color: { field: 'm', type: 'nominal' } },
    };
    expect(await hueAndDepthProblems('hues', hues)).toEqual(['hues: color has 9 hues', 'hues: depth is quantitative']);
  });

  for (const { name, build } of figuresBy) {
    it(`${name}: position axes end within a third above the largest value drawn, and nothing is cut off`, async () => {
      const problems: string[] = [];
      for (const fig of build()) problems.push(...(await axisProblems(fig.id, withConfig(fig))));
      expect(problems).toEqual([]);
    });
    it(`${name}: no categorical colour scale has more than ${MAX_HUES} hues; depths are categories on an ordinal axis`, async () => {
      const problems: string[] = [];
      for (const fig of build()) problems.push(...(await hueAndDepthProblems(fig.id, withConfig(fig))));
      expect(problems).toEqual([]);
    });
    it(`${name}: a figure that draws the paper's value or an interval names it in a legend inside the picture; tooltips format their numbers`, async () => {
      for (const fig of build()) {
        const spec = withConfig(fig);
        const rows = ((spec as unknown as Json).data as { values?: Json[] } | undefined)?.values ?? [];
        const svg = await figureToSvg(fig);
        const legendText = [...svg.matchAll(/role-legend-label[\s\S]*?<\/g>/g)].map((m) => m[0].replace(/<[^>]+>/g, ' ')).join(' ');
        const hasPaper = rows.some((r) => typeof r.paper === 'number' || typeof r.paper_pct === 'number' || r.series === 'paper z_min');
        const hasInterval = encodings(spec).some((e) => fieldOf(e.x2) !== null || fieldOf(e.y2) !== null);
        if (hasPaper) expect(legendText, `${fig.id}: legend names the paper's value`).toMatch(/paper&#39;s published|paper's published/);
        if (hasInterval) expect(legendText, `${fig.id}: legend names the interval`).toMatch(/CI|sd over runs/);
        for (const enc of encodings(spec)) {
          const tip = enc.tooltip;
          expect(tip === true, `${fig.id}: tooltip: true shows raw numbers`).toBe(false);
          for (const t of Array.isArray(tip) ? (tip as Json[]) : []) {
            const f = fieldOf(t)!;
            const integers = rows.every((r) => typeof r[f] !== 'number' || Number.isInteger(r[f]));
            if (!integers) expect(t.format, `${fig.id}: tooltip ${f} unformatted`).toBeTruthy();
          }
        }
      }
    });
  }
});
