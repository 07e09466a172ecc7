import type { ReleaseSpec } from '../../src/samples/write-release.js';

/**
 * A hand-built GlobeBench release for the grading definitions of docs/release-format.md ("How a response
 * is graded" and the paragraphs after it). Every expected value in the tests that use it is worked
 * out by hand from the table below, not by the code under test.
 *
 * items (operators: op-err builds an error item, op-plain does not)
 *   e1  error  op-err   gold {a: 1, b: [1, 2]}      fields a exact, b set        gold_error Denied / null
 *   e2  error  op-err   gold {n: 1.1}               field n numeric tol 0.2       gold_error Denied / "x"
 *   n1  normal op-err   gold {obj: {k: 1}, v: 2}    fields obj exact, v numeric tol 0
 *   t1  normal op-err   gold {s: "hello"}           field s text (no decided field)
 *   n2  normal op-plain gold {x: 1}                 field x exact
 *
 * grades (failure type, matched / decided fields)
 *   A e1 {a:1, b:[2,1]}, no error               under_error     2/2  (state right, decision wrong)
 *   A e2 {n:0.9, error Denied/x}                pass            1/1  (|0.9-1.1| = 0.2 <= tol, inclusive)
 *   A n1 {obj:{k:1, extra:2}, v:2}              wrong_value     1/2  (an object with an extra key is a wrong value)
 *   A t1 {s:"hi"}, terra equivalent 0.9         pass (terra)    0/0
 *   A n2 refusal                                no_response     0/1
 *   B e1 {a:1, b:[1,2], error Other}            error_class     2/2  (state right, decision wrong)
 *   B e2 {error Denied/x}, + a terra record     pass            0/1  (decided by the error match: judge record unused)
 *   B n1 {obj:"k", v:2.0000000001}              structure_only  1/2  (string for an object: type mismatch; v within 1e-9*2)
 *   B t1 empty                                  no_response     0/0
 *   B n2 {x:1, error Boom}                      over_error      1/1
 */
export function definitionsRelease(opts: { results?: boolean } = {}): ReleaseSpec {
  const base = {
    domain: 'code',
    skill: 'sql',
    capabilities: ['state_coherence'],
    source: 'own',
    backend: 'sqlite',
    reach_back: 3,
    impact_radius: 'L0',
    radius_source: 'measured',
  };
  const items = [
    {
      ...base,
      item_id: 'e1',
      operator: 'op-err',
      outcome: 'error',
      gold: { a: 1, b: [1, 2] },
      gold_error: { class: 'Denied', referent: null },
      fields: [
        { path: 'a', kind: 'exact' },
        { path: 'b', kind: 'set' },
      ],
    },
    {
      ...base,
      item_id: 'e2',
      operator: 'op-err',
      outcome: 'error',
      gold: { n: 1.1 },
      gold_error: { class: 'Denied', referent: 'x' },
      fields: [{ path: 'n', kind: 'numeric', tol: 0.2 }],
    },
    {
      ...base,
      item_id: 'n1',
      operator: 'op-err',
      outcome: 'normal',
      gold: { obj: { k: 1 }, v: 2 },
      gold_error: null,
      fields: [
        { path: 'obj', kind: 'exact' },
        { path: 'v', kind: 'numeric', tol: 0 },
      ],
    },
    { ...base, item_id: 't1', operator: 'op-err', outcome: 'normal', gold: { s: 'hello' }, gold_error: null, fields: [{ path: 's', kind: 'text' }] },
    { ...base, item_id: 'n2', operator: 'op-plain', outcome: 'normal', gold: { x: 1 }, gold_error: null, fields: [{ path: 'x', kind: 'exact' }] },
  ];
  const models = [
    { model_id: 'A', name: 'Alpha', provider: 'p', access: 'closed', kind: 'general' },
    { model_id: 'B', name: 'Beta', provider: 'q', access: 'open', kind: 'general' },
  ];
  const r = (model_id: string, item_id: string, prediction: unknown, status = 'answered') => ({
    item_id,
    model_id,
    status,
    prediction,
    raw: JSON.stringify(prediction),
    request: 'primary',
  });
  const files: ReleaseSpec['files'] = {
    'items.jsonl': items,
    'models.jsonl': models,
    'responses/A.jsonl': [
      r('A', 'e1', { a: 1, b: [2, 1] }),
      r('A', 'e2', { n: 0.9, error: { class: 'Denied', referent: 'x' } }),
      r('A', 'n1', { obj: { k: 1, extra: 2 }, v: 2 }),
      r('A', 't1', { s: 'hi' }),
      r('A', 'n2', null, 'refusal'),
    ],
    'responses/B.jsonl': [
      r('B', 'e1', { a: 1, b: [1, 2], error: { class: 'Other', referent: null } }),
      r('B', 'e2', { error: { class: 'Denied', referent: 'x' } }),
      r('B', 'n1', { obj: 'k', v: 2.0000000001 }),
      r('B', 't1', null, 'empty'),
      r('B', 'n2', { x: 1, error: { class: 'Boom', referent: null } }),
    ],
    'judge/A.jsonl': [{ item_id: 't1', model_id: 'A', judge: 'terra', verdict: 'equivalent', confidence: 0.9, prompt_version: 'j1' }],
    'judge/B.jsonl': [{ item_id: 'e2', model_id: 'B', judge: 'terra', verdict: 'not_equivalent', confidence: 0.95, prompt_version: 'j1' }],
  };
  if (opts.results) {
    // the release's own verdicts for A: e1 published as a pass (recomputed: under_error), the rest agree
    files['results/A.jsonl'] = [
      { item_id: 'e1', model_id: 'A', pass: true, failure_type: null, decided_by: 'terra' },
      { item_id: 'e2', model_id: 'A', pass: true },
      { item_id: 'n1', model_id: 'A', pass: false, failure_type: 'wrong_value' },
      { item_id: 't1', model_id: 'A', pass: true, decided_by: 'terra' },
      { item_id: 'n2', model_id: 'A', pass: false, failure_type: 'no_response' },
    ];
  }
  return { benchmark: 'globebench', version: 'definitions-1', description: 'hand-built release for the grading definitions', files };
}
