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
