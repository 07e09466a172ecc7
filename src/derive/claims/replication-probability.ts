import { createRng } from '../stats/rng.js';
import type { Evidence } from './claim.js';
import { clusteredVerdict } from './clustered-verdict.js';
import { replicateEvidence } from './parametric-replicate.js';
import type { ClaimedSide } from './verdict-from-interval.js';

/** How many parametric replicates replicationProbability draws. */
const REPLICATES = 1000;

/**
 * The share of `replicates` parametric replicates of the evidence (replicateEvidence: same size and
 * clusters, drawn from the model fitted to the release) whose CR1 verdict (clusteredVerdict) is
 * `holds`: the chance that a study of the same design, where the truth is what this release
 * estimates, would find the claim significant in the claimed direction. Draws from
 * createRng(seed, stream). Null where the evidence has no parametric model or CR1 form.
 */
export function replicationProbability(e: Evidence, side: ClaimedSide, seed: number, stream: string, replicates = REPLICATES): number | null {
  if (clusteredVerdict(e, side) === null) return null;
  const rng = createRng(seed, stream);
  let holds = 0;
  for (let r = 0; r < replicates; r++) {
    const rep = replicateEvidence(e, rng);
    if (rep === null) return null;
    if (clusteredVerdict(rep, side)?.verdict === 'holds') holds++;
  }
  return holds / replicates;
}
