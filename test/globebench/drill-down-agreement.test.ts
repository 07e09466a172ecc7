import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeRelease } from '../../src/samples/write-release.js';
import { loadGlobebench } from '../../src/release/load/globebench.js';
import { drillDown, drillDownHtml } from '../../analysis/globebench/present/drill-down.js';
import { definitionsRelease } from './definitions-release.js';

const dir = mkdtempSync(join(tmpdir(), 'wb-dd-agree-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeRelease(join(dir, 'r'), definitionsRelease({ results: true }));
const release = loadGlobebench(join(dir, 'r'));

// by hand (definitions-release.ts): results/A.jsonl(.gz) line 1 publishes A's e1 as a pass decided by
// terra; the regrade fails it under_error. B's e2 passes on the error match here, yet judge/B.jsonl(.gz)
// line 1 holds a terra record for it. B has no results file.
describe('the drill-down shows the release\'s own verdict beside the regrade', () => {
  it('a published pass that the regrade fails', () => {
    const d = drillDown(release, 'A', 'e1');
    expect(d.published).toEqual({ result: { item_id: 'e1', model_id: 'A', pass: true, failure_type: null, decided_by: 'terra' }, source: 'results/A.jsonl.gz:1' });
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
