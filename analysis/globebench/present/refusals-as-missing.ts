import { COLUMNS } from '../../../src/present/tables/columns.js';
import { GLOBE_COLUMNS } from './columns.js';
import { bootstrapMeanCI } from '../../../src/derive/stats/bootstrap-mean-ci.js';
import { compareRatesDescending } from '../../../src/derive/stats/compare-fractions.js';
import type { Table } from '../../../src/present/tables/table.js';
import type { GlobeContext } from '../derive/context.js';
import { NO_RESPONSE, responseColumns, type ResponseColumns } from '../derive/responses.js';
import { RADII } from '../derive/slices.js';

/**
 * The two "missing" policies shown side by side:
 * - `refusal`: only refusals (status `refusal`) are missing, as the paper's critique asks (a refusal
 *   is a safety policy, not a capability); empty outputs, errors and null predictions still fail;
 * - `unusable`: every response without a usable prediction (grading step 1: status refusal, empty
 *   or error, or a null prediction) is missing.
 */
export type MissingPolicy = 'refusal' | 'unusable';

/** Whether response r (a row of the response columns) is missing under a policy. */
export function isMissing(policy: MissingPolicy, cols: ResponseColumns, r: number): boolean {
  return policy === 'refusal' ? cols.refused[r] === 1 : cols.failure[r] === NO_RESPONSE;
}

/**
 * The paper counts refusals and empty outputs as failures, which mixes safety policy into
 * capability. Here each model's success is also computed over the items it did not refuse, and
 * over the items it gave a usable prediction for, each with a bootstrap CI over those items.
 * Ranks compare exact pass / scored counts, ties by name. Beyond the paper.
 */
export function refusalsAsMissingTable(ctx: GlobeContext): Table {
  const { resamples, seed } = ctx.opts;
  const cols = responseColumns(ctx);
  const nI = cols.items;
  const rows = ctx.models.map((m, k) => {
    const mine: number[] = [];
    for (let r = k * nI; r < (k + 1) * nI; r++) if (cols.present[r]) mine.push(r);
    let passed = 0;
    for (const r of mine) passed += cols.pass[r];
    const policy = (p: MissingPolicy) => {
      const kept = mine.filter((r) => !isMissing(p, cols, r));
      const v = Uint8Array.from(kept, (r) => cols.pass[r]);
      const ci = bootstrapMeanCI(v, { resamples, seed, stream: `refusals-as-missing:policy=${p}:model=${m.model_id}` });
      return { scored: kept.length, ci: kept.length ? ci : null };
    };
    const ref = policy('refusal');
    const unu = policy('unusable');
    const asFail = passed / mine.length;
    return {
      model: m.name,
      model_id: m.model_id,
      access: m.access,
      n_items: mine.length,
      passed,
      refusals: mine.length - ref.scored,
      no_response: mine.length - unu.scored,
      success_as_failure: asFail,
      success_refusals_missing: ref.ci ? ref.ci.estimate : NaN,
      ci_low_refusals: ref.ci ? ref.ci.low : NaN,
      ci_high_refusals: ref.ci ? ref.ci.high : NaN,
      change_refusals: ref.ci ? ref.ci.estimate - asFail : NaN,
      success_as_missing: unu.ci ? unu.ci.estimate : NaN,
      ci_low: unu.ci ? unu.ci.low : NaN,
      ci_high: unu.ci ? unu.ci.high : NaN,
      change: unu.ci ? unu.ci.estimate - asFail : NaN,
      scored_refusals: ref.scored,
      scored_unusable: unu.scored,
    };
  });
  type R = (typeof rows)[number];
  const rank = (den: (r: R) => number) => {
    const sorted = [...rows].sort((a, b) => compareRatesDescending(a.passed, den(a), b.passed, den(b)) || a.model.localeCompare(b.model));
    return new Map(sorted.map((r, i) => [r.model_id, i + 1]));
  };
  const r1 = rank((r) => r.n_items), r2 = rank((r) => r.scored_refusals), r3 = rank((r) => r.scored_unusable);
  const out = rows.map(({ scored_refusals: _a, scored_unusable: _b, ...r }) => ({
    ...r,
    rank_as_failure: r1.get(r.model_id)!,
    rank_refusals_missing: r2.get(r.model_id)!,
    rank_as_missing: r3.get(r.model_id)!,
  }));
  out.sort((a, b) => a.rank_as_failure - b.rank_as_failure);
  return {
    id: 'refusals-as-missing',
    title: 'Table 1 with refusals (and every unusable response) as missing instead of failed',
    source: 'beyond the paper (critique: refusal-as-failure mixes safety policy into capability)',
    columns: [
      COLUMNS.model,
      GLOBE_COLUMNS.access,
      { key: 'n_items', label: 'Items', format: 'int' },
      { key: 'refusals', label: 'Refusals', format: 'int', help: 'status refusal' },
      GLOBE_COLUMNS.no_response_status,
      GLOBE_COLUMNS.success_as_failure,
      { key: 'rank_as_failure', label: 'Rank', format: 'int' },
      GLOBE_COLUMNS.success_refusals_missing_over,
      { key: 'ci_low_refusals', label: '95% CI low', format: 'pct' },
      { key: 'ci_high_refusals', label: '95% CI high', format: 'pct' },
      { key: 'rank_refusals_missing', label: 'Rank', format: 'int' },
      GLOBE_COLUMNS.change_refusals,
      GLOBE_COLUMNS.success_as_missing_over,
      COLUMNS.ci_low,
      COLUMNS.ci_high,
      { key: 'rank_as_missing', label: 'Rank', format: 'int' },
      GLOBE_COLUMNS.change,
    ],
    rows: out,
    notes: [
      'Two policies side by side. "Refusals missing": only responses with status refusal are left out, as the critique asks; empty outputs, errors and null predictions still count as failures. "Unusable missing": every response without a usable prediction (grading step 1: status refusal, empty or error, or a null prediction) is left out.',
      'Under each policy a model is scored on the items it kept only; CIs bootstrap those items. Ranks compare exact pass / scored counts, ties by name.',
    ],
  };
}

