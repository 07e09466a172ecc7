import { describe, expect, it } from 'vitest';
import type { ClaimDeclaration, Evidence } from '../../src/derive/claims/claim.js';
import { evaluateClaims } from '../../src/derive/claims/evaluate-claims.js';
import { robustnessGrid, withRobust } from '../../src/derive/claims/robustness-grid.js';

const ones = (n: number) => new Array<number>(n).fill(1);
const zeros = (n: number) => new Array<number>(n).fill(0);
const claim = (id: string, evidence: Evidence): ClaimDeclaration<null> => ({
  id,
  claim: id,
  paper_ref: 'Table 1',
  estimand: 'paired-difference',
  direction: 'greater',
  threshold: 0,
  units: { paired_on: 'task' },
  test: 'paired',
  evaluate: () => evidence,
});

describe('robustnessGrid', () => {
  // 40 tasks: a wins 6 and loses 1; the bootstrap interval's low end sits near 0, CR1 is wider
  const borderline = claim('t.borderline', { kind: 'paired-difference', a: [...ones(6), ...zeros(34)], b: [...zeros(6), 1, ...zeros(33)], cluster: null });
  const clear = claim('t.clear', { kind: 'paired-difference', a: [...ones(30), ...zeros(10)], b: zeros(40), cluster: null });
  const value = claim('t.value', { kind: 'value', estimate: 5 });
  const opts = { seed: 3, resamples: 400 };
  const rows = evaluateClaims([borderline, clear, value], null, opts);
  const grid = robustnessGrid([borderline, clear, value], null, rows, opts);
  it('has the three interval methods and three seeds for a difference, the headline and seeds for a value', () => {
    expect(grid.filter((g) => g.claim_id === 't.clear').map((g) => `${g.choice}: ${g.value}`)).toEqual([
      'interval: headline: paired bootstrap over units',
      'interval: item bootstrap',
      'interval: CR1',
      'seed: S = 3',
      'seed: S+1 = 4',
      'seed: S+2 = 5',
    ]);
    expect(grid.filter((g) => g.claim_id === 't.value').map((g) => g.choice)).toEqual(['interval', 'seed', 'seed', 'seed']);
  });
  it("robust is the share of a claim's cells that agree with its headline verdict", () => {
    const robust = withRobust(rows, grid);
    expect(robust[1].robust).toBe(1);
    const cells = grid.filter((g) => g.claim_id === 't.borderline');
    expect(robust[0].robust).toBe(cells.filter((g) => g.verdict === rows[0].verdict).length / 6);
    // CR1 (the paired t: 0.125 +- t(0.975, 39) 0.0639 = [-0.004, 0.254]) includes 0 although the estimate is positive
    expect(cells.find((g) => g.value === 'CR1')?.verdict).toBe('same direction, not significant');
  });
});

describe("robustnessGrid: a benchmark's own choices", () => {
  // the context is how many of 40 pairs a wins (b never does); a choice rebuilds it
  const wins = (id: string): ClaimDeclaration<number> => ({
    id,
    claim: id,
    paper_ref: 'Table 1',
    estimand: 'paired-difference',
    direction: 'greater',
    threshold: 0,
    units: { paired_on: 'task' },
    test: 'paired',
    evaluate: (k) => ({ kind: 'paired-difference', a: [...ones(k), ...zeros(40 - k)], b: zeros(40), cluster: null }),
  });
  const a = wins('t.a');
  const untouched = wins('t.untouched');
  const value: ClaimDeclaration<number> = { ...wins('t.value'), estimand: 'value', evaluate: (k) => ({ kind: 'value', estimate: k }) };
  const opts = { seed: 3, resamples: 200 };
  const claims = [a, untouched, value];
  const rows = evaluateClaims(claims, 20, opts);
  let built = 0;
  const grid = robustnessGrid(claims, 20, rows, opts, [
    {
      choice: 'wins',
      applies: (c) => c.id !== 't.untouched',
      values: [
        { value: 'as run', context: (k) => k },
        {
          value: 'none',
          context: () => {
            built++;
            return 0;
          },
        },
      ],
    },
    // another declaration of the claim under a value: a threshold of 1 is above every difference
    { choice: 'threshold', values: [{ value: '1', context: (k) => k, claims: [{ ...a, threshold: 1 }] }] },
  ]);
  const of = (id: string, choice: string) => grid.filter((g) => g.claim_id === id && g.choice === choice);
  it('judges each value by CR1 on its rebuilt context (the paired t: 0.5 +- t(0.975, 39) sqrt(0.25 40/39 / 40))', () => {
    const w = of('t.a', 'wins');
    expect(w.map((g) => [g.value, g.estimate, g.verdict])).toEqual([
      ['as run', 0.5, 'holds'],
      ['none', 0, 'opposite direction, not significant'],
    ]);
    // sd of twenty 1s and twenty 0s: sqrt(10 / 39); se = sd / sqrt(40); t(0.975, 39) = 2.022690920036761 (scipy.stats.t.ppf)
    const half = (2.022690920036761 * Math.sqrt(10 / 39)) / Math.sqrt(40);
    expect(w[0].ci_low).toBeCloseTo(0.5 - half, 9);
    expect(w[0].ci_high).toBeCloseTo(0.5 + half, 9);
    expect(built).toBe(1);
  });
  it("a choice has cells only for the claims it applies to; a value's own declaration is used; a value has no CR1 cells", () => {
    expect(of('t.untouched', 'wins')).toEqual([]);
    expect(of('t.untouched', 'threshold').map((g) => g.verdict)).toEqual(['holds']);
    expect(of('t.a', 'threshold').map((g) => g.verdict)).toEqual(['contradicted']);
    expect(grid.filter((g) => g.claim_id === 't.value' && g.choice !== 'interval' && g.choice !== 'seed')).toEqual([]);
  });
});
