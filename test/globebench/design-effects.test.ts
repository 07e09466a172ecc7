import { beforeAll, describe, expect, it } from 'vitest';
import { prepareGlobe, type GlobeContext } from '../../analysis/globebench/derive/context.js';
import { itemClusters } from '../../analysis/globebench/derive/clustered.js';
import { agreementPairs, humanStudy } from '../../analysis/globebench/derive/human-study.js';
import { table01 } from '../../analysis/globebench/present/table01.js';
import { designEffectsTable } from '../../analysis/globebench/present/design-effects.js';
import { table02 } from '../../analysis/globebench/present/table02.js';
import { PAPER } from '../../analysis/globebench/paper.js';
import { loadGlobebench } from '../../src/release/load/globebench.js';
import type { Table } from '../../src/present/tables/table.js';
import { rscript } from '../helpers/reference.js';
import { hasSample, item, makeCtx, SAMPLE_DIR } from './helpers.js';

/** R: sandwich's item (HC1) and operator-clustered (HC1, i.e. CR1) standard errors of lm(y ~ 1). */
const R_SE = `
suppressMessages(library(sandwich))
d <- jsonlite::fromJSON(file("stdin"))
df <- data.frame(y = d$y, operator = d$operator)
fit <- lm(y ~ 1, data = df)
cat(jsonlite::toJSON(list(
  se_item = sprintf("%.17g", sqrt(vcovHC(fit, type = "HC1")[1, 1])),
  se_cluster = sprintf("%.17g", sqrt(vcovCL(fit, cluster = ~operator, type = "HC1")[1, 1]))
), auto_unbox = TRUE))`;

describe.skipIf(!hasSample)('Table 1 and design-effects on the sample release', () => {
  let ctx: GlobeContext;
  let t01: Table;
  let de: Table;
  beforeAll(() => {
    ctx = prepareGlobe(loadGlobebench(SAMPLE_DIR), { seed: 20261130, resamples: 300 });
    t01 = table01(ctx);
    de = designEffectsTable(ctx);
  });

  it('Grok 4.6: se_item and se_cluster equal R sandwich vcovHC / vcovCL(cluster = ~operator, type = "HC1") to 1e-9', () => {
    const grok = ctx.models.find((m) => m.name === 'Grok 4.6')!;
    const ref = rscript(R_SE, { y: Array.from(ctx.pass.get(grok.model_id)!), operator: itemClusters(ctx, 'operator') });
    const row = t01.rows.find((r) => r.model_id === grok.model_id)!;
    expect(Math.abs((row.se_item as number) - Number(ref.se_item))).toBeLessThan(1e-9);
    expect(Math.abs((row.se_cluster as number) - Number(ref.se_cluster))).toBeLessThan(1e-9);
    expect(row.design_effect as number).toBeCloseTo(Number(ref.se_cluster) ** 2 / Number(ref.se_item) ** 2, 9);
    expect(row.clusters).toBe(new Set(ctx.release.items.map((it) => it.operator)).size);
  });

  it("every model's clustered interval holds its success, and clustering widens it (design effect > 1)", () => {
    for (const r of t01.rows) {
      expect(r.ci_cluster_low as number).toBeLessThanOrEqual(r.success as number);
      expect(r.ci_cluster_high as number).toBeGreaterThanOrEqual(r.success as number);
      expect(r.design_effect as number).toBeGreaterThan(1);
      expect((r.ci_cluster_high as number) - (r.ci_cluster_low as number)).toBeGreaterThan((r.ci_high as number) - (r.ci_low as number));
    }
  });

  it("every rate the scorecard compares has a design-effects row whose estimate is the table's value", () => {
    const estimates = de.rows.map((r) => r.estimate as number);
    const rates = PAPER.list.filter((p) => p.printed.unit === 'pct' && p.compare.length > 0);
    // not means of units: a median over models, and a share of variance (eta squared)
    const notMeans = new Set(['astra-vs-rest/others-median-on-l3-long', 'entanglement/log-reachback-r2']);
    for (const p of rates.filter((x) => !notMeans.has(x.id)))
      expect(
        estimates.some((e) => Math.abs(e - p.value) < 0.0125),
        p.id,
      ).toBe(true);
    // Table 2's wrong-value share is the same number in both tables
    const t02 = table02(ctx).rows.find((r) => r.group_id === 'all')!;
    const row = de.rows.find((r) => r.analysis === 'table02' && String(r.rate).startsWith('all models: wrong value'))!;
    expect(row.estimate).toBe(t02.wrong_value);
  });

  it("Table 3's agreement pairs average to its agreement", () => {
    const h = humanStudy(ctx).rows!;
    for (const p of agreementPairs(ctx)) {
      const mean = p.same.reduce((a, b) => a + b, 0) / p.same.length;
      expect(mean).toBe(h.find((r) => r.dimension === p.dimension)!.agreement);
    }
  });
});

describe('design effects by hand', () => {
  it('two operators of two items each: se and design effect as worked out', () => {
    // model a passes (1, 1 | 0, 0): mean 1/2; residuals (1/2, 1/2 | -1/2, -1/2); cluster sums 1, -1;
    // V_CR1 = 2/1 * (1 + 1) / 16 = 1/4; item: sum e^2 = 1, / (4 * 3) = 1/12; design effect 3
    const ctx = makeCtx({
      items: [item('i1', { operator: 'p' }), item('i2', { operator: 'p' }), item('i3', { operator: 'q' }), item('i4', { operator: 'q' })],
      models: [{ model_id: 'a' }],
      outcomes: { a: '1100' },
      resamples: 50,
    });
    const row = table01(ctx).rows[0];
    expect(row.se_cluster).toBeCloseTo(0.5, 15);
    expect(row.se_item).toBeCloseTo(Math.sqrt(1 / 12), 15);
    expect(row.design_effect).toBeCloseTo(3, 12);
    expect(row.clusters).toBe(2);
  });
});
