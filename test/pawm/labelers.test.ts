import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPawm } from '../../src/release/load/pawm.js';
import { preparePawm } from '../../analysis/pawm/derive/context.js';
import { stepLabels } from '../../analysis/pawm/derive/labels.js';
import { labelerAgreementTable } from '../../analysis/pawm/present/labeler-agreement.js';
import { semanticCounts, semanticTests } from '../../analysis/pawm/derive/semantic.js';
import { labelerAgreement } from '../../analysis/pawm/derive/labeler-agreement.js';
import { semanticTable } from '../../analysis/pawm/present/semantic.js';
import { python } from '../helpers/reference.js';
import { runCli } from '../reliability/run-cli.js';
import { tinySpec, withFile, writeTmp } from './tiny.js';

/**
 * The tiny release's six guided ScienceWorld steps (step 1 of t1/t2 runs 1-3; t1 runs 1 and 2 changed
 * the action), labelled by three labelers (T = pitfall):
 *            t1r1 t1r2 t1r3 t2r1 t2r2 t2r3
 *   h         T    T    F    F    F    T
 *   j         T    T    T    F    F    -
 *   k         T    F    F    F    T    F
 *   majority  T    T    F    F    F    tie (h T, k F)
 */
const key = { benchmark: 'scienceworld', agent: 'A', method: 'm', gating: 'all', train_ratio: null, step: 1 };
const LABELS: Record<string, (boolean | null)[]> = {
  h: [true, true, false, false, false, true],
  j: [true, true, true, false, false, null],
  k: [true, false, false, false, true, false],
};
const steps = [
  ['t1', 1],
  ['t1', 2],
  ['t1', 3],
  ['t2', 1],
  ['t2', 2],
  ['t2', 3],
] as const;
const labelRows = Object.entries(LABELS).flatMap(([labeler, v]) =>
  v.flatMap((pitfall, i) => (pitfall === null ? [] : [{ ...key, task_id: steps[i][0], run: steps[i][1], pitfall, labeler }])),
);
const rel = writeTmp(withFile(tinySpec(), 'guidance_labels.jsonl', labelRows));
afterAll(() => rel.cleanup());
const release = loadPawm(rel.dir);

describe('several guidance labelers', () => {
  it('loads every label (17 labels of 6 steps by 3 labelers)', () => {
    expect(release.labels).toHaveLength(17);
    expect(release.labelsByStep.size).toBe(6);
    expect(release.labelers).toEqual(['h', 'j', 'k']);
  });
  it('default: the majority label, the tie left out and reported', () => {
    const ctx = preparePawm(release, { seed: 1, resamples: 10 });
    const l = stepLabels(ctx);
    expect([l.rule, l.ties, l.byStep.size]).toEqual(['majority', 1, 5]);
    // CHANGED (t1r1, t1r2): both pitfall; UNCHANGED (t1r3, t2r1, t2r2): none
    expect(semanticCounts(ctx).pooled).toEqual({ changed_pitfall_n: 2, changed_other_n: 0, unchanged_pitfall_n: 0, unchanged_other_n: 3 });
    expect(l.description).toContain('1 step(s) with a tie are left out');
  });
  it("--labeler k: that labeler's labels", () => {
    const ctx = preparePawm(release, { seed: 1, resamples: 10, labeler: 'k' });
    expect(stepLabels(ctx).rule).toBe('labeler');
    // CHANGED: t1r1 T, t1r2 F; UNCHANGED: t1r3 F, t2r1 F, t2r2 T, t2r3 F
    expect(semanticCounts(ctx).pooled).toEqual({ changed_pitfall_n: 1, changed_other_n: 1, unchanged_pitfall_n: 1, unchanged_other_n: 3 });
  });
  it('an unknown --labeler is an error naming the labelers', () => {
    const ctx = preparePawm(release, { seed: 1, resamples: 10, labeler: 'zz' });
    expect(() => stepLabels(ctx)).toThrow('--labeler "zz": no such labeler in guidance_labels.jsonl (labelers: "h", "j", "k")');
  });
  it('one labeler: its labels, said in the notes', () => {
    const one = writeTmp(tinySpec());
    const ctx = preparePawm(loadPawm(one.dir), { seed: 1, resamples: 10 });
    one.cleanup();
    expect(stepLabels(ctx)).toMatchObject({ rule: 'only', labeler: 'h' });
    expect(labelerAgreementTable(ctx).rows).toEqual([]);
  });
  it('agreement table: counts, percent agreement and kappa by hand', () => {
    const t = labelerAgreementTable(preparePawm(release, { seed: 1, resamples: 10 }));
    // h-j on 5 steps: [[2, 0], [1, 2]], p_o 0.8, p_e 0.4*0.6 + 0.6*0.4 = 0.48, kappa 0.32 / 0.52
    // h-k on 6 steps: [[1, 2], [1, 2]], p_o 0.5, p_e 0.5*(1/3) + 0.5*(2/3) = 0.5, kappa 0
    // j-k on 5 steps: [[1, 2], [1, 1]], p_o 0.4, p_e 0.48, kappa -0.08 / 0.52
    expect(t.rows.map((r) => [r.labeler_a, r.labeler_b, r.steps, r.both_pitfall, r.a_only, r.b_only, r.neither, r.agreement])).toEqual([
      ['h', 'j', 5, 2, 0, 1, 2, 0.8],
      ['h', 'k', 6, 1, 2, 1, 2, 0.5],
      ['j', 'k', 5, 1, 2, 1, 1, 0.4],
    ]);
    expect(t.rows[0].kappa as number).toBeCloseTo(0.32 / 0.52, 12);
    expect(t.rows[1].kappa as number).toBeCloseTo(0, 12);
    expect(t.rows[2].kappa as number).toBeCloseTo(-0.08 / 0.52, 12);
  });
});

