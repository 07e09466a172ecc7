import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { pawm } from '../../analysis/pawm/index.js';
import type { PawmContext } from '../../analysis/pawm/derive/context.js';
import { groupCounts, lexicalOf } from '../../analysis/pawm/derive/corpus.js';
import { lexicalStability } from '../../analysis/pawm/present/lexical-stability.js';
import { lexicalStabilityOf } from '../../analysis/pawm/derive/lexical-resample.js';
import { layoutWordCloud } from '../../analysis/pawm/present/wordcloud.js';
import { figureToSvg } from '../../src/present/figures/render-figure.js';
import type { Figure } from '../../src/present/figures/figure.js';
import type { Table } from '../../src/present/tables/table.js';
import { python } from '../helpers/reference.js';

// The bundled sample release, every analysis built once.
const DIR = join(import.meta.dirname, '../../data/pawm');
let ctx: PawmContext;
const built = new Map<string, Table | Figure>();
beforeAll(() => {
  ctx = pawm.prepare(pawm.load(DIR), { seed: 20261130, resamples: 50 });
  for (const a of pawm.analyses) built.set(a.id, a.build(ctx));
}, 300_000);
const table = (id: string) => built.get(id) as Table;

/** Every published number of a table, recomputed within `tol` (rates 0-1). */
function expectPaperCells(t: Table, pairs: [string, string][], tol: number): number {
  let n = 0;
  for (const r of t.rows) {
    for (const [rec, pap] of pairs) {
      if (r[pap] === null || r[pap] === undefined) continue;
      n++;
      expect(Math.abs((r[rec] as number) - (r[pap] as number)), `${t.id} ${r.benchmark} ${r.config} ${rec}`).toBeLessThanOrEqual(tol);
    }
  }
  return n;
}

