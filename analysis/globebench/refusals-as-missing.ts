import { bootstrapMeanCI } from '../../src/stats/bootstrap-mean-ci.js';
import type { Table } from '../../src/tables/table.js';
import type { GlobeContext } from './context.js';

/**
 * The paper counts refusals and empty outputs as failures, which mixes safety policy into
 * capability. Here each model's success is also computed over the items it answered (no usable
 * response = missing), with a bootstrap CI over those items. Beyond the paper.
 */
export function refusalsAsMissingTable(ctx: GlobeContext): Table {
  const { resamples, seed } = ctx.opts;
  const rows = ctx.models.map((m) => {
    const mine = ctx.grades.filter((g) => g.model_id === m.model_id);
    const answered = mine.filter((g) => g.failure_type !== 'no_response').map((g) => (g.pass ? 1 : 0));
    const all = mine.map((g) => (g.pass ? 1 : 0));
    const asFail = all.reduce<number>((s, v) => s + v, 0) / all.length;
    const ci = bootstrapMeanCI(answered, { resamples, seed, stream: `refusals:${m.model_id}` });
    return {
      model: m.name,
      model_id: m.model_id,
      access: m.access,
      n_items: all.length,
      no_response: all.length - answered.length,
      success_as_failure: asFail,
      success_as_missing: ci.estimate,
      ci_low: ci.low,
      ci_high: ci.high,
      change: answered.length ? ci.estimate - asFail : null,
    };
  });
  const rank = (key: 'success_as_failure' | 'success_as_missing') => {
    const sorted = [...rows].sort((a, b) => (b[key] ?? -1) - (a[key] ?? -1) || a.model.localeCompare(b.model));
    return new Map(sorted.map((r, i) => [r.model_id, i + 1]));
  };
  const r1 = rank('success_as_failure'), r2 = rank('success_as_missing');
  const out = rows.map((r) => ({ ...r, rank_as_failure: r1.get(r.model_id)!, rank_as_missing: r2.get(r.model_id)! }));
  out.sort((a, b) => a.rank_as_failure - b.rank_as_failure);
  return {
    id: 'refusals-as-missing',
    title: 'Table 1 with refusals as missing instead of failed',
    source: 'beyond the paper (critique: refusal-as-failure mixes safety policy into capability)',
    columns: [
      { key: 'model', label: 'Model' },
      { key: 'access', label: 'Access' },
      { key: 'n_items', label: 'Items', format: 'int' },
      { key: 'no_response', label: 'No usable response', format: 'int' },
      { key: 'success_as_failure', label: 'Success % (paper policy)', format: 'pct' },
      { key: 'rank_as_failure', label: 'Rank', format: 'int' },
      { key: 'success_as_missing', label: 'Success % (refusals missing)', format: 'pct' },
      { key: 'ci_low', label: '95% CI low', format: 'pct' },
      { key: 'ci_high', label: '95% CI high', format: 'pct' },
      { key: 'rank_as_missing', label: 'Rank', format: 'int' },
      { key: 'change', label: 'Change (pp)', format: 'pp' },
    ],
    rows: out,
    notes: ['No usable response = status refusal, empty or error, or a null prediction (grading step 1). Under "missing", a model is scored on the items it answered only; CIs bootstrap those items.'],
  };
}

/** Mean success over models by radius level and reach-back band, under both refusal policies. */
export function refusalsDifficultyTable(ctx: GlobeContext): Table {
  const items = ctx.release.items;
  const byItem = new Map<string, { pass: number; answered: number; n: number }>();
  for (const g of ctx.grades) {
    const s = byItem.get(g.item_id) ?? { pass: 0, answered: 0, n: 0 };
    s.n++;
    if (g.pass) s.pass++;
    if (g.failure_type !== 'no_response') s.answered++;
    byItem.set(g.item_id, s);
  }
  const level = (label: string, keep: (it: (typeof items)[number]) => boolean) => {
    let pass = 0, answered = 0, n = 0, k = 0;
    for (const it of items) {
      if (!keep(it)) continue;
      const s = byItem.get(it.item_id)!;
      pass += s.pass;
      answered += s.answered;
      n += s.n;
      k++;
    }
    return { level: label, items: k, success_as_failure: pass / n, success_as_missing: answered ? pass / answered : null, change: answered ? pass / answered - pass / n : null };
  };
  const rows = [
    ...(['L0', 'L1', 'L2', 'L3'] as const).map((r) => level(`radius ${r}`, (it) => it.impact_radius === r)),
    level('reach-back <= 40', (it) => it.reach_back !== null && it.reach_back <= 40),
    level('reach-back > 40', (it) => it.reach_back !== null && it.reach_back > 40),
  ];
  return {
    id: 'refusals-as-missing-difficulty',
    title: 'Success by radius and reach-back with refusals as missing instead of failed',
    source: 'beyond the paper',
    columns: [
      { key: 'level', label: 'Level' },
      { key: 'items', label: 'Items', format: 'int' },
      { key: 'success_as_failure', label: 'Success % (paper policy)', format: 'pct' },
      { key: 'success_as_missing', label: 'Success % (refusals missing)', format: 'pct' },
      { key: 'change', label: 'Change (pp)', format: 'pp' },
    ],
    rows,
    notes: ['Pooled over responses (the 20-model mean when every model answers every item).'],
  };
}
