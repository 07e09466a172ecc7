import { gradeResponse, threeWay, type Grade } from '../../release/grade/grade-response.js';
import { compareField } from '../../release/grade/compare-field.js';
import { getPath } from '../../release/grade/get-path.js';
import { responseKey, type GlobeRelease } from '../../release/load/globebench.js';
import type { Item } from '../../release/schemas/globebench.js';
import { correlationRatio } from '../../derive/stats/correlation-ratio.js';
import { mantelHaenszelRD, type Stratum2x2 } from '../../derive/stats/mantel-haenszel-rd.js';
import { pairedBootstrapDiffCI } from '../../derive/stats/paired-bootstrap-diff-ci.js';

/**
 * Every published GlobeBench aggregate next to the value recomputed from a release, grading every
 * response with the workbench's grader. Used to check the sample release against its calibration
 * targets (test/generate/globebench.test.ts prints it); nothing here feeds the generator.
 */
export interface CalibrationRow {
  target: string;
  published: string;
  recomputed: string;
  /** whether the recomputed value matches the published one at its published precision */
  ok: boolean;
}

const pct = (x: number): string => (100 * x).toFixed(2);
const median = (v: number[]): number => {
  const s = [...v].sort((a, b) => a - b);
  const k = s.length >> 1;
  return s.length % 2 ? s[k] : (s[k - 1] + s[k]) / 2;
};

export interface Graded {
  grades: Grade[];
  /** grade[m][i] in models.jsonl x items.jsonl order */
  byModel: Grade[][];
}

export function gradeAll(rel: GlobeRelease): Graded {
  const itemById = new Map(rel.items.map((it) => [it.item_id, it]));
  const index = new Map(rel.items.map((it, i) => [it.item_id, i]));
  const byModel: Grade[][] = rel.models.map(() => new Array(rel.items.length));
  const mIndex = new Map(rel.models.map((m, k) => [m.model_id, k]));
  const grades: Grade[] = [];
  for (const r of rel.responses) {
    const g = gradeResponse(itemById.get(r.item_id)!, r, rel.judges.get(responseKey(r.model_id, r.item_id)) ?? {});
    grades.push(g);
    byModel[mIndex.get(r.model_id)!][index.get(r.item_id)!] = g;
  }
  return { grades, byModel };
}

