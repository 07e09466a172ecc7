import type { ClaimRow } from '../../derive/claims/claim.js';
import type { Column, Table, TableRow } from '../tables/table.js';

const CLAIM_COLUMNS: Column[] = [
  { key: 'claim_id', label: 'Claim', help: "the claim's id in docs/papers.md, section Claims" },
  { key: 'claim', label: 'Claim (plain words)' },
  { key: 'paper_ref', label: 'Where in the paper' },
  { key: 'estimand', label: 'Estimand' },
  {
    key: 'claimed',
    label: 'Claimed',
    help: 'the claimed side of the threshold the estimate is judged against (a difference: > 0; non-inferiority: > -margin)',
  },
  { key: 'margin', label: 'Margin', format: 'num3', help: "non-inferiority margin in the estimate's units (0.03 = 3 percentage points)" },
  { key: 'estimate', label: 'Estimate', format: 'num3', help: "in the claim's units: a rate or rate difference 0-1, a count, a rank" },
  {
    key: 'ci_low',
    label: '95% CI low',
    format: 'num3',
    help: 'the headline interval (see Interval): two-stage cluster bootstrap where units are clustered, else bootstrap over units, Wilson for a small-count rate',
  },
  { key: 'ci_high', label: '95% CI high', format: 'num3', help: 'the headline interval (see Interval)' },
  { key: 'interval', label: 'Interval', help: 'how the headline interval was made' },
  {
    key: 'p_value',
    label: 'p',
    format: 'p',
    help: 'two-sided, against the threshold: the CR1 t test (G - 1 df), the one-sample or paired t when units are not clustered; a z test for Mantel-Haenszel',
  },
  { key: 'p_holm', label: 'p (Holm)', format: 'p', help: "Holm's adjustment over this benchmark's claims that have a p-value (R's p.adjust)" },
  {
    key: 'verdict',
    label: 'Verdict',
    help: 'from the headline interval: holds (as claimed, the interval excludes the threshold), same / opposite direction not significant, contradicted (the interval excludes the claim), not computable',
  },
  { key: 'verdict_item_bootstrap', label: 'Verdict (item bootstrap)', help: 'the same rule on the bootstrap over units, clusters ignored' },
  { key: 'verdict_clustered', label: 'Verdict (CR1)', help: 'the same rule on estimate +- t(0.975, G - 1) x the cluster-robust SE' },
  { key: 'item_low', label: 'Item CI low', format: 'num3', help: 'bootstrap over units, clusters ignored' },
  { key: 'item_high', label: 'Item CI high', format: 'num3', help: 'bootstrap over units, clusters ignored' },
  { key: 'cr1_low', label: 'CR1 CI low', format: 'num3', help: 'estimate - t(0.975, G - 1) x the cluster-robust SE' },
  { key: 'cr1_high', label: 'CR1 CI high', format: 'num3', help: 'estimate + t(0.975, G - 1) x the cluster-robust SE' },
  {
    key: 'mde',
    label: 'MDE',
    format: 'num3',
    help: "differences: the minimum detectable effect at 80% power, alpha 0.05, effective n = n / design effect, in the estimate's units",
  },
  {
    key: 'replication_probability',
    label: 'Replication',
    format: 'pct',
    help: 'share of 1,000 parametric replicates of the same design whose CR1 verdict holds',
  },
  {
    key: 'robust',
    label: 'Robust',
    format: 'pct',
    help: 'share of the robustness grid cells that apply whose verdict equals the headline verdict (empty: no grid)',
  },
  { key: 'units_as_claimed', label: 'Units as claimed', format: 'int', help: 'claims over many units: how many move as claimed' },
  { key: 'units_significant', label: 'Units significant', format: 'int', help: 'claims over many units: how many hold on their own' },
  { key: 'missing', label: 'Missing', help: 'not computable: the file or field the release lacks' },
];

const claimed = (r: ClaimRow) => (r.estimand === 'zero-rates' ? 'every cell 0' : `${r.direction === 'greater' ? '>' : '<'} ${r.threshold}`);

/**
 * The claims table of a benchmark (`OUT/<bench>/claims.*`): every declared claim with its estimate,
 * headline interval, p-values and verdicts (src/derive/claims), one row per claim in declaration order.
 */
export function claimsTable(benchmark: string, rows: readonly ClaimRow[], opts: { seed: number; resamples: number }): Table {
  const out: TableRow[] = rows.map((r) => ({
    claim_id: r.claim_id,
    claim: r.claim,
    paper_ref: r.paper_ref,
    estimand: r.estimand,
    claimed: claimed(r),
    margin: r.margin,
    estimate: r.estimate,
    ci_low: r.ci_low,
    ci_high: r.ci_high,
    interval: r.interval,
    p_value: r.p_value,
    p_holm: r.p_holm,
    verdict: r.verdict,
    verdict_item_bootstrap: r.verdict_item_bootstrap,
    verdict_clustered: r.verdict_clustered,
    item_low: r.item_low,
    item_high: r.item_high,
    cr1_low: r.cr1_low,
    cr1_high: r.cr1_high,
    mde: r.mde,
    replication_probability: r.replication_probability,
    robust: r.robust,
    units_as_claimed: r.units_as_claimed,
    units_significant: r.units_significant,
    missing: r.missing,
  }));
  return {
    id: 'claims',
    title: `Does the paper hold? ${benchmark}'s claims, each with a verdict`,
    source: 'beyond the paper (its claims, docs/papers.md section Claims)',
    columns: CLAIM_COLUMNS,
    rows: out,
    notes: [
      'A verdict judges the claimed direction or threshold, never the published magnitude (the scorecard compares magnitudes).',
      `Bootstrap intervals: ${opts.resamples} resamples (seed ${opts.seed}, one stream per claim: claims:<id>); replication: 1,000 parametric replicates (stream claims:<id>:replication).`,
      'A claim over many units holds only if every unit holds and is contradicted if any unit is significantly opposite; its p is the largest unit p, its estimate and interval those of the least favourable unit.',
      'Where a claim has one kind of interval only (Mantel-Haenszel, Wilson cells, a fixed count, a rank, a descriptive value) the item-bootstrap and CR1 verdicts repeat the headline one.',
    ],
  };
}
