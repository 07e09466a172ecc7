import { describe, expect, it } from 'vitest';
import type { ClaimDeclaration, Evidence } from '../../src/derive/claims/claim.js';
import { evaluateClaims } from '../../src/derive/claims/evaluate-claims.js';
import { judgeClaims } from '../../src/derive/claims/judge-claims.js';

const ones = (n: number) => new Array<number>(n).fill(1);
const zeros = (n: number) => new Array<number>(n).fill(0);
const claim = (id: string, evidence: Evidence): ClaimDeclaration<null> => ({
  id,
  claim: id,
  paper_ref: 'a reader',
  estimand: 'paired-difference',
  direction: 'greater',
  threshold: 0,
  units: { paired_on: 'task' },
  test: 'paired',
  evaluate: () => evidence,
});

describe('judgeClaims', () => {
  // 40 tasks: a wins 30 of them and loses none, so every interval method and seed agrees that it holds
  const clear = claim('t.clear', { kind: 'paired-difference', a: [...ones(30), ...zeros(10)], b: zeros(40), cluster: null });
  const missing = claim('t.missing', { kind: 'not-computable', missing: 'runs.jsonl' });
  const opts = { seed: 7, resamples: 300 };
  const { rows, grid } = judgeClaims([clear, missing], null, opts);

  it('gives the rows evaluateClaims gives, with robust filled from the grid', () => {
    const plain = evaluateClaims([clear, missing], null, opts);
    expect(rows.map(({ robust, ...r }) => r)).toEqual(plain.map(({ robust, ...r }) => r));
    expect(rows.map((r) => [r.claim_id, r.verdict, r.robust])).toEqual([
      ['t.clear', 'holds', 1],
      ['t.missing', 'not computable', 1],
    ]);
  });

  it('returns the grid: three interval methods and three seeds for a difference, the headline cell only for a claim not computable', () => {
    expect(grid.filter((g) => g.claim_id === 't.clear').map((g) => g.choice)).toEqual(['interval', 'interval', 'interval', 'seed', 'seed', 'seed']);
    expect(grid.filter((g) => g.claim_id === 't.missing').map((g) => g.verdict)).toEqual(['not computable']);
  });
});
