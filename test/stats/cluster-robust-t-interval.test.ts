import { expect, it } from 'vitest';
import { clusterRobustDiff } from '../../src/derive/stats/cluster-robust-diff.js';
import { clusterRobustMean } from '../../src/derive/stats/cluster-robust-mean.js';
import { clusterRobustTInterval } from '../../src/derive/stats/cluster-robust-t-interval.js';
import { clusteredFixture, UNEQUAL_SIZES } from '../helpers/clustered-fixture.js';
import { rscript } from '../helpers/reference.js';

it('equals clubSandwich conf_int and coef_test (CR1S, naive-t: G - 1 degrees of freedom) to 1e-10', () => {
  const f = clusteredFixture(UNEQUAL_SIZES, 31, 'binary');
  const half = 120;
  const ref: Record<string, string> = rscript(
    `suppressMessages(library(clubSandwich))
f <- jsonlite::fromJSON(file("stdin"))
d1 <- data.frame(y = f$y, g = f$g)
m1 <- lm(y ~ 1, data = d1)
ci1 <- conf_int(m1, vcov = "CR1S", cluster = d1$g, test = "naive-t", level = 0.95)
t1 <- coef_test(m1, vcov = "CR1S", cluster = d1$g, test = "naive-t")
# the same against a threshold of 0.4: the intercept of y - 0.4
t1b <- coef_test(lm(I(y - 0.4) ~ 1, data = d1), vcov = "CR1S", cluster = d1$g, test = "naive-t")
grp <- factor(c(rep("a", ${half}), rep("b", length(f$y) - ${half})), levels = c("b", "a"))
m2 <- lm(y ~ grp, data = d1)
ci2 <- conf_int(m2, vcov = "CR1S", cluster = d1$g, test = "naive-t", level = 0.9)
t2 <- coef_test(m2, vcov = "CR1S", cluster = d1$g, test = "naive-t")
p <- function(x) sprintf("%.17g", x)
cat(jsonlite::toJSON(list(low1 = p(ci1$CI_L[1]), high1 = p(ci1$CI_U[1]), p1 = p(t1$p_t[1]), df1 = p(t1$df_t[1]), p1b = p(t1b$p_t[1]),
  low2 = p(ci2$CI_L[2]), high2 = p(ci2$CI_U[2]), p2 = p(t2$p_t[2])), auto_unbox = TRUE))`,
    { y: f.values, g: f.clusters },
  );
  const mean = clusterRobustMean(f.values, f.clusters);
  const i1 = clusterRobustTInterval(mean);
  expect(i1.df).toBe(Number(ref.df1));
  expect(Math.abs(i1.low - Number(ref.low1))).toBeLessThan(1e-10);
  expect(Math.abs(i1.high - Number(ref.high1))).toBeLessThan(1e-10);
  expect(Math.abs(i1.pValue - Number(ref.p1)) / Number(ref.p1)).toBeLessThan(1e-10);
  const i1b = clusterRobustTInterval(mean, { nullValue: 0.4 });
  expect(Math.abs(i1b.pValue - Number(ref.p1b)) / Number(ref.p1b)).toBeLessThan(1e-10);
  const diff = clusterRobustDiff(f.values.slice(0, half), f.clusters.slice(0, half), f.values.slice(half), f.clusters.slice(half));
  const i2 = clusterRobustTInterval(diff, { level: 0.9 });
  expect(Math.abs(i2.low - Number(ref.low2))).toBeLessThan(1e-10);
  expect(Math.abs(i2.high - Number(ref.high2))).toBeLessThan(1e-10);
  expect(Math.abs(clusterRobustTInterval(diff).pValue - Number(ref.p2)) / Number(ref.p2)).toBeLessThan(1e-10);
});

it('hand-worked: estimate 0.5, se 0.25, G = 3: t(0.975, 2) = 4.30265, p of t = 2 on 2 df = 1 - 2/sqrt(6)', () => {
  const r = clusterRobustTInterval({ estimate: 0.5, se: 0.25, df: 2 });
  const t975 = 0.95 / Math.sqrt(2 * 0.975 * 0.025); // df 2: t_p = (2p - 1) / sqrt(2 p (1 - p))
  expect(r.low).toBeCloseTo(0.5 - t975 * 0.25, 14);
  expect(r.high).toBeCloseTo(0.5 + t975 * 0.25, 14);
  // df 2: P(T > t) = 1/2 - t / (2 sqrt(2 + t^2)); two-sided at t = 2: 1 - 2 / sqrt(6)
  expect(r.pValue).toBeCloseTo(1 - 2 / Math.sqrt(6), 14);
});

it('edges: se NaN (one cluster) gives NaN, se 0 the point interval', () => {
  const nan = clusterRobustTInterval({ estimate: 0.3, se: NaN, df: 0 });
  expect([nan.low, nan.high, nan.pValue].every(Number.isNaN)).toBe(true);
  const zero = clusterRobustTInterval({ estimate: 0.3, se: 0, df: 4 });
  expect([zero.low, zero.high, zero.pValue]).toEqual([0.3, 0.3, 0]);
});
