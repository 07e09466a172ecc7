import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NOT_RECOMPUTED_WARNING } from '../helpers/progress.js';
import { afterAll, describe, expect, it } from 'vitest';
import { writeRelease } from '../../src/samples/write-release.js';
import { loadGlobebench } from '../../src/release/load/globebench.js';
import { type ReleaseError, formatProblem } from '../../src/release/io/problems.js';
import { prepareGlobe } from '../../analysis/globebench/derive/context.js';
import { drillDown } from '../../analysis/globebench/derive/drill-down.js';
import { releaseAgreementTable, releaseDisagreementsArtifact } from '../../analysis/globebench/present/release-agreement.js';
import { releaseDisagreements } from '../../analysis/globebench/derive/release-agreement.js';
import { partialCreditByModel } from '../../analysis/globebench/present/partial-credit.js';
import { runCli } from '../reliability/run-cli.js';
import { definitionsRelease } from './definitions-release.js';

const dir = mkdtempSync(join(tmpdir(), 'wb-agree-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeRelease(join(dir, 'plain'), definitionsRelease());
writeRelease(join(dir, 'results'), definitionsRelease({ results: true }));
const plain = prepareGlobe(loadGlobebench(join(dir, 'plain')), { seed: 3, resamples: 100 });
const withResults = prepareGlobe(loadGlobebench(join(dir, 'results')), { seed: 3, resamples: 100 });

// by hand (definitions-release.ts): B's e2 passes on the error match, yet the release holds a terra
// record for it; A's published e1 is a pass where the regrade says under_error; A's four other
// published verdicts agree; B has no results file.
describe('release agreement', () => {
  it('a judge record for a deterministically decided response loads, is graded deterministically and listed', () => {
    expect(plain.release.judgedButDeterministic.map((j) => [j.model_id, j.item_id, j.judges])).toEqual([['B', 'e2', ['terra']]]);
    const g = plain.grades.find((x) => x.model_id === 'B' && x.item_id === 'e2')!;
    expect(g).toMatchObject({ pass: true, decided_by: 'deterministic' }); // the record says not_equivalent: unused
  });
  it('without results/: the table has the judge-record cases only', () => {
    const t = releaseAgreementTable(plain);
    expect(t.rows.map((r) => [r.model_id, r.compared, r.agreement, r.unused_judge_records])).toEqual([
      ['A', 0, null, 0],
      ['B', 0, null, 1],
      [null, 0, null, 1],
    ]);
    expect(t.notes![0]).toContain('no results/');
    expect(t.notes![1]).toContain('(e2, B)');
    expect(releaseDisagreements(plain)).toEqual([
      {
        item_id: 'e2',
        model_id: 'B',
        published_pass: null,
        recomputed_pass: true,
        recomputed_failure_type: null,
        decided_by: 'deterministic',
        unused_judge_records: ['terra'],
      },
    ]);
  });
  it('with results/: per model compared, agreement share and the off-diagonal cells', () => {
    const t = releaseAgreementTable(withResults);
    const a = t.rows.find((r) => r.model_id === 'A')!;
    expect(a).toMatchObject({
      compared: 5,
      agree: 4,
      agreement: 0.8,
      both_pass: 2,
      pub_pass_rec_fail: 1,
      pub_fail_rec_pass: 0,
      both_fail: 2,
      unused_judge_records: 0,
    });
    expect(t.rows.find((r) => r.model_id === 'B')).toMatchObject({ compared: 0, agreement: null, unused_judge_records: 1 });
    expect(t.rows.at(-1)).toMatchObject({ model: 'all models', compared: 5, agree: 4, unused_judge_records: 1 });
    const lines = releaseDisagreementsArtifact(withResults).content.trim().split('\n');
    expect(lines).toEqual([
      '{"item_id":"e1","model_id":"A","published_pass":true,"recomputed_pass":false,"recomputed_failure_type":"under_error","decided_by":"deterministic","unused_judge_records":[]}',
      '{"item_id":"e2","model_id":"B","published_pass":null,"recomputed_pass":true,"recomputed_failure_type":null,"decided_by":"deterministic","unused_judge_records":["terra"]}',
    ]);
  });
  it('published verdicts are never an input: every other table is the same with and without results/', () => {
    expect(partialCreditByModel(withResults)).toEqual(partialCreditByModel(plain));
    expect(withResults.grades).toEqual(plain.grades);
  });
  it('each disagreeing row opens in the drill-down', () => {
    for (const d of releaseDisagreements(withResults)) {
      const dd = drillDown(withResults.release, d.model_id, d.item_id);
      expect(dd.grade.pass).toBe(d.recomputed_pass);
    }
  });
  it('refuses a results row for an unknown item, a second row for an item, and a missing row', () => {
    const spec = definitionsRelease({ results: true });
    const rows = spec.files['results/A.jsonl'] as Record<string, unknown>[];
    spec.files['results/A.jsonl'] = [rows[0], rows[0], { ...rows[1], item_id: 'zz' }, rows[2], rows[3]];
    writeRelease(join(dir, 'bad'), spec);
    let problems: string[] = [];
    try {
      loadGlobebench(join(dir, 'bad'));
    } catch (e) {
      problems = (e as ReleaseError).problems.map(formatProblem);
    }
    expect(problems).toEqual([
      'results/A.jsonl.gz:2: item_id: second published result for item e1 (first at line 1); expected one per item and model',
      'results/A.jsonl.gz:3: item_id: no item "zz" in items.jsonl',
      'results/A.jsonl.gz: item_id: no published result for item e2 (expected one per item, as in responses/)',
      'results/A.jsonl.gz: item_id: no published result for item n2 (expected one per item, as in responses/)',
    ]);
  });
});

describe('the CLI writes the agreement report, with and without results/', () => {
  for (const which of ['plain', 'results'] as const) {
    it(`${which}: release-agreement.json|md|html and release-disagreements.jsonl; one warning on stderr`, async () => {
      const out = join(dir, `out-${which}`);
      const r = await runCli(['reproduce', '--bench', 'globebench', '--data', join(dir, which), '--out', out, '--resamples', '20']);
      expect(r.code, r.err).toBe(0);
      // (the tiny release has few of the paper's rows: the scorecard's not-recomputed warning is left
      // aside, and so is the one that 20 resamples give no meaningful intervals)
      const warnings = r.err.split('\n').filter((l) => l.includes('warning') && !NOT_RECOMPUTED_WARNING.test(l) && !l.includes('--resamples 20 is below'));
      expect(warnings).toEqual([
        'workbench: warning: 1 response(s) have a judge record but are decided deterministically here; graded deterministically, listed in release-agreement',
      ]);
      for (const ext of ['json', 'md', 'html']) expect(existsSync(join(out, 'globebench', `release-agreement.${ext}`))).toBe(true);
      const rows = readFileSync(join(out, 'globebench', 'release-disagreements.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(rows.map((x) => [x.model_id, x.item_id, x.published_pass])).toEqual(
        which === 'plain'
          ? [['B', 'e2', null]]
          : [
              ['A', 'e1', true],
              ['B', 'e2', null],
            ],
      );
      const json = JSON.parse(readFileSync(join(out, 'globebench', 'release-agreement.json'), 'utf8'));
      expect(JSON.stringify(json)).toContain('unused_judge_records');
    });
  }
});
