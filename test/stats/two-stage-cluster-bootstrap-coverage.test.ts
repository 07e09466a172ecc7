import { expect, it } from 'vitest';
import { betaBinomialClusterSample } from '../../src/derive/stats/beta-binomial-cluster-sample.js';
import { bootstrapMeanCI } from '../../src/derive/stats/bootstrap-mean-ci.js';
import { clusterRobustMean } from '../../src/derive/stats/cluster-robust-mean.js';
import { clusterRobustTInterval } from '../../src/derive/stats/cluster-robust-t-interval.js';
import { createRng } from '../../src/derive/stats/rng.js';
import { twoStageClusterBootstrapMeanCI } from '../../src/derive/stats/two-stage-cluster-bootstrap.js';

/**
 * The coverage check of the issue at its full size, fixed seed (the same releases as
 * bench/cluster-coverage.mjs): 500 simulated releases of 30 clusters of 10-50 binary units, ICC 0.3
 * (beta-binomial), true mean 0.3, 1,000 resamples each; it costs about a second of CPU.
 *
 * Power: each share has a Monte Carlo s.e. of about 1.1 points at 500 releases. The cluster
 * bootstrap's true coverage here is 93.8% (4,000 releases: s.e. 0.4), so this seed's 93.4% is
 * typical; an interval whose true coverage were 90% would pass the >= 92% check with probability
 * about 8%, one at 88% with 0.4%. The item bootstrap's true coverage is about 43% (design effect
 * about 11): it cannot reach 85% by chance. The CR1 interval is checked beside it (true 93.9%).
 */
it('the two-stage cluster bootstrap covers the true mean >= 92% of the time, the item bootstrap < 85%', () => {
  const releases = 500,
    resamples = 1000,
    SEED = 20260301,
    MEAN = 0.3,
    ICC = 0.3;
  const covered = { cluster: 0, item: 0, cr1: 0 };
  for (let r = 0; r < releases; r++) {
    const rng = createRng(SEED, `release:${r}`);
    const sizes = Array.from({ length: 30 }, () => 10 + rng.int(41));
    const values = betaBinomialClusterSample(rng, sizes, MEAN, ICC);
    const clusters = sizes.flatMap((n, g) => new Array<number>(n).fill(g));
    const opts = { resamples, seed: SEED, stream: `coverage:${r}` };
    const cluster = twoStageClusterBootstrapMeanCI(values, clusters, opts);
    const item = bootstrapMeanCI(values, opts);
    const cr1 = clusterRobustTInterval(clusterRobustMean(values, clusters));
    if (cluster.low <= MEAN && MEAN <= cluster.high) covered.cluster++;
    if (item.low <= MEAN && MEAN <= item.high) covered.item++;
    if (cr1.low <= MEAN && MEAN <= cr1.high) covered.cr1++;
  }
  expect(covered.cluster / releases).toBeGreaterThanOrEqual(0.92);
  expect(covered.item / releases).toBeLessThan(0.85);
  expect(covered.cr1 / releases).toBeGreaterThanOrEqual(0.92);
  // the numbers the bench prints for the same releases
  expect(covered).toEqual({ cluster: 467, item: 202, cr1: 469 });
});
