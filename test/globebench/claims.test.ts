import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLAIMS, globeClaims } from '../../analysis/globebench/claims.js';
import {
  decisionsGivenState,
  failureTypeLead,
  judgeAgreement,
  mhResponseStrata,
  modelL3AgainstBestOther,
  modelLongAgainstShort,
  onlyFirstSolvesLongAudit,
  pairedPasses,
  unsolvedAtL3,
} from '../../analysis/globebench/derive/claim-evidence.js';
import { prepareGlobe, type GlobeContext } from '../../analysis/globebench/derive/context.js';
import { decisionGivenState } from '../../analysis/globebench/derive/decision-given-state.js';
import { mhEstimate, MH_RADIUS_OPERATOR } from '../../analysis/globebench/derive/mantel-haenszel.js';
import type { ClaimDeclaration, Evidence, Verdict } from '../../src/derive/claims/claim.js';
import { judgeEvidence } from '../../src/derive/claims/judge-evidence.js';
import { loadGlobebench } from '../../src/release/load/globebench.js';
import { hasSample, item, makeCtx, SAMPLE_DIR } from './helpers.js';

const ASTRA = 'gpt-6-astra';
const GROK = 'grok-4.6';

/** The headline verdict and estimate of every claim (the engine's judgement of the declared evidence; no replication). */
function verdicts(claims: ClaimDeclaration<GlobeContext>[], ctx: GlobeContext): Map<string, { verdict: Verdict; estimate: number | null; evidence: Evidence }> {
  return new Map(
    claims.map((c) => {
      const evidence = c.evaluate(ctx);
      const j = judgeEvidence(evidence, c, { seed: 11, resamples: 200, stream: `claims:${c.id}` });
      return [c.id, { verdict: j.verdict, estimate: j.estimate, evidence }];
    }),
  );
}

describe('the evidence cells, by hand', () => {
  // operators p (items 1-3) and q (item 4); item 3 is an L3 long audit, item 4 L3 short
  const ctx = makeCtx({
    items: [
      item('i1', { operator: 'p', impact_radius: 'L0', reach_back: 10 }),
      item('i2', { operator: 'p', impact_radius: 'L1', reach_back: 50 }),
      item('i3', { operator: 'p', impact_radius: 'L3', reach_back: 60 }),
      item('i4', { operator: 'q', impact_radius: 'L3', reach_back: 5, domain: 'games' }),
    ],
    models: [{ model_id: 'a' }, { model_id: 'b' }],
    outcomes: { a: '1110', b: '0100' },
  });

  it('paired passes keep the item order and carry each item its operator (or domain)', () => {
    expect(pairedPasses(ctx, { a: 'a', b: 'b', unit: 'operator' })).toEqual({ a: [1, 1, 1, 0], b: [0, 1, 0, 0], cluster: ['p', 'p', 'p', 'q'] });
    expect(pairedPasses(ctx, { a: 'a', b: 'b', unit: 'domain' })!.cluster).toEqual(['code', 'code', 'code', 'games']);
    expect(pairedPasses(ctx, { a: 'a', b: 'zz', unit: 'operator' })).toBeNull();
  });

  it('the items only a solves (i1, i3), each 1 when an L3 long audit', () => {
    expect(onlyFirstSolvesLongAudit(ctx, { a: 'a', b: 'b', unit: 'operator' })).toEqual({ y: [0, 1], cluster: ['p', 'p'] });
  });

  it('per model, L3 against its best other radius level, and past 40 turns against within', () => {
    const l3 = modelL3AgainstBestOther(ctx, 'operator');
    // a: L0 1, L1 1 (tie: L0 first); b: L0 0, L1 1
    expect(l3.map((c) => [c.model_id, c.against, c.a.y, c.b.y])).toEqual([
      ['a', 'L0', [1, 0], [1]],
      ['b', 'L1', [0, 0], [1]],
    ]);
    const band = modelLongAgainstShort(ctx, 'operator');
    expect(band.map((c) => [c.model_id, c.a.y, c.b.y])).toEqual([
      ['a', [1, 1], [1, 0]],
      ['b', [1, 0], [0, 0]],
    ]);
  });

  it('unsolved items (i4) with their L3 flag', () => {
    expect(unsolvedAtL3(ctx, 'operator')).toEqual({ count: 1, l3: { y: [1], cluster: ['q'] } });
  });

  it('MH response strata expand the strata counts: same passes and responses per side', () => {
    const strata = mhResponseStrata(ctx, MH_RADIUS_OPERATOR);
    // operator p: L3 item i3 (a passes, b fails) vs i1, i2 (a 1 1, b 0 1); q: only L3
    expect(strata.map((s) => [s.stratum, s.a, s.b])).toEqual([
      ['p', [1, 0], [1, 1, 1, 0]],
      ['q', [0, 0], []],
    ]);
    expect(mhEstimate(ctx, MH_RADIUS_OPERATOR).mh.strataUsed).toBe(1);
  });

  it('failure-type lead: wrong value against the most common other type, over answered failures', () => {
    const ctx2 = makeCtx({
      items: [item('i1', { operator: 'p' }), item('i2', { operator: 'q' }), item('i3', { operator: 'q' })],
      models: [{ model_id: 'a' }, { model_id: 'b' }],
      outcomes: { a: ['wrong_value', 'structure_only', 'pass'], b: ['no_response', 'under_error', 'structure_only'] },
    });
    // answered failures in order: a/i1 wrong, a/i2 structure, b/i2 under_error (counts as wrong value), b/i3 structure
    expect(failureTypeLead(ctx2, { type: 'wrong_value', unit: 'operator' })).toEqual({
      other: 'structure_only',
      a: [1, 0, 1, 0],
      b: [0, 1, 0, 1],
      cluster: ['p', 'q', 'q', 'q'],
    });
  });
});

