import { quantileSelect } from '../stats/quantile-select.js';
import { createRng } from '../stats/rng.js';
import type { Evidence } from './claim.js';
import { singleMethod } from './judge-fixed.js';
import { finiteOrNull, notComputable, type JudgeOptions, type Judgement } from './judgement.js';
import { verdictFromInterval, type ClaimedSide } from './verdict-from-interval.js';

type ValueEvidence = Extract<Evidence, { kind: 'value' }>;

/**
 * A descriptive value (eta^2, a maximum) against the threshold. With `resample`, the percentile
 * interval of B values it draws from the claim's stream; without, the value is judged as it is
 * (a zero-width interval: holds when on the claimed side, contradicted when not). No p-value.
 */
export function judgeValue(e: ValueEvidence, side: ClaimedSide, opts: JudgeOptions): Judgement {
  if (!Number.isFinite(e.estimate)) return notComputable('the value is not a finite number');
  let low = e.estimate,
    high = e.estimate,
    interval = 'none (the value as it is)';
  if (e.resample) {
    const rng = createRng(opts.seed, `${opts.stream}:value`);
    const draws = new Float64Array(opts.resamples);
    for (let r = 0; r < draws.length; r++) draws[r] = e.resample(rng);
    low = quantileSelect(draws, 0.025);
    high = quantileSelect(draws, 0.975);
    interval = 'percentile bootstrap';
  }
  return singleMethod({
    estimate: e.estimate,
    ci_low: finiteOrNull(low),
    ci_high: finiteOrNull(high),
    interval,
    p_value: null,
    verdict: verdictFromInterval(e.estimate, low, high, side),
  });
}