describe('agreement and the semantic test are derived cells the tables read', () => {
  it('labelerAgreement: each pair once per context, with kappa and its interval from statsmodels', () => {
    const ctx = preparePawm(release, { seed: 1, resamples: 10 });
    const pairs = labelerAgreement(ctx);
    expect(labelerAgreement(ctx)).toBe(pairs);
    expect(pairs.map((p) => [p.labeler_a, p.labeler_b, p.steps, p.both_pitfall, p.a_only, p.b_only, p.neither, p.agreement])).toEqual([
      ['h', 'j', 5, 2, 0, 1, 2, 0.8],
      ['h', 'k', 6, 1, 2, 1, 2, 0.5],
      ['j', 'k', 5, 1, 2, 1, 1, 0.4],
    ]);
    const ref = python(
      `import sys, json
from statsmodels.stats.inter_rater import cohens_kappa
print(json.dumps([[float(r.kappa), float(r.kappa_low), float(r.kappa_upp)] for r in (cohens_kappa(t) for t in json.load(sys.stdin))]))`,
      pairs.map((p) => [
        [p.both_pitfall, p.a_only],
        [p.b_only, p.neither],
      ]),
    ) as number[][];
    pairs.forEach((p, i) => {
      expect(p.kappa as number).toBeCloseTo(ref[i][0], 12);
      expect(p.kappa_low as number).toBeCloseTo(ref[i][1], 8); // statsmodels' z is scipy's quantile, ours src/derive/stats/normal-quantile.ts
      expect(p.kappa_high as number).toBeCloseTo(ref[i][2], 8);
    });
    expect(labelerAgreementTable(ctx).rows).toEqual(pairs);
  });
  it('semanticTests: shares and chi-square by hand, the table printing the same numbers', () => {
    const ctx = preparePawm(release, { seed: 1, resamples: 10 });
    const t = semanticTests(ctx);
    expect(semanticTests(ctx)).toBe(t);
    // majority labels: CHANGED 2 pitfall / 0 other, UNCHANGED 0 / 3; E = 0.8, 1.2, 1.2, 1.8, every |O - E| = 1.2
    // chi2 = n (ad - bc)^2 / (r1 r2 c1 c2) = 5 * 36 / 36 = 5; Yates: 0.7^2 * (1/0.8 + 2/1.2 + 1/1.8) = 1.7013888...
    expect(t.pooled).toMatchObject({ changed_n: 2, unchanged_n: 3, changed_pitfall: 1, unchanged_pitfall: 0 });
    expect(t.pooled.chi2 as number).toBeCloseTo(5, 12);
    expect(t.pooled.chi2_yates as number).toBeCloseTo(0.49 * (1 / 0.8 + 2 / 1.2 + 1 / 1.8), 12);
    // p = P(chi-square(1) > 5) = erfc(sqrt(5 / 2)) = 0.025347318677468...
    expect(t.pooled.p as number).toBeCloseTo(0.025347318677468, 12);
    // no WebArena-Lite labels: no shares, no statistic
    expect(t.webarena_lite).toMatchObject({ changed_n: 0, changed_pitfall: null, chi2: null, p: null });
    const row = semanticTable(ctx).rows[0];
    expect([row.changed_pitfall, row.unchanged_pitfall, row.chi2, row.chi2_yates, row.p, row.p_yates]).toEqual([
      t.pooled.changed_pitfall,
      t.pooled.unchanged_pitfall,
      t.pooled.chi2,
      t.pooled.chi2_yates,
      t.pooled.p,
      t.pooled.p_yates,
    ]);
  });
});

describe('the CLI --labeler flag', () => {
  it('reproduce --labeler k names the labeler in the semantic notes; an unknown one exits 1', async () => {
    const out = `${rel.dir}-out`; // inside the temporary root that rel.cleanup() removes
    const ok = await runCli(['reproduce', '--bench', 'pawm', '--data', rel.dir, '--out', out, '--resamples', '10', '--labeler', 'k']);
    expect(ok.code, ok.err).toBe(0);
    const semantic = JSON.parse(readFileSync(`${out}/pawm/semantic.json`, 'utf8'));
    expect(JSON.stringify(semantic)).toContain('labels of labeler \\"k\\" (chosen with --labeler; 3 labelers in the release)');
    const bad = await runCli(['reproduce', '--bench', 'pawm', '--data', rel.dir, '--out', out + '2', '--resamples', '10', '--labeler', 'zz']);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('--labeler "zz": no such labeler');
  });
});
