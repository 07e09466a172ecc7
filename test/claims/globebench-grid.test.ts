import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { globebench } from '../../analysis/globebench/index.js';
import { evaluateClaims } from '../../src/derive/claims/evaluate-claims.js';
import { robustnessGrid } from '../../src/derive/claims/robustness-grid.js';
import { writeRelease, type ReleaseSpec } from '../../src/samples/write-release.js';

/**
 * A small GlobeBench release where the judge decides everything: 30 items of one `text` field (6
 * operators of 5 items, 2 domains), GPT-6 Astra and Grok 4.6. Astra's terra records say
 * `equivalent` at confidence 0.85 and its sol records `not_equivalent`: at thresholds 0.70 and
 * 0.80 terra decides (Astra passes all 30), at 0.90 sol does (Astra fails all 30). Grok's terra
 * records are sure (0.95): it passes the even-numbered items and refuses item 29.
 */
function judgeRelease(): ReleaseSpec {
  const ids = Array.from({ length: 30 }, (_, i) => i);
  const items = ids.map((i) => ({
    item_id: `t${i}`,
    domain: i % 2 ? 'code' : 'games',
    skill: 'narrative',
    capabilities: ['state_coherence'],
    operator: `op-${Math.floor(i / 5)}`,
    source: 'own',
    backend: 'textworld',
    reach_back: i % 3 ? 10 : 60,
    impact_radius: ['L0', 'L1', 'L2', 'L3'][i % 4],
    radius_source: 'measured',
    outcome: 'normal',
    gold: { ending: 'the door opens' },
    gold_error: null,
    fields: [{ path: 'ending', kind: 'text' }],
  }));
  const answer = (model_id: string, i: number) => ({
    item_id: `t${i}`,
    model_id,
    status: 'answered',
    prediction: { ending: 'it opens' },
    raw: '{"ending":"it opens"}',
    request: 'primary',
  });
  const judge = (model_id: string, i: number, judge: string, verdict: string, confidence: number) => ({
    item_id: `t${i}`,
    model_id,
    judge,
    verdict,
    confidence,
    prompt_version: 'j1',
  });
  const grok = ids.slice(0, 29);
  return {
    benchmark: 'globebench',
    version: 'test-judge',
    description: 'judge-decided test release',
    files: {
      'items.jsonl': items,
      'models.jsonl': [
        { model_id: 'gpt-6-astra', name: 'GPT-6 Astra', provider: 'p', access: 'closed', kind: 'general' },
        { model_id: 'grok-4.6', name: 'Grok 4.6', provider: 'q', access: 'closed', kind: 'general' },
      ],
      'responses/gpt-6-astra.jsonl': ids.map((i) => answer('gpt-6-astra', i)),
      'responses/grok-4.6.jsonl': [
        ...grok.map((i) => answer('grok-4.6', i)),
        { item_id: 't29', model_id: 'grok-4.6', status: 'refusal', prediction: null, raw: '', request: 'primary' },
      ],
      'judge/gpt-6-astra.jsonl': ids.flatMap((i) => [
        judge('gpt-6-astra', i, 'terra', 'equivalent', 0.85),
        judge('gpt-6-astra', i, 'sol', 'not_equivalent', 0.9),
      ]),
      'judge/grok-4.6.jsonl': grok.map((i) => judge('grok-4.6', i, 'terra', i % 2 ? 'not_equivalent' : 'equivalent', 0.95)),
    },
  };
}

const root = mkdtempSync(join(tmpdir(), 'wb-grid-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("GlobeBench's choices in the robustness grid", () => {
  writeRelease(root, judgeRelease());
  const opts = { seed: 7, resamples: 50 };
  const ctx = globebench.prepare(globebench.load(root), opts);
  const claims = globebench.claims!;
  const rows = evaluateClaims(claims, ctx, opts);
  const grid = robustnessGrid(claims, ctx, rows, opts, globebench.choices!(ctx));
  const cells = (id: string, choice: string) => grid.filter((g) => g.claim_id === id && g.choice === choice);

  it('a judge threshold of 0.90 hands the judge-decided responses to sol: Astra falls from every item to none', () => {
    const t = cells('globebench.astra-beats-grok', 'judge threshold');
    expect(t.map((g) => g.value)).toEqual(['0.70', '0.80', '0.90']);
    // paired differences over 30 items: Astra 1 on every item minus Grok's 15 of 30 (item 29 refused: a failure)
    expect(t[0].estimate).toBeCloseTo(0.5, 12);
    expect(t[1].estimate).toBeCloseTo(0.5, 12);
    expect(t[2].estimate).toBeCloseTo(-0.5, 12);
    expect(t.map((g) => g.verdict)).toEqual(['holds', 'holds', 'contradicted']);
    // 0.80 is the release's own grading: its cell is the claim's CR1 cell
    const cr1 = cells('globebench.astra-beats-grok', 'interval').find((g) => g.value === 'CR1')!;
    expect([t[1].ci_low, t[1].ci_high, t[1].verdict]).toEqual([cr1.ci_low, cr1.ci_high, cr1.verdict]);
    // the best model passes every item at 0.80 (Astra) and half of them at 0.90 (Grok, 15 of 30)
    const best = cells('globebench.best-below-half', 'judge threshold');
    expect(best.map((g) => g.estimate)).toEqual([1, 1, 0.5]);
    expect(best[1].verdict).toBe('contradicted');
  });

  it('refusals as missing leave item 29 out of the pair; other choices do not move with the threshold', () => {
    const r = cells('globebench.astra-beats-grok', 'refusal policy');
    expect(r.map((g) => g.value)).toEqual(['failures', 'missing']);
    expect(r[0].estimate).toBeCloseTo(0.5, 12);
    // 29 items: Astra 29 passes, Grok 15 (the even items 0..28)
    expect(r[1].estimate).toBeCloseTo(14 / 29, 12);
    // the cluster unit changes the interval, never the estimate
    const u = cells('globebench.astra-beats-grok', 'cluster unit');
    expect(u.map((g) => g.value)).toEqual(['operator', 'domain']);
    for (const g of u) expect(g.estimate).toBeCloseTo(0.5, 12);
    expect(u[1].ci_low).not.toBe(u[0].ci_low);
  });

  it('a rank has no cells for the CR1 choices; a claim the release cannot compute has its headline cell only', () => {
    expect([...new Set(grid.filter((g) => g.claim_id === 'globebench.astra-ranks-first').map((g) => g.choice))]).toEqual(['interval', 'seed']);
    const missing = rows.find((r) => r.claim_id === 'globebench.judge-agrees-two-of-four')!;
    expect(missing.verdict).toBe('not computable');
    expect(grid.filter((g) => g.claim_id === missing.claim_id).map((g) => g.value)).toEqual(['headline: none']);
  });
});
