import { GLOBE_COLUMNS } from './columns.js';
import { median } from '../../../src/derive/stats/median.js';
import { delta, type Table } from '../../../src/present/tables/table.js';
import type { GlobeContext } from '../derive/context.js';
import { modelOrder, modelRateAt } from '../derive/slices.js';
import { PAIRED, PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';

/** An L3 "long audit": impact radius L3 and reach-back over 40 turns. */
const isLongAudit = (it: { impact_radius: string | null; reach_back: number | null }) => it.impact_radius === 'L3' && it.reach_back !== null && it.reach_back > 40;

/**
 * Where the leader's margin comes from: of the items the leader (GPT-6 Astra where present, else the
 * top model) solves and the runner-up misses, how many are L3 long audits; and each model's success
 * on the long audits, the leader against the median of the rest.
 */
export function astraVsRestTable(ctx: GlobeContext): Table {
  const items = ctx.release.items;
  const all = items.map((_, i) => i);
  const ranked = modelOrder(ctx);
  const leader = ctx.models.find((m) => m.name === PAIRED.a) ?? ranked[0];
  // a one-model release has no runner-up: compare the leader with nobody (zero items either side)
  const second = ctx.models.find((m) => m.name === PAIRED.b) ?? ranked.find((m) => m !== leader) ?? leader;
  const long = all.filter((i) => isLongAudit(items[i]));
  const a = ctx.pass.get(leader.model_id)!, b = ctx.pass.get(second.model_id)!;
  const aOnly = all.filter((i) => a[i] && !b[i]);
  const bOnly = all.filter((i) => b[i] && !a[i]);
  const others = ctx.models.filter((m) => m !== leader).map((m) => modelRateAt(ctx, m.model_id, long));
  const row = (what: string, value: number, format: 'int' | 'rate') => {
    const paper = PAPER.at('astra-vs-rest', format === 'int' ? 'value' : 'rate', { what });
    return format === 'int'
      ? { what, value, rate: null, paper_value: paper, paper_rate: null, delta_items: delta(value, paper), delta_rate: null }
      : { what, value: null, rate: value, paper_value: null, paper_rate: paper, delta_items: null, delta_rate: delta(value, paper) };
  };
  return {
    id: 'astra-vs-rest',
    title: `${leader.name} vs the rest on the L3 long audits`,
    source: 'GlobeBench, Table 1 discussion (272 of the 350 extra items are L3 long audits; 33.5% vs a 2.2% median)',
    columns: [
      { key: 'what', label: 'Quantity' },
      { key: 'value', label: 'Items', format: 'int' },
      { key: 'rate', label: 'Success %', format: 'pct' },
      { key: 'paper_value', label: 'Paper items', format: 'int' },
      { key: 'paper_rate', label: 'Paper %', format: 'pct' },
      GLOBE_COLUMNS.delta_items,
      { key: 'delta_rate', label: 'Delta (pp)', format: 'pp' },
    ],
    rows: [
      row(`L3 long-audit items (L3, reach-back > 40)`, long.length, 'int'),
      row(`items ${leader.name} passes and ${second.name} fails`, aOnly.length, 'int'),
      row(`items ${second.name} passes and ${leader.name} fails`, bOnly.length, 'int'),
      row(`net difference (the paper's "350 items")`, aOnly.length - bOnly.length, 'int'),
      row(`of the ${leader.name}-only items, L3 long audits`, aOnly.filter((i) => isLongAudit(items[i])).length, 'int'),
      row(`${leader.name} success on the L3 long audits`, modelRateAt(ctx, leader.model_id, long), 'rate'),
      row(`median success of the other ${others.length} models on them`, median(others), 'rate'),
    ],
    paper: paperField(PAPER, 'astra-vs-rest'),
  };
}