describe.skipIf(!hasSample)('GlobeBench claims on the sample release', () => {
  let ctx: GlobeContext;
  let swapped: GlobeContext;
  let base: ReturnType<typeof verdicts>;
  let after: ReturnType<typeof verdicts>;
  beforeAll(() => {
    const release = loadGlobebench(SAMPLE_DIR);
    const opts = { seed: 20261130, resamples: 200 };
    ctx = prepareGlobe(release, opts);
    // Grok's and Astra's records swapped: each model's grades become the other's
    const swap = (id: string) => (id === ASTRA ? GROK : id === GROK ? ASTRA : id);
    swapped = prepareGlobe(
      release,
      opts,
      release.grades.map((g) => ({ ...g, model_id: swap(g.model_id) })),
    );
    base = verdicts(CLAIMS, ctx);
    after = verdicts(CLAIMS, swapped);
  }, 300_000);

  it('declares every claim of docs/papers.md, in its order, once', () => {
    const page = readFileSync(join(import.meta.dirname, '../../docs/papers.md'), 'utf8');
    const section = page.slice(page.indexOf('## Claims'));
    const ids = [...section.matchAll(/^\| `(globebench\.[a-z0-9-]+)` \|/gm)].map((m) => m[1]);
    expect(CLAIMS.map((c) => c.id)).toEqual(ids);
    expect(ids).toHaveLength(16);
  });

  it('every claim is computable on the sample, clustered by operator and by domain', () => {
    for (const [id, v] of base) expect(v.verdict, id).not.toBe('not computable');
    for (const [id, v] of verdicts(globeClaims('domain'), ctx)) expect(v.verdict, id).not.toBe('not computable');
  });

  it('the headline claims hold on the sample: Astra ahead of Grok, first on the leaderboard; the judge agrees on 2 of 4', () => {
    expect(base.get('globebench.astra-beats-grok')!.verdict).toBe('holds');
    expect(base.get('globebench.astra-ranks-first')!.verdict).toBe('holds');
    expect(judgeAgreement(ctx, 'operator').map((d) => [d.dimension, d.agrees])).toEqual([
      ['state_coherence', false],
      ['constraint_enforcement', true],
      ['outcome_correctness', true],
      ['interface_realism', false],
    ]);
    expect(base.get('globebench.judge-agrees-two-of-four')!.verdict).toBe('holds');
  });

  it("Astra's decisions given a right state are decision-given-state's share", () => {
    const row = decisionGivenState(ctx).rows.find((r) => r.model_id === ASTRA)!;
    const d = decisionsGivenState(ctx, { model_id: ASTRA, unit: 'operator' })!;
    expect(d.y.length).toBe(row.state_right);
    expect(d.y.reduce((a, b) => a + b, 0)).toBe(row.decision_right);
  });

  it("with Grok's and Astra's records swapped, astra-beats-grok reads contradicted", () => {
    expect(after.get('globebench.astra-beats-grok')!.verdict).toBe('contradicted');
    expect(after.get('globebench.astra-beats-grok')!.estimate).toBeCloseTo(-base.get('globebench.astra-beats-grok')!.estimate!, 12);
  });

  it('and only the claims that name those models change', () => {
    const naming = new Set([
      'globebench.astra-ranks-first',
      'globebench.astra-beats-grok',
      'globebench.astra-gap-is-long-audits',
      'globebench.astra-decides-given-state',
    ]);
    const changed = [...base].filter(([id, v]) => after.get(id)!.verdict !== v.verdict || after.get(id)!.estimate !== v.estimate).map(([id]) => id);
    expect(changed.length).toBeGreaterThan(1);
    for (const id of changed) expect(naming.has(id), id).toBe(true);
    // a claim over every model or response sees the same units, only Astra's and Grok's labels (or places) trade
    const units = (e: Evidence): string[] =>
      e.kind === 'every-unit'
        ? e.units.map((u) => JSON.stringify(u.evidence)).sort()
        : e.kind === 'paired-difference'
          ? e.a.map((a, i) => JSON.stringify([a, e.b[i], e.cluster?.[i]])).sort()
          : [JSON.stringify(e)];
    for (const [id, v] of base) if (!naming.has(id)) expect(units(after.get(id)!.evidence), id).toEqual(units(v.evidence));
  });
});
