import { COLUMNS, column } from '../../../src/present/tables/columns.js';
import { GLOBE_COLUMNS } from './columns.js';
import type { Table } from '../../../src/present/tables/table.js';
import type { GlobeContext } from '../derive/context.js';
import { skillStats, worldModelsBelowMedian } from '../derive/skills.js';
import { num } from './format.js';
import { PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';

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
  const below = worldModelsBelowMedian(ctx).map((w) => `${w.name} ${w.below} of ${w.skills}`);
  return {
    id: 'table18',
    title: 'Table 18: success by primary skill, hardest first',
    source: 'GlobeBench, Table 18',
    columns: [
      column(COLUMNS.rank, { label: '#' }),
      GLOBE_COLUMNS.skill,
      column(COLUMNS.items, { count: { kind: 'item', by: { skill: 'skill' } } }),
      { key: 'pooled', label: 'Pooled %', format: 'pct', help: "all models' responses to the skill's items (= mean over models)" },
      GLOBE_COLUMNS.skill_item_ci_low,
      COLUMNS.ci_high,
      { key: 'oracle', label: 'Oracle coverage %', format: 'pct', help: "share of the skill's items that at least one model solves" },
      { key: 'best_model', label: 'Best model' },
      { key: 'best', label: 'Best %', format: 'pct' },
      { key: 'best_ties', label: 'Tied at best', format: 'int' },
      { key: 'worst_model', label: 'Worst model' },
      { key: 'worst', label: 'Worst %', format: 'pct' },
      { key: 'worst_ties', label: 'Tied at worst', format: 'int' },
    ],
    rows,
    paper: paperField(PAPER, 'table18'),
    notes: [
      `${stats.length} primary skills (paper: ${PAPER.byId('table18/skills').value}), ordered by pooled success, hardest first (ties by name). CIs: ${ctx.opts.resamples} resamples of the skill's items (seed ${ctx.opts.seed}).`,
      'Best / worst: the model with the highest / lowest success on the skill; among tied models the best goes to the one ranked higher overall and the worst to the one ranked lower overall ("Tied" counts the models at that value).',
      below.length
        ? `World models below the median model's success, by skill: ${below.join('; ')} (paper: DWM below the median on all ${PAPER.byId('table18/dwm-below-median').value}).`
        : 'No world model in this release.',
      'The paper gives no per-skill numbers in TARGETS.md, so there are no paper / delta columns.',
    ],
  };
}
