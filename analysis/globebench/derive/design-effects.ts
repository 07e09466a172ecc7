import { threeWay } from '../../../src/domain/grade/grade-response.js';
import { derivedBy } from '../../../src/derive/memo.js';
import { clusteredRate, itemClusters, modelClusteredCell, type ClusteredRate } from './clustered.js';
import type { GlobeContext } from './context.js';
import { TABLE02_GROUPS } from './failures.js';
import { agreementPairs } from './human-study.js';
import { isLongAudit } from './leader-margin.js';
import { FAILURE_CODES, NO_RESPONSE, PASSED, responseColumns } from './responses.js';
import { BANDS, itemsByBand, itemShares, itemsByOutcome, passCounts, pick, radiusLevels } from './slices.js';

/** One rate of the scorecard's tables with its clustered uncertainty (operators as clusters). */
export interface DesignEffectRow extends ClusteredRate {
  /** the table that shows the rate */
  analysis: string;
  rate: string;
  /** what one unit of the rate is */
  unit: 'item' | 'response' | 'annotator pair';
}

const row = (analysis: string, rate: string, unit: DesignEffectRow['unit'], c: ClusteredRate): DesignEffectRow => ({ analysis, rate, unit, ...c });

/** A rate over some items: the mean of `values` at `idx`, clustered by the items' operators. */
function itemRate(ctx: GlobeContext, values: ArrayLike<number>, idx: readonly number[], stream: string): ClusteredRate {
  const ops = itemClusters(ctx, 'operator');
  return clusteredRate(
    ctx,
    pick(values, idx),
    idx.map((i) => ops[i]),
    stream,
  );
}

/** Table 2's shares over the responses of each group of models, every response clustered by its item's operator. */
function responseShares(ctx: GlobeContext): DesignEffectRow[] {
  const cols = responseColumns(ctx);
  const ops = itemClusters(ctx, 'operator');
  const out: DesignEffectRow[] = [];
  for (const g of TABLE02_GROUPS.filter((x) => x.id !== 'world_models')) {
    const members = ctx.models.flatMap((m, k) => (g.member(m) ? [k] : []));
    const answered: { op: string[]; type: string[] } = { op: [], type: [] };
    const noResponse: number[] = [];
    const allOps: string[] = [];
    for (const m of members)
      for (let i = 0, r = m * cols.items; i < cols.items; i++, r++) {
        if (!cols.present[r]) continue;
        const f = cols.failure[r];
        noResponse.push(f === NO_RESPONSE ? 1 : 0);
        allOps.push(ops[i]);
        if (f === PASSED || f === NO_RESPONSE) continue;
        answered.op.push(ops[i]);
        answered.type.push(threeWay(FAILURE_CODES[f]));
      }
    for (const type of ['wrong_value', 'structure_only', 'no_state_fields'] as const) {
      const y = Uint8Array.from(answered.type, (t) => (t === type ? 1 : 0));
      out.push(
        row(
          'table02',
          `${g.label}: ${type.replaceAll('_', ' ')}, share of answered failures`,
          'response',
          clusteredRate(ctx, y, answered.op, `design-effects:table02:group=${g.id}:${type}`),
        ),
      );
    }
    out.push(
      row(
        'table02',
        `${g.label}: no usable response, share of responses`,
        'response',
        clusteredRate(ctx, noResponse, allOps, `design-effects:table02:group=${g.id}:no_response`),
      ),
    );
  }
  return out;
}

/**
 * The design-effects table: every rate the scorecard compares (a superset: every model of Table 1,
 * every radius level and reach-back band, every group of Table 2) with its naive (HC1) and clustered
 * (CR1 by operator) standard errors, the design effect, the ICC within operators and the two-stage
 * cluster-bootstrap interval. Units: items (model passes, or the share of models passing for a mean
 * over models), responses (Table 2's shares) or annotator pairs on an anchor item (Table 3's
 * agreement), each clustered by the operator of its item. `leader` is the model of the long-audit
 * rate (astra-vs-rest's).
 */
export const designEffects = derivedBy(
  (ctx: GlobeContext, leader: string): DesignEffectRow[] => {
    const items = ctx.release.items;
    const shares = itemShares(ctx);
    const rows: DesignEffectRow[] = ctx.models.map((m) => row('table01', `${m.name}: overall success`, 'item', modelClusteredCell(ctx, m.model_id)));
    rows.push(...responseShares(ctx));
    for (const { level, idx } of radiusLevels(ctx))
      rows.push(
        row('table14', `impact radius ${level}: mean success over models`, 'item', itemRate(ctx, shares, idx, `design-effects:table14:radius=${level}`)),
      );
    const bands = itemsByBand(ctx);
    for (const band of BANDS.filter((b) => bands.has(b)))
      rows.push(
        row(
          'table14',
          `reach-back ${band} turns: mean success over models`,
          'item',
          itemRate(ctx, shares, bands.get(band)!, `design-effects:table14:band=${band}`),
        ),
      );
    const counts = passCounts(ctx);
    const unsolved = items.flatMap((_, i) => (counts[i] === 0 ? [i] : []));
    const atL3 = Uint8Array.from(items, (it) => (it.impact_radius === 'L3' ? 1 : 0));
    rows.push(row('table20', 'unsolved items at impact radius L3, share of the unsolved', 'item', itemRate(ctx, atL3, unsolved, 'design-effects:table20:L3')));
    const outcomes = itemsByOutcome(ctx);
    for (const o of ['error', 'normal'] as const)
      if (outcomes.has(o))
        rows.push(
          row(
            'table22',
            `final action ${o === 'error' ? 'error / block' : 'normal'}: mean success over models`,
            'item',
            itemRate(ctx, shares, outcomes.get(o)!, `design-effects:table22:outcome=${o}`),
          ),
        );
    const long = items.flatMap((it, i) => (isLongAudit(it) ? [i] : []));
    const leaderName = ctx.models.find((m) => m.model_id === leader)?.name;
    if (leaderName !== undefined)
      rows.push(
        row(
          'astra-vs-rest',
          `${leaderName}: success on the L3 long audits`,
          'item',
          itemRate(ctx, ctx.pass.get(leader)!, long, `design-effects:astra-vs-rest:model=${leader}`),
        ),
      );
    const ops = new Map(items.map((it) => [it.item_id, it.operator]));
    for (const p of agreementPairs(ctx))
      rows.push(
        row(
          'table03',
          `${p.dimension}: exact agreement between annotators`,
          'annotator pair',
          clusteredRate(
            ctx,
            p.same,
            p.item_id.map((id) => ops.get(id) ?? id),
            `design-effects:table03:dimension=${p.dimension}`,
          ),
        ),
      );
    const audit = auditPassByItem(ctx);
    if (audit.length)
      rows.push(
        row(
          'table03',
          'LLM audit: audited items that pass',
          'item',
          clusteredRate(
            ctx,
            audit.map((a) => a.pass),
            audit.map((a) => ops.get(a.item_id) ?? a.item_id),
            'design-effects:table03:audit-pass',
          ),
        ),
      );
    return rows;
  },
  (leader) => leader,
);

/** Each audited item (first-seen order) and whether every audit row of it passes (Table 3's audit pass). */
function auditPassByItem(ctx: GlobeContext): { item_id: string; pass: number }[] {
  const pass = new Map<string, boolean>();
  for (const a of ctx.release.audit ?? []) pass.set(a.item_id, (pass.get(a.item_id) ?? true) && a.pass);
  return [...pass].map(([item_id, p]) => ({ item_id, pass: p ? 1 : 0 }));
}
