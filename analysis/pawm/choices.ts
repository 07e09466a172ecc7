import type { AnalysisChoice } from '../../src/derive/claims/analysis-choice.js';
import { preparePawm, type PawmContext } from './derive/context.js';

/** The claims that read the guidance labels (the semantic analysis). */
const READ_LABELS = new Set(['pawm.changed-guidance-anticipates-pitfalls']);

/**
 * PAWM's analysis choices for the claims' robustness grid: the guidance labeler (each labeler of
 * guidance_labels.jsonl, as `--labeler` chooses it, and the majority of labelers, the default), for
 * the claims that read the labels; none with fewer than two labelers (one labeler is no choice).
 * The task is PAWM's only cluster unit (runs nested in it, methods paired on it), so there are no
 * cluster-unit cells, and the release has no refusals (an episode succeeds or fails).
 */
export function pawmChoices(ctx: PawmContext): AnalysisChoice<PawmContext>[] {
  const { labelers } = ctx.release;
  if (labelers.length < 2) return [];
  const under = (labeler: string | undefined) => (c: PawmContext) => (c.opts.labeler === labeler ? c : preparePawm(c.release, { ...c.opts, labeler }));
  return [
    {
      choice: 'labeler',
      applies: (c) => READ_LABELS.has(c.id),
      values: [...labelers.map((l) => ({ value: l, context: under(l) })), { value: 'majority', context: under(undefined) }],
    },
  ];
}
