import type { EveryUnitPart, Verdict } from './claim.js';
import { finiteOrNull, notComputable, type Judgement } from './judgement.js';
import { onClaimedSide, type ClaimedSide } from './verdict-from-interval.js';

/**
 * The intersection-union verdict of units judged one by one ("every model drops"): `holds` only if
 * every unit holds, `contradicted` if any unit is contradicted (significantly opposite), otherwise
 * `same direction, not significant` when every unit's estimate is on the claimed side and
 * `opposite direction, not significant` when one is not; `not computable` if any unit is.
 * (Berger 1982, "Multiparameter hypothesis testing and acceptance sampling", Technometrics 24(4):
 * the intersection-union test rejects when every unit's test does, at the units' level, and its
 * p-value is the largest unit p-value.)
 */
export function combineUnitVerdicts(verdicts: readonly Verdict[], estimates: readonly (number | null)[], side: ClaimedSide): Verdict {
  if (verdicts.some((v) => v === 'not computable')) return 'not computable';
  if (verdicts.every((v) => v === 'holds')) return 'holds';
  if (verdicts.some((v) => v === 'contradicted')) return 'contradicted';
  return estimates.every((x) => x !== null && onClaimedSide(x, side)) ? 'same direction, not significant' : 'opposite direction, not significant';
}

/**
 * An every-unit claim from its units' judgements (each judged by its own evidence's rules against
 * the same side): the three verdicts combined unit by unit (combineUnitVerdicts); `p_value` the
 * largest unit p-value (null if a unit has none); the estimate and intervals those of the least
 * favourable unit (its estimate furthest to the unclaimed side); the count of units whose estimate
 * is on the claimed side, and of those whose headline verdict holds; `mde` the largest unit MDE
 * (the effect every unit could detect).
 */
export function judgeEveryUnit(parts: readonly { part: EveryUnitPart; judgement: Judgement }[], side: ClaimedSide): Judgement {
  if (parts.length === 0) return notComputable('no units in the evidence');
  const missing = parts.find((p) => p.judgement.verdict === 'not computable');
  if (missing) return { ...notComputable(`unit ${missing.part.label}: ${missing.judgement.missing ?? 'not computable'}`) };
  const js = parts.map((p) => p.judgement);
  const estimates = js.map((j) => j.estimate);
  const sign = side.direction === 'greater' ? 1 : -1;
  let worst = js[0];
  for (const j of js) if (sign * (j.estimate ?? 0) < sign * (worst.estimate ?? 0)) worst = j;
  const ps = js.map((j) => j.p_value);
  const mdes = js.map((j) => j.mde);
  return {
    ...worst,
    p_value: ps.every((p) => p !== null) ? finiteOrNull(Math.max(...(ps as number[]))) : null,
    verdict: combineUnitVerdicts(
      js.map((j) => j.verdict),
      estimates,
      side,
    ),
    verdict_item_bootstrap: combineUnitVerdicts(
      js.map((j) => j.verdict_item_bootstrap),
      estimates,
      side,
    ),
    verdict_clustered: combineUnitVerdicts(
      js.map((j) => j.verdict_clustered),
      estimates,
      side,
    ),
    interval: `${worst.interval}, of the least favourable unit`,
    mde: mdes.every((m) => m !== null) ? Math.max(...(mdes as number[])) : null,
    units_as_claimed: estimates.filter((x) => x !== null && onClaimedSide(x, side)).length,
    units_significant: js.filter((j) => j.verdict === 'holds').length,
    missing: null,
  };
}
