import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globebench, PAPER, skillStats, type GlobeContext } from '../../analysis/globebench/index.js';
import { buildScorecard, type Scorecard, type ScorecardEntry } from '../../src/present/report/scorecard.js';
import type { Table, TableRow } from '../../src/present/tables/table.js';
import { loadGlobebench, type GlobeRelease } from '../../src/release/load/globebench.js';
import { DEFAULT_GLOBEBENCH_SEED, generateGlobebench } from '../../src/samples/globebench/index.js';
import { writeRelease } from '../../src/samples/write-release.js';

/**
 * Calibration of the bundled GlobeBench sample: the generator's release, loaded and analysed in
 * process exactly as `reproduce` does, reproduces every published number its reports compare
 * (the scorecard over the tables' paper / delta columns) at the paper's printed precision; CI
 * bounds within 0.3 points. The generator holds no published numbers and grades nothing: the
 * numbers are in analysis/globebench/paper.ts, the grades are the loader's.
 */
const dir = mkdtempSync(join(tmpdir(), 'wb-globe-calibration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Reports {
  rel: GlobeRelease;
  ctx: GlobeContext;
  tables: Map<string, Table>;
  card: Scorecard;
}

function reports(seed: number, resamples: number): Reports {
  const path = join(dir, `seed${seed}`);
  writeRelease(path, generateGlobebench(seed));
  const rel = loadGlobebench(path);
  const ctx = globebench.prepare(rel, { seed: 20261130, resamples });
  const tables = globebench.analyses.filter((a) => a.kind === 'table').map((a) => a.build(ctx) as Table);
  return { rel, ctx, tables: new Map(tables.map((t) => [t.id, t])), card: buildScorecard(tables, PAPER.list) };
}

/** CI bounds are draws: they match the published ones within 0.3 points, as the generator was tuned to. */
const CI_TOLERANCE = 0.003;
const isCiBound = (e: ScorecardEntry) => /^ci_(low|high)$/.test(e.recomputed_column);
const missed = (card: Scorecard) =>
  card.entries
    .filter((e) => (isCiBound(e) ? e.delta === null || Math.abs(e.delta) > CI_TOLERANCE : !e.within_rounding))
    .map((e) => `${e.analysis} | ${e.label}: paper ${e.paper}, recomputed ${e.recomputed}`);
const rowsOf = (r: Reports, id: string): TableRow[] => r.tables.get(id)!.rows;
const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

let main: Reports;
beforeAll(() => {
  main = reports(DEFAULT_GLOBEBENCH_SEED, 2000);
}, 300_000);

describe('the GlobeBench sample reproduces the published numbers', () => {
  it("every scorecard entry, at the paper's precision (CI bounds within 0.3 points)", () => {
    expect(main.card.warnings).toEqual([]);
    expect(missed(main.card)).toEqual([]);
    // the scorecard covers every table that prints published numbers
    const covered = new Set(main.card.entries.map((e) => e.analysis));
    for (const id of [
      'table01',
      'table01-paired',
      'table02',
      'table03',
      'table14',
      'table19',
      'table20',
      'table22',
      'table23',
      'mh-radius-operator',
      'mh-outcome-operator',
      'mh-reachback-skill',
      'entanglement',
      'astra-vs-rest',
    ])
      expect(covered.has(id), id).toBe(true);
    expect(main.card.entries.length).toBeGreaterThan(55);
  });

  it('the published numbers the tables print in their notes', () => {
    const t01 = rowsOf(main, 'table01');
    const general = t01.filter((r) => r.kind === 'general').map((r) => r.success as number);
    expect(Math.abs(median(general) - PAPER.byId('table01/median-general').value)).toBeLessThan(0.005);
    // pooled success ~19.7% (~6,420 passes)
    const passes = t01.reduce((a, r) => a + (r.passed as number), 0);
    expect(Math.abs(passes - 6420)).toBeLessThanOrEqual(10);
    const t14 = rowsOf(main, 'table14');
    const s = (b: string, r: string) => t14.find((x) => x.band === b && x.radius === r)!.success as number;
    expect((100 * (s('all', 'L3') - s('all', 'L0'))).toFixed(2)).toBe((100 * PAPER.byId('table14/radius-diff').value).toFixed(2));
    expect((100 * (s('>40', 'all') - s('<=40', 'all'))).toFixed(2)).toBe((100 * PAPER.byId('mh-reachback-skill/pooled').value).toFixed(2));
    expect(main.tables.get('table14')!.notes!.join(' ')).toMatch(
      /Models lowest on L3 \(ties count as lowest\): 20 of 20 \(paper: all 20\)\. Models lower past 40 turns: 20 of 20 /,
    );
    // DWM below the median model on every skill
    const stats = skillStats(main.ctx);
    const dwm = main.ctx.models.find((m) => m.name === 'DWM')!;
    expect(stats.filter((st) => st.byModel.find((x) => x.model_id === dwm.model_id)!.success < median(st.byModel.map((x) => x.success))).length).toBe(
      PAPER.byId('table18/dwm-below-median').value,
    );
    expect(stats.length).toBe(PAPER.byId('table18/skills').value);
    // human study: 6 annotators, 200 items, 2 of 4 dimensions where the LLM agrees with humans
    const t03 = rowsOf(main, 'table03');
    expect(t03.find((r) => r.dimension === 'all')).toMatchObject({
      annotators: PAPER.byId('table03/annotators').value,
      items_rated: PAPER.byId('table03/items').value,
    });
    expect(t03.filter((r) => r.dimension !== 'all' && Math.abs(r.llm_minus_human as number) < 0.05).length).toBe(
      PAPER.byId('table03/dimensions-agreeing').value,
    );
    // decision given a right state: Astra > 99%, peers 61-91%
    const dgs = rowsOf(main, 'decision-given-state');
    const P = {
      astra_above: PAPER.byId('decision-given-state/astra-above').value,
      peers_low: PAPER.byId('decision-given-state/peers-low').value,
      peers_high: PAPER.byId('decision-given-state/peers-high').value,
    };
    const astra = dgs.find((r) => r.model === 'GPT-6 Astra')!;
    expect(astra.share as number).toBeGreaterThan(P.astra_above);
    const peers = dgs.filter((r) => r !== astra).map((r) => r.share as number);
    expect(Math.min(...peers)).toBeGreaterThanOrEqual(P.peers_low - 0.01);
    expect(Math.max(...peers)).toBeLessThanOrEqual(P.peers_high + 0.01);
  });

  it("what the release carries for the text's examples (Claude refusals, recovery requests, near misses, judge fallbacks)", () => {
    const { rel } = main;
    const name = new Map(rel.models.map((m) => [m.model_id, m]));
    const claude = rel.responses.filter(
      (r) => r.status === 'refusal' && name.get(r.model_id)!.access === 'closed' && name.get(r.model_id)!.name.startsWith('Claude'),
    ).length;
    expect(claude).toBe(PAPER.byId('table02/claude-refusals').value);
    // 628 recovery requests, all failed (the loader's grades, in response order)
    const recovery = rel.responses.map((r, i) => ({ r, g: rel.grades[i] })).filter((x) => x.r.request === 'recovery');
    expect(recovery.length).toBe(628);
    expect(recovery.every((x) => !x.g.pass)).toBe(true);
    // 74-93% of balance fields right yet the item fails: wrong-value fails on items with >= 10 fields
    const long = rel.grades.filter((g) => g.failure_type === 'wrong_value' && g.fields_decided >= 10);
    expect(long.length).toBeGreaterThan(100);
    expect(long.filter((g) => g.fields_matched / g.fields_decided >= 0.74).length / long.length).toBeGreaterThan(0.8);
    // GPT-5.5 off by one on a saga balance (-95 vs -94)
    const gpt = rel.models.find((m) => m.name === 'GPT-5.5')!;
    const items = new Map(rel.items.map((it) => [it.item_id, it]));
    expect(
      rel.responses.some(
        (r) => r.model_id === gpt.model_id && JSON.stringify(r.prediction ?? {}).includes('-95') && JSON.stringify(items.get(r.item_id)!.gold).includes('-94'),
      ),
    ).toBe(true);
    // every terra record under 0.80 has a sol record
    const terraLow = rel.judge.filter((j) => j.judge === 'terra' && j.confidence < 0.8).length;
    expect(terraLow).toBeGreaterThan(0);
    expect(rel.judge.filter((j) => j.judge === 'sol').length).toBe(terraLow);
  });

  it('the structure the text gives (items by source and backend, domains, operators, models)', () => {
    const { rel } = main;
    const count = (f: (it: GlobeRelease['items'][number]) => boolean) => rel.items.filter(f).length;
    expect(rel.items).toHaveLength(1632);
    // the items without a reach-back / radius that the published counts imply (1,632 - 408 - 1,192; 1,632 - 552 - 33 - 59 - 977)
    const n = (id: string) => PAPER.byId(id).value;
    expect(count((it) => it.reach_back === null)).toBe(n('release/items') - n('table14/items/<=40') - n('table14/items/>40'));
    expect(count((it) => it.impact_radius === null)).toBe(
      n('release/items') - n('table14/items/L0') - n('table14/items/L1') - n('table14/items/L2') - n('table14/items/L3'),
    );
    expect(count((it) => it.source === 'own' && (it as Record<string, unknown>).simulator === 'own')).toBe(955);
    expect(count((it) => it.source === 'adapted')).toBe(495);
    expect(count((it) => it.source === 'adapted' && it.backend !== 'bfcl' && it.backend !== 'textworld')).toBe(98);
    expect(new Set(rel.items.map((it) => it.domain)).size).toBe(5);
    const ops = new Set(rel.items.map((it) => it.operator)).size;
    expect(ops >= 50 && ops <= 70, `${ops} operators`).toBe(true);
    expect(rel.models).toHaveLength(20);
  });
});

describe('another generator seed', () => {
  it('reproduces the same published numbers (CI bounds aside)', () => {
    const other = reports(7, 20);
    expect(missed({ ...other.card, entries: other.card.entries.filter((e) => !isCiBound(e)) })).toEqual([]);
  }, 300_000);
});
