import { ANSWERED_FAILURES, threeWay, type FailureType } from '../../../src/domain/grade/grade-response.js';
import { derived } from '../../../src/derive/memo.js';
import type { Model } from '../../../src/format/globebench.js';
import type { GlobeContext } from './context.js';
import { FAILURE_CODES, NO_RESPONSE, PASSED, responseColumns } from './responses.js';
import { DOMAINS } from './slices.js';

/** The six answered-failure types of Table 23, in the paper's order (the grader's list). */
export { ANSWERED_FAILURES };

/**
 * How a set of graded responses splits: how many there are, how many pass, and how many have each
 * failure type (`failed[c]` for FAILURE_CODES[c]). The failure tables (2 and 23) add these up
 * per group instead of building an object per response.
 */
export interface FailureTally {
  responses: number;
  passed: number;
  failed: Int32Array;
}

/** The tally of no responses (a group that has none), to add others into. */
function noTally(): FailureTally {
  return { responses: 0, passed: 0, failed: new Int32Array(FAILURE_CODES.length) };
}

/** Adds `b` into `a` and returns `a`. */
function addTally(a: FailureTally, b: FailureTally): FailureTally {
  a.responses += b.responses;
  a.passed += b.passed;
  for (let c = 0; c < a.failed.length; c++) a.failed[c] += b.failed[c];
  return a;
}

/** Failures of one type. */
const failedWith = (t: FailureTally, type: FailureType): number => t.failed[FAILURE_CODES.indexOf(type)];

/** Failures with a usable response (every failure but no_response). */
function answeredFailures(t: FailureTally): number {
  let s = 0;
  for (let c = 0; c < t.failed.length; c++) if (c !== NO_RESPONSE) s += t.failed[c];
  return s;
}

/** Answered failures in one of Table 2's three types (threeWay: the error-handling types count as wrong value). */
function threeWayFailures(t: FailureTally, type: 'wrong_value' | 'structure_only' | 'no_state_fields'): number {
  let s = 0;
  for (let c = 0; c < t.failed.length; c++) if (c !== NO_RESPONSE && threeWay(FAILURE_CODES[c]) === type) s += t.failed[c];
  return s;
}

/** Tallies of the graded responses (responseColumns) by a group of each cell r = m * items + i; -1 leaves a cell out. */
function tallyBy(ctx: GlobeContext, groups: number, groupOf: (m: number, i: number) => number): FailureTally[] {
  const cols = responseColumns(ctx);
  const out = Array.from({ length: groups }, noTally);
  for (let m = 0, r = 0; m < cols.models; m++) {
    for (let i = 0; i < cols.items; i++, r++) {
      if (!cols.present[r]) continue;
      const g = groupOf(m, i);
      if (g < 0) continue;
      const t = out[g];
      t.responses++;
      t.passed += cols.pass[r];
      const f = cols.failure[r];
      if (f !== PASSED) t.failed[f]++;
    }
  }
  return out;
}

/** One tally per model, in ctx.models order. */
const failuresByModel = derived((ctx: GlobeContext): FailureTally[] => tallyBy(ctx, ctx.models.length, (m) => m));

/** One tally per item domain, keyed by domain. */
const failuresByDomain = derived((ctx: GlobeContext): Map<string, FailureTally> => {
  const { domain } = responseColumns(ctx);
  const tallies = tallyBy(ctx, domain.values.length, (_, i) => domain.code[i]);
  return new Map(domain.values.map((d, c) => [d, tallies[c]]));
});

/** x / n, or null when n is 0. */
function share(x: number, n: number): number | null {
  return n > 0 ? x / n : null;
}

/**
 * Table 2's groups: every model, by access (world models inside their access group), and the world
 * models alone. `records` is the same membership as the explorer's response records filter it (the
 * record field and its value; null: every response), so a group's counts link to its responses.
 */
export const TABLE02_GROUPS = [
  { id: 'all', label: 'all models', member: (_m: Model) => true, records: null },
  { id: 'open', label: 'open', member: (m: Model) => m.access === 'open', records: ['access', 'open'] },
  { id: 'closed', label: 'closed', member: (m: Model) => m.access === 'closed', records: ['access', 'closed'] },
  { id: 'world_models', label: 'world models', member: (m: Model) => m.kind === 'world_model', records: ['model_kind', 'world_model'] },
] as const;

