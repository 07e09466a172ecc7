// Coverage of the 95% intervals of a clustered mean: simulated releases of 30 clusters of 10-50
// binary units with intraclass correlation 0.3 (beta-binomial: cluster rates ~ Beta with mean 0.3
// and ICC 0.3), true mean 0.3. For each release: the two-stage cluster bootstrap, the item bootstrap
// (the workbench's interval until now) and, as a reference in the same run, the CR1 t interval
// (estimate +- t(0.975, G - 1) SE); each interval's share of releases that cover the true mean,
// with its Monte Carlo standard error. Goal (issue "Does the paper hold?"): the cluster bootstrap
// covers at least 92%, the item bootstrap under 85%.
// Run after `npm run build`:   node bench/cluster-coverage.mjs [releases] [resamples]
import { twoStageClusterBootstrapMeanCI } from '../dist/src/derive/stats/two-stage-cluster-bootstrap.js';
import { bootstrapMeanCI } from '../dist/src/derive/stats/bootstrap-mean-ci.js';
import { clusterRobustMean } from '../dist/src/derive/stats/cluster-robust-mean.js';
import { clusterRobustTInterval } from '../dist/src/derive/stats/cluster-robust-t-interval.js';
import { betaBinomialClusterSample } from '../dist/src/derive/stats/beta-binomial-cluster-sample.js';
import { iccAnova } from '../dist/src/derive/stats/icc-anova.js';
import { createRng } from '../dist/src/derive/stats/rng.js';

const releases = Number(process.argv[2] ?? 500);
const resamples = Number(process.argv[3] ?? 1000);
const CLUSTERS = 30,
  MIN_SIZE = 10,
  MAX_SIZE = 50,
  MEAN = 0.3,
  ICC = 0.3,
  SEED = 20260301;

/** One simulated release: cluster sizes uniform on 10..50, units by the beta-binomial model. */
function release(r) {
  const rng = createRng(SEED, `release:${r}`);
  const sizes = Array.from({ length: CLUSTERS }, () => MIN_SIZE + rng.int(MAX_SIZE - MIN_SIZE + 1));
  const values = betaBinomialClusterSample(rng, sizes, MEAN, ICC);
  const clusters = sizes.flatMap((n, g) => Array(n).fill(g));
  return { values, clusters };
}

const covered = { cluster: 0, item: 0, cr1: 0 };
const width = { cluster: 0, item: 0, cr1: 0 };
let iccSum = 0,
  deffSum = 0;
const t0 = process.hrtime.bigint();
for (let r = 0; r < releases; r++) {
  const { values, clusters } = release(r);
  const opts = { resamples, seed: SEED, stream: `coverage:${r}` };
  const intervals = {
    cluster: twoStageClusterBootstrapMeanCI(values, clusters, opts),
    item: bootstrapMeanCI(values, opts),
    cr1: clusterRobustTInterval(clusterRobustMean(values, clusters)),
  };
  for (const [k, ci] of Object.entries(intervals)) {
    if (ci.low <= MEAN && MEAN <= ci.high) covered[k]++;
    width[k] += ci.high - ci.low;
  }
  iccSum += iccAnova(values, clusters);
  deffSum += clusterRobustMean(values, clusters).designEffect;
}
const seconds = Number(process.hrtime.bigint() - t0) / 1e9;

const share = (k) => covered[k] / releases;
const se = (k) => Math.sqrt((share(k) * (1 - share(k))) / releases);
const pct = (x) => `${(100 * x).toFixed(1)}%`;
console.log(
  `coverage of 95% intervals for a clustered mean: ${releases} releases of ${CLUSTERS} clusters of ${MIN_SIZE}-${MAX_SIZE} binary units, ICC ${ICC}, true mean ${MEAN}, ${resamples} resamples each (${seconds.toFixed(1)} s)`,
);
console.log(`  mean ICC estimate (ANOVA) ${(iccSum / releases).toFixed(3)}, mean design effect ${(deffSum / releases).toFixed(2)}`);
for (const [k, name] of [
  ['cluster', 'two-stage cluster bootstrap'],
  ['item', 'item bootstrap             '],
  ['cr1', 'CR1 t(G - 1) (reference)  '],
]) {
  console.log(`  ${name}: covers ${pct(share(k))} (Monte Carlo s.e. ${pct(se(k))}), mean width ${(width[k] / releases).toFixed(4)}`);
}
console.log(`  goal: cluster bootstrap covers >= 92%: ${pct(share('cluster'))} (${share('cluster') >= 0.92 ? 'met' : 'NOT MET'})`);
console.log(`  goal: item bootstrap covers < 85%: ${pct(share('item'))} (${share('item') < 0.85 ? 'met' : 'NOT MET'})`);
console.log(`  ratio of mean widths, cluster bootstrap / CR1: ${(width.cluster / width.cr1).toFixed(3)}`);
if (share('cluster') < 0.92 || share('item') >= 0.85) process.exitCode = 1;
