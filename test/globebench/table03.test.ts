import { describe, expect, it } from 'vitest';
import { table03 } from '../../analysis/globebench/present/table03.js';
import type { HumanRating, LlmAudit } from '../../src/format/globebench.js';
import { item, makeCtx } from './helpers.js';

const h = (item_id: string, annotator: string, dimension: HumanRating['dimension'], rating: number): HumanRating => ({ item_id, annotator, dimension, rating });
const a = (item_id: string, dimension: string, rating: number, pass: boolean): LlmAudit => ({ item_id, dimension, rating, pass });

/**
 * Annotators A, B, C. x and y are rated by all three (anchors), z by A and B only.
 *   state_coherence:        x 5 5 5   y 4 4 3   z 5 5
 *   constraint_enforcement: x 3 3 3   y 2 3 4
 * LLM audit: x sc 4 pass, y sc 5 pass, y sc 3 FAIL (two rows), z ce 2 pass, w realism 5 pass.
 */
function ctx(opts: { ratings?: boolean; audit?: boolean; dup?: boolean } = {}) {
  const ratings = [
    h('x', 'A', 'state_coherence', 5),
    h('x', 'B', 'state_coherence', 5),
    h('x', 'C', 'state_coherence', 5),
    h('y', 'A', 'state_coherence', 4),
    h('y', 'B', 'state_coherence', 4),
    h('y', 'C', 'state_coherence', 3),
    h('z', 'A', 'state_coherence', 5),
    h('z', 'B', 'state_coherence', 5),
    h('x', 'A', 'constraint_enforcement', 3),
    h('x', 'B', 'constraint_enforcement', 3),
    h('x', 'C', 'constraint_enforcement', 3),
    h('y', 'A', 'constraint_enforcement', 2),
    h('y', 'B', 'constraint_enforcement', 3),
    h('y', 'C', 'constraint_enforcement', 4),
    ...(opts.dup ? [h('y', 'C', 'state_coherence', 4)] : []),
  ];
  const audit = [
    a('x', 'state_coherence', 4, true),
    a('y', 'state_coherence', 5, true),
    a('y', 'state_coherence', 3, false),
    a('z', 'constraint_enforcement', 2, true),
    a('w', 'realism', 5, true),
  ];
  return makeCtx({
    items: ['x', 'y', 'z', 'w', 'v'].map((id) => item(id)),
    models: [{ model_id: 'm1' }],
    outcomes: { m1: '00000' },
    ratings: opts.ratings === false ? null : ratings,
    audit: opts.audit === false ? null : audit,
  });
}

describe('table03: human study and LLM audit', () => {
  const t = table03(ctx());
  const row = (d: string) => t.rows.find((r) => r.dimension === d)!;

  it('one row per dimension plus the all row', () => {
    expect(t.rows.map((r) => r.dimension)).toEqual(['state_coherence', 'constraint_enforcement', 'outcome_correctness', 'interface_realism', 'all']);
  });
  it('anchors are the items every annotator rated; mean and pairwise exact agreement on them', () => {
    const sc = row('state_coherence');
    expect(sc).toMatchObject({ annotators: 3, items_rated: 3, anchors: 2, pairs: 6 });
    expect(sc.human_mean).toBeCloseTo(26 / 6, 12);
    expect(sc.agreement).toBeCloseTo(4 / 6, 12); // x: 3 of 3 pairs, y: 1 of 3
    const ce = row('constraint_enforcement');
    expect(ce).toMatchObject({ anchors: 2, pairs: 6, agreement: 0.5, human_mean: 3 });
    expect(row('outcome_correctness')).toMatchObject({ anchors: 0, pairs: 0, agreement: null, human_mean: null });
  });
  it('the LLM audit on the same anchors and dimension', () => {
    const sc = row('state_coherence');
    expect(sc).toMatchObject({ llm_items: 2, llm_mean: 4 }); // x 4, y 5 and 3
    expect(sc.llm_minus_human).toBeCloseTo(4 - 26 / 6, 12);
    expect(row('constraint_enforcement')).toMatchObject({ llm_items: 0, llm_mean: null, llm_minus_human: null }); // z is no anchor
  });
  it('the all row: counts, pooled agreement and the audit pass rate over items', () => {
    const all = row('all');
    expect(all).toMatchObject({
      annotators: 3,
      items_rated: 3,
      anchors: 2,
      pairs: 12,
      audit_items: 4,
      audit_pass: 0.75,
      paper_anchors: 80,
      paper_audit_items: 1627,
      paper_audit_pass: 0.9969,
    });
    expect(all.agreement).toBeCloseTo(7 / 12, 12);
    expect(all.delta_audit_pass).toBeCloseTo(0.75 - 0.9969, 12);
  });
  it('published values beside the recomputed ones', () => {
    expect(row('state_coherence')).toMatchObject({ paper_agreement: 1, paper_human_mean: 5, paper_llm_mean: 4.73 });
    expect(row('state_coherence').delta_agreement).toBeCloseTo(4 / 6 - 1, 12);
    expect(row('state_coherence').delta_llm_minus_human).toBeCloseTo(4 - 26 / 6 - (4.73 - 5), 12);
    expect(row('interface_realism').paper_agreement).toBe(0.808);
  });
  it('a repeated rating counts once (the first) and is reported', () => {
    const d = table03(ctx({ dup: true }));
    expect(d.rows[0].agreement).toBeCloseTo(4 / 6, 12);
    expect(d.notes!.join('\n')).toMatch(/1 repeated ratings/);
  });
  it('without ratings: no rows and a note, never a crash; without the audit: empty LLM columns', () => {
    const none = table03(ctx({ ratings: false }));
    expect(none.rows).toEqual([]);
    expect(none.notes![0]).toMatch(/no human\/ratings\.jsonl/);
    const noAudit = table03(ctx({ audit: false }));
    expect(noAudit.rows[0]).toMatchObject({ llm_mean: null, llm_items: null });
    expect(noAudit.rows[4]).toMatchObject({ audit_items: null, audit_pass: null, delta_audit_pass: null });
  });
});
