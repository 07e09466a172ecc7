import { describe, expect, it } from 'vitest';
import type { ClaimDeclaration, Evidence } from '../../src/derive/claims/claim.js';
import { evaluateClaims } from '../../src/derive/claims/evaluate-claims.js';
import { judgeEvidence } from '../../src/derive/claims/judge-evidence.js';
import { replicationProbability } from '../../src/derive/claims/replication-probability.js';
import { verdictFromInterval } from '../../src/derive/claims/verdict-from-interval.js';
import { python, rscript } from '../helpers/reference.js';

const OPTS = { seed: 7, resamples: 2000, stream: 'claims:test' };
const greater0 = { direction: 'greater' as const, threshold: 0 };
const ones = (n: number) => new Array<number>(n).fill(1);
const zeros = (n: number) => new Array<number>(n).fill(0);

describe('verdictFromInterval: direction and threshold, never magnitude', () => {
  it('reads the four verdicts off where the interval lies', () => {
    expect(verdictFromInterval(0.2, 0.05, 0.35, greater0)).toBe('holds');
    expect(verdictFromInterval(0.2, -0.05, 0.35, greater0)).toBe('same direction, not significant');
    expect(verdictFromInterval(-0.1, -0.3, 0.05, greater0)).toBe('opposite direction, not significant');
    expect(verdictFromInterval(-0.2, -0.35, -0.05, greater0)).toBe('contradicted');
    // an estimate on the threshold does not move as claimed; a bound on it is not an exclusion
    expect(verdictFromInterval(0, -0.1, 0.1, greater0)).toBe('opposite direction, not significant');
    expect(verdictFromInterval(0.1, 0, 0.2, greater0)).toBe('same direction, not significant');
    // "less" mirrors it: rank 1 of [1, 1] against 1.5 holds
    expect(verdictFromInterval(1, 1, 1, { direction: 'less', threshold: 1.5 })).toBe('holds');
    expect(verdictFromInterval(3, 2, 4, { direction: 'less', threshold: 1.5 })).toBe('contradicted');
    expect(verdictFromInterval(Number.NaN, 0, 1, greater0)).toBe('not computable');
  });
  it('a small claimed effect that is significant holds whatever its size', () => {
    // 100 paired units, 10 where a wins and none where b does: +0.10, far below a published +21.45 points
    const e: Evidence = { kind: 'paired-difference', a: [...ones(10), ...zeros(90)], b: zeros(100), cluster: null };
    const j = judgeEvidence(e, greater0, OPTS);
    expect(j.estimate).toBeCloseTo(0.1, 12);
    expect(j.verdict).toBe('holds');
    expect(j.verdict_clustered).toBe('holds');
  });
});

describe('zero rates', () => {
  it('hold when every count is 0 and are contradicted by one success (its Wilson lower bound is above 0)', () => {
    const zero = judgeEvidence(
      {
        kind: 'zero-rates',
        cells: [
          { label: 'a', count: 0, n: 20 },
          { label: 'b', count: 0, n: 10 },
        ],
      },
      { direction: 'less', threshold: 0 },
      OPTS,
    );
    expect(zero.verdict).toBe('holds');
    expect(zero.estimate).toBe(0);
    // the widest interval: n = 10, Wilson upper z^2/(n + z^2) = 3.8415/13.8415
    expect(zero.ci_high).toBeCloseTo(3.841458820694124 / 13.841458820694124, 12);
    expect(zero.p_value).toBeNull();
    const one = judgeEvidence(
      {
        kind: 'zero-rates',
        cells: [
          { label: 'a', count: 0, n: 20 },
          { label: 'b', count: 1, n: 20 },
        ],
      },
      { direction: 'less', threshold: 0 },
      OPTS,
    );
    expect(one.verdict).toBe('contradicted');
    expect(one.estimate).toBeCloseTo(0.05, 12);
    expect(one.units_as_claimed).toBe(1);
  });
});

