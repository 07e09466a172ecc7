import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeRelease } from '../../src/samples/write-release.js';
import { loadGlobebench } from '../../src/release/load/globebench.js';
import { compareField, withinTolerance } from '../../src/domain/grade/compare-field.js';
import { prepareGlobe } from '../../analysis/globebench/derive/context.js';
import { partialCreditByModel } from '../../analysis/globebench/present/partial-credit.js';
import { decisionGivenStateTable } from '../../analysis/globebench/present/decision-given-state.js';
import { refusalsAsMissingTable, refusalsDifficultyTable } from '../../analysis/globebench/present/refusals-as-missing.js';
import { gradesArtifact } from '../../analysis/globebench/present/grades-artifact.js';
import { skillStats, table18 } from '../../analysis/globebench/index.js';
import { table01 } from '../../analysis/globebench/present/table01.js';
import { definitionsRelease } from './definitions-release.js';
import { item, makeCtx } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'wb-defs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeRelease(join(dir, 'r'), definitionsRelease());
const ctx = prepareGlobe(loadGlobebench(join(dir, 'r')), { seed: 3, resamples: 200 });
const _grade = (m: string, i: string) => ctx.grades.find((g) => g.model_id === m && g.item_id === i)!;

describe('grading: field credit whichever step fails (definitions-release.ts table)', () => {
  it('every response gets the failure type and field count worked out by hand', () => {
    const got = ctx.grades.map((g) => [g.model_id, g.item_id, g.pass, g.failure_type, g.decided_by, g.fields_matched, g.fields_decided]);
    expect(got).toEqual([
      ['A', 'e1', false, 'under_error', 'deterministic', 2, 2],
      ['A', 'e2', true, null, 'deterministic', 1, 1],
      ['A', 'n1', false, 'wrong_value', 'deterministic', 1, 2],
      ['A', 't1', true, null, 'terra', 0, 0],
      ['A', 'n2', false, 'no_response', 'deterministic', 0, 1],
      ['B', 'e1', false, 'error_class', 'deterministic', 2, 2],
      ['B', 'e2', true, null, 'deterministic', 0, 1],
      ['B', 'n1', false, 'structure_only', 'deterministic', 1, 2],
      ['B', 't1', false, 'no_response', 'deterministic', 0, 0],
      ['B', 'n2', false, 'over_error', 'deterministic', 1, 1],
    ]);
  });
  it('grades.jsonl carries the true fields_matched of error-step failures', () => {
    const rows = gradesArtifact(ctx)
      .content.trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows.find((r) => r.model_id === 'A' && r.item_id === 'e1')).toMatchObject({ failure_type: 'under_error', fields_matched: 2, fields_decided: 2 });
    expect(rows.find((r) => r.model_id === 'B' && r.item_id === 'n2')).toMatchObject({ failure_type: 'over_error', fields_matched: 1, fields_decided: 1 });
  });
  it('partial credit: A (1 + 1 + 0.5 + 0) / 4, B (1 + 0 + 0.5 + 1) / 4; answered failures A 1.5/2, B 2.5/3', () => {
    const t = partialCreditByModel(ctx);
    expect(t.rows.map((r) => r.model_id)).toEqual(['A', 'B']); // success 2/5 before 1/5
    const [a, b] = t.rows;
    expect(a).toMatchObject({ n_responses: 5, success: 2 / 5, failed_answered: 2, near_misses: 1, near_miss_share: 0.5 });
    expect(a.partial_credit).toBeCloseTo(0.625, 12);
    expect(a.credit_when_failed).toBeCloseTo(0.75, 12);
    expect(b).toMatchObject({ n_responses: 5, success: 1 / 5, failed_answered: 3, near_misses: 2 });
    expect(b.partial_credit).toBeCloseTo(0.625, 12);
    expect(b.credit_when_failed).toBeCloseTo(2.5 / 3, 12);
  });
});

describe('decision given a correct state', () => {
  it('agrees with partial credit on "state right" and leaves out the text-only item', () => {
    const t = decisionGivenStateTable(ctx);
    // A: e1 (2/2, under_error) and e2 (1/1, pass) state right; t1 has no decided field and is out
    // B: e1 (2/2, error_class) only; e2 passes on the error match with 0/1 fields
    expect(t.rows.map((r) => [r.model_id, r.state_right, r.decision_right, r.decision_wrong, r.share])).toEqual([
      ['A', 2, 1, 1, 0.5],
      ['B', 1, 0, 1, 0],
    ]);
    expect(t.notes!.join(' ')).toContain('1 item(s) of those operators have no decided field');
  });
});

