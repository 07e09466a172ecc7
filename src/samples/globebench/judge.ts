import type { Rng } from '../../derive/stats/rng.js';
import type { JudgeRecord } from '../../format/globebench.js';

const PROMPT_VERSION = 'equiv-judge-v3.2';
const THRESHOLD = 0.8;

const conf = (lo: number, hi: number, u: number): number => Math.round((lo + (hi - lo) * u) * 100) / 100;

/**
 * Judge records for a response that reaches the judge (grading step 6) and should end with
 * `verdict`. Terra is confident about four times in five (0.80 itself counts as confident); below
 * the threshold a Sol record decides, and Terra's own low-confidence verdict then disagrees with it
 * about a third of the time.
 */
export function judgeRecords(rng: Rng, item_id: string, model_id: string, verdict: JudgeRecord['verdict']): JudgeRecord[] {
  const other: JudgeRecord['verdict'] = verdict === 'equivalent' ? 'not_equivalent' : 'equivalent';
  if (rng.next() < 0.78) {
    // a few land exactly on the threshold, which must still count as confident
    const c = rng.next() < 0.05 ? THRESHOLD : conf(0.8, 0.99, rng.next());
    return [{ item_id, model_id, judge: 'terra', verdict, confidence: c, prompt_version: PROMPT_VERSION }];
  }
  const c = rng.next() < 0.05 ? 0.79 : conf(0.45, 0.79, rng.next());
  return [
    { item_id, model_id, judge: 'terra', verdict: rng.next() < 0.35 ? other : verdict, confidence: c, prompt_version: PROMPT_VERSION },
    { item_id, model_id, judge: 'sol', verdict, confidence: conf(0.6, 0.98, rng.next()), prompt_version: PROMPT_VERSION },
  ];
}
