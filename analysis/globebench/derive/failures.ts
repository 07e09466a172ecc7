import { threeWay, type FailureType } from '../../../src/domain/grade/grade-response.js';
import { derived } from '../../../src/derive/memo.js';
import type { GlobeContext } from './context.js';
import { FAILURE_CODES, NO_RESPONSE, PASSED, responseColumns } from './responses.js';

/** The six answered-failure types of Table 23, in the paper's order (the grader's list). */
export { ANSWERED_FAILURES } from '../../../src/domain/grade/grade-response.js';

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
export function noTally(): FailureTally {
  return { responses: 0, passed: 0, failed: new Int32Array(FAILURE_CODES.length) };
}

/** Adds `b` into `a` and returns `a`. */
export function addTally(a: FailureTally, b: FailureTally): FailureTally {
  a.responses += b.responses;
  a.passed += b.passed;
  for (let c = 0; c < a.failed.length; c++) a.failed[c] += b.failed[c];
  return a;
}

/** Failures of one type. */
export const failedWith = (t: FailureTally, type: FailureType): number => t.failed[FAILURE_CODES.indexOf(type)];

/** Failures with a usable response (every failure but no_response). */
export function answeredFailures(t: FailureTally): number {
  let s = 0;
  for (let c = 0; c < t.failed.length; c++) if (c !== NO_RESPONSE) s += t.failed[c];
  return s;
}

/** Answered failures in one of Table 2's three types (threeWay: the error-handling types count as wrong value). */
export function threeWayFailures(t: FailureTally, type: 'wrong_value' | 'structure_only' | 'no_state_fields'): number {
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
export const failuresByModel = derived((ctx: GlobeContext): FailureTally[] => tallyBy(ctx, ctx.models.length, (m) => m));

/** One tally per item domain, keyed by domain. */
export const failuresByDomain = derived((ctx: GlobeContext): Map<string, FailureTally> => {
  const { domain } = responseColumns(ctx);
  const tallies = tallyBy(ctx, domain.values.length, (_, i) => domain.code[i]);
  return new Map(domain.values.map((d, c) => [d, tallies[c]]));
});

/** x / n, or null when n is 0. */
export function share(x: number, n: number): number | null {
  return n > 0 ? x / n : null;
}
