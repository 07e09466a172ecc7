import { expect, it } from 'vitest';
import { iccAnova } from '../../src/derive/stats/icc-anova.js';
import { clusteredFixture, UNEQUAL_SIZES } from '../helpers/clustered-fixture.js';
import { rscript } from '../helpers/reference.js';

/** R: the one-way ANOVA estimator from the mean squares of anova(lm(y ~ factor(g))), n0 from table(g). */
const R_ICC = `
fixtures <- jsonlite::fromJSON(file("stdin"), simplifyVector = FALSE)
out <- sapply(fixtures, function(f) {
  y <- unlist(f$values); g <- factor(unlist(f$clusters))
  a <- anova(lm(y ~ g))
  msb <- a["g", "Mean Sq"]; msw <- a["Residuals", "Mean Sq"]
  N <- length(y); G <- nlevels(g)
  n0 <- (N - sum(table(g)^2) / N) / (G - 1)
  sprintf("%.17g", (msb - msw) / (msb + (n0 - 1) * msw))
})
cat(jsonlite::toJSON(out))`;

it('equals the ANOVA estimator computed in R from anova(lm(y ~ factor(g))) on unequal clusters, to 1e-12', () => {
  const fixtures = [
    clusteredFixture(UNEQUAL_SIZES, 41, 'continuous'),
    clusteredFixture(UNEQUAL_SIZES, 42, 'binary'),
    clusteredFixture([2, 40, 3, 1, 7, 12], 43, 'binary'),
  ];
  const ref: string[] = rscript(R_ICC, fixtures);
  fixtures.forEach((f, i) => expect(Math.abs(iccAnova(f.values, f.clusters) - Number(ref[i]))).toBeLessThan(1e-12));
  // the fixtures are clustered, so the check has teeth
  expect(Number(ref[0])).toBeGreaterThan(0.3);
});

it('hand-worked: clusters A = (1, 2, 3), B = (4, 6)', () => {
  // means 2 and 5, overall 3.2: SSB = 3 (1.2)^2 + 2 (1.8)^2 = 10.8 on 1 df; SSW = 2 + 2 = 4 on 3 df
  // n0 = (5 - (9 + 4) / 5) / 1 = 2.4; ICC = (10.8 - 4/3) / (10.8 + 1.4 * 4/3) = 28.4 / 38
  expect(iccAnova([1, 2, 3, 4, 6], ['A', 'A', 'A', 'B', 'B'])).toBeCloseTo(28.4 / 38, 14);
});

it('equal clusters with no between-cluster variation give the negative bound -1/(n0 - 1); none within give 1', () => {
  // every cluster has the same mean: MSB = 0, ICC = -MSW / ((n0 - 1) MSW) = -1/(n0 - 1), n0 = 2
  expect(iccAnova([0, 1, 1, 0, 0, 1], ['a', 'a', 'b', 'b', 'c', 'c'])).toBeCloseTo(-1, 14);
  expect(iccAnova([0, 0, 1, 1, 1], ['a', 'a', 'b', 'b', 'b'])).toBe(1);
});

it('NaN for one cluster, singletons only, or no variation', () => {
  expect(iccAnova([1, 2, 3], ['a', 'a', 'a'])).toBeNaN();
  expect(iccAnova([1, 2, 3], ['a', 'b', 'c'])).toBeNaN();
  expect(iccAnova([1, 1, 1, 1], ['a', 'a', 'b', 'b'])).toBeNaN();
  expect(() => iccAnova([1, 2], ['a'])).toThrow(/2 values but 1 cluster labels/);
});