describe('counts fixed by the release', () => {
  it('hold when recomputed equal; only the share gets an interval', () => {
    const eq = judgeEvidence({ kind: 'count', recomputed: 631, expected: 631 }, greater0, OPTS);
    expect(eq.verdict).toBe('holds');
    expect([eq.ci_low, eq.ci_high]).toEqual([631, 631]);
    expect(judgeEvidence({ kind: 'count', recomputed: 630, expected: 631 }, greater0, OPTS).verdict).toBe('contradicted');
    // 9 of 10 in the share against 0.5: Wilson [0.596, 0.982] excludes 0.5
    const share: Evidence = { kind: 'mean', y: [...ones(9), 0], cluster: null, small_counts: true };
    const withShare = judgeEvidence({ kind: 'count', recomputed: 10, expected: 10, share }, { direction: 'greater', threshold: 0.5 }, OPTS);
    expect(withShare.estimate).toBeCloseTo(0.9, 12);
    expect(withShare.interval).toBe('Wilson');
    expect(withShare.verdict).toBe('holds');
    const wrongCount = judgeEvidence({ kind: 'count', recomputed: 11, expected: 10, share }, { direction: 'greater', threshold: 0.5 }, OPTS);
    expect(wrongCount.verdict).toBe('contradicted');
  });
});

describe('non-inferiority with a 3-point margin', () => {
  // 100 pairs, one where b wins: d = -0.01, sd(d) = 0.1 (ss = 0.99 over 99), se = 0.01,
  // CR1 (each pair its own cluster) = the paired t: -0.01 +- qt(0.975, 99) 0.01 = [-0.02984, -0.00016 + 0.01]
  const e: Evidence = { kind: 'paired-difference', a: zeros(100), b: [1, ...zeros(99)], cluster: null };
  const qt = 1.984216951835;
  it('holds against -0.03 and is not a superiority', () => {
    const ni = judgeEvidence(e, { direction: 'greater', threshold: -0.03 }, OPTS);
    expect(ni.estimate).toBeCloseTo(-0.01, 12);
    expect(ni.cr1_low).toBeCloseTo(-0.01 - qt * 0.01, 9);
    expect(ni.cr1_high).toBeCloseTo(-0.01 + qt * 0.01, 9);
    expect(ni.verdict_clustered).toBe('holds');
    // t = (-0.01 + 0.03) / 0.01 = 2 on 99 df: R's 2 * pt(2, 99, lower = FALSE)
    const p = rscript("cat(sprintf('%.17g', 2 * pt(2, 99, lower.tail = FALSE)))", null);
    expect(ni.p_value).toBeCloseTo(p, 10);
    expect(judgeEvidence(e, greater0, OPTS).verdict_clustered).toBe('opposite direction, not significant');
  });
  it('gives the MDE of statsmodels NormalIndPower().solve_power(nobs1 = n, ratio = 0) * sd(d)', () => {
    const ni = judgeEvidence(e, { direction: 'greater', threshold: -0.03 }, OPTS);
    const ref = python(
      `import json
from statsmodels.stats.power import NormalIndPower
print(json.dumps(NormalIndPower().solve_power(effect_size=None, nobs1=100, alpha=0.05, power=0.8, ratio=0) * 0.1))`,
      null,
    );
    expect(Math.abs((ni.mde as number) - ref)).toBeLessThan(1e-6);
  });
});

describe('every unit (intersection-union)', () => {
  const strong: Evidence = { kind: 'paired-difference', a: [...ones(15), ...zeros(5)], b: zeros(20), cluster: null };
  const weak: Evidence = { kind: 'paired-difference', a: [1, ...zeros(19)], b: zeros(20), cluster: null };
  const against: Evidence = { kind: 'paired-difference', a: zeros(20), b: [...ones(15), ...zeros(5)], cluster: null };
  it('holds only when every unit holds; p is the largest unit p; counts the units', () => {
    const both = judgeEvidence(
      {
        kind: 'every-unit',
        units: [
          { label: 'x', evidence: strong },
          { label: 'y', evidence: strong },
        ],
      },
      greater0,
      OPTS,
    );
    expect(both.verdict).toBe('holds');
    const mixed = judgeEvidence(
      {
        kind: 'every-unit',
        units: [
          { label: 'x', evidence: strong },
          { label: 'y', evidence: weak },
        ],
      },
      greater0,
      OPTS,
    );
    const pWeak = judgeEvidence(weak, greater0, OPTS).p_value as number;
    expect(mixed.verdict).toBe('same direction, not significant');
    expect(mixed.p_value).toBe(pWeak);
    expect(mixed.estimate).toBeCloseTo(0.05, 12);
    expect([mixed.units_as_claimed, mixed.units_significant]).toEqual([2, 1]);
  });
  it('is contradicted when any unit is significantly opposite', () => {
    const j = judgeEvidence(
      {
        kind: 'every-unit',
        units: [
          { label: 'x', evidence: strong },
          { label: 'y', evidence: against },
        ],
      },
      greater0,
      OPTS,
    );
    expect(j.verdict).toBe('contradicted');
    expect([j.units_as_claimed, j.units_significant]).toEqual([1, 1]);
  });
});

