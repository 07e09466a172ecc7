import type { GuidanceLabel } from '../../../src/format/pawm.js';
import { derived } from '../../../src/derive/memo.js';
import type { PawmContext } from './context.js';

/** One pitfall label per guided step, and the rule that chose it among the release's labelers. */
export interface StepLabels {
  /** `only`: the release has one labeler; `labeler`: the one chosen with --labeler; `majority`: majority of labelers */
  rule: 'only' | 'labeler' | 'majority' | 'none';
  labeler: string | null;
  labelers: string[];
  /** stepKey -> a label row of the step (for its key fields) and the chosen pitfall value */
  byStep: Map<string, { label: GuidanceLabel; pitfall: boolean }>;
  /** majority rule: labelled steps whose labelers split evenly (left out) */
  ties: number;
  /** a sentence for table notes */
  description: string;
}

/**
 * The label each guided step gets: the only labeler's; the `--labeler` choice (RunOptions.labeler;
 * steps it did not label are left out); or, by default with several labelers, the majority of the
 * step's labels, steps with a tie left out and counted.
 */
export const stepLabels = derived((ctx: PawmContext): StepLabels => {
  const { labelsByStep, labelers } = ctx.release;
  const chosen = ctx.opts.labeler;
  if (chosen !== undefined && !labelers.includes(chosen)) {
    throw new Error(
      `--labeler ${JSON.stringify(chosen)}: no such labeler in guidance_labels.jsonl (${labelers.length ? `labelers: ${labelers.map((l) => JSON.stringify(l)).join(', ')}` : 'the release has no guidance labels'})`,
    );
  }
  const byStep = new Map<string, { label: GuidanceLabel; pitfall: boolean }>();
  if (labelers.length === 0) return { rule: 'none', labeler: null, labelers, byStep, ties: 0, description: 'no guidance labels' };
  const rule = chosen !== undefined ? 'labeler' : labelers.length === 1 ? 'only' : 'majority';
  let ties = 0;
  for (const [k, list] of labelsByStep) {
    if (rule !== 'majority') {
      const l = list.find((x) => x.labeler === (chosen ?? labelers[0]));
      if (l) byStep.set(k, { label: l, pitfall: l.pitfall });
      continue;
    }
    const yes = list.filter((x) => x.pitfall).length;
    const no = list.length - yes;
    if (yes === no) ties++;
    else byStep.set(k, { label: list[0], pitfall: yes > no });
  }
  const description =
    rule === 'only'
      ? `labels of the release's only labeler, ${JSON.stringify(labelers[0])}`
      : rule === 'labeler'
        ? `labels of labeler ${JSON.stringify(chosen)} (chosen with --labeler; ${labelers.length} labelers in the release)`
        : `the majority label of ${labelers.length} labelers (${labelers.map((l) => JSON.stringify(l)).join(', ')}); ${ties} step(s) with a tie are left out (choose one labeler with --labeler)`;
  return { rule, labeler: rule === 'majority' ? null : (chosen ?? labelers[0]), labelers, byStep, ties, description };
});