/** Mean success over models by radius level and reach-back band, under the paper's policy and both missing policies. */
export function refusalsDifficultyTable(ctx: GlobeContext): Table {
  const cols = responseColumns(ctx);
  const nI = cols.items;
  const level = (label: string, keep: (i: number) => boolean) => {
    let pass = 0, notRefused = 0, usable = 0, n = 0, k = 0;
    for (let i = 0; i < nI; i++) {
      if (!keep(i)) continue;
      k++;
      for (let r = i; r < cols.present.length; r += nI) {
        if (!cols.present[r]) continue;
        n++;
        pass += cols.pass[r];
        if (!isMissing('refusal', cols, r)) notRefused++;
        if (!isMissing('unusable', cols, r)) usable++;
      }
    }
    const asFail = n ? pass / n : null;
    const ref = notRefused ? pass / notRefused : null;
    const unu = usable ? pass / usable : null;
    return {
      level: label,
      items: k,
      success_as_failure: asFail,
      success_refusals_missing: ref,
      change_refusals: ref !== null && asFail !== null ? ref - asFail : null,
      success_as_missing: unu,
      change: unu !== null && asFail !== null ? unu - asFail : null,
    };
  };
  const rows = [
    ...RADII.map((r, j) => level(`radius ${r}`, (i) => cols.radius[i] === j)),
    level('reach-back <= 40', (i) => cols.band[i] === 0),
    level('reach-back > 40', (i) => cols.band[i] === 1),
  ];
  return {
    id: 'refusals-as-missing-difficulty',
    title: 'Success by radius and reach-back with refusals (and every unusable response) as missing',
    source: 'beyond the paper',
    columns: [
      { key: 'level', label: 'Level' },
      COLUMNS.items,
      GLOBE_COLUMNS.success_as_failure,
      GLOBE_COLUMNS.success_refusals_missing,
      GLOBE_COLUMNS.change_refusals,
      GLOBE_COLUMNS.success_as_missing,
      GLOBE_COLUMNS.change,
    ],
    rows,
    notes: ['Pooled over responses (the 20-model mean when every model answers every item). "Refusals missing" leaves out status refusal only; "unusable missing" leaves out every response without a usable prediction.'],
  };
}
