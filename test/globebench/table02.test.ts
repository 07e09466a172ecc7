import { describe, expect, it } from 'vitest';
import { table02 } from '../../analysis/globebench/present/table02.js';
import { failureCtx } from './failure-fixture.js';

describe('table02: failure types by model group', () => {
  const t = table02(failureCtx());
  const row = (g: string) => t.rows.find((r) => r.group_id === g)!;

  it('has the four groups in order, world models counted in their access group too', () => {
    expect(t.rows.map((r) => r.group_id)).toEqual(['all', 'open', 'closed', 'world_models']);
    expect(t.rows.map((r) => [r.models, r.responses, r.passed])).toEqual([
      [4, 12, 3],
      [2, 6, 2],
      [2, 6, 1],
      [2, 6, 2],
    ]);
  });
  it('all models: error-handling failures fold into wrong value, shares are of answered failures', () => {
    // answered failures: m1 wv, ec; m2 so, nsf; m3 ue; m4 oe, so -> 7: wrong value 4, structure 2, no fields 1
    expect(row('all')).toMatchObject({
      no_response_n: 2,
      no_response: 2 / 12,
      answered_failures: 7,
      wrong_value_n: 4,
      structure_only_n: 2,
      no_state_fields_n: 1,
    });
    expect(row('all').wrong_value).toBeCloseTo(4 / 7, 12);
    expect(row('all').structure_only).toBeCloseTo(2 / 7, 12);
    expect(row('all').no_state_fields).toBeCloseTo(1 / 7, 12);
  });
  it('open, closed and world-model rows', () => {
    expect(row('open')).toMatchObject({ no_response_n: 0, answered_failures: 4, wrong_value: 3 / 4, structure_only: 1 / 4, no_state_fields: 0 });
    expect(row('closed')).toMatchObject({ no_response_n: 2, answered_failures: 3, wrong_value: 1 / 3, structure_only: 1 / 3, no_state_fields: 1 / 3 });
    expect(row('closed').no_response).toBeCloseTo(2 / 6, 12);
    expect(row('world_models')).toMatchObject({ no_response_n: 1, answered_failures: 3, wrong_value: 2 / 3, structure_only: 1 / 3, no_state_fields: 0 });
  });
  it('puts the published numbers beside the recomputed ones', () => {
    expect(row('all')).toMatchObject({ paper_answered_failures: 22431, delta_answered_failures: 7 - 22431, paper_wrong_value: 0.5321 });
    expect(row('all').delta_wrong_value).toBeCloseTo(4 / 7 - 0.5321, 12);
    expect(row('open').paper_wrong_value).toBe(0.5822);
    expect(row('closed').delta_no_response).toBeCloseTo(1 / 3 - 0.1933, 12);
    expect(row('closed').paper_structure_only).toBe(0.3154);
    expect(row('world_models').paper_wrong_value).toBeNull();
    expect(row('open').delta_structure_only).toBeNull();
  });
  it('names the provider behind most unusable closed-model responses', () => {
    // m2 (anthropic) and m3 (zeta) have one each: the tie goes to the name first in order
    expect(t.notes!.join('\n')).toMatch(/Unusable closed-model responses: 2; the most from provider "anthropic" \(1\)/);
  });
  it('the display view shows each published value beside its recomputed one', () => {
    const keys = t.display!.columns.map((c) => c.key);
    expect(keys.indexOf('paper_wrong_value')).toBe(keys.indexOf('wrong_value') + 1);
  });
});
