import type { Figure } from '../../src/present/figures/figure.js';
import { median } from '../../src/derive/stats/median.js';
import type { Table } from '../../src/present/tables/table.js';
import { cached, type GlobeContext } from './context.js';
import { meanLabel } from './fig-radius.js';
import { PAPER_EXTRA } from './paper.js';
import { compareRatesAscending } from '../../src/derive/stats/compare-fractions.js';
import { groupItems, itemCell, modelOrder, num, passCounts, pct100 } from './slices.js';

export interface SkillStat {
  skill: string;
  idx: number[];
  /** pooled over the skill's responses = mean over models */
  pooled: number;
  /** passing responses to the skill's items, and responses (the exact fraction behind pooled) */
  pooled_passes: number;
  pooled_responses: number;
  ci_low: number | null;
  ci_high: number | null;
  /** share of the skill's items at least one model solves */
  oracle: number;
  /** per model, in modelOrder */
  byModel: { model_id: string; name: string; kind: string; passes: number; success: number }[];
  best: { name: string; model_id: string; success: number; ties: number };
  worst: { name: string; model_id: string; success: number; ties: number };
}

/**
 * Per primary skill: pooled success (with an item-bootstrap CI), oracle coverage, every model's
 * success, and the best and worst model; hardest first (pooled ascending, ties by skill name).
 * Ties for best go to the model ranked higher overall, ties for worst to the model ranked lower.
 */
export function skillStats(ctx: GlobeContext): SkillStat[] {
  return cached(ctx, 'skills:stats', () => {
    const by = groupItems(ctx, (i) => ctx.release.items[i].skill);
    const k = passCounts(ctx);
    const order = modelOrder(ctx);
    const out = [...by].map(([skill, idx]): SkillStat => {
      const c = itemCell(ctx, idx, `table18:${skill}`);
      // every model answers the same items here, so integer pass counts order the models exactly
      const byModel = order.map((m) => {
        const v = ctx.pass.get(m.model_id)!;
        let passes = 0;
        for (const i of idx) passes += v[i];
        return { model_id: m.model_id, name: m.name, kind: m.kind, passes, success: passes / idx.length };
      });
      const hiN = Math.max(...byModel.map((x) => x.passes));
      const loN = Math.min(...byModel.map((x) => x.passes));
      const best = byModel.find((x) => x.passes === hiN)!;
      const worst = [...byModel].reverse().find((x) => x.passes === loN)!;
      const hi = best.success, lo = worst.success;
      let pooledPasses = 0;
      for (const i of idx) pooledPasses += k[i];
      return {
        skill,
        idx,
        pooled: c.success,
        pooled_passes: pooledPasses,
        pooled_responses: idx.length * order.length,
        ci_low: c.ci_low,
        ci_high: c.ci_high,
        oracle: idx.filter((i) => k[i] > 0).length / idx.length,
        byModel,
        best: { name: best.name, model_id: best.model_id, success: hi, ties: byModel.filter((x) => x.passes === hiN).length },
        worst: { name: worst.name, model_id: worst.model_id, success: lo, ties: byModel.filter((x) => x.passes === loN).length },
      };
    });
    // exact fractions, then the documented tie rule (by name): 36/147 and 36/147 tie whatever a float sum says
    return out.sort((a, b) => compareRatesAscending(a.pooled_passes, a.pooled_responses, b.pooled_passes, b.pooled_responses) || (a.skill < b.skill ? -1 : a.skill > b.skill ? 1 : 0));
  });
}

