import { expect, it } from 'vitest';
import { clusterRobustMean } from '../../src/derive/stats/cluster-robust-mean.js';
import { clusterRobustPairedDiff } from '../../src/derive/stats/cluster-robust-paired-diff.js';
import { createRng } from '../../src/derive/stats/rng.js';
import { clusteredFixture, UNEQUAL_SIZES } from '../helpers/clustered-fixture.js';
import { rscript } from '../helpers/reference.js';

// two models' 0/1 scores on the same items (b agrees with a on most items), items in clusters
const a = clusteredFixture(UNEQUAL_SIZES, 11, 'binary');
const rng = createRng(12, 'paired');
const b = a.values.map((x) => (rng.next() < 0.75 ? x : rng.next() < 0.5 ? 1 : 0));

it('equals sandwich::vcovCL(lm(d ~ 1), cluster = ~g, type = "HC1") of the differences, and vcovHC, to 1e-12', () => {
  const ref: { est: string; cl: string; hc: string; cr1s: string } = rscript(
    `suppressMessages({ library(sandwich); library(clubSandwich) })
f <- jsonlite::fromJSON(file("stdin"))
d <- data.frame(d = f$a - f$b, g = f$g)
fit <- lm(d ~ 1, data = d)
cat(jsonlite::toJSON(list(est = sprintf("%.17g", coef(fit)[[1]]),
  cl = sprintf("%.17g", sqrt(vcovCL(fit, cluster = ~g, type = "HC1")[1, 1])),
  hc = sprintf("%.17g", sqrt(vcovHC(fit, type = "HC1")[1, 1])),
  cr1s = sprintf("%.17g", sqrt(as.matrix(vcovCR(fit, cluster = d$g, type = "CR1S"))[1, 1]))), auto_unbox = TRUE))`,
    { a: a.values, b, g: a.clusters },
  );
  const ours = clusterRobustPairedDiff(a.values, b, a.clusters);
  expect(Math.abs(ours.estimate - Number(ref.est))).toBeLessThan(1e-15);
  expect(Math.abs(ours.se - Number(ref.cl)) / Number(ref.cl)).toBeLessThan(1e-12);
  expect(Math.abs(ours.se - Number(ref.cr1s)) / Number(ref.cr1s)).toBeLessThan(1e-12);
  expect(Math.abs(ours.seItem - Number(ref.hc)) / Number(ref.hc)).toBeLessThan(1e-12);
});

it('hand-worked: a - b = (1, 0 | -1 | 1, 1) in clusters X, Y, Z; pairing narrows the SE against the unpaired one', () => {
  const r = clusterRobustPairedDiff([1, 1, 0, 1, 1], [0, 1, 1, 0, 0], ['X', 'X', 'Y', 'Z', 'Z']);
  // d = (1, 0, -1, 1, 1), mean 2/5; residuals 3/5, -2/5 | -7/5 | 3/5, 3/5: cluster sums 1/5, -7/5, 6/5
  // V = 3/2 * (1 + 49 + 36) / 25 / 25 = 3/2 * 86 / 625
  expect(r.estimate).toBeCloseTo(0.4, 15);
  expect(r.se).toBeCloseTo(Math.sqrt((1.5 * 86) / 625), 15);
  expect(r).toEqual(clusterRobustMean([1, 0, -1, 1, 1], ['X', 'X', 'Y', 'Z', 'Z']));
  expect(() => clusterRobustPairedDiff([1], [1, 0], ['a'])).toThrow(/lengths differ/);
});
