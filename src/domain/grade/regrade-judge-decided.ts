import type { Response } from '../../format/globebench.js';
import { gradeRelease, type Gradable } from './grade-release.js';
import type { Grade, GradeOptions } from './grade-response.js';

export interface Regrade {
  /** one grade per response, in the order of `grades` */
  grades: Grade[];
  /** responses the judge decides at the new threshold but the release holds no record for: terra's verdict kept */
  fallbacks: number;
  /** responses actually regraded (those the judge decided in `grades`) */
  regraded: number;
}

/**
 * Regrades a release under other grading options (another terra confidence threshold), touching
 * only the responses the judge decided in `grades`: the deterministic steps (1-5) come before the
 * judge and do not read the threshold, so their grades stay as they are. `grades` are the release's
 * grades (`release.grades`, one per response in the release's order) at the default threshold.
 *
 * Above the default threshold a response whose terra confidence falls under the new one may have no
 * sol record (the release only asked sol below it): it keeps terra's verdict (graded at threshold 0)
 * and is counted in `fallbacks`. Both passes go through gradeRelease, the only grading loop.
 */
export function regradeJudgeDecided(release: Gradable, grades: readonly Grade[], opts: GradeOptions): Regrade {
  if (grades.length !== release.responses.length) throw new Error(`regradeJudgeDecided: ${grades.length} grades for ${release.responses.length} responses`);
  const at: number[] = [];
  const judged: Response[] = [];
  grades.forEach((g, i) => {
    if (g.decided_by === 'deterministic') return;
    const r = release.responses[i];
    if (r.model_id !== g.model_id || r.item_id !== g.item_id) throw new Error(`regradeJudgeDecided: grade ${i} is not the grade of response ${i}`);
    at.push(i);
    judged.push(r);
  });
  const undecidable = new Set<Response>();
  const { items, judges, gradings } = release;
  const regraded = gradeRelease({ items, responses: judged, judges, gradings }, opts, (r) => undecidable.add(r));
  const kept = undecidable.size ? gradeRelease({ items, responses: [...undecidable], judges, gradings }, { ...opts, threshold: 0 }) : [];
  const out = grades.slice();
  let a = 0,
    b = 0;
  judged.forEach((r, j) => {
    out[at[j]] = undecidable.has(r) ? kept[b++] : regraded[a++];
  });
  return { grades: out, fallbacks: undecidable.size, regraded: judged.length };
}
