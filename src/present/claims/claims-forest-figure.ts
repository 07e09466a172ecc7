import type { TopLevelSpec } from 'vega-lite';
import type { ClaimRow } from '../../derive/claims/claim.js';
import type { Figure } from '../figures/figure.js';

/** The forest plot's points: one per claim and interval kind that the claim has. */
function claimsForestPoints(
  rows: readonly ClaimRow[],
): { claim_id: string; interval: string; estimate: number; low: number; high: number; threshold: number; verdict: string }[] {
  return rows.flatMap((r) => {
    if (r.estimate === null) return [];
    const kinds: [string, number | null, number | null][] = [
      ['headline', r.ci_low, r.ci_high],
      ['item bootstrap', r.item_low, r.item_high],
      ['CR1', r.cr1_low, r.cr1_high],
    ];
    return kinds.flatMap(([interval, low, high]) =>
      low === null || high === null
        ? []
        : [{ claim_id: r.claim_id, interval, estimate: r.estimate as number, low, high, threshold: r.threshold, verdict: r.verdict }],
    );
  });
}

/**
 * A forest plot of a benchmark's claims: per claim (one panel each, its own scale, since claims
 * are in different units), the estimate with its headline, item-bootstrap and CR1 intervals, and
 * the threshold it is judged against as a dashed line.
 */
export function claimsForestFigure(benchmark: string, rows: readonly ClaimRow[]): Figure {
  const values = claimsForestPoints(rows);
  const kinds = ['headline', 'item bootstrap', 'CR1'];
  const spec: TopLevelSpec = {
    title: `${benchmark}: each claim's estimate and 95% intervals against its threshold`,
    data: { values },
    facet: {
      row: {
        field: 'claim_id',
        type: 'nominal',
        title: null,
        header: { labelAngle: 0, labelAlign: 'left', labelLimit: 320 },
        sort: rows.map((r) => r.claim_id),
      },
    },
    resolve: { scale: { x: 'independent' } },
    spec: {
      width: 320,
      height: 48,
      layer: [
        {
          mark: { type: 'rule', strokeWidth: 2 },
          encoding: {
            y: { field: 'interval', type: 'nominal', sort: kinds, title: null },
            x: { field: 'low', type: 'quantitative', title: 'estimate', scale: { zero: false } },
            x2: { field: 'high' },
            color: { field: 'interval', type: 'nominal', sort: kinds, title: 'interval' },
          },
        },
        {
          mark: { type: 'point', filled: true, tooltip: true },
          encoding: {
            y: { field: 'interval', type: 'nominal', sort: kinds },
            x: { field: 'estimate', type: 'quantitative' },
            color: { field: 'interval', type: 'nominal', sort: kinds },
            tooltip: [{ field: 'claim_id' }, { field: 'interval' }, { field: 'estimate' }, { field: 'low' }, { field: 'high' }, { field: 'verdict' }],
          },
        },
        {
          mark: { type: 'rule', strokeDash: [4, 3], color: 'black' },
          encoding: { x: { field: 'threshold', type: 'quantitative' } },
        },
      ],
    },
  };
  return {
    id: 'fig-claims',
    title: `Claims of ${benchmark}: estimates and intervals against their thresholds`,
    source: 'beyond the paper (the claims table)',
    spec,
    notes: [
      'Each panel is one claim on its own scale; the dashed line is the threshold the verdict is judged against. Headline: the interval the verdict uses.',
    ],
  };
}