/** Table 18: success by primary skill, hardest first. */
export function table18(ctx: GlobeContext): Table {
  const stats = ctx.models.length ? skillStats(ctx) : [];
  const rows = stats.map((s, i) => ({
    rank: i + 1,
    skill: s.skill,
    items: s.idx.length,
    pooled: num(s.pooled),
    ci_low: s.ci_low,
    ci_high: s.ci_high,
    oracle: s.oracle,
    best_model: s.best.name,
    best: s.best.success,
    best_ties: s.best.ties,
    worst_model: s.worst.name,
    worst: s.worst.success,
    worst_ties: s.worst.ties,
  }));
  // world models below the median model on how many skills (paper: DWM below the median on all 19)
  const below = ctx.models
    .filter((m) => m.kind === 'world_model')
    .map((m) => {
      const n = stats.filter((s) => s.byModel.find((x) => x.model_id === m.model_id)!.success < median(s.byModel.map((x) => x.success))).length;
      return `${m.name} ${n} of ${stats.length}`;
    });
  return {
    id: 'table18',
    title: 'Table 18: success by primary skill, hardest first',
    source: 'GlobeBench, Table 18',
    columns: [
      { key: 'rank', label: '#', format: 'int' },
      { key: 'skill', label: 'Skill' },
      { key: 'items', label: 'Items', format: 'int' },
      { key: 'pooled', label: 'Pooled %', format: 'pct', help: 'all models\' responses to the skill\'s items (= mean over models)' },
      { key: 'ci_low', label: '95% CI low', format: 'pct', help: 'percentile bootstrap over the skill\'s items' },
      { key: 'ci_high', label: '95% CI high', format: 'pct' },
      { key: 'oracle', label: 'Oracle coverage %', format: 'pct', help: 'share of the skill\'s items that at least one model solves' },
      { key: 'best_model', label: 'Best model' },
      { key: 'best', label: 'Best %', format: 'pct' },
      { key: 'best_ties', label: 'Tied at best', format: 'int' },
      { key: 'worst_model', label: 'Worst model' },
      { key: 'worst', label: 'Worst %', format: 'pct' },
      { key: 'worst_ties', label: 'Tied at worst', format: 'int' },
    ],
    rows,
    paper: { ...PAPER_EXTRA.table18 },
    notes: [
      `${stats.length} primary skills (paper: ${PAPER_EXTRA.table18.skills}), ordered by pooled success, hardest first (ties by name). CIs: ${ctx.opts.resamples} resamples of the skill's items (seed ${ctx.opts.seed}).`,
      'Best / worst: the model with the highest / lowest success on the skill; among tied models the best goes to the one ranked higher overall and the worst to the one ranked lower overall ("Tied" counts the models at that value).',
      below.length
        ? `World models below the median model's success, by skill: ${below.join('; ')} (paper: DWM below the median on all ${PAPER_EXTRA.table18.dwmSkillsBelowMedian}).`
        : 'No world model in this release.',
      'The paper gives no per-skill numbers in TARGETS.md, so there are no paper / delta columns.',
    ],
  };
}

/** Figure 2: model x skill heat map; rows are models by overall success, columns skills hardest first. */
export function fig02(ctx: GlobeContext): Figure {
  const stats = skillStats(ctx);
  const order = modelOrder(ctx);
  const values = stats.flatMap((s) => s.byModel.map((x) => ({ model: x.name, skill: s.skill, items: s.idx.length, success: pct100(x.success) })));
  const x = { field: 'skill', type: 'nominal', sort: stats.map((s) => s.skill), title: 'primary skill (hardest first)', axis: { labelAngle: -45, labelLimit: 240 } };
  const y = { field: 'model', type: 'nominal', sort: order.map((m) => m.name), title: null };
  return {
    id: 'fig02',
    title: 'Figure 2: success by model and primary skill',
    source: 'GlobeBench, Figure 2',
    spec: {
      title: { text: 'Task success (%) by model and primary skill', subtitle: 'rows: models by overall success; columns: skills by pooled success, hardest first' },
      width: { step: 34 },
      height: { step: 20 },
      data: { values },
      layer: [
        {
          mark: { type: 'rect', tooltip: true },
          encoding: { x, y, color: { field: 'success', type: 'quantitative', title: 'success (%)', scale: { domain: [0, 100], scheme: 'blues' } } },
        },
        {
          mark: { type: 'text', fontSize: 9 },
          encoding: {
            x,
            y,
            text: { field: 'success', type: 'quantitative', format: '.0f' },
            color: { condition: { test: 'datum.success >= 55', value: 'white' }, value: 'black' },
          },
        },
      ],
    },
    notes: ['Success of each model on each skill\'s items, rounded to whole percent in the cells (exact values in the tooltip and in Table 18\'s data).'],
  };
}

/** Figure 8: best model, mean over models and worst model per skill, overlapping bars from zero. */
export function fig08(ctx: GlobeContext): Figure {
  const stats = skillStats(ctx);
  const mean = meanLabel(ctx);
  const series = ['best model', mean, 'worst model'];
  const values = stats.flatMap((s) => [
    { skill: s.skill, series: 'best model', model: s.best.name, success: pct100(s.best.success) },
    { skill: s.skill, series: mean, model: mean, success: pct100(s.pooled) },
    { skill: s.skill, series: 'worst model', model: s.worst.name, success: pct100(s.worst.success) },
  ]);
  const y = { field: 'skill', type: 'nominal', sort: stats.map((s) => s.skill), title: 'primary skill (hardest first)', axis: { labelLimit: 240 } };
  const color = { field: 'series', type: 'nominal', title: null, scale: { domain: series, range: ['#9ecae1', '#3182bd', '#08306b'] } };
  const layer = (name: string, size: number) => ({
    transform: [{ filter: { field: 'series', equal: name } }],
    mark: { type: 'bar', size },
    encoding: {
      y,
      x: { field: 'success', type: 'quantitative', title: 'success (%)', scale: { domain: [0, 100] }, stack: null },
      color,
      tooltip: [{ field: 'skill', type: 'nominal' }, { field: 'series', type: 'nominal' }, { field: 'model', type: 'nominal' }, { field: 'success', type: 'quantitative', format: '.2f' }],
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
    },
    notes: ['Bars overlap from zero (not stacked): the widest is the best model, then the mean over models, then the worst model. Best / worst as in Table 18.'],
  };
}
