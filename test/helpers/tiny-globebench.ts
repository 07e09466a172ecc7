import type { ReleaseSpec } from '../../src/samples/write-release.js';

/**
 * A tiny valid GlobeBench release: 4 items (one error item, one with a text field), 2 models.
 * Tests copy and break it one way at a time.
 */
export function tinyGlobebench(): ReleaseSpec {
  const items = [
    {
      item_id: 'i1',
      domain: 'code',
      skill: 'sql',
      capabilities: ['state_coherence'],
      operator: 'op-a',
      source: 'own',
      backend: 'sqlite',
      reach_back: 3,
      impact_radius: 'L0',
      radius_source: 'measured',
      outcome: 'normal',
      gold: { rows: 3, names: ['a', 'b'] },
      gold_error: null,
      fields: [
        { path: 'rows', kind: 'numeric', tol: 0 },
        { path: 'names', kind: 'set' },
      ],
    },
    {
      item_id: 'i2',
      domain: 'enterprise',
      skill: 'ledger',
      capabilities: ['causal_correctness'],
      operator: 'op-b',
      source: 'adapted',
      backend: 'bfcl',
      reach_back: 120,
      impact_radius: 'L3',
      radius_source: 'declared',
      outcome: 'normal',
      gold: { acct: [{ bal: -94 }, { bal: 10 }] },
      gold_error: null,
      fields: [
        { path: 'acct.0.bal', kind: 'numeric' },
        { path: 'acct.1.bal', kind: 'numeric' },
      ],
    },
    {
      item_id: 'i3',
      domain: 'games',
      skill: 'narrative',
      capabilities: ['interface_fidelity'],
      operator: 'op-a',
      source: 'own',
      backend: 'textworld',
      reach_back: null,
      impact_radius: null,
      radius_source: null,
      outcome: 'normal',
      gold: { room: 'hall', ending: 'the door opens' },
      gold_error: null,
      fields: [
        { path: 'room', kind: 'exact' },
        { path: 'ending', kind: 'text' },
      ],
    },
    {
      item_id: 'i4',
      domain: 'code',
      skill: 'git',
      capabilities: ['constraint_enforcement'],
      operator: 'op-b',
      source: 'own',
      backend: 'git',
      reach_back: 50,
      impact_radius: 'L1',
      radius_source: 'measured',
      outcome: 'error',
      gold: { head: 'abc' },
      gold_error: { class: 'MergeConflict', referent: 'main' },
      fields: [{ path: 'head', kind: 'exact' }],
    },
  ];
  const models = [
    { model_id: 'm1', name: 'Model One', provider: 'p', access: 'closed', kind: 'general' },
    { model_id: 'm2', name: 'Model Two', provider: 'q', access: 'open', kind: 'world_model' },
  ];
  const r = (model_id: string, item_id: string, prediction: unknown, status = 'answered') => ({
    item_id,
    model_id,
    status,
    prediction,
    raw: JSON.stringify(prediction),
    request: 'primary',
  });
  return {
    benchmark: 'globebench',
    version: 'test-1',
    description: 'tiny test release',
    files: {
      'items.jsonl': items,
      'models.jsonl': models,
      'responses/m1.jsonl': [
        r('m1', 'i1', { rows: 3, names: ['b', 'a'] }),
        r('m1', 'i2', { acct: [{ bal: -95 }, { bal: 10 }] }),
        r('m1', 'i3', { room: 'hall', ending: 'it opens' }),
        r('m1', 'i4', { error: { class: 'MergeConflict', referent: 'main' } }),
      ],
      'responses/m2.jsonl': [
        r('m2', 'i1', null, 'refusal'),
        r('m2', 'i2', { acct: [{ bal: -94 }, { bal: 10 }] }),
        r('m2', 'i3', { room: 'hall', ending: 'nothing happens' }),
        r('m2', 'i4', { head: 'abc' }),
      ],
      'judge/m1.jsonl': [{ item_id: 'i3', model_id: 'm1', judge: 'terra', verdict: 'equivalent', confidence: 0.91, prompt_version: 'j1' }],
      'judge/m2.jsonl': [
        { item_id: 'i3', model_id: 'm2', judge: 'terra', verdict: 'equivalent', confidence: 0.6, prompt_version: 'j1' },
        { item_id: 'i3', model_id: 'm2', judge: 'sol', verdict: 'not_equivalent', confidence: 0.7, prompt_version: 'j1' },
      ],
    },
  };
}
