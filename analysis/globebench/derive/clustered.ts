import { clusterRobustMean } from '../../../src/derive/stats/cluster-robust-mean.js';
import { iccAnova } from '../../../src/derive/stats/icc-anova.js';
import { twoStageClusterBootstrapMeanCI } from '../../../src/derive/stats/two-stage-cluster-bootstrap.js';
import { derived, derivedBy } from '../../../src/derive/memo.js';
import type { GlobeContext } from './context.js';

/**
 * GlobeBench items are built by operators, and the items of one operator are not independent (the
 * paper: the operator explains most of the variance of log reach-back). A rate's uncertainty that
 * follows the design treats the operator as the cluster; the domain is the coarser alternative.
 */
const CLUSTER_UNITS = ['operator', 'domain'] as const;
export type ClusterUnit = (typeof CLUSTER_UNITS)[number];

/** Each item's cluster label under a cluster unit, in items.jsonl order. */
export const itemClusters = derivedBy(
  (ctx: GlobeContext, unit: ClusterUnit): string[] => ctx.release.items.map((it) => (unit === 'operator' ? it.operator : it.domain)),
  (u) => u,
);

/** A rate with its naive and clustered uncertainty (null where it is undefined: fewer than two units or clusters). */
export interface ClusteredRate {
  /** units averaged (items, responses, annotator pairs) */
  units: number;
  clusters: number;
  estimate: number | null;
  /** sandwich::vcovHC(lm(y ~ 1), type = "HC1"): as if every unit were independent */
  se_item: number | null;
  /** sandwich::vcovCL(lm(y ~ 1), cluster = ~g, type = "HC1") (CR1) */
  se_cluster: number | null;
  /** two-stage cluster bootstrap percentile interval (clusters, then units within them) */
  ci_cluster_low: number | null;
  ci_cluster_high: number | null;
  /** se_cluster^2 / se_item^2 */
  design_effect: number | null;
  /** one-way ANOVA intraclass correlation of the units within the clusters */
  icc: number | null;
}

const finite = (x: number): number | null => (Number.isFinite(x) ? x : null);

/**
 * The mean of `values` over units in `clusters` with its item (HC1) and cluster-robust (CR1)
 * standard errors, design effect, ICC and two-stage cluster-bootstrap interval; `stream` names the
 * bootstrap's random stream (one per cell).
 */
export function clusteredRate(ctx: GlobeContext, values: ArrayLike<number>, clusters: ArrayLike<string>, stream: string): ClusteredRate {
  const cr = clusterRobustMean(values, clusters);
  const ci = twoStageClusterBootstrapMeanCI(values, clusters, { resamples: ctx.opts.resamples, seed: ctx.opts.seed, stream });
  return {
    units: cr.n,
    clusters: cr.clusters,
    estimate: finite(cr.estimate),
    se_item: finite(cr.seItem),
    se_cluster: finite(cr.se),
    ci_cluster_low: finite(ci.low),
    ci_cluster_high: finite(ci.high),
    design_effect: finite(cr.designEffect),
    icc: finite(iccAnova(values, clusters)),
  };
}

/** Table 1's clustered columns: one model's 0/1 passes over every item, clustered by operator. */
export const modelClusteredCell = derivedBy(
  (ctx: GlobeContext, model_id: string): ClusteredRate =>
    clusteredRate(ctx, ctx.pass.get(model_id)!, itemClusters(ctx, 'operator'), `table01:cluster=operator:model=${model_id}`),
  (m) => m,
);

/** Operators that built at least one item (Table 1's notes). */
export const operatorCount = derived((ctx: GlobeContext): number => new Set(itemClusters(ctx, 'operator')).size);