/** One group's failures as Table 2 splits them: counts, and shares of its responses or of its answered failures. */
export type GroupFailures = {
  group: string;
  group_id: string;
  models: number;
  responses: number;
  passed: number;
  success: number | null;
  no_response_n: number;
  /** share of the group's responses */
  no_response: number | null;
  answered_failures: number;
  wrong_value_n: number;
  structure_only_n: number;
  no_state_fields_n: number;
  /** shares of the answered failures (threeWay: wrong value folds in the error-handling types) */
  wrong_value: number | null;
  structure_only: number | null;
  no_state_fields: number | null;
};

/**
 * Table 2: failure types by model group (TABLE02_GROUPS; a world model counts in its access group
 * and again in its own row). Models without a response are left out of their group.
 */
export const failuresByGroup = derived((ctx: GlobeContext): GroupFailures[] => {
  const byModel = failuresByModel(ctx);
  return TABLE02_GROUPS.map((g) => {
    const t = noTally();
    let models = 0;
    ctx.models.forEach((m, k) => {
      if (!g.member(m) || byModel[k].responses === 0) return;
      models++;
      addTally(t, byModel[k]);
    });
    const answered = answeredFailures(t);
    const wv = threeWayFailures(t, 'wrong_value'),
      so = threeWayFailures(t, 'structure_only'),
      nsf = threeWayFailures(t, 'no_state_fields');
    return {
      group: g.label,
      group_id: g.id,
      models,
      responses: t.responses,
      passed: t.passed,
      success: share(t.passed, t.responses),
      no_response_n: t.failed[NO_RESPONSE],
      no_response: share(t.failed[NO_RESPONSE], t.responses),
      answered_failures: answered,
      wrong_value_n: wv,
      structure_only_n: so,
      no_state_fields_n: nsf,
      wrong_value: share(wv, answered),
      structure_only: share(so, answered),
      no_state_fields: share(nsf, answered),
    };
  });
});

/** Unusable responses of closed models, in all and from the provider with the most (ties by name); none: top undefined. */
export const closedNoResponse = derived((ctx: GlobeContext): { total: number; top: { provider: string; n: number } | undefined } => {
  const byModel = failuresByModel(ctx);
  const closedNr = new Map<string, number>();
  ctx.models.forEach((m, k) => {
    const n = byModel[k].failed[NO_RESPONSE];
    if (m.access === 'closed' && n > 0) closedNr.set(m.provider, (closedNr.get(m.provider) ?? 0) + n);
  });
  const top = [...closedNr].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
  return { total: [...closedNr.values()].reduce((a, b) => a + b, 0), top: top ? { provider: top[0], n: top[1] } : undefined };
});

/** One domain's failures as Table 23 splits them ('all': every domain pooled). */
export type DomainFailures = {
  domain: string;
  items: number;
  responses: number;
  success: number | null;
  /** responses that fail, for any reason */
  failed: number;
  no_response: number;
  /** no usable response as a share of the failed, and of all responses */
  no_response_share: number | null;
  no_response_rate: number | null;
  answered_failures: number;
} & Record<string, string | number | null>; // and per answered-failure type t: `${t}_n` (count) and t (share)

/**
 * Table 23: failure types by domain, 'all' first then the domains with items in DOMAINS order: per
 * domain (all models' responses to its items) the failed responses, no usable response, the answered
 * failures and each of the six answered-failure types (count `<type>_n`, and share `<type>` of the
 * answered failures).
 */
export const failuresByDomainRows = derived((ctx: GlobeContext): DomainFailures[] => {
  const byDomain = new Map<string, FailureTally>(failuresByDomain(ctx));
  byDomain.set('all', [...byDomain.values()].reduce(addTally, noTally()));
  const itemsIn = new Map<string, number>();
  for (const it of ctx.release.items) itemsIn.set(it.domain, (itemsIn.get(it.domain) ?? 0) + 1);
  itemsIn.set('all', ctx.release.items.length);
  const order = ['all', ...DOMAINS.filter((d) => itemsIn.has(d))];
  return order.map((d) => {
    const x = byDomain.get(d) ?? noTally();
    const answered = answeredFailures(x);
    const noResponse = x.failed[NO_RESPONSE];
    const row: DomainFailures = {
      domain: d,
      items: itemsIn.get(d) ?? 0,
      responses: x.responses,
      success: share(x.passed, x.responses),
      failed: x.responses - x.passed,
      no_response: noResponse,
      no_response_share: share(noResponse, x.responses - x.passed),
      no_response_rate: share(noResponse, x.responses),
      answered_failures: answered,
    };
    const byType: Record<string, string | number | null> = row;
    for (const t of ANSWERED_FAILURES) {
      byType[`${t}_n`] = failedWith(x, t);
      byType[t] = share(failedWith(x, t), answered);
    }
    return row;
  });
});
