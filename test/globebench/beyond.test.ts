import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeRelease } from '../../src/samples/write-release.js';
import { loadGlobebench } from '../../src/release/load/globebench.js';
import { prepareGlobe } from '../../analysis/globebench/derive/context.js';
import { judgeSensitivityTable } from '../../analysis/globebench/present/judge-sensitivity.js';
import { regradeAtThreshold } from '../../analysis/globebench/derive/judge-sensitivity.js';
import { partialCreditByModel } from '../../analysis/globebench/present/partial-credit.js';
import { refusalsAsMissingTable } from '../../analysis/globebench/present/refusals-as-missing.js';
import { mhTable } from '../../analysis/globebench/present/mantel-haenszel.js';
import { MH_SPECS, strataCounts } from '../../analysis/globebench/derive/mantel-haenszel.js';
import { entanglementTable } from '../../analysis/globebench/present/entanglement.js';
import { astraVsRestTable } from '../../analysis/globebench/present/astra-vs-rest.js';
import { decisionGivenStateTable } from '../../analysis/globebench/present/decision-given-state.js';
import { tinyGlobebench } from '../helpers/tiny-globebench.js';

const dir = mkdtempSync(join(tmpdir(), 'wb-beyond-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeRelease(join(dir, 'r'), tinyGlobebench());
const ctx = prepareGlobe(loadGlobebench(join(dir, 'r')), { seed: 1, resamples: 200 });
// tiny release grades (model, item): m1 passes i1 i3 i4, fails i2 (wrong value, 1 of 2 fields right);
// m2 refuses i1, passes i2, fails i3 (sol, terra 0.6), fails i4 (under_error)

describe('judge sensitivity', () => {
  it('a lower threshold lets terra decide where sol did; verdicts change', () => {
    const { grades, fallbacks } = regradeAtThreshold(ctx, 0.5);
    const g = grades.find((x) => x.model_id === 'm2' && x.item_id === 'i3')!;
    expect(g).toMatchObject({ decided_by: 'terra', pass: true });
    expect(fallbacks).toBe(0);
  });
  it('a higher threshold without a sol record keeps terra and counts the fallback', () => {
    const { grades, fallbacks } = regradeAtThreshold(ctx, 0.95);
    expect(fallbacks).toBe(1);
    expect(grades.find((x) => x.model_id === 'm1' && x.item_id === 'i3')!.pass).toBe(true);
  });
  it('the table has one row per threshold and none changes at 0.80', () => {
    const t = judgeSensitivityTable(ctx);
    expect(t.rows.map((r) => r.threshold)).toEqual([0.7, 0.75, 0.8, 0.85, 0.9]);
    expect(t.rows[2].verdicts_changed).toBe(0);
    expect(t.rows[2].pooled_success).toBeCloseTo(4 / 8, 12);
  });
});

describe('partial credit and refusals', () => {
  it('counts matched over decided fields, no response as 0', () => {
    const t = partialCreditByModel(ctx);
    const m1 = t.rows.find((r) => r.model_id === 'm1')!;
    // m1: i1 2/2, i2 1/2, i3 1/1 (room), i4 0/1 (error matched, no state fields) -> mean (1 + .5 + 1 + 0) / 4
    expect(m1.partial_credit).toBeCloseTo(2.5 / 4, 12);
    expect(m1.credit_when_failed).toBeCloseTo(0.5, 12);
  });
  it('refusals as missing scores a model on the items it answered', () => {
    const t = refusalsAsMissingTable(ctx);
    const m2 = t.rows.find((r) => r.model_id === 'm2')!;
    expect(m2.success_as_failure).toBeCloseTo(1 / 4, 12);
    expect(m2.success_as_missing).toBeCloseTo(1 / 3, 12);
    expect(m2.no_response).toBe(1);
  });
});

describe('confounding', () => {
  it('builds 2x2 strata over responses and leaves out items without a radius', () => {
    const s = strataCounts(ctx, MH_SPECS[0]);
    // i3 has no radius; op-a: i1 (L0); op-b: i2 (L3), i4 (L1)
    expect(s).toEqual([
      { stratum: 'op-a', a: 0, n1: 0, c: 1, n0: 2 },
      { stratum: 'op-b', a: 1, n1: 2, c: 1, n0: 2 },
    ]);
    const t = mhTable(ctx, MH_SPECS[0]);
    expect(t.rows[0].strata_both).toBe(1);
    expect(t.rows[0].mh_diff).toBeCloseTo(0, 12);
    expect(t.rows[0].pooled_diff).toBeCloseTo(1 / 2 - 2 / 4, 12);
  });
  it('eta of log reach-back on operator', () => {
    const t = entanglementTable(ctx);
    expect(t.rows[0].n_items).toBe(3);
    expect(t.rows[0].eta as number).toBeGreaterThan(0.5);
  });
  it('the leader table stands on a one-model release', () => {
    const spec = tinyGlobebench();
    spec.files['models.jsonl'] = spec.files['models.jsonl'].slice(0, 1);
    delete spec.files['responses/m2.jsonl'];
    delete spec.files['judge/m2.jsonl'];
    writeRelease(join(dir, 'one'), spec);
    const one = prepareGlobe(loadGlobebench(join(dir, 'one')), { seed: 1, resamples: 50 });
    const t = astraVsRestTable(one);
    expect(t.rows.find((r) => String(r.what).startsWith('net difference'))!.value).toBe(0);
  });
  it('decision given a correct state counts error decisions among state-right responses', () => {
    const t = decisionGivenStateTable(ctx);
    // op-b builds the error item i4: m2 gets i2 and i4's state right but misses i4's error
    expect(t.rows.find((r) => r.model_id === 'm2')).toMatchObject({ state_right: 2, decision_right: 1, share: 0.5 });
    expect(t.rows.find((r) => r.model_id === 'm1')).toMatchObject({ state_right: 0, share: null });
  });
});
