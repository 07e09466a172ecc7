import { beforeAll, describe, expect, it } from 'vitest';
import { prepareGlobe, type GlobeContext } from '../../analysis/globebench/derive/context.js';
import { groupItems, modelRateAt, reachBand } from '../../analysis/globebench/derive/slices.js';
import { GLOBE_PAPER_ANALYSES } from '../../analysis/globebench/analyses.js';
import { loadGlobebench } from '../../src/release/load/globebench.js';
import type { Table } from '../../src/present/tables/table.js';
import { hasSample, SAMPLE_DIR } from './helpers.js';

/**
 * The structural numbers of the paper's tables (after Table 1) on the bundled sample release (skipped until
 * data/globebench exists). Counts the sample is built to hold are checked exactly; rates within a
 * tolerance, since the sample is drawn at random around the published aggregates.
 */
describe.skipIf(!hasSample)('the paper tables on the sample release', () => {
  let ctx: GlobeContext;
  const tables = new Map<string, Table>();
  beforeAll(() => {
    ctx = prepareGlobe(loadGlobebench(SAMPLE_DIR), { seed: 20261130, resamples: 500 });
    for (const a of GLOBE_PAPER_ANALYSES) if (a.kind === 'table') tables.set(a.id, a.build(ctx));
  });
  const t = (id: string) => tables.get(id)!;

  it('Table 19 / 20: 631 items no model solves, 87.6% of them L3 (within 1 point)', () => {
    expect(t('table19').rows[0]).toMatchObject({ k: 0, items: 631 });
    expect(t('table19').rows).toHaveLength(ctx.models.length + 1);
    expect(t('table20').rows[0].items).toBe(631);
    const l3 = t('table20').rows.find((r) => r.dimension === 'impact_radius' && r.value === 'L3')!;
    expect(Math.abs((l3.share_of_unsolved as number) - 0.876)).toBeLessThanOrEqual(0.01);
  });
  it('Table 14: item counts per radius and band as published; L0 far above L3, <= 40 far above > 40', () => {
    const cell = (b: string, r: string) => t('table14').rows.find((x) => x.band === b && x.radius === r)!;
    expect(['L0', 'L1', 'L2', 'L3'].map((r) => cell('all', r).items)).toEqual([552, 33, 59, 977]);
    expect([cell('<=40', 'all').items, cell('>40', 'all').items]).toEqual([408, 1192]);
    expect(Math.abs((cell('all', 'L0').success as number) - 0.4349)).toBeLessThan(0.03);
    expect(Math.abs((cell('all', 'L3').success as number) - 0.051)).toBeLessThan(0.02);
    expect(Math.abs((cell('<=40', 'all').success as number) - 0.4228)).toBeLessThan(0.03);
    expect(Math.abs((cell('>40', 'all').success as number) - 0.1144)).toBeLessThan(0.02);
  });
  it('every model is lower on L3 than on L0, and lower past 40 turns', () => {
    const items = ctx.release.items;
    const radius = groupItems(ctx, (i) => items[i].impact_radius);
    const band = groupItems(ctx, (i) => reachBand(items[i].reach_back));
    for (const m of ctx.models) {
      expect(modelRateAt(ctx, m.model_id, radius.get('L3')!), m.name).toBeLessThan(modelRateAt(ctx, m.model_id, radius.get('L0')!));
      expect(modelRateAt(ctx, m.model_id, band.get('>40')!), m.name).toBeLessThan(modelRateAt(ctx, m.model_id, band.get('<=40')!));
    }
    expect(t('table14').notes!.join(' ')).toMatch(new RegExp(`Models lower past 40 turns: ${ctx.models.length} of ${ctx.models.length}`));
  });
  it('Table 22: 155 error and 1,477 normal items; error items far easier pooled', () => {
    const [e, n, pooled, within] = t('table22').rows;
    expect([e.items, n.items]).toEqual([155, 1477]);
    expect(Math.abs((pooled.diff as number) - 0.37)).toBeLessThan(0.05);
    // composition: within operator the difference shrinks to a few points
    expect(Math.abs(within.diff as number)).toBeLessThan(Math.abs(pooled.diff as number) / 3);
  });
  it('Table 2: the all row splits the answered failures near the published shares', () => {
    const all = t('table02').rows.find((r) => r.group_id === 'all')!;
    expect(Math.abs((all.answered_failures as number) - 22431)).toBeLessThan(500);
    expect(Math.abs((all.wrong_value as number) - 0.5321)).toBeLessThan(0.03);
    expect(Math.abs((all.structure_only as number) - 0.2295)).toBeLessThan(0.03);
    expect(Math.abs((all.no_state_fields as number) - 0.2384)).toBeLessThan(0.03);
    const t23 = t('table23').rows.find((r) => r.domain === 'all')!;
    expect(t23.answered_failures).toBe(all.answered_failures);
  });
  it('Table 18: 19 skills, oracle coverage at least the pooled rate, best >= pooled >= worst', () => {
    expect(t('table18').rows).toHaveLength(19);
    for (const r of t('table18').rows) {
      expect(r.oracle as number).toBeGreaterThanOrEqual(r.pooled as number);
      expect(r.best as number).toBeGreaterThanOrEqual(r.pooled as number);
      expect(r.pooled as number).toBeGreaterThanOrEqual(r.worst as number);
    }
  });
  it('Table 3: the human study and the audit, when the sample ships them', () => {
    const all = t('table03').rows.find((r) => r.dimension === 'all');
    if (!ctx.release.ratings) return expect(t('table03').rows).toEqual([]);
    expect(all).toMatchObject({ annotators: 6, items_rated: 200, anchors: 80 });
    const agree = Object.fromEntries(t('table03').rows.map((r) => [r.dimension, r.agreement as number]));
    expect(agree.state_coherence).toBe(1);
    expect(Math.abs(agree.interface_realism - 0.808)).toBeLessThan(0.01);
    if (ctx.release.audit) expect(all).toMatchObject({ audit_items: 1627 });
  });
});
