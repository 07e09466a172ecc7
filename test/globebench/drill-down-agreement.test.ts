import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeRelease } from '../../src/samples/write-release.js';
import { loadGlobebench } from '../../src/release/load/globebench.js';
import { drillDown } from '../../analysis/globebench/derive/drill-down.js';
import { drillDownHtml } from '../../analysis/globebench/present/drill-down.js';
import { definitionsRelease } from './definitions-release.js';
import { prepareGlobe } from '../../analysis/globebench/derive/context.js';
import { responseDiff } from '../../analysis/globebench/derive/response-diff.js';
import type { Grade } from '../../src/domain/grade/grade-response.js';

const dir = mkdtempSync(join(tmpdir(), 'wb-dd-agree-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeRelease(join(dir, 'r'), definitionsRelease({ results: true }));
const release = loadGlobebench(join(dir, 'r'));

// by hand (definitions-release.ts): results/A.jsonl(.gz) line 1 publishes A's e1 as a pass decided by
// terra; the regrade fails it under_error. B's e2 passes on the error match here, yet judge/B.jsonl(.gz)
// line 1 holds a terra record for it. B has no results file.
describe("the drill-down shows the release's own verdict beside the regrade", () => {
  it('a published pass that the regrade fails', () => {
    const d = drillDown(release, 'A', 'e1');
    expect(d.published).toEqual({
      result: { item_id: 'e1', model_id: 'A', pass: true, failure_type: null, decided_by: 'terra' },
      source: 'results/A.jsonl.gz:1',
    });
    expect(d.judge_records_unused).toBe(false);
    const html = drillDownHtml(d);
    expect(html).toContain('Published verdict (<code>results/A.jsonl.gz:1</code>): PASS, decided by terra; <strong>differs from</strong> this regrade.');
    expect(html).toContain('FAIL (under_error)');
  });
  it('a published verdict that agrees', () => {
    const html = drillDownHtml(drillDown(release, 'A', 'e2'));
    expect(html).toContain('Published verdict (<code>results/A.jsonl.gz:2</code>): PASS; agrees with this regrade.');
  });
  it('a judge record the deterministic steps leave unused; no published verdict without results/', () => {
    const d = drillDown(release, 'B', 'e2');
    expect(d.published).toBeNull();
    expect(d.judge_records_unused).toBe(true);
    expect(d.judges.map((j) => [j.judge, j.verdict])).toEqual([['terra', 'not_equivalent']]);
    const html = drillDownHtml(d);
    expect(html).not.toContain('Published verdict');
    expect(html).toContain('<strong>Unused here</strong>');
    expect(html).toContain('decided by deterministic');
  });
});

// by hand from definitions-release.ts: each field of each response against gold
const FIELD_OUTCOMES: [string, string, string[]][] = [
  ['A', 'e1', ['match', 'match']], // b [2, 1] is the set [1, 2]
  ['A', 'e2', ['match']], // |0.9 - 1.1| = 0.2 <= tol 0.2
  ['A', 'n1', ['wrong_value', 'match']], // obj with an extra key
  ['A', 't1', ['text']],
  ['A', 'n2', ['missing']], // refusal, no prediction
  ['B', 'e1', ['match', 'match']],
  ['B', 'e2', ['missing']], // only the error
  ['B', 'n1', ['wrong_shape', 'match']], // a string for an object; v within 1e-9 * 2
  ['B', 't1', ['missing']], // empty, no prediction
  ['B', 'n2', ['match']],
];

describe('the drill-down reads the grades the loader made', () => {
  it("each field's outcome is the one grading recorded, as worked out by hand", () => {
    for (const [m, i, want] of FIELD_OUTCOMES) {
      expect(
        drillDown(release, m, i).fields.map((f) => f.outcome),
        `${m} ${i}`,
      ).toEqual(want);
      expect(
        responseDiff(prepareGlobe(release, { seed: 1, resamples: 10 }), m, i).map((f) => f.outcome),
        `${m} ${i}`,
      ).toEqual(want);
    }
  });
  it('it shows the grade release.grades holds, field outcomes included, and grades nothing again', () => {
    const at = release.responses.findIndex((r) => r.model_id === 'A' && r.item_id === 'n1');
    const other: Grade = { ...release.grades[at], pass: true, failure_type: null, fields_matched: 2, field_outcomes: ['match', 'match'] };
    const grades = release.grades.map((g, k) => (k === at ? other : g));
    const d = drillDown({ ...release, grades }, 'A', 'n1');
    expect(d.grade).toBe(other);
    expect(d.fields.map((f) => f.outcome)).toEqual(['match', 'match']);
    // the response diff of the notebooks reads a context's grades the same way
    expect(responseDiff(prepareGlobe(release, { seed: 1, resamples: 10 }, grades), 'A', 'n1').map((f) => f.outcome)).toEqual(['match', 'match']);
  });
  it('a release without its grades is an error, not a regrade', () => {
    expect(() => drillDown({ ...release, grades: [] }, 'A', 'n1')).toThrow('no grade of model "A" on item "n1"');
  });
});