describe('PAWM sample release: tables land near the published numbers', () => {
  it('builds every analysis with the ids the CLI writes', () => {
    expect([...built.keys()]).toEqual([
      'table01',
      'lexical',
      'semantic',
      'labeler-agreement',
      'table03',
      'table04',
      'pairwise',
      'table05',
      'fig02-data',
      'fig03-data',
      'lexical-stability',
      'fig02',
      'fig03',
      'wordcloud',
      'lexical-top',
    ]);
  });

  it('Table 1, 3, 4, 5: every published rate within 0.1 points, calls within 0.05', () => {
    const rates: [string, string][] = [
      ['acc', 'paper_acc'],
      ['pass3', 'paper_pass3'],
      ['intervention_rate', 'paper_intervention_rate'],
      ['action_change_rate', 'paper_action_change_rate'],
    ];
    let n = 0;
    for (const id of ['table01', 'table03', 'table04', 'table05', 'fig02-data', 'fig03-data']) n += expectPaperCells(table(id), rates, 0.001);
    n += expectPaperCells(table('table04'), [['acc_sd', 'paper_acc_sd']], 0.002);
    n += expectPaperCells(table('table03'), [['calls', 'paper_calls']], 0.05);
    expect(n).toBeGreaterThanOrEqual(35);
  });

  it("Table 1: the highest-ACR horizon is the least accurate; Table 5: the paper's ratios are best", () => {
    const t1 = table('table01').rows.filter((r) => r.method !== 'none');
    for (const b of ['ScienceWorld', 'WebArena-Lite']) {
      const rows = t1.filter((r) => r.benchmark === b);
      const maxAcr = rows.reduce((a, r) => ((r.action_change_rate as number) > (a.action_change_rate as number) ? r : a));
      const minAcc = rows.reduce((a, r) => ((r.acc as number) < (a.acc as number) ? r : a));
      expect(maxAcr.method).toBe(minAcc.method);
    }
    const t5 = table('table05').rows.filter((r) => r.best);
    expect(t5.map((r) => r.train_ratio)).toEqual([1, 0.75]);
  });

  it('semantic: 76.8% vs 29.0% pitfall guidance, chi-square near 181.1, equal to scipy on the same counts', () => {
    const pooled = table('semantic').rows[0];
    expect(pooled.changed_pitfall as number).toBeCloseTo(0.768, 3);
    expect(pooled.unchanged_pitfall as number).toBeCloseTo(0.29, 3);
    expect(Math.abs((pooled.chi2_yates as number) - 181.1)).toBeLessThan(1);
    const rows = table('semantic').rows;
    const ref = python(
      `import sys, json
from scipy.stats import chi2_contingency
out = []
for t in json.load(sys.stdin):
    a = chi2_contingency(t, correction=False); b = chi2_contingency(t)
    out.append([float(a[0]), float(a[1]), float(b[0]), float(b[1])])
print(json.dumps(out))`,
      rows.map((r) => [
        [r.changed_pitfall_n, (r.changed_n as number) - (r.changed_pitfall_n as number)],
        [r.unchanged_pitfall_n, (r.unchanged_n as number) - (r.unchanged_pitfall_n as number)],
      ]),
    ) as number[][];
    rows.forEach((r, i) => {
      expect(r.chi2 as number).toBeCloseTo(ref[i][0], 8);
      expect(r.chi2_yates as number).toBeCloseTo(ref[i][2], 8);
      expect((r.p as number) / ref[i][1]).toBeCloseTo(1, 8);
      expect((r.p_yates as number) / ref[i][3]).toBeCloseTo(1, 8);
    });
  });

  it('lexical: failure and stagnation words top the z_min ranking, near the published z', () => {
    const rows = table('lexical').rows;
    expect(rows.slice(0, 3).map((r) => r.word)).toEqual(['without', 'remains', 'fails']);
    const top10 = rows.slice(0, 10).map((r) => r.word);
    for (const w of ['failure', 'stuck', 'unable']) expect(top10).toContain(w);
    for (const r of rows.slice(0, 3)) expect(Math.abs((r.z_min as number) - (r.paper_z_min as number))).toBeLessThan(3);
    for (let i = 1; i < rows.length; i++) expect(rows[i].z_min as number).toBeLessThanOrEqual(rows[i - 1].z_min as number);
    for (const r of rows) expect(r.z_min).toBe(Math.min(r.scienceworld_z as number, r.webarena_lite_z as number));
  });

  it("lexical: log-odds and z equal an independent numpy implementation on the release's counts", () => {
    const lex = lexicalOf(ctx);
    const code = `import sys, json, numpy as np
d = json.load(sys.stdin); out = {}
for b in d:
    c, u = d[b]['c'], d[b]['u']
    words = sorted(set(c) | set(u))
    yc = np.array([c.get(w, 0) for w in words], float); yu = np.array([u.get(w, 0) for w in words], float)
    a = yc + yu; a0 = a.sum(); nc = yc.sum(); nu = yu.sum()
    delta = np.log((yc + a) / (nc + a0 - yc - a)) - np.log((yu + a) / (nu + a0 - yu - a))
    z = delta / np.sqrt(1 / (yc + a) + 1 / (yu + a))
    out[b] = {w: [float(delta[i]), float(z[i])] for i, w in enumerate(words)}
print(json.dumps(out))`;
    const input: Record<string, { c: object; u: object }> = {};
    for (const b of ['scienceworld', 'webarena_lite'] as const) {
      const g = groupCounts(lex.corpora[b]);
      input[b] = { c: Object.fromEntries(g.changed), u: Object.fromEntries(g.unchanged) };
    }
    const ref = python(code, input) as Record<string, Record<string, [number, number]>>;
    for (const r of lex.rows) {
      for (const b of ['scienceworld', 'webarena_lite'] as const) {
        expect(r[`${b}_log_odds`] as number).toBeCloseTo(ref[b][r.word][0], 9);
        expect(r[`${b}_z`] as number).toBeCloseTo(ref[b][r.word][1], 8);
      }
    }
  });

  it('lexical stability: shares are rates, the top words are stable, and the run is reproducible', () => {
    const t = table('lexical-stability');
    for (const r of t.rows) expect(r.top_share as number).toBeGreaterThanOrEqual(0), expect(r.top_share as number).toBeLessThanOrEqual(1);
    expect(t.rows[0].word).toBe('without');
    expect(t.rows[0].top_share).toBe(1);
    const again = lexicalStability(ctx);
    expect(again.rows).toEqual(t.rows);
    // the table prints the derived rows: each word's share of resamples in its top k and mean rank, from the tallies
    const st = lexicalStabilityOf(ctx, {});
    expect(t.rows).toEqual(st.rows);
    for (const r of st.rows) {
      const w = r.rank - 1;
      expect([r.word, r.top_share, r.mean_rank]).toEqual([st.candidates[w], st.inTop[w] / st.resamples, st.rankN[w] ? st.rankSum[w] / st.rankN[w] : null]);
    }
    // every full-data top-k word is a row, and the rows go by top share, then full-data rank
    expect(st.rows.filter((r) => r.rank <= st.topK)).toHaveLength(st.topK);
    for (let i = 1; i < st.rows.length; i++)
      expect((st.rows[i - 1].top_share as number) > (st.rows[i].top_share as number) || st.rows[i - 1].rank < st.rows[i].rank).toBe(true);
  });

  it('figures compile to SVG; the word cloud has no overlapping words and is led by "without"', async () => {
    for (const id of ['fig02', 'fig03', 'wordcloud', 'lexical-top']) {
      const svg = await figureToSvg(built.get(id) as Figure);
      expect(svg.startsWith('<svg')).toBe(true);
    }
    const values = ((built.get('wordcloud') as Figure).spec.data as { values: { word: string; size: number }[] }).values;
    expect(values[0].word).toBe('without');
    const { placed } = layoutWordCloud(
      lexicalOf(ctx)
        .rows.filter((r) => r.z_min > 0)
        .slice(0, 80)
        .map((r) => ({ word: r.word, weight: r.z_min })),
    );
    for (let i = 0; i < placed.length; i++) {
      const a = placed[i];
      expect(a.x - a.width / 2).toBeGreaterThanOrEqual(0);
      for (let j = i + 1; j < placed.length; j++) {
        const b = placed[j];
        const overlap = Math.abs(a.x - b.x) < (a.width + b.width) / 2 && Math.abs(a.y - b.y) < (a.height + b.height) / 2;
        expect(overlap, `${a.word} / ${b.word}`).toBe(false);
      }
    }
  });

  it('summary lines for `workbench validate`', () => {
    const lines = pawm.summary(ctx.release);
    expect(lines[0]).toMatch(/^episodes\.jsonl: \d+ episodes in 56 configurations/);
    expect(lines.join('\n')).toContain('guidance_labels.jsonl: 885 labelled guided steps');
  });
});