export function globebenchCalibration(rel: GlobeRelease, graded: Graded = gradeAll(rel), resamples = 10_000): CalibrationRow[] {
  const rows: CalibrationRow[] = [];
  const add = (target: string, published: string | number, recomputed: string | number, ok: boolean) => rows.push({ target, published: String(published), recomputed: String(recomputed), ok });
  const eqInt = (target: string, published: number, got: number) => add(target, published, got, published === got);
  const eqPct = (target: string, published: number, got: number) => add(target, published.toFixed(2), pct(got), pct(got) === published.toFixed(2));

  const items = rel.items, models = rel.models, G = graded.byModel;
  const nI = items.length, nM = models.length;
  const count = (f: (it: Item) => boolean) => items.filter(f).length;
  const isL3Long = (it: Item) => it.impact_radius === 'L3' && it.reach_back !== null && it.reach_back > 40;

  // structure
  eqInt('items', 1632, nI);
  for (const [r, n] of [['L0', 552], ['L1', 33], ['L2', 59], ['L3', 977]] as const) eqInt(`impact radius ${r} items`, n, count((it) => it.impact_radius === r));
  eqInt('items without a radius label', 11, count((it) => it.impact_radius === null));
  eqInt('reach-back <= 40 items', 408, count((it) => it.reach_back !== null && it.reach_back <= 40));
  eqInt('reach-back > 40 items', 1192, count((it) => it.reach_back !== null && it.reach_back > 40));
  eqInt('items without reach-back', 32, count((it) => it.reach_back === null));
  eqInt('outcome error items', 155, count((it) => it.outcome === 'error'));
  eqInt('outcome normal items', 1477, count((it) => it.outcome === 'normal'));
  eqInt('L3 items with reach-back > 40', 952, count(isL3Long));
  eqInt('L3 labels declared by operator', 953, count((it) => it.impact_radius === 'L3' && it.radius_source === 'declared'));
  eqInt('domains', 5, new Set(items.map((it) => it.domain)).size);
  eqInt('primary skills', 19, new Set(items.map((it) => it.skill)).size);
  const ops = new Set(items.map((it) => it.operator));
  add('operators (sample: 50-70)', '~50-70', ops.size, ops.size >= 50 && ops.size <= 70);
  eqInt('own-recipe items', 1137, count((it) => it.source === 'own'));
  eqInt('own items on own simulators (extra field `simulator`)', 955, count((it) => it.source === 'own' && (it as Record<string, unknown>).simulator === 'own'));
  eqInt('adapted items', 495, count((it) => it.source === 'adapted'));
  eqInt('adapted from BFCL', 203, count((it) => it.source === 'adapted' && it.backend === 'bfcl'));
  eqInt('adapted from TextWorld', 194, count((it) => it.source === 'adapted' && it.backend === 'textworld'));
  eqInt('adapted from other backends', 98, count((it) => it.source === 'adapted' && it.backend !== 'bfcl' && it.backend !== 'textworld'));
  eqInt('models', 20, nM);
  eqInt('closed models', 12, models.filter((m) => m.access === 'closed').length);
  eqInt('world models', 2, models.filter((m) => m.kind === 'world_model').length);

  // Table 1
  const passes = models.map((_, m) => G[m].filter((g) => g.pass).length);
  const rate = passes.map((p) => p / nI);
  const rankOf = (m: number) => 1 + rate.filter((r) => r > rate[m]).length;
  const idx = (name: string) => models.findIndex((m) => m.name === name);
  for (const [name, published, rank] of [['GPT-6 Astra', 49.57, 1], ['Grok 4.6', 28.13, 2], ['Qwen-AgentWorld', 14.46, 15], ['DWM', 5.21, 19]] as const) {
    const m = idx(name);
    add(`Table 1: ${name} success % (rank)`, `${published.toFixed(2)} (${rank})`, m < 0 ? 'missing' : `${pct(rate[m])} (${rankOf(m)})`, m >= 0 && pct(rate[m]) === published.toFixed(2) && rankOf(m) === rank);
  }
  const general = models.map((mm, m) => ({ mm, m })).filter(({ mm }) => mm.kind === 'general').map(({ m }) => rate[m]);
  add('Table 1: median of the 18 general LLMs %', '~21', pct(median(general)), Math.abs(median(general) - 0.21) < 0.005);
  const totalPass = passes.reduce((a, b) => a + b, 0);
  add('pooled success % (implied)', '~19.7 (~6,420 passes)', `${pct(totalPass / (nI * nM))} (${totalPass})`, Math.abs(totalPass - 6420) <= 10);

  // Astra vs Grok
  const a = idx('GPT-6 Astra'), b = idx('Grok 4.6');
  if (a >= 0 && b >= 0) {
    const pa = G[a].map((g) => (g.pass ? 1 : 0)), pb = G[b].map((g) => (g.pass ? 1 : 0));
    const aOnly = items.filter((_, i) => pa[i] && !pb[i]).length, bOnly = items.filter((_, i) => !pa[i] && pb[i]).length;
    const ci = pairedBootstrapDiffCI(pa, pb, { resamples, seed: 20261130, stream: 'calibration:astra-grok' });
    add('Astra - Grok, points', '+21.45', `+${pct(ci.estimate)}`, pct(ci.estimate) === '21.45');
    eqInt('Astra - Grok, net items (Astra-only minus Grok-only)', 350, aOnly - bOnly);
    add('Astra - Grok, 95% CI (paired item bootstrap)', '19.12 to 23.77', `${pct(ci.low)} to ${pct(ci.high)}`, Math.abs(ci.low - 0.1912) < 0.003 && Math.abs(ci.high - 0.2377) < 0.003);
    eqInt('Astra passes & Grok fails on L3 long audits (reach-back > 40)', 272, items.filter((it, i) => pa[i] && !pb[i] && isL3Long(it)).length);
    const l3l = items.map((it, i) => (isL3Long(it) ? i : -1)).filter((i) => i >= 0);
    const onL3L = (m: number) => l3l.filter((i) => G[m][i].pass).length / l3l.length;
    add('Astra success on L3 long audits %', '33.5', pct(onL3L(a)), pct(onL3L(a)).slice(0, -1) === '33.5' || (100 * onL3L(a)).toFixed(1) === '33.5');
    const others = models.map((_, m) => m).filter((m) => m !== a).map(onL3L);
    add('median of the other 19 on L3 long audits %', '2.2', pct(median(others)), (100 * median(others)).toFixed(1) === '2.2');
  }

  // Table 2
  const closed = models.map((mm) => mm.access === 'closed');
  const answered = { all: [0, 0, 0], open: [0, 0, 0], closed: [0, 0, 0] };
  let closedNoResponse = 0, refusalsClaude = 0;
  const slot = { wrong_value: 0, structure_only: 1, no_state_fields: 2 } as const;
  rel.responses.forEach((r) => {
    const m = models.findIndex((mm) => mm.model_id === r.model_id);
    const g = G[m][itemIndex(rel, r.item_id)];
    if (g.pass) return;
    if (g.failure_type === 'no_response') {
      if (closed[m]) closedNoResponse++;
      if (r.status === 'refusal' && models[m].name.startsWith('Claude')) refusalsClaude++;
      return;
    }
    const k = slot[threeWay(g.failure_type!) as keyof typeof slot];
    answered.all[k]++;
    answered[closed[m] ? 'closed' : 'open'][k]++;
  });
  const tot = (v: number[]) => v.reduce((x, y) => x + y, 0);
  eqInt('Table 2: answered failures', 22431, tot(answered.all));
  eqPct('Table 2: wrong value % of answered failures', 53.21, answered.all[0] / tot(answered.all));
  eqPct('Table 2: structure only %', 22.95, answered.all[1] / tot(answered.all));
  eqPct('Table 2: no state fields %', 23.84, answered.all[2] / tot(answered.all));
  eqPct('Table 2: open models wrong value %', 58.22, answered.open[0] / tot(answered.open));
  eqPct('Table 2: closed models wrong value %', 47.69, answered.closed[0] / tot(answered.closed));
  eqPct('Table 2: closed models structure only %', 31.54, answered.closed[1] / tot(answered.closed));
  eqPct('Table 2: closed models no usable response %', 19.33, closedNoResponse / (nI * closed.filter(Boolean).length));
  eqInt('Claude refusals', 3696, refusalsClaude);
  const recovery = rel.responses.filter((r) => r.request === 'recovery');
  add('recovery requests (all failed)', '628, all failed', `${recovery.length}, ${recovery.filter((r) => G[models.findIndex((mm) => mm.model_id === r.model_id)][itemIndex(rel, r.item_id)].pass).length} passed`, recovery.length === 628 && recovery.every((r) => !G[models.findIndex((mm) => mm.model_id === r.model_id)][itemIndex(rel, r.item_id)].pass));

  // difficulty axes
  const pooled = (f: (it: Item) => boolean) => {
    let s = 0, n = 0;
    items.forEach((it, i) => {
      if (!f(it)) return;
      n += nM;
      for (let m = 0; m < nM; m++) s += G[m][i].pass ? 1 : 0;
    });
    return s / n;
  };
  const perModel = (m: number, f: (it: Item) => boolean) => {
    const ids = items.map((it, i) => (f(it) ? i : -1)).filter((i) => i >= 0);
    return ids.filter((i) => G[m][i].pass).length / ids.length;
  };
  const L0 = pooled((it) => it.impact_radius === 'L0'), L3 = pooled((it) => it.impact_radius === 'L3');
  eqPct('radius L0 pooled success %', 43.49, L0);
  eqPct('radius L3 pooled success %', 5.1, L3);
  add('radius L3 - L0, points', '-38.38', (100 * (L3 - L0)).toFixed(2), (100 * (L3 - L0)).toFixed(2) === '-38.38');
  const lowestL3 = models.filter((_, m) => ['L0', 'L1', 'L2'].every((r) => perModel(m, (it) => it.impact_radius === 'L3') < perModel(m, (it) => it.impact_radius === r))).length;
  eqInt('models lowest on L3', 20, lowestL3);
  const short = pooled((it) => it.reach_back !== null && it.reach_back <= 40), long = pooled((it) => it.reach_back !== null && it.reach_back > 40);
  eqPct('reach-back <= 40 pooled success %', 42.28, short);
  eqPct('reach-back > 40 pooled success %', 11.44, long);
  add('reach-back > 40 minus <= 40, points', '-30.84', (100 * (long - short)).toFixed(2), (100 * (long - short)).toFixed(2) === '-30.84');
  const drops = models.filter((_, m) => perModel(m, (it) => it.reach_back !== null && it.reach_back > 40) < perModel(m, (it) => it.reach_back !== null && it.reach_back <= 40)).length;
  eqInt('models that drop on reach-back > 40', 20, drops);
  const mh = (stratum: (it: Item) => string | null, exposed: (it: Item) => boolean | null) => {
    const strata = new Map<string, Stratum2x2>();
    items.forEach((it, i) => {
      const k = stratum(it), e = exposed(it);
      if (k === null || e === null) return;
      const s = strata.get(k) ?? { a: 0, n1: 0, c: 0, n0: 0 };
      for (let m = 0; m < nM; m++) {
        const p = G[m][i].pass ? 1 : 0;
        if (e) {
          s.a += p;
          s.n1++;
        } else {
          s.c += p;
          s.n0++;
        }
      }
      strata.set(k, s);
    });
    return mantelHaenszelRD([...strata.values()]);
  };
  const rbSkill = mh((it) => it.skill, (it) => (it.reach_back === null ? null : it.reach_back > 40));
  add('reach-back effect within skill (MH RD), points', '-25.11', (100 * rbSkill.rd).toFixed(2), (100 * rbSkill.rd).toFixed(2) === '-25.11');

  const unsolved = items.filter((_, i) => G.every((gm) => !gm[i].pass));
  eqInt('items solved by no model', 631, unsolved.length);
  add('unsolved items that are L3 %', '87.6', (100 * unsolved.filter((it) => it.impact_radius === 'L3').length / unsolved.length).toFixed(1), (100 * unsolved.filter((it) => it.impact_radius === 'L3').length / unsolved.length).toFixed(1) === '87.6');

  const err = pooled((it) => it.outcome === 'error'), norm = pooled((it) => it.outcome === 'normal');
  eqPct('Table 22: error/block outcome pooled success %', 53.16, err);
  eqPct('Table 22: normal outcome pooled success %', 16.16, norm);
  add('Table 22: error - normal, points', '+37.00', (100 * (err - norm)).toFixed(2), (100 * (err - norm)).toFixed(2) === '37.00');
  const outOp = mh((it) => it.operator, (it) => it.outcome === 'error');
  add('Table 22: outcome effect within operator (MH RD), points', '+4.57', (100 * outOp.rd).toFixed(2), (100 * outOp.rd).toFixed(2) === '4.57');
  const radOp = mh((it) => it.operator, (it) => (it.impact_radius === null ? null : it.impact_radius === 'L3'));
  add('Simpson: radius effect L3 vs L0-L2 within operator (MH RD), points', '+12.09', (100 * radOp.rd).toFixed(2), (100 * radOp.rd).toFixed(2) === '12.09');
  eqInt('operators with items on both sides of L3 vs L0-L2', 21, radOp.strataUsed);

  // construction entanglement
  const success = items.map((_, i) => G.filter((gm) => gm[i].pass).length / nM);
  const eta = correlationRatio(items.map((it) => it.operator), success);
  add('eta (operator vs item success)', '0.69', eta.toFixed(2), eta.toFixed(2) === '0.69');
  const withRb = items.filter((it) => it.reach_back !== null && it.reach_back > 0);
  const r2 = correlationRatio(withRb.map((it) => it.operator), withRb.map((it) => Math.log(it.reach_back!))) ** 2;
  const r2p1 = correlationRatio(withRb.map((it) => it.operator), withRb.map((it) => Math.log1p(it.reach_back!))) ** 2;
  add('operator share of variance of log reach-back %', '81.64', `${pct(r2)} (log1p: ${pct(r2p1)})`, pct(r2) === '81.64');

  // human study and audit
  if (rel.ratings) {
    const anns = new Set(rel.ratings.map((r) => r.annotator));
    eqInt('human study: annotators', 6, anns.size);
    const perItem = new Map<string, Set<string>>();
    for (const r of rel.ratings) perItem.set(r.item_id, (perItem.get(r.item_id) ?? new Set()).add(r.annotator));
    eqInt('human study: items', 200, perItem.size);
    const anchors = [...perItem].filter(([, s]) => s.size === anns.size).map(([id]) => id);
    eqInt('human study: anchors rated by all six', 80, anchors.length);
    const anchorSet = new Set(anchors);
    for (const [dim, published] of [['state_coherence', 100], ['constraint_enforcement', 97.5], ['outcome_correctness', 94.5], ['interface_realism', 80.8]] as const) {
      let agree = 0, pairs = 0;
      for (const id of anchors) {
        const v = rel.ratings.filter((r) => r.item_id === id && r.dimension === dim).map((r) => r.rating);
        for (let x = 0; x < v.length; x++) for (let y = x + 1; y < v.length; y++) {
          pairs++;
          if (v[x] === v[y]) agree++;
        }
      }
      add(`human anchors: pairwise exact agreement, ${dim} %`, published.toFixed(1), (100 * agree / pairs).toFixed(1), (100 * agree / pairs).toFixed(1) === published.toFixed(1));
    }
    if (rel.audit) {
      const audited = new Set(rel.audit.map((r) => r.item_id));
      const shared = anchors.filter((id) => audited.has(id));
      const hMean = (dim: string) => mean(rel.ratings!.filter((r) => r.dimension === dim && anchorSet.has(r.item_id) && audited.has(r.item_id)).map((r) => r.rating));
      const lMean = (dim: string) => mean(rel.audit!.filter((r) => r.dimension === dim && shared.includes(r.item_id)).map((r) => r.rating));
      add('LLM vs humans on shared anchors, state coherence mean', '4.73 vs 5.00', `${lMean('state_coherence').toFixed(2)} vs ${hMean('state_coherence').toFixed(2)} (${shared.length} anchors)`, lMean('state_coherence').toFixed(2) === '4.73' && hMean('state_coherence').toFixed(2) === '5.00');
      const agreeDims = ['state_coherence', 'constraint_enforcement', 'outcome_correctness', 'interface_realism'].filter((d) => Math.abs(lMean(d) - hMean(d)) < 0.05);
      add('LLM agrees with humans (|mean diff| < 0.05) on dimensions', '2 of 4', `${agreeDims.length} of 4 (${agreeDims.join(', ')})`, agreeDims.length === 2);
      const itemPass = new Map<string, boolean>();
      for (const r of rel.audit) itemPass.set(r.item_id, (itemPass.get(r.item_id) ?? true) && r.pass);
      eqInt('LLM audit: items rated', 1627, itemPass.size);
      add('LLM audit: pass %', '99.69', pct([...itemPass.values()].filter(Boolean).length / itemPass.size), pct([...itemPass.values()].filter(Boolean).length / itemPass.size) === '99.69');
    }
  }

  // decision given a correct state (error-handling operators)
  const eOps = new Set(items.filter((it) => it.outcome === 'error').map((it) => it.operator));
  const decisionRate = (m: number) => {
    let right = 0, all = 0;
    items.forEach((it, i) => {
      if (!eOps.has(it.operator)) return;
      const r = rel.responses[m * nI + i];
      if (r.status !== 'answered' || r.prediction === null) return;
      const state = it.fields.filter((f) => f.kind !== 'text');
      const stateRight = state.every((f) => {
        const p = getPath(r.prediction, f.path);
        return p.found && compareField(f, getPath(it.gold, f.path).value, p.value) === 'match';
      });
      if (!stateRight) return;
      all++;
      const t = G[m][i].failure_type;
      if (t !== 'under_error' && t !== 'over_error' && t !== 'error_class') right++;
    });
    return right / all;
  };
  const dr = models.map((_, m) => decisionRate(m));
  const peers = dr.filter((_, m) => m !== a);
  add('decision right given a right state: Astra %', '> 99', pct(dr[a]), dr[a] > 0.99);
  add('decision right given a right state: peers, range %', '61-91', `${pct(Math.min(...peers))}-${pct(Math.max(...peers))}`, Math.min(...peers) >= 0.6 && Math.max(...peers) <= 0.92);

  // DWM below the 20-model median on every skill
  const skills = [...new Set(items.map((it) => it.skill))];
  const d = idx('DWM');
  const below = skills.filter((s) => {
    const rates = models.map((_, m) => perModel(m, (it) => it.skill === s));
    return rates[d] < median(rates);
  }).length;
  eqInt('skills where DWM is below the 20-model median', 19, below);

  // partial credit on long audits
  const auditFails = graded.grades.filter((g) => g.failure_type === 'wrong_value' && g.fields_decided >= 10);
  const shares = auditFails.map((g) => g.fields_matched / g.fields_decided);
  add('wrong-value fails on items with >= 10 fields: share with 74-93% of fields right', '74-93% of balance fields right yet the item fails', `${pct(shares.filter((x) => x >= 0.74 && x <= 0.93).length / shares.length)}% of ${shares.length}`, shares.length > 100);
  const gpt = idx('GPT-5.5');
  const offByOne = rel.responses.some((r) => r.model_id === models[gpt]?.model_id && JSON.stringify(r.prediction ?? {}).includes('-95') && JSON.stringify(itemById(rel, r.item_id).gold).includes('-94'));
  add('GPT-5.5 off by one on a saga balance (-95 vs -94)', 'present', offByOne ? 'present' : 'absent', offByOne);

  // judge
  const terraLow = rel.judge.filter((j) => j.judge === 'terra' && j.confidence < 0.8).length;
  const sol = rel.judge.filter((j) => j.judge === 'sol').length;
  add('judge records (terra < 0.80 / sol fallbacks)', 'terra < 0.80 always has a sol record', `${rel.judge.length} (${terraLow} / ${sol})`, terraLow === sol && terraLow > 0);
  return rows;
}

