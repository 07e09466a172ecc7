import { describe, expect, it } from 'vitest';
import { FAILURE_CODES, PASSED, responseColumns } from '../../analysis/globebench/derive/responses.js';
import { item, makeCtx } from './helpers.js';

describe('responseColumns', () => {
  it('lays the grades out model-major by items.jsonl order, item attributes as codes', () => {
    const ctx = makeCtx({
      items: [
        item('i0', { skill: 's1', impact_radius: 'L3', reach_back: 90 }),
        item('i1', { skill: 's2', impact_radius: null, reach_back: 40, outcome: 'error' }),
        item('i2', { skill: 's1', reach_back: null }),
      ],
      models: [{ model_id: 'a' }, { model_id: 'b' }],
      outcomes: { a: ['pass', 'no_response', 'under_error'], b: ['wrong_value', 'pass', 'pass'] },
    });
    const c = responseColumns(ctx);
    expect([c.items, c.models]).toEqual([3, 2]);
    expect([...c.pass]).toEqual([1, 0, 0, 0, 1, 1]);
    expect([...c.failure]).toEqual([
      PASSED,
      FAILURE_CODES.indexOf('no_response'),
      FAILURE_CODES.indexOf('under_error'),
      FAILURE_CODES.indexOf('wrong_value'),
      PASSED,
      PASSED,
    ]);
    expect([...c.present]).toEqual([1, 1, 1, 1, 1, 1]);
    expect(c.skill.values).toEqual(['s1', 's2']);
    expect([...c.skill.code]).toEqual([0, 1, 0]);
    expect([...c.radius]).toEqual([3, -1, 0]);
    expect([...c.band]).toEqual([1, 0, -1]);
    expect([...c.error]).toEqual([0, 1, 0]);
  });
});
