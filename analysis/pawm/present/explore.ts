import type * as aq from 'arquero';
import { arquero } from '../../../src/present/notebook/arquero.js';
import { stepKey } from '../../../src/release/load/pawm.js';
import { tokenize } from '../../../src/domain/text/tokenize.js';
import { stepKeyFields, type PawmContext, type StepKeyFields } from '../derive/context.js';
import { isChanged } from '../derive/metrics.js';
import { stepLabels } from '../derive/labels.js';

/**
 * Exploration of a PAWM release, for notebooks: every guided step (one where the world model spoke)
 * as one arquero table, and the steps whose guidance holds a word, so a word of the lexical table
 * opens into the guidance texts behind it and whether each changed the agent's action.
 */
export interface GuidanceRow extends StepKeyFields {
  /** the final action differs from the tentative one */
  changed: boolean;
  /** the step's label under the semantic analysis' labeler rule (`stepLabels`), null where it has none */
  pitfall: boolean | null;
  tentative_action: string;
  final_action: string;
  guidance: string;
}

export function guidanceRows(ctx: PawmContext): GuidanceRow[] {
  const labels = stepLabels(ctx).byStep;
  return ctx.release.steps
    .filter((s) => s.guidance !== null)
    .map((s) => {
      const label = labels.get(stepKey(s));
      return {
        ...stepKeyFields(s),
        changed: isChanged(s), pitfall: label ? label.pitfall : null, tentative_action: s.tentative_action, final_action: s.final_action, guidance: s.guidance!,
      };
    });
}

/** Every guided step of the release as an arquero table (columns of `GuidanceRow`). */
export function guidanceFrame(ctx: PawmContext): aq.ColumnTable {
  return arquero().from(guidanceRows(ctx));
}

/**
 * The guided steps whose guidance contains `word` as a token (the lexical analysis' tokenizer), with
 * optional benchmark and changed filters. Values are compared as data (an escaped closure), never
 * compiled into an arquero expression.
 */
export function guidanceWithWord(frame: aq.ColumnTable, word: string, opts: { benchmark?: string; changed?: boolean } = {}): aq.ColumnTable {
  const w = word.toLowerCase();
  return frame
    .filter(arquero().escape((d: GuidanceRow) => (opts.benchmark === undefined || d.benchmark === opts.benchmark) && (opts.changed === undefined || d.changed === opts.changed) && tokenize(d.guidance).includes(w)))
    .reify();
}
