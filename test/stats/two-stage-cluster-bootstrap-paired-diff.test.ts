import { expect, it } from 'vitest';
import { createRng } from '../../src/derive/stats/rng.js';
import { twoStageClusterBootstrapMeanCI, twoStageClusterBootstrapMeans } from '../../src/derive/stats/two-stage-cluster-bootstrap.js';
import { twoStageClusterBootstrapPairedDiffCI } from '../../src/derive/stats/two-stage-cluster-bootstrap-paired-diff.js';
import { quantileSorted } from '../../src/derive/stats/quantile-sorted.js';
import { clusteredFixture, UNEQUAL_SIZES } from '../helpers/clustered-fixture.js';

const a = clusteredFixture(UNEQUAL_SIZES, 81, 'binary');
const rng = createRng(82, 'paired');
const b = a.values.map((x) => (rng.next() < 0.7 ? x : rng.next() < 0.4 ? 1 : 0));

it('keeps pairs together: the same draws as the difference of two columns resampled on the same units', () => {
  const opts = { resamples: 2001, seed: 83, stream: 'pawm:pairwise', draw: 'items' as const };
  const ci = twoStageClusterBootstrapPairedDiffCI(a.values, b, a.clusters, opts);
  // the two columns drawn together (unit by unit), their means differenced per replicate
  const both = twoStageClusterBootstrapMeans([a.values, b], a.clusters, { ...opts, draw: 'items' });
  const diffs = Float64Array.from({ length: opts.resamples }, (_, r) => both[2 * r] - both[2 * r + 1]).sort();
  // the differences of the column means equal the means of the differences up to rounding
  expect(Math.abs(ci.low - quantileSorted(diffs, 0.025))).toBeLessThan(1e-12);
  expect(Math.abs(ci.high - quantileSorted(diffs, 0.975))).toBeLessThan(1e-12);
  expect(ci).toEqual(
    twoStageClusterBootstrapMeanCI(
      a.values.map((x, i) => x - b[i]),
      a.clusters,
      opts,
    ),
  );
});

it('pairing narrows the interval against resampling the two models independently (they agree on most items)', () => {
  const opts = { resamples: 4000, seed: 84 };
  const paired = twoStageClusterBootstrapPairedDiffCI(a.values, b, a.clusters, opts);
  const ra = twoStageClusterBootstrapMeans([a.values], a.clusters, { ...opts, stream: 'a' });
  const rb = twoStageClusterBootstrapMeans([b], a.clusters, { ...opts, stream: 'b' });
  const independent = Float64Array.from(ra, (x, r) => x - rb[r]).sort();
  expect(paired.high - paired.low).toBeLessThan((quantileSorted(independent, 0.975) - quantileSorted(independent, 0.025)) / 2);
  expect(() => twoStageClusterBootstrapPairedDiffCI([1], [1, 0], ['a'], opts)).toThrow(/lengths differ/);
});
