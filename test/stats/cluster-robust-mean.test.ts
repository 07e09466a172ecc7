import { describe, expect, it } from 'vitest';
import { clusterRobustMean } from '../../src/derive/stats/cluster-robust-mean.js';
import { clusteredFixture, UNEQUAL_SIZES } from '../helpers/clustered-fixture.js';
import { rscript } from '../helpers/reference.js';

/** R: the intercept's variance by sandwich's vcovCL (HC1) and vcovHC (HC1), and clubSandwich's CR1S. */
const R_MEAN = `
suppressMessages({ library(sandwich); library(clubSandwich) })
fixtures <- jsonlite::fromJSON(file("stdin"), simplifyVector = FALSE)
out <- lapply(fixtures, function(f) {
  d <- data.frame(y = unlist(f$values), g = unlist(f$clusters))
  fit <- lm(y ~ 1, data = d)
  list(mean = sprintf("%.17g", coef(fit)[[1]]),
    cl = sprintf("%.17g", sqrt(vcovCL(fit, cluster = ~g, type = "HC1")[1, 1])),
    hc = sprintf("%.17g", sqrt(vcovHC(fit, type = "HC1")[1, 1])),
    cr1s = sprintf("%.17g", sqrt(as.matrix(vcovCR(fit, cluster = d$g, type = "CR1S"))[1, 1])))
})
cat(jsonlite::toJSON(out, auto_unbox = TRUE))`;

describe('clusterRobustMean', () => {
  const fixtures = [
    clusteredFixture(UNEQUAL_SIZES, 1, 'continuous'),
    clusteredFixture(UNEQUAL_SIZES, 2, 'binary'),
    clusteredFixture([50, 1, 1, 2, 70, 3], 3, 'binary'),
    clusteredFixture([2, 3], 4, 'continuous'),
  ];
  const ref: { mean: string; cl: string; hc: string; cr1s: string }[] = rscript(R_MEAN, fixtures);

  it('equals sandwich::vcovCL(lm(y ~ 1), cluster = ~g, type = "HC1") and vcovHC(type = "HC1") to 1e-12, on unequal clusters', () => {
    fixtures.forEach((f, i) => {
      const ours = clusterRobustMean(f.values, f.clusters);
      const r = ref[i];
      expect(Math.abs(ours.estimate - Number(r.mean))).toBeLessThan(1e-14);
      expect(Math.abs(ours.se - Number(r.cl)) / Number(r.cl)).toBeLessThan(1e-12);
      expect(Math.abs(ours.seItem - Number(r.hc)) / Number(r.hc)).toBeLessThan(1e-12);
      expect(ours.designEffect).toBeCloseTo(Number(r.cl) ** 2 / Number(r.hc) ** 2, 12);
      expect(ours.clusters).toBe(new Set(f.clusters).size);
      expect(ours.df).toBe(ours.clusters - 1);
    });
  });

  it('equals clubSandwich CR1S (the same small-sample factor, G/(G - 1) (n - 1)/(n - k))', () => {
    fixtures.forEach((f, i) => {
      const cr1s = Number(ref[i].cr1s);
      expect(Math.abs(clusterRobustMean(f.values, f.clusters).se - cr1s) / cr1s).toBeLessThan(1e-12);
    });
  });

  it('clustering matters on these fixtures: the design effect is far from 1 (the check has teeth)', () => {
    expect(clusterRobustMean(fixtures[0].values, fixtures[0].clusters).designEffect).toBeGreaterThan(3);
  });

  it('hand-worked: y = (1, 0, 1 | 1 | 0, 0) in clusters A, B, C', () => {
    // mean 1/2; cluster sums of residuals 1/2, 1/2, -1; V = 3/2 * (1/4 + 1/4 + 1) / 36 = 1/16
    // item: sum e^2 = 6/4, / (6 * 5) = 1/20; design effect (1/16) / (1/20) = 5/4
    const r = clusterRobustMean([1, 0, 1, 1, 0, 0], ['A', 'A', 'A', 'B', 'C', 'C']);
    expect(r.estimate).toBe(0.5);
    expect(r.se).toBeCloseTo(0.25, 15);
    expect(r.seItem).toBeCloseTo(Math.sqrt(1 / 20), 15);
    expect(r.designEffect).toBeCloseTo(1.25, 14);
    expect([r.n, r.clusters, r.df]).toEqual([6, 3, 2]);
  });

  it('every unit its own cluster gives the item standard error (vcovCL then equals vcovHC)', () => {
    const f = clusteredFixture(UNEQUAL_SIZES, 5, 'continuous');
    const r = clusterRobustMean(
      f.values,
      f.values.map((_, i) => i),
    );
    expect(r.se).toBeCloseTo(r.seItem, 15);
    expect(r.designEffect).toBeCloseTo(1, 13);
  });

  it('labels are data: "__proto__" and 1 vs "1" are clusters like any other', () => {
    const a = clusterRobustMean([1, 0, 1, 1], ['__proto__', '__proto__', 'toString', 'toString']);
    const b = clusterRobustMean([1, 0, 1, 1], ['x', 'x', 'y', 'y']);
    expect(a).toEqual(b);
    expect(clusterRobustMean([1, 0, 1, 1], [1, 1, '1', '1']).clusters).toBe(2);
  });

  it('edges: one cluster, one unit, empty, NaN, mismatched lengths', () => {
    const one = clusterRobustMean([1, 0, 1], ['a', 'a', 'a']);
    expect(one.se).toBeNaN();
    expect(one.seItem).toBeCloseTo(Math.sqrt(1 / 9), 15);
    expect(clusterRobustMean([1], ['a']).seItem).toBeNaN();
    expect(clusterRobustMean([], []).estimate).toBeNaN();
    expect(clusterRobustMean([1, NaN, 0], ['a', 'b', 'c']).se).toBeNaN();
    expect(() => clusterRobustMean([1, 2], ['a'])).toThrow(/2 values but 1 cluster labels/);
  });
});