describe('clustered means', () => {
  // unequal clusters: CR1 of a mean against a threshold, as R's sandwich::vcovCL(lm(y ~ 1), cluster, type = "HC1") with t on G - 1 df
  const y = [1, 1, 1, 0, 1, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1, 1, 0, 1];
  const g = ['a', 'a', 'a', 'b', 'b', 'c', 'c', 'c', 'c', 'd', 'd', 'e', 'e', 'e', 'e', 'f', 'f', 'f'];
  it('the CR1 interval and p-value match R', () => {
    const j = judgeEvidence({ kind: 'mean', y, cluster: g }, { direction: 'greater', threshold: 0.4 }, OPTS);
    const ref = rscript(
      `library(sandwich); d <- jsonlite::fromJSON(file("stdin")); fit <- lm(y ~ 1, data = d)
se <- sqrt(vcovCL(fit, cluster = ~g, type = "HC1")[1, 1]); G <- length(unique(d$g)); m <- coef(fit)[[1]]
cat(jsonlite::toJSON(c(m - qt(0.975, G - 1) * se, m + qt(0.975, G - 1) * se, 2 * pt(abs(m - 0.4) / se, G - 1, lower.tail = FALSE)), digits = NA))`,
      { y, g },
    );
    expect(j.cr1_low).toBeCloseTo(ref[0], 9);
    expect(j.cr1_high).toBeCloseTo(ref[1], 9);
    expect(j.p_value).toBeCloseTo(ref[2], 9);
    expect(j.interval).toBe('two-stage cluster bootstrap');
  });
});

describe('ranks, values, stratified differences and what cannot be computed', () => {
  it('a model ahead on every unit ranks first with interval [1, 1]', () => {
    const j = judgeEvidence(
      {
        kind: 'rank',
        model: 'A',
        scores: [
          { model: 'B', y: [...zeros(25), ...ones(5)] },
          { model: 'A', y: ones(30) },
        ],
        cluster: null,
      },
      { direction: 'less', threshold: 1.5 },
      OPTS,
    );
    expect([j.estimate, j.ci_low, j.ci_high, j.verdict]).toEqual([1, 1, 1, 'holds']);
  });
  it('a value without resampling is judged as it is', () => {
    expect(judgeEvidence({ kind: 'value', estimate: 400000 }, { direction: 'greater', threshold: 10000 }, OPTS).verdict).toBe('holds');
    expect(judgeEvidence({ kind: 'value', estimate: 500 }, { direction: 'greater', threshold: 10000 }, OPTS).verdict).toBe('contradicted');
  });
  it('a Mantel-Haenszel difference with every stratum pointing one way holds', () => {
    const s = (a: number, b: number) => ({ stratum: `${a}`, a: [...ones(a), ...zeros(40 - a)], b: [...ones(b), ...zeros(40 - b)] });
    const j = judgeEvidence({ kind: 'stratified-difference', strata: [s(30, 10), s(25, 8), s(20, 5)] }, greater0, OPTS);
    expect(j.interval).toBe('Mantel-Haenszel');
    // equal strata sizes: RD_MH is the mean of the stratum differences (20 + 17 + 15) / 40 / 3
    expect(j.estimate).toBeCloseTo(52 / 120, 12);
    expect(j.verdict).toBe('holds');
  });
  it('not-computable evidence names what is missing', () => {
    const j = judgeEvidence({ kind: 'not-computable', missing: 'labels/*.jsonl' }, greater0, OPTS);
    expect([j.verdict, j.missing]).toEqual(['not computable', 'labels/*.jsonl']);
  });
});

