import { describe, expect, it } from 'vitest';
import type { ClaimRow } from '../../src/derive/claims/claim.js';
import type { RobustnessCell } from '../../src/derive/claims/robustness-grid.js';
import { claimsHeatmapFigure } from '../../src/present/claims/claims-heatmap-figure.js';
import { figureToSvg, withConfig } from '../../src/present/figures/render-figure.js';

const row = (claim_id: string) => ({ claim_id }) as ClaimRow;
const cell = (claim_id: string, choice: string, value: string, verdict: RobustnessCell['verdict'], estimate: number | null = 0.25): RobustnessCell => ({
  claim_id,
  choice,
  value,
  estimate,
  ci_low: estimate === null ? null : estimate - 0.125,
  ci_high: estimate === null ? null : estimate + 0.125,
  verdict,
});

describe('claimsHeatmapFigure', () => {
  // two claims; their headline intervals are made differently but share one column
  const rows = [row('b.second'), row('a.first')];
  const grid = [
    cell('b.second', 'interval', 'headline: two-stage cluster bootstrap', 'holds'),
    cell('b.second', 'judge threshold', '0.90', 'contradicted', -0.5),
    cell('a.first', 'interval', 'headline: Wilson', 'same direction, not significant'),
    cell('a.first', 'labeler', 'labeler "x"', 'not computable', null),
    cell('a.first', 'judge threshold', '0.90', 'opposite direction, not significant'),
  ];
  const fig = claimsHeatmapFigure('bench', rows, grid);
  const spec = fig.spec as any;

  it('claims on one axis in the claims table order, the grid cells choice = value on the other in the grid order', () => {
    const order = (field: string, order: string) =>
      [...new Map(spec.data.values.map((v: any) => [v[order], v[field]])).entries()].sort((x: any, y: any) => x[0] - y[0]).map((e) => e[1]);
    expect(spec.encoding.y.sort).toEqual({ field: 'claim_order', op: 'min' });
    expect(order('claim_id', 'claim_order')).toEqual(['b.second', 'a.first']);
    expect(spec.encoding.x.sort).toEqual({ field: 'cell_order', op: 'min' });
    expect(order('cell', 'cell_order')).toEqual(['interval = headline', 'judge threshold = 0.90', 'labeler = labeler "x"']);
    expect(spec.data.values.map((v: any) => `${v.claim_id} | ${v.cell} | ${v.verdict}`)).toEqual([
      'b.second | interval = headline | holds',
      'b.second | judge threshold = 0.90 | contradicted',
      'a.first | interval = headline | same direction, not significant',
      'a.first | labeler = labeler "x" | not computable',
      'a.first | judge threshold = 0.90 | opposite direction, not significant',
    ]);
  });

  it('colour is the verdict: five hues, one per verdict whether or not a cell has it, named in a legend inside the picture', async () => {
    expect(spec.encoding.color.field).toBe('verdict');
    expect(spec.encoding.color.scale.domain).toEqual([
      'holds',
      'same direction, not significant',
      'opposite direction, not significant',
      'contradicted',
      'not computable',
    ]);
    expect(new Set(spec.encoding.color.scale.range).size).toBe(5);
    const svg = await figureToSvg({ ...fig, spec: withConfig(fig) });
    const legend = [...svg.matchAll(/role-legend-label[\s\S]*?<\/g>/g)].map((m) => m[0].replace(/<[^>]+>/g, ' ')).join(' ');
    for (const v of ['holds', 'same direction, not significant', 'opposite direction, not significant', 'contradicted', 'not computable'])
      expect(legend).toContain(v);
  });

  it("tooltips give each cell's estimate and 95% interval, written out (a dash where there is none)", () => {
    expect(spec.encoding.tooltip.map((t: any) => t.field)).toEqual(['claim_id', 'choice', 'value', 'verdict', 'estimate', 'interval']);
    const [first, , , missing] = spec.data.values;
    expect([first.estimate, first.interval]).toEqual(['0.250', '[0.125, 0.375]']);
    expect([missing.estimate, missing.interval]).toEqual(['\u2013', '\u2013']);
  });

  it('strings of the release are data only: no field, sort key or expression is built from them', () => {
    const { data: _d, ...rest } = spec;
    const text = JSON.stringify(rest);
    for (const v of spec.data.values) for (const s of [v.claim_id, v.cell, v.value]) expect(text).not.toContain(JSON.stringify(s).slice(1, -1));
  });
});
