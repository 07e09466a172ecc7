import { describe, expect, it } from 'vitest';
import { table23 } from '../../analysis/globebench/present/table23.js';
import { failureCtx } from './failure-fixture.js';

describe('table23: failure types by domain', () => {
  const t = table23(failureCtx());
  const row = (d: string) => t.rows.find((r) => r.domain === d)!;

  it('lists all, then only the domains that have items, in format order', () => {
    expect(t.rows.map((r) => r.domain)).toEqual(['all', 'code', 'games']);
  });
  it('code (item 1): one pass, one no response, under- and over-error', () => {
    expect(row('code')).toMatchObject({
      items: 1,
      responses: 4,
      success: 1 / 4,
      failed: 3,
      no_response: 1,
      answered_failures: 2,
      under_error: 0.5,
      over_error: 0.5,
      wrong_value: 0,
      error_class: 0,
    });
    expect(row('code').no_response_share).toBeCloseTo(1 / 3, 12);
    expect(row('code').no_response_rate).toBe(1 / 4);
  });
  it('games (items 2, 3): the six types kept apart', () => {
    expect(row('games')).toMatchObject({
      items: 2,
      responses: 8,
      failed: 6,
      no_response: 1,
      answered_failures: 5,
      wrong_value_n: 1,
      error_class_n: 1,
      structure_only_n: 2,
      no_state_fields_n: 1,
    });
    expect(row('games').wrong_value).toBeCloseTo(0.2, 12);
    expect(row('games').structure_only).toBeCloseTo(0.4, 12);
    expect(row('games').under_error).toBe(0);
  });
  it('all: the shares of the six types sum to one; the published count sits on the all row only', () => {
    const a = row('all');
    expect(a).toMatchObject({ failed: 9, no_response: 2, answered_failures: 7, paper_answered_failures: 22431, delta_answered_failures: 7 - 22431 });
    const sum = ['wrong_value', 'structure_only', 'no_state_fields', 'error_class', 'under_error', 'over_error'].reduce((s, k) => s + (a[k] as number), 0);
    expect(sum).toBeCloseTo(1, 12);
    expect(row('code').paper_answered_failures).toBeNull();
  });
});