describe('evaluateClaims', () => {
  const claim = (id: string, evidence: Evidence): ClaimDeclaration<null> => ({
    id,
    claim: id,
    paper_ref: 'Table 1',
    estimand: 'paired-difference',
    direction: 'greater',
    threshold: 0,
    units: { paired_on: 'task' },
    test: 'paired t',
    evaluate: () => evidence,
  });
  const pd = (wins: number, losses: number, n: number): Evidence => ({
    kind: 'paired-difference',
    a: [...ones(wins), ...zeros(n - wins)],
    b: [...zeros(wins), ...ones(losses), ...zeros(n - wins - losses)],
    cluster: null,
  });
  const claims = [claim('t.a', pd(12, 2, 40)), claim('t.b', pd(6, 3, 40)), claim('t.c', { kind: 'value', estimate: 3 }), claim('t.d', pd(20, 1, 40))];
  it("adjusts the claims' p-values by Holm exactly as R's p.adjust, skipping claims without one", () => {
    const rows = evaluateClaims(claims, null, { seed: 1, resamples: 500 });
    const ps = rows.map((r) => r.p_value);
    expect(ps[2]).toBeNull();
    const ref = rscript(`p <- jsonlite::fromJSON(file("stdin")); cat('[', paste(sprintf('%.17g', p.adjust(p, "holm")), collapse = ','), ']')`, [
      ps[0],
      ps[1],
      ps[3],
    ]);
    expect([rows[0].p_holm, rows[1].p_holm, rows[3].p_holm]).toEqual(ref);
    expect(rows[2].p_holm).toBeNull();
  });
  it('is the same for the same seed, and draws each claim from its own stream', () => {
    const a = evaluateClaims(claims, null, { seed: 1, resamples: 500 });
    expect(evaluateClaims(claims, null, { seed: 1, resamples: 500 })).toEqual(a);
    // dropping a claim leaves the others' intervals as they were
    const without = evaluateClaims([claims[0], claims[3]], null, { seed: 1, resamples: 500 });
    expect([without[0].ci_low, without[1].ci_high]).toEqual([a[0].ci_low, a[3].ci_high]);
  });
  it('refuses an id declared twice', () => {
    expect(() => evaluateClaims([claims[0], claims[0]], null, { seed: 1, resamples: 10 })).toThrow(/declared twice/);
  });
});

describe('replicationProbability', () => {
  it('is near 1 for a large effect, near the one-sided 2.5% under no effect, and seeded', () => {
    const big: Evidence = { kind: 'paired-difference', a: [...ones(30), ...zeros(10)], b: [...zeros(30), ...ones(2), ...zeros(8)], cluster: null };
    expect(replicationProbability(big, greater0, 1, 's') as number).toBeGreaterThan(0.99);
    const none: Evidence = { kind: 'paired-difference', a: [...ones(10), ...zeros(30)], b: [...zeros(10), ...ones(10), ...zeros(20)], cluster: null };
    const p0 = replicationProbability(none, greater0, 1, 's') as number;
    expect(p0).toBeGreaterThan(0.005);
    expect(p0).toBeLessThan(0.06);
    expect(replicationProbability(none, greater0, 1, 's')).toBe(p0);
    expect(replicationProbability({ kind: 'value', estimate: 1 }, greater0, 1, 's')).toBeNull();
  });
  it('keeps the clusters: a clustered mean replicates less often than the same values taken as independent', () => {
    const y: number[] = [],
      g: string[] = [];
    for (let c = 0; c < 12; c++)
      for (let i = 0; i < 10; i++) {
        y.push(c % 3 === 0 ? 0 : i < 8 ? 1 : 0);
        g.push(`c${c}`);
      }
    const side = { direction: 'greater' as const, threshold: 0.45 };
    const clustered = replicationProbability({ kind: 'mean', y, cluster: g }, side, 2, 's') as number;
    const flat = replicationProbability({ kind: 'mean', y, cluster: null }, side, 2, 's') as number;
    expect(clustered).toBeLessThan(flat);
  });
});
