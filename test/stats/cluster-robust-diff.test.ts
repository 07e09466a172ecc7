import { describe, expect, it } from 'vitest';
import { clusterRobustDiff } from '../../src/derive/stats/cluster-robust-diff.js';
import { clusteredFixture, UNEQUAL_SIZES } from '../helpers/clustered-fixture.js';
import { rscript } from '../helpers/reference.js';

/** R: the group coefficient of lm(y ~ group) with vcovCL(HC1), vcovHC(HC1) and clubSandwich CR1S. */
const R_DIFF = `
suppressMessages({ library(sandwich); library(clubSandwich) })
cases <- jsonlite::fromJSON(file("stdin"), simplifyVector = FALSE)
out <- lapply(cases, function(f) {
  d <- data.frame(y = c(unlist(f$a), unlist(f$b)), g = c(unlist(f$ga), unlist(f$gb)),
                  grp = factor(c(rep("a", length(f$a)), rep("b", length(f$b))), levels = c("b", "a")))
  fit <- lm(y ~ grp, data = d)
  list(est = sprintf("%.17g", coef(fit)[["grpa"]]),
       cl = sprintf("%.17g", sqrt(vcovCL(fit, cluster = ~g, type = "HC1")["grpa", "grpa"])),
       hc = sprintf("%.17g", sqrt(vcovHC(fit, type = "HC1")["grpa", "grpa"])),
       cr1s = sprintf("%.17g", sqrt(as.matrix(vcovCR(fit, cluster = d$g, type = "CR1S"))["grpa", "grpa"])))
})
cat(jsonlite::toJSON(out, auto_unbox = TRUE))`;

describe('clusterRobustDiff (unpaired)', () => {
  // clusters shared by both groups (two subsets of one operator's items), and clusters of one group each
  const x = clusteredFixture(UNEQUAL_SIZES, 21, 'continuous');
  const half = Math.floor(x.values.length * 0.4);
  const shared = { a: x.values.slice(0, half), ga: x.clusters.slice(0, half), b: x.values.slice(half), gb: x.clusters.slice(half) };
  const p = clusteredFixture([3, 9, 1, 14, 6], 22, 'binary');
  const q = clusteredFixture([20, 2, 8, 5, 11, 4, 2], 23, 'binary');
  const separate = { a: p.values, ga: p.clusters.map((c) => `p:${c}`), b: q.values, gb: q.clusters.map((c) => `q:${c}`) };
  const cases = [shared, separate];
  const ref: { est: string; cl: string; hc: string; cr1s: string }[] = rscript(R_DIFF, cases);

  it('equals the group coefficient of lm(y ~ group) with sandwich::vcovCL(type = "HC1") and vcovHC(type = "HC1"), to 1e-12', () => {
    cases.forEach((c, i) => {
      const ours = clusterRobustDiff(c.a, c.ga, c.b, c.gb);
      expect(Math.abs(ours.estimate - Number(ref[i].est))).toBeLessThan(1e-14);
      expect(Math.abs(ours.se - Number(ref[i].cl)) / Number(ref[i].cl)).toBeLessThan(1e-12);
      expect(Math.abs(ours.seItem - Number(ref[i].hc)) / Number(ref[i].hc)).toBeLessThan(1e-12);
      expect(ours.n).toBe(c.a.length + c.b.length);
      expect(ours.clusters).toBe(new Set([...c.ga, ...c.gb]).size);
    });
  });

  it('equals clubSandwich CR1S: vcovCL HC1 with k = 2 is CR1S, factor G (n - 1) / ((G - 1)(n - 2))', () => {
    cases.forEach((c, i) => {
      const ours = clusterRobustDiff(c.a, c.ga, c.b, c.gb);
      expect(Math.abs(Number(ref[i].cl) - Number(ref[i].cr1s)) / Number(ref[i].cr1s)).toBeLessThan(1e-12);
      expect(Math.abs(ours.se - Number(ref[i].cr1s)) / Number(ref[i].cr1s)).toBeLessThan(1e-12);
    });
  });

  it('hand-worked: a = (1, 0 | 1) in X, X, Y; b = (1 | 0, 0) in X, Y, Y', () => {
    // means 2/3 and 1/3; a's residual sums X -1/3, Y 1/3; b's X 2/3, Y -2/3
    // scores A_g/3 - B_g/3: X -1/3, Y 1/3; c = 2/1 * 5/4; V = 5/2 * 2/9 = 5/9
    // item: (6/9)/9 + (6/9)/9 = 4/27, times 6/4: 2/9; design effect 5/2
    const r = clusterRobustDiff([1, 0, 1], ['X', 'X', 'Y'], [1, 0, 0], ['X', 'Y', 'Y']);
    expect(r.estimate).toBeCloseTo(1 / 3, 15);
    expect(r.se).toBeCloseTo(Math.sqrt(5) / 3, 15);
    expect(r.seItem).toBeCloseTo(Math.sqrt(2) / 3, 15);
    expect(r.designEffect).toBeCloseTo(2.5, 14);
    expect([r.n, r.clusters, r.df]).toEqual([6, 2, 1]);
  });

  it('edges: an empty group, one cluster, mismatched lengths', () => {
    expect(clusterRobustDiff([], [], [1, 0], ['a', 'b']).estimate).toBeNaN();
    expect(clusterRobustDiff([1, 0], ['a', 'a'], [0, 0], ['a', 'a']).se).toBeNaN();
    expect(() => clusterRobustDiff([1, 0], ['a'], [0], ['a'])).toThrow(/2 values of a but 1 cluster labels/);
  });
});
