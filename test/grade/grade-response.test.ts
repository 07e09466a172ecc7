import { describe, expect, it } from 'vitest';
import { gradeResponse, JudgeMissingError } from '../../src/domain/grade/grade-response.js';
import type { Item, JudgeRecord, Response } from '../../src/format/globebench.js';

function item(over: Partial<Item> = {}): Item {
  return {
    item_id: 'i1',
    domain: 'enterprise',
    skill: 'ledger',
    capabilities: ['state_coherence'],
    operator: 'op',
    source: 'own',
    backend: 'sqlite',
    reach_back: 10,
    impact_radius: 'L0',
    radius_source: 'measured',
    outcome: 'normal',
    gold: { balance: -94, tags: ['a', 'b', 'a'], acct: { id: 7, open: true }, note: 'the door opens' },
    gold_error: null,
    fields: [
      { path: 'balance', kind: 'numeric', tol: 0 },
      { path: 'tags', kind: 'set' },
      { path: 'acct', kind: 'exact' },
    ],
    ...over,
  };
}
function resp(prediction: Record<string, unknown> | null, over: Partial<Response> = {}): Response {
  return { item_id: 'i1', model_id: 'm', status: 'answered', prediction, raw: '', request: 'primary', ...over };
}
const judge = (j: 'terra' | 'sol', verdict: 'equivalent' | 'not_equivalent', confidence: number): JudgeRecord => ({
  item_id: 'i1',
  model_id: 'm',
  judge: j,
  verdict,
  confidence,
  prompt_version: 'v1',
});
const gold = () => structuredClone(item().gold);

describe('step 1: no usable response', () => {
  it.each(['refusal', 'empty', 'error'] as const)('status %s fails as no_response', (status) => {
    expect(gradeResponse(item(), resp(gold(), { status }))).toMatchObject({ pass: false, failure_type: 'no_response', decided_by: 'deterministic' });
  });
  it('a null prediction fails as no_response', () => {
    expect(gradeResponse(item(), resp(null)).failure_type).toBe('no_response');
  });
});

describe('step 2: error outcome', () => {
  const errItem = item({ outcome: 'error', gold_error: { class: 'PermissionDenied', referent: 'acct:7' } });
  it('gold error, no predicted error: under_error', () => {
    expect(gradeResponse(errItem, resp(gold())).failure_type).toBe('under_error');
  });
  it('gold normal, predicted error: over_error', () => {
    expect(gradeResponse(item(), resp({ ...gold(), error: { class: 'X', referent: null } })).failure_type).toBe('over_error');
  });
  it('wrong class or wrong referent: error_class', () => {
    expect(gradeResponse(errItem, resp({ error: { class: 'NotFound', referent: 'acct:7' } })).failure_type).toBe('error_class');
    expect(gradeResponse(errItem, resp({ error: { class: 'PermissionDenied', referent: 'acct:8' } })).failure_type).toBe('error_class');
  });
  it('referent not checked where gold referent is null', () => {
    const it2 = item({ outcome: 'error', gold_error: { class: 'PermissionDenied', referent: null } });
    expect(gradeResponse(it2, resp({ error: { class: 'PermissionDenied', referent: 'anything' } })).pass).toBe(true);
  });
  it('matching error and no state fields: decided by step 2, pass', () => {
    expect(gradeResponse(errItem, resp({ error: { class: 'PermissionDenied', referent: 'acct:7' } }))).toMatchObject({
      pass: true,
      decided_by: 'deterministic',
    });
  });
  it('matching error with a wrong state field still fails on the field', () => {
    expect(gradeResponse(errItem, resp({ ...gold(), balance: 1, error: { class: 'PermissionDenied', referent: 'acct:7' } })).failure_type).toBe('wrong_value');
  });
});

describe('steps 3-5: deterministic field comparison', () => {
  it('a copy of gold passes, whatever the key order and set order', () => {
    const p = { acct: { open: true, id: 7 }, tags: ['b', 'a', 'a'], balance: -94 };
    expect(gradeResponse(item(), resp(p))).toMatchObject({ pass: true, failure_type: null, fields_matched: 3, fields_decided: 3 });
  });
  it('numeric tolerance is absolute and inclusive', () => {
    const it2 = item({ fields: [{ path: 'balance', kind: 'numeric', tol: 1 }] });
    expect(gradeResponse(it2, resp({ balance: -95 })).pass).toBe(true);
    expect(gradeResponse(it2, resp({ balance: -95.5 })).failure_type).toBe('wrong_value');
  });
  it('off by one with tol 0 is a wrong value (the paper: -95 vs -94), partial credit counts the rest', () => {
    expect(gradeResponse(item(), resp({ ...gold(), balance: -95 }))).toMatchObject({
      pass: false,
      failure_type: 'wrong_value',
      fields_matched: 2,
      fields_decided: 3,
    });
  });
  it('sets compare as multisets', () => {
    expect(gradeResponse(item(), resp({ ...gold(), tags: ['a', 'b'] })).failure_type).toBe('wrong_value');
  });
  it('no gold field present: no_state_fields', () => {
    expect(gradeResponse(item(), resp({ something: 1 })).failure_type).toBe('no_state_fields');
  });
  it('a missing field: structure_only', () => {
    const p = gold();
    delete (p as Record<string, unknown>).tags;
    expect(gradeResponse(item(), resp(p))).toMatchObject({ failure_type: 'structure_only', fields_matched: 2 });
  });
  it('a wrong JSON type: structure_only; an object of the right type with other keys: wrong value', () => {
    expect(gradeResponse(item(), resp({ ...gold(), balance: '-94' })).failure_type).toBe('structure_only');
    // docs/release-format.md, grading step 3: type mismatch is by JSON type; a missing or extra key is a wrong value
    expect(gradeResponse(item(), resp({ ...gold(), acct: { id: 7 } })).failure_type).toBe('wrong_value');
  });
  it('a wrong value outranks a missing field', () => {
    expect(gradeResponse(item(), resp({ balance: 3 })).failure_type).toBe('wrong_value');
  });
  it('array indices in paths', () => {
    const it2 = item({ gold: { rows: [{ v: 1 }, { v: 2 }] }, fields: [{ path: 'rows.1.v', kind: 'exact' }] });
    expect(gradeResponse(it2, resp({ rows: [{ v: 1 }, { v: 2 }] })).pass).toBe(true);
    expect(gradeResponse(it2, resp({ rows: [{ v: 1 }] })).failure_type).toBe('no_state_fields');
  });
});