const mean = (v: number[]): number => v.reduce((a, b) => a + b, 0) / v.length;

let cache: { rel: GlobeRelease; index: Map<string, number>; items: Map<string, Item> } | null = null;
function lookups(rel: GlobeRelease) {
  if (cache?.rel !== rel) cache = { rel, index: new Map(rel.items.map((it, i) => [it.item_id, i])), items: new Map(rel.items.map((it) => [it.item_id, it])) };
  return cache;
}
const itemIndex = (rel: GlobeRelease, id: string): number => lookups(rel).index.get(id)!;
const itemById = (rel: GlobeRelease, id: string): Item => lookups(rel).items.get(id)!;

/** A plain-text table of the rows, for test output and the calibration script. */
export function formatCalibration(rows: CalibrationRow[]): string {
  const w = [Math.max(...rows.map((r) => r.target.length)), Math.max(...rows.map((r) => r.published.length)), Math.max(...rows.map((r) => r.recomputed.length))];
  const line = (a: string, b: string, c: string, d: string) => `${a.padEnd(w[0])}  ${b.padEnd(w[1])}  ${c.padEnd(w[2])}  ${d}`;
  return [line('target', 'published', 'recomputed', 'ok'), ...rows.map((r) => line(r.target, r.published, r.recomputed, r.ok ? 'yes' : 'NO'))].join('\n');
}
