import { cohensKappa } from '../../../src/derive/stats/cohens-kappa.js';
import { derived } from '../../../src/derive/memo.js';
import type { PawmContext } from './context.js';

/** Two labelers on the guided steps both labelled: the 2x2 counts, percent agreement and Cohen's kappa. */
export interface LabelerPair {
  labeler_a: string;
  labeler_b: string;
  /** steps both labelled */
  steps: number;
  both_pitfall: number;
  a_only: number;
  b_only: number;
  neither: number;
  /** null when no step was labelled by both */
  agreement: number | null;
  /** null where kappa is undefined (both labelers give one same label throughout) */
  kappa: number | null;
  kappa_low: number | null;
  kappa_high: number | null;
}

/**
 * Every pair of the release's labelers (in the release's labeler order), once per context: percent
 * agreement and Cohen's kappa with a 95% Wald interval (Fleiss, Cohen & Everitt 1969 standard
 * error, src/derive/stats/cohens-kappa.ts).
 */
export const labelerAgreement = derived((ctx: PawmContext): LabelerPair[] => {
  const { labelsByStep, labelers } = ctx.release;
  const pairs: LabelerPair[] = [];
  for (let i = 0; i < labelers.length; i++) {
    for (let j = i + 1; j < labelers.length; j++) {
      const a = labelers[i],
        b = labelers[j];
      // rows: a says pitfall / not; columns: b says pitfall / not
      const t = [
        [0, 0],
        [0, 0],
      ];
      for (const list of labelsByStep.values()) {
        const la = list.find((x) => x.labeler === a),
          lb = list.find((x) => x.labeler === b);
        if (la && lb) t[la.pitfall ? 0 : 1][lb.pitfall ? 0 : 1]++;
      }
      const k = cohensKappa(t);
      const fin = (x: number) => (Number.isFinite(x) ? x : null);
      pairs.push({
        labeler_a: a,
        labeler_b: b,
        steps: k.n,
        both_pitfall: t[0][0],
        a_only: t[0][1],
        b_only: t[1][0],
        neither: t[1][1],
        agreement: k.n ? k.agreement : null,
        kappa: fin(k.kappa),
        kappa_low: fin(k.low),
        kappa_high: fin(k.high),
      });
    }
  }
  return pairs;
});