describe('step 6: the judge', () => {
  const textItem = item({
    fields: [
      { path: 'balance', kind: 'numeric' },
      { path: 'note', kind: 'text' },
    ],
  });
  const p = { balance: -94, note: 'it opens' };
  it('terra at or above 0.80 decides', () => {
    expect(gradeResponse(textItem, resp(p), { terra: judge('terra', 'equivalent', 0.8), sol: judge('sol', 'not_equivalent', 0.99) })).toMatchObject({
      pass: true,
      decided_by: 'terra',
    });
    expect(gradeResponse(textItem, resp(p), { terra: judge('terra', 'not_equivalent', 0.95) })).toMatchObject({
      pass: false,
      failure_type: 'wrong_value',
      decided_by: 'terra',
    });
  });
  it('below 0.80 sol decides', () => {
    expect(gradeResponse(textItem, resp(p), { terra: judge('terra', 'equivalent', 0.79), sol: judge('sol', 'not_equivalent', 0.6) })).toMatchObject({
      pass: false,
      decided_by: 'sol',
    });
  });
  it('the threshold is a parameter', () => {
    const j = { terra: judge('terra', 'equivalent', 0.75), sol: judge('sol', 'not_equivalent', 0.6) };
    expect(gradeResponse(textItem, resp(p), j, { threshold: 0.7 }).decided_by).toBe('terra');
  });
  it('no usable record is an error, not a silent fail', () => {
    expect(() => gradeResponse(textItem, resp(p), { terra: judge('terra', 'equivalent', 0.5) })).toThrow(JudgeMissingError);
    expect(() => gradeResponse(textItem, resp(p), {})).toThrow(/needs the judge/);
  });
  it('deterministic failures never reach the judge', () => {
    expect(gradeResponse(textItem, resp({ balance: 1, note: 'x' }), {})).toMatchObject({ failure_type: 'wrong_value', decided_by: 'deterministic' });
  });
  it('a text field holding a non-string is structure_only', () => {
    expect(gradeResponse(textItem, resp({ balance: -94, note: 5 }), {}).failure_type).toBe('structure_only');
  });
});

describe('field outcomes recorded with the grade', () => {
  const withNote = () => item({ fields: [...item().fields, { path: 'note', kind: 'text' }] });
  it("one per field, in the item's field order: match, wrong value, wrong shape, missing, text", () => {
    // by hand: balance -95 vs -94 (tol 0) wrong; tags a string where gold has an array: wrong shape;
    // acct absent: missing; note a string: left to the judge
    const g = gradeResponse(withNote(), resp({ balance: -95, tags: 'a', note: 'x' }), { terra: judge('terra', 'equivalent', 0.9) });
    expect(g.field_outcomes).toEqual(['wrong_value', 'wrong_shape', 'missing', 'text']);
    expect(gradeResponse(item(), resp(gold())).field_outcomes).toEqual(['match', 'match', 'match']);
  });
  it('every field missing without a prediction; compared for a refusal that holds one, whose verdict stays no_response', () => {
    expect(gradeResponse(item(), resp(null)).field_outcomes).toEqual(['missing', 'missing', 'missing']);
    const refused = gradeResponse(item(), resp({ ...gold(), balance: 0 }, { status: 'refusal' }));
    expect(refused).toMatchObject({ pass: false, failure_type: 'no_response', fields_matched: 0 });
    expect(refused.field_outcomes).toEqual(['wrong_value', 'match', 'match']);
  });
  it('kept by error-step failures too', () => {
    const errItem = item({ outcome: 'error', gold_error: { class: 'PermissionDenied', referent: 'acct:7' } });
    const g = gradeResponse(errItem, resp({ ...gold(), tags: ['a'] }));
    expect(g.failure_type).toBe('under_error');
    expect(g.field_outcomes).toEqual(['match', 'wrong_value', 'match']);
  });
});
