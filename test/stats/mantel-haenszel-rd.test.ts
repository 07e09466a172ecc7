import { expect, it } from 'vitest';
import { mantelHaenszelRD } from '../../src/derive/stats/mantel-haenszel-rd.js';
import { normalQuantile } from '../../src/derive/stats/normal-quantile.js';
import { createRng } from '../../src/derive/stats/rng.js';
import { python, rscript } from '../helpers/reference.js';

it('normalQuantile equals scipy.stats.norm.ppf', () => {
  const ps = [1e-10, 0.001, 0.025, 0.3, 0.5, 0.9, 0.975, 0.999999];
  const ref: number[] = python('import sys,json; from scipy.stats import norm; print(json.dumps([float(norm.ppf(p)) for p in json.load(sys.stdin)]))', ps);
  ps.forEach((p, i) => expect(Math.abs(normalQuantile(p) - ref[i])).toBeLessThan(1e-8 * Math.max(1, Math.abs(ref[i]))));
});

it("equals R metafor::rma.mh(measure = 'RD') on the same counts, and drops one-sided strata", () => {
  const rng = createRng(42, 'mh');
  const strata = Array.from({ length: 30 }, (_, k) => {
    const n1 = k % 7 === 0 ? 0 : 5 + rng.int(80);
    const n0 = k % 11 === 0 ? 0 : 5 + rng.int(80);
    const p0 = 0.1 + 0.6 * rng.next();
    const p1 = Math.min(0.95, p0 + 0.12);
    let a = 0,
      c = 0;
    for (let i = 0; i < n1; i++) a += rng.next() < p1 ? 1 : 0;
    for (let i = 0; i < n0; i++) c += rng.next() < p0 ? 1 : 0;
    return { a, n1, c, n0 };
  });
  const both = strata.filter((s) => s.n1 > 0 && s.n0 > 0);
  const ref = rscript(
    `suppressMessages(library(metafor)); library(jsonlite)
d <- fromJSON(file("stdin"))
r <- rma.mh(ai = d$a, n1i = d$n1, ci = d$c, n2i = d$n0, measure = "RD")
cat(toJSON(list(rd = r$beta[1], se = r$se, lb = r$ci.lb, ub = r$ci.ub), digits = NA, auto_unbox = TRUE))`,
    { a: both.map((s) => s.a), n1: both.map((s) => s.n1), c: both.map((s) => s.c), n0: both.map((s) => s.n0) },
  );
  const ours = mantelHaenszelRD(strata);
  expect(ours.strataUsed).toBe(both.length);
  expect(ours.rd).toBeCloseTo(ref.rd, 12);
  expect(ours.se).toBeCloseTo(ref.se, 12);
  expect(ours.low).toBeCloseTo(ref.lb, 8);
  expect(ours.high).toBeCloseTo(ref.ub, 8);
  expect(ours.rd).toBeGreaterThan(0);
});

it('shows a Simpson reversal: pooled negative, stratified positive', () => {
  // exposure concentrated in a hard stratum, but better within each stratum
  const strata = [
    { a: 10, n1: 100, c: 1, n0: 20 }, // hard: 10% vs 5%
    { a: 18, n1: 20, c: 80, n0: 100 }, // easy: 90% vs 80%
  ];
  const pooled = (10 + 18) / 120 - (1 + 80) / 120;
  expect(pooled).toBeLessThan(0);
  expect(mantelHaenszelRD(strata).rd).toBeGreaterThan(0);
});
