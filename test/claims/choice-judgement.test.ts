import { describe, expect, it } from 'vitest';
import { choiceJudgement } from '../../src/derive/claims/choice-judgement.js';
import type { Evidence } from '../../src/derive/claims/claim.js';

const greater = { direction: 'greater' as const, threshold: 0 };
// t(0.975, 3) = 3.1824463052837078 (scipy.stats.t.ppf)
const T3 = 3.1824463052837078;

describe('choiceJudgement', () => {
  // four independent differences 1, 2, 3, 4: mean 2.5, sd sqrt(5/3), se sqrt(5/3)/2
  const paired: Evidence = { kind: 'paired-difference', a: [1, 2, 3, 4], b: [0, 0, 0, 0], cluster: null };
  const half = (T3 * Math.sqrt(5 / 3)) / 2;

  it('a paired difference: the CR1 (here the paired t) interval and its verdict', () => {
    const j = choiceJudgement(paired, greater)!;
    expect(j.estimate).toBeCloseTo(2.5, 12);
    expect(j.ci_low).toBeCloseTo(2.5 - half, 9);
    expect(j.ci_high).toBeCloseTo(2.5 + half, 9);
    expect(j.verdict).toBe('holds');
  });

  it("every unit: the least favourable unit's numbers, the units' verdicts combined", () => {
    const worse: Evidence = { kind: 'paired-difference', a: [1, -1, 1, -1], b: [0, 0, 0, 0], cluster: null };
    const j = choiceJudgement(
      {
        kind: 'every-unit',
        units: [
          { label: 'x', evidence: paired },
          { label: 'y', evidence: worse },
        ],
      },
      greater,
    )!;
    expect(j.estimate).toBe(0);
    expect(j.verdict).toBe('opposite direction, not significant');
  });

  it('a count that differs from the expected one is contradicted whatever its share; an equal one takes its share', () => {
    expect(choiceJudgement({ kind: 'count', recomputed: 3, expected: 4, share: paired }, greater)!.verdict).toBe('contradicted');
    expect(choiceJudgement({ kind: 'count', recomputed: 4, expected: 4, share: paired }, greater)).toEqual(choiceJudgement(paired, greater));
    expect(choiceJudgement({ kind: 'count', recomputed: 4, expected: 4 }, greater)).toEqual({ estimate: 4, ci_low: 4, ci_high: 4, verdict: 'holds' });
  });

  it('zero rates keep Wilson; a rank and a resampled value have no CR1 form; missing evidence is not computable', () => {
    expect(choiceJudgement({ kind: 'zero-rates', cells: [{ label: 'c', count: 0, n: 20 }] }, { direction: 'less', threshold: 0 })!.verdict).toBe('holds');
    expect(choiceJudgement({ kind: 'rank', model: 'm', scores: [{ model: 'm', y: [1] }], cluster: null }, greater)).toBeNull();
    expect(choiceJudgement({ kind: 'value', estimate: 1 }, greater)).toBeNull();
    expect(choiceJudgement({ kind: 'not-computable', missing: 'x' }, greater)!.verdict).toBe('not computable');
  });
});
