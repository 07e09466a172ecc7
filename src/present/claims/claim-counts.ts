import type { ClaimRow } from '../../derive/claims/claim.js';

/** How many claims of a benchmark got each verdict, and how many hold after Holm's adjustment. */
export interface ClaimCounts {
  claims: number;
  holds: number;
  same_direction_ns: number;
  opposite_direction_ns: number;
  contradicted: number;
  not_computable: number;
  /** holds, and its Holm-adjusted p-value is below 0.05 (a claim judged without a p-value, a count or zero rates, counts as it is) */
  holds_after_holm: number;
}

export function claimCounts(rows: readonly ClaimRow[]): ClaimCounts {
  const count = (v: ClaimRow['verdict']) => rows.filter((r) => r.verdict === v).length;
  return {
    claims: rows.length,
    holds: count('holds'),
    same_direction_ns: count('same direction, not significant'),
    opposite_direction_ns: count('opposite direction, not significant'),
    contradicted: count('contradicted'),
    not_computable: count('not computable'),
    holds_after_holm: rows.filter((r) => r.verdict === 'holds' && (r.p_value === null || (r.p_holm !== null && r.p_holm < 0.05))).length,
  };
}

/**
 * The claims verdict line of a benchmark, e.g. `cubebench: 5 of 8 claims hold, 2 same direction not
 * significant, 1 contradicted; 4 hold after Holm` (the verdicts no claim got are left out).
 */
export function claimsLine(benchmark: string, c: ClaimCounts): string {
  const parts = [`${c.holds} of ${c.claims} claims hold`];
  if (c.same_direction_ns) parts.push(`${c.same_direction_ns} same direction not significant`);
  if (c.opposite_direction_ns) parts.push(`${c.opposite_direction_ns} opposite direction not significant`);
  if (c.contradicted) parts.push(`${c.contradicted} contradicted`);
  if (c.not_computable) parts.push(`${c.not_computable} not computable`);
  return `${benchmark}: ${parts.join(', ')}; ${c.holds_after_holm} hold after Holm`;
}
