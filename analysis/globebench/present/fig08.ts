import type { TopLevelSpec } from 'vega-lite';
import type { ColorDef, Layer, PositionY } from './chart-parts.js';
import type { Figure } from '../../../src/present/figures/figure.js';
import type { GlobeContext } from '../derive/context.js';
import { skillStats } from '../derive/skills.js';
import { meanLabel } from './chart-parts.js';
import { fittedDomain } from '../../../src/present/figures/figure-marks.js';
import { pct100 } from './format.js';

/** Figure 8: best model, mean over models and worst model per skill, overlapping bars from zero. */
export function fig08(ctx: GlobeContext): Figure {
  const stats = skillStats(ctx);
  const mean = meanLabel(ctx);
  const series = ['best model', mean, 'worst model'];
  const values = stats.flatMap((s) => [
    { skill: s.skill, series: 'best model', model: s.best.name, items: s.idx.length, success: pct100(s.best.success) },
    { skill: s.skill, series: mean, model: mean, items: s.idx.length, success: pct100(s.pooled) },
    { skill: s.skill, series: 'worst model', model: s.worst.name, items: s.idx.length, success: pct100(s.worst.success) },
  ]);
  const domain = fittedDomain(values.map((v) => v.success));
  const y: PositionY = { field: 'skill', type: 'nominal', sort: stats.map((s) => s.skill), title: 'primary skill (hardest first)', axis: { labelLimit: 240 } };
  const color: ColorDef = { field: 'series', type: 'nominal', title: null, scale: { domain: series, range: ['#9ecae1', '#3182bd', '#08306b'] } };
  const layer = (name: string, size: number): Layer => ({
    transform: [{ filter: { field: 'series', equal: name } }],
    mark: { type: 'bar', size },
    encoding: {
      y,
      x: { field: 'success', type: 'quantitative', title: 'success (%)', scale: { domain }, stack: null },
      color,
      tooltip: [
        { field: 'skill', type: 'nominal' },
        { field: 'series', type: 'nominal' },
        { field: 'model', type: 'nominal' },
        { field: 'success', type: 'quantitative', title: 'success (%)', format: '.2f' },
        { field: 'items', type: 'quantitative', title: 'n (items)', format: ',' },
      ],
    },
  });
  return {
    id: 'fig08',
    title: `Figure 8: best model, ${mean} and worst model per primary skill`,
    source: 'GlobeBench, Figure 8',
    spec: {
      title: { text: 'Best model, mean and worst model by primary skill', subtitle: 'overlapping bars from zero' },
      width: 420,
      height: { step: 22 },
      data: { values },
      layer: [layer('best model', 16), layer(mean, 11), layer('worst model', 6)],
    } satisfies TopLevelSpec,
    notes: [
      'Bars overlap from zero (not stacked): the widest is the best model, then the mean over models, then the worst model. Best / worst as in Table 18.',
    ],
  };
}
