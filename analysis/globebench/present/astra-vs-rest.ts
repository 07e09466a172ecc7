import { GLOBE_COLUMNS } from './columns.js';
import { delta, type Table } from '../../../src/present/tables/table.js';
import type { GlobeContext } from '../derive/context.js';
import { leaderMargin } from '../derive/leader-margin.js';
import { modelOrder } from '../derive/slices.js';
import { PAIRED, PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';

/**
 * Where the leader's margin comes from: of the items the leader (GPT-6 Astra where present, else the
 * top model) solves and the runner-up misses, how many are L3 long audits; and each model's success
 * on the long audits, the leader against the median of the rest.
 */
export function astraVsRestTable(ctx: GlobeContext): Table {
  const ranked = modelOrder(ctx);
  const leader = ctx.models.find((m) => m.name === PAIRED.a) ?? ranked[0];
  // a one-model release has no runner-up: compare the leader with nobody (zero items either side)
  const second = ctx.models.find((m) => m.name === PAIRED.b) ?? ranked.find((m) => m !== leader) ?? leader;
  const margin = leaderMargin(ctx, { leader: leader.model_id, runnerUp: second.model_id });
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
      row(`L3 long-audit items (L3, reach-back > 40)`, margin.longAudits, 'int'),
      row(`items ${leader.name} passes and ${second.name} fails`, margin.leaderOnly, 'int'),
      row(`items ${second.name} passes and ${leader.name} fails`, margin.runnerUpOnly, 'int'),
      row(`net difference (the paper's "350 items")`, margin.net, 'int'),
      row(`of the ${leader.name}-only items, L3 long audits`, margin.leaderOnlyLongAudits, 'int'),
      row(`${leader.name} success on the L3 long audits`, margin.leaderLongSuccess, 'rate'),
      row(`median success of the other ${margin.otherModels} models on them`, margin.medianOthersLongSuccess, 'rate'),
    ],
    paper: paperField(PAPER, 'astra-vs-rest'),
  };
}
