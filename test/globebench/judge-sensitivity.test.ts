import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareGlobe, type GlobeContext } from '../../analysis/globebench/derive/context.js';
import { judgeSensitivityTable } from '../../analysis/globebench/present/judge-sensitivity.js';
import { JUDGE_THRESHOLDS } from '../../analysis/globebench/derive/judge-sensitivity.js';
import { MH_SPECS, strataCounts } from '../../analysis/globebench/derive/mantel-haenszel.js';
import { mantelHaenszelRD } from '../../src/derive/stats/mantel-haenszel-rd.js';
import { gradeResponse, JudgeMissingError, type Grade } from '../../src/domain/grade/grade-response.js';
import { regradeJudgeDecided } from '../../src/domain/grade/regrade-judge-decided.js';
import { loadGlobebench, responseKey, type GlobeRelease } from '../../src/release/load/globebench.js';
import { writeRelease } from '../../src/samples/write-release.js';
import { tinyGlobebench } from '../helpers/tiny-globebench.js';
import { hasSample, SAMPLE_DIR } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'wb-judge-sensitivity-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every response graded afresh at a threshold, as the release's grader would: no reuse of anything. */
function fullRegrade(rel: GlobeRelease, threshold: number): { grades: Grade[]; fallbacks: number } {
  const items = new Map(rel.items.map((it) => [it.item_id, it]));
  let fallbacks = 0;
  const grades = rel.responses.map((r) => {
    const pair = rel.judges.get(responseKey(r.model_id, r.item_id)) ?? {};
    try {
      return gradeResponse(items.get(r.item_id)!, r, pair, { threshold });
    } catch (e) {
      if (!(e instanceof JudgeMissingError)) throw e;
      fallbacks++;
      return gradeResponse(items.get(r.item_id)!, r, pair, { threshold: 0 });
    }
  });
  return { grades, fallbacks };
}

/** The judge-sensitivity row a full regrade gives, counted straight from the grades. */
function expectedRow(ctx: GlobeContext, base: Grade[], threshold: number) {
  const rel = ctx.release;
  const { grades, fallbacks } = fullRegrade(rel, threshold);
  const judgedBase = base.filter((g) => g.decided_by !== 'deterministic').length;
  const item = new Map(rel.items.map((it) => [it.item_id, it]));
  const pooled = (keep: (g: Grade) => boolean) => {
    const kept = grades.filter(keep);
    return kept.length ? kept.filter((g) => g.pass).length / kept.length : null;
  };
  // the two best models at the default threshold, by pass count then name (as modelOrder ranks)
  const passes = (gs: Grade[], m: string) => gs.filter((g) => g.model_id === m && g.pass).length;
  const basePasses = new Map(ctx.models.map((m) => [m.model_id, passes(base, m.model_id)]));
  const ranked = [...ctx.models].sort(
    (a, b) => basePasses.get(b.model_id)! - basePasses.get(a.model_id)! || a.name.localeCompare(b.name) || a.model_id.localeCompare(b.model_id),
  );
  const successOf = (m: string) => passes(grades, m) / grades.filter((g) => g.model_id === m).length;
  const changed = grades.filter((g, i) => g.pass !== base[i].pass).length;
  return {
    threshold,
    judged: grades.filter((g) => g.decided_by !== 'deterministic').length,
    decided_by_sol: grades.filter((g) => g.decided_by === 'sol').length,
    fallbacks,
    verdicts_changed: changed,
    changed_share: judgedBase ? changed / judgedBase : 0,
    pooled_success: pooled(() => true),
    first_success: successOf(ranked[0].model_id),
    second_success: ranked[1] ? successOf(ranked[1].model_id) : null,
    l0_success: pooled((g) => item.get(g.item_id)!.impact_radius === 'L0'),
    l3_success: pooled((g) => item.get(g.item_id)!.impact_radius === 'L3'),
    rb_short_success: pooled((g) => {
      const rb = item.get(g.item_id)!.reach_back;
      return rb !== null && rb <= 40;
    }),
    rb_long_success: pooled((g) => {
      const rb = item.get(g.item_id)!.reach_back;
      return rb !== null && rb > 40;
    }),
    mh_radius_operator: mantelHaenszelRD(strataCounts(prepareGlobe(rel, ctx.opts, grades), MH_SPECS[0])).rd,
  };
}

function check(ctx: GlobeContext) {
  const rows = judgeSensitivityTable(ctx).rows;
  expect(rows.map((r) => r.threshold)).toEqual(JUDGE_THRESHOLDS);
  const base = fullRegrade(ctx.release, 0.8).grades;
  for (const [k, t] of JUDGE_THRESHOLDS.entries()) {
    const want = expectedRow(ctx, base, t);
    for (const [key, v] of Object.entries(want)) {
      if (typeof v === 'number' && !Number.isInteger(v)) expect(rows[k][key], `${key} at ${t}`).toBeCloseTo(v, 12);
      else expect(rows[k][key], `${key} at ${t}`).toBe(v);
    }
  }
  return rows;
}

describe('judge sensitivity equals a full regrade at each threshold', () => {
  it('on the tiny release (one fallback above 0.80)', () => {
    writeRelease(join(dir, 'tiny'), tinyGlobebench());
    const ctx = prepareGlobe(loadGlobebench(join(dir, 'tiny')), { seed: 1, resamples: 20 });
    check(ctx);
    // regradeJudgeDecided alone: the same grades as the full regrade, object for object in value
    for (const t of [0.5, 0.7, 0.95]) {
      const full = fullRegrade(ctx.release, t);
      const part = regradeJudgeDecided(ctx.release, ctx.release.grades, { threshold: t });
      expect(part.grades).toEqual(full.grades);
      expect(part.fallbacks).toBe(full.fallbacks);
    }
  });
  it.skipIf(!hasSample)('on the sample release', () => {
    const ctx = prepareGlobe(loadGlobebench(SAMPLE_DIR), { seed: 1, resamples: 20 });
    const rows = check(ctx);
    // the check can fail: thresholds do change verdicts on the sample
    expect(rows.some((r) => (r.verdicts_changed as number) > 0)).toBe(true);
    const part = regradeJudgeDecided(ctx.release, ctx.release.grades, { threshold: 0.9 });
    expect(part.regraded).toBeLessThan(ctx.release.responses.length);
  });
});