describe('numeric tolerance and type mismatch', () => {
  it('is inclusive as a person reads it: gold 1.1, prediction 0.9, tol 0.2 matches', () => {
    expect(Math.abs(0.9 - 1.1) > 0.2).toBe(true); // what binary rounding says
    expect(withinTolerance(0.9, 1.1, 0.2)).toBe(true);
    expect(withinTolerance(1.3, 1.1, 0.2)).toBe(true);
    expect(withinTolerance(1.31, 1.1, 0.2)).toBe(false);
    // relative slack 1e-9 * max(1, |g|): 1e6 + 0.0005 is within tol 0 (slack 0.001), 1e6 + 0.002 is not
    expect(withinTolerance(1e6 + 0.0005, 1e6, 0)).toBe(true);
    expect(withinTolerance(1e6 + 0.002, 1e6, 0)).toBe(false);
  });
  it('type mismatch is by JSON type; a container of the right type with other keys or length is a wrong value', () => {
    const exact = { path: 'p', kind: 'exact' as const };
    expect(compareField(exact, { k: 1 }, { k: 1, extra: 2 })).toBe('wrong_value');
    expect(compareField(exact, { k: 1, j: 2 }, { k: 1 })).toBe('wrong_value');
    expect(compareField(exact, [1, 2], [1, 2, 3])).toBe('wrong_value');
    expect(compareField(exact, { k: 1 }, [1])).toBe('wrong_shape');
    expect(compareField(exact, null, 0)).toBe('wrong_shape');
    expect(compareField(exact, 1, '1')).toBe('wrong_shape');
    expect(compareField({ path: 'p', kind: 'set' }, [1], { 0: 1 })).toBe('wrong_shape');
  });
});

describe('refusals as missing: both policies', () => {
  it('refusals only vs every unusable response, worked out by hand', () => {
    const t = refusalsAsMissingTable(ctx);
    // A: 2 passes; refuses n2 -> 2/4 under both. B: 1 pass; t1 empty (not a refusal) -> 1/5 and 1/4.
    const a = t.rows.find((r) => r.model_id === 'A')!,
      b = t.rows.find((r) => r.model_id === 'B')!;
    expect(a).toMatchObject({ refusals: 1, no_response: 1, success_as_failure: 0.4, success_refusals_missing: 0.5, success_as_missing: 0.5 });
    expect(b).toMatchObject({ refusals: 0, no_response: 1, success_as_failure: 0.2, success_refusals_missing: 0.2, success_as_missing: 0.25 });
    expect(b.change_refusals).toBeCloseTo(0, 12);
    expect(b.change).toBeCloseTo(0.05, 12);
  });
  it('the difficulty view pools both policies: radius L0 has 3 passes over 10, 9 not refused, 8 usable', () => {
    const t = refusalsDifficultyTable(ctx);
    const l0 = t.rows.find((r) => r.level === 'radius L0')!;
    expect(l0).toMatchObject({ items: 5, success_as_failure: 0.3 });
    expect(l0.success_refusals_missing).toBeCloseTo(3 / 9, 12);
    expect(l0.success_as_missing).toBeCloseTo(3 / 8, 12);
  });
});

describe('ties: exact fractions, then the documented rule', () => {
  it('Table 18 orders two skills with the same pooled success (36/147 each) by name', () => {
    // 3 models x 49 items per skill. alpha: 36 items passed by m1 only. beta: 16 items passed by m1 and
    // m2, 4 by m3 only. Both pool 36/147; the float means of the per-item shares differ in the last bits
    // (0.24489795918367355 vs 0.24489795918367346), which used to put beta first.
    const items = [
      ...Array.from({ length: 49 }, (_, i) => item(`b${String(i).padStart(2, '0')}`, { skill: 'beta' })),
      ...Array.from({ length: 49 }, (_, i) => item(`a${String(i).padStart(2, '0')}`, { skill: 'alpha' })),
    ];
    const beta = (m: number) => Array.from({ length: 49 }, (_, i) => (i < 16 ? (m < 2 ? '1' : '0') : i < 20 ? (m === 2 ? '1' : '0') : '0')).join('');
    const alpha = (m: number) => Array.from({ length: 49 }, (_, i) => (i < 36 && m === 0 ? '1' : '0')).join('');
    const c = makeCtx({
      items,
      models: [{ model_id: 'm1' }, { model_id: 'm2' }, { model_id: 'm3' }],
      outcomes: { m1: beta(0) + alpha(0), m2: beta(1) + alpha(1), m3: beta(2) + alpha(2) },
      resamples: 50,
    });
    const stats = skillStats(c);
    expect(stats.map((s) => [s.skill, s.pooled_passes, s.pooled_responses])).toEqual([
      ['alpha', 36, 147],
      ['beta', 36, 147],
    ]);
    expect(table18(c).rows.map((r) => [r.rank, r.skill])).toEqual([
      [1, 'alpha'],
      [2, 'beta'],
    ]);
  });
  it('Table 1 ranks by pass counts: equal counts share a rank, ties listed by name', () => {
    const c = makeCtx({
      items: [item('i1'), item('i2'), item('i3')],
      models: [
        { model_id: 'z', name: 'Zed' },
        { model_id: 'y', name: 'Ann' },
        { model_id: 'x', name: 'Bob' },
      ],
      outcomes: { z: '110', y: '011', x: '100' },
      resamples: 50,
    });
    expect(table01(c).rows.map((r) => [r.rank, r.model])).toEqual([
      [1, 'Ann'],
      [1, 'Zed'],
      [3, 'Bob'],
    ]);
  });
});
