import type { Step } from '../../../src/format/pawm.js';
import { stepKey } from '../../../src/release/load/pawm.js';
import { derived, derivedBy } from '../../../src/derive/memo.js';
import { BENCHMARKS, stepKeyFields, type PawmBenchmark, type PawmContext, type StepKeyFields } from './context.js';
import { lexicalOf } from './corpus.js';
import { stepLabels } from './labels.js';
import { isChanged } from './metrics.js';

/** A guided step (one where the world model spoke), as the exploration shows it. */
export interface GuidanceRow extends StepKeyFields {
  /** the final action differs from the tentative one */
  changed: boolean;
  /** the step's label under the semantic analysis' labeler rule (`stepLabels`), null where it has none */
  pitfall: boolean | null;
  tentative_action: string;
  final_action: string;
  guidance: string;
}

/** Every guided step of the release, in release order, once per context. */
export const guidedSteps = derived((ctx: PawmContext): GuidanceRow[] => {
  const labels = stepLabels(ctx).byStep;
  return ctx.release.steps
    .filter((s) => s.guidance !== null)
    .map((s) => {
      const label = labels.get(stepKey(s));
      return {
        ...stepKeyFields(s),
        changed: isChanged(s),
        pitfall: label ? label.pitfall : null,
        tentative_action: s.tentative_action,
        final_action: s.final_action,
        guidance: s.guidance!,
      };
    });
});

/** The guided steps whose guidance holds one word, per benchmark and group, in release order. */
export type WordSteps = Record<PawmBenchmark, { changed: Step[]; unchanged: Step[] }>;

/**
 * The guided steps whose guidance contains `word` (lower-cased) as a token, read from the lexical
 * analysis' corpus (each distinct text tokenized once there), once per context and word.
 */
export const stepsWithWord = derivedBy(
  (ctx: PawmContext, word: string): WordSteps => {
    const lex = lexicalOf(ctx);
    const out: WordSteps = { scienceworld: { changed: [], unchanged: [] }, webarena_lite: { changed: [], unchanged: [] } };
    for (const b of BENCHMARKS) {
      const c = lex.corpora[b];
      const id = c.index.get(word);
      if (id === undefined) continue;
      for (let d = 0; d < c.steps.length; d++) {
        const t = c.text[d];
        for (let k = c.offsets[t]; k < c.offsets[t + 1]; k++) {
          if (c.words[k] !== id) continue;
          out[b][c.changed[d] ? 'changed' : 'unchanged'].push(c.steps[d]);
          break;
        }
      }
    }
    return out;
  },
  (word) => word,
);
