import { bootstrapMeanCI } from '../../../src/derive/stats/bootstrap-mean-ci.js';
import { compareRatesDescending } from '../../../src/derive/stats/compare-fractions.js';
import { derived } from '../../../src/derive/memo.js';
import type { Model } from '../../../src/format/globebench.js';
import { prepareGlobe, type GlobeContext } from './context.js';
import { NO_RESPONSE, responseColumns, type ResponseColumns } from './responses.js';
import { RADII } from './slices.js';

/**
 * The two "missing" policies shown side by side:
 * - `refusal`: only refusals (status `refusal`) are missing, as the paper's critique asks (a refusal
 *   is a safety policy, not a capability); empty outputs, errors and null predictions still fail;
 * - `unusable`: every response without a usable prediction (grading step 1: status refusal, empty
 *   or error, or a null prediction) is missing.
 */
type MissingPolicy = 'refusal' | 'unusable';

/** Whether response r (a row of the response columns) is missing under a policy. */
function isMissing(policy: MissingPolicy, cols: ResponseColumns, r: number): boolean {
  return policy === 'refusal' ? cols.refused[r] === 1 : cols.failure[r] === NO_RESPONSE;
}

/** One model's success under the paper's policy and both missing policies, with the three ranks. */
export type MissingPolicyRow = {
  model: string;
  model_id: string;
  access: Model['access'];
  n_items: number;
  passed: number;
  refusals: number;
  no_response: number;
  success_as_failure: number;
  success_refusals_missing: number;
  ci_low_refusals: number;
  ci_high_refusals: number;
  change_refusals: number;
  success_as_missing: number;
  ci_low: number;
  ci_high: number;
  change: number;
  rank_as_failure: number;
  rank_refusals_missing: number;
  rank_as_missing: number;
};

/**
 * The paper counts refusals and empty outputs as failures, which mixes safety policy into
 * capability. Here each model's success is also computed over the items it did not refuse, and
 * over the items it gave a usable prediction for, each with a 95% percentile bootstrap CI over
 * those items (stream `refusals-as-missing:policy=..:model=..`; NaN where a model keeps no item).
 * Ranks compare exact pass / scored counts, ties by name; rows in the paper policy's rank order.
 */
export const missingPolicyByModel = derived((ctx: GlobeContext): MissingPolicyRow[] => {
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
  const r1 = rank((r) => r.n_items),
    r2 = rank((r) => r.scored_refusals),
    r3 = rank((r) => r.scored_unusable);
  const out = rows.map(({ scored_refusals: _a, scored_unusable: _b, ...r }) => ({
    ...r,
    rank_as_failure: r1.get(r.model_id)!,
    rank_refusals_missing: r2.get(r.model_id)!,
    rank_as_missing: r3.get(r.model_id)!,
  }));
  return out.sort((a, b) => a.rank_as_failure - b.rank_as_failure);
});

/** Success of one radius level or reach-back band under the paper's policy and both missing policies. */
export type MissingPolicyLevel = {
  level: string;
  items: number;
  success_as_failure: number | null;
  success_refusals_missing: number | null;
  change_refusals: number | null;
  success_as_missing: number | null;
  change: number | null;
};

/** Pooled success over responses by radius level (L0-L3), then reach-back <= 40 and > 40, under the three policies. */
export const missingPolicyByDifficulty = derived((ctx: GlobeContext): MissingPolicyLevel[] => {
  const cols = responseColumns(ctx);
  const nI = cols.items;
  const level = (label: string, keep: (i: number) => boolean): MissingPolicyLevel => {
    let pass = 0,
      notRefused = 0,
      usable = 0,
      n = 0,
      k = 0;
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
  return [
    ...RADII.map((r, j) => level(`radius ${r}`, (i) => cols.radius[i] === j)),
    level('reach-back <= 40', (i) => cols.band[i] === 0),
    level('reach-back > 40', (i) => cols.band[i] === 1),
  ];
});

/**
 * The context with refusals as missing rather than failed: the grades of responses with status
 * `refusal` left out (ctx.scored marks the rest), so the claims' evidence counts each model over
 * the items it did not refuse (the robustness grid's refusal policy). Null when nothing is refused.
 */
export const refusalsMissingContext = derived((ctx: GlobeContext): GlobeContext | null => {
  const { responses } = ctx.release;
  if (ctx.grades.length !== responses.length) throw new Error(`refusalsMissingContext: ${ctx.grades.length} grades for ${responses.length} responses`);
  const kept = ctx.grades.filter((_, i) => responses[i].status !== 'refusal');
  return kept.length === ctx.grades.length ? null : prepareGlobe(ctx.release, ctx.opts, kept);
});
