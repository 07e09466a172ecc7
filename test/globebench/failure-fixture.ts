import { item, makeCtx } from './helpers.js';

/**
 * Four models x three items for the failure tables. m1 open general, m2 closed general (provider
 * anthropic), m3 closed world model, m4 open world model. Item 1 is code, items 2 and 3 games.
 *   m1: pass,        wrong_value,    error_class
 *   m2: no_response, structure_only, no_state_fields
 *   m3: under_error, pass,           no_response
 *   m4: over_error,  structure_only, pass
 */
export function failureCtx() {
  return makeCtx({
    items: [item('i1', { domain: 'code' }), item('i2', { domain: 'games' }), item('i3', { domain: 'games' })],
    models: [
      { model_id: 'm1', access: 'open', kind: 'general', provider: 'acme' },
      { model_id: 'm2', access: 'closed', kind: 'general', provider: 'anthropic' },
      { model_id: 'm3', access: 'closed', kind: 'world_model', provider: 'zeta' },
      { model_id: 'm4', access: 'open', kind: 'world_model', provider: 'acme' },
    ],
    outcomes: {
      m1: ['pass', 'wrong_value', 'error_class'],
      m2: ['no_response', 'structure_only', 'no_state_fields'],
      m3: ['under_error', 'pass', 'no_response'],
      m4: ['over_error', 'structure_only', 'pass'],
    },
  });
}
