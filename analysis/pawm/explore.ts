import * as aq from 'arquero';
import { stepKey } from '../../src/release/load/pawm.js';
import { tokenize } from '../../src/derive/text/tokenize.js';
import type { PawmContext } from './context.js';
import { isChanged } from './metrics.js';
import { stepLabels } from './labels.js';

/**
 * Exploration of a PAWM release, for notebooks: every guided step (one where the world model spoke)
 * as one arquero table, and the steps whose guidance holds a word, so a word of the lexical table
 * opens into the guidance texts behind it and whether each changed the agent's action.
 */
export interface GuidanceRow {
  benchmark: string;
  agent: string;
  method: string;
  gating: string;
  train_ratio: number | null;
  task_id: string;
  run: number;
  step: number;
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
        benchmark: s.benchmark, agent: s.agent, method: s.method, gating: s.gating, train_ratio: s.train_ratio, task_id: s.task_id, run: s.run, step: s.step,
        changed: isChanged(s), pitfall: label ? label.pitfall : null, tentative_action: s.tentative_action, final_action: s.final_action, guidance: s.guidance!,
      };
    });
}

/** Every guided step of the release as an arquero table (columns of `GuidanceRow`). */
export function guidanceFrame(ctx: PawmContext): aq.ColumnTable {
  return aq.from(guidanceRows(ctx));
}

/**
 * The guided steps whose guidance contains `word` as a token (the lexical analysis' tokenizer), with
 * optional benchmark and changed filters. Values are compared as data (an escaped closure), never
 * compiled into an arquero expression.
 */
export function guidanceWithWord(frame: aq.ColumnTable, word: string, opts: { benchmark?: string; changed?: boolean } = {}): aq.ColumnTable {
  const w = word.toLowerCase();
  return frame
    .filter(aq.escape((d: GuidanceRow) => (opts.benchmark === undefined || d.benchmark === opts.benchmark) && (opts.changed === undefined || d.changed === opts.changed) && tokenize(d.guidance).includes(w)))
    .reify();
}
