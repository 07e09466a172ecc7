import type * as aq from 'arquero';
import { arquero } from '../../../src/present/notebook/arquero.js';
import { stepKey } from '../../../src/release/load/pawm.js';
import type { PawmContext } from '../derive/context.js';
import { BENCHMARKS } from '../derive/context.js';
import { guidedSteps, stepsWithWord, type GuidanceRow } from '../derive/guided-steps.js';

export type { GuidanceRow } from '../derive/guided-steps.js';

/**
 * Exploration of a PAWM release, for notebooks: every guided step (one where the world model spoke)
 * as one arquero table, and the steps whose guidance holds a word, so a word of the lexical table
 * opens into the guidance texts behind it and whether each changed the agent's action. Both read
 * derived cells (derive/guided-steps.ts).
 */
export function guidanceRows(ctx: PawmContext): GuidanceRow[] {
  return guidedSteps(ctx);
}

/** Every guided step of the release as an arquero table (columns of `GuidanceRow`). */
export function guidanceFrame(ctx: PawmContext): aq.ColumnTable {
  return arquero().from(guidanceRows(ctx));
}

/**
 * The rows of `frame` (guided steps, e.g. `guidanceFrame(ctx)` or a part of it) whose guidance
 * contains `word` as a token (the lexical analysis' tokenizer, read from its corpus), with optional
 * benchmark and changed filters. Values are compared as data (an escaped closure), never compiled
 * into an arquero expression.
 */
export function guidanceWithWord(ctx: PawmContext, frame: aq.ColumnTable, word: string, opts: { benchmark?: string; changed?: boolean } = {}): aq.ColumnTable {
  const found = stepsWithWord(ctx, word.toLowerCase());
  const keys = new Set(BENCHMARKS.flatMap((b) => [...found[b].changed, ...found[b].unchanged]).map(stepKey));
  return frame
    .filter(
      arquero().escape(
        (d: GuidanceRow) =>
          (opts.benchmark === undefined || d.benchmark === opts.benchmark) &&
          (opts.changed === undefined || d.changed === opts.changed) &&
          keys.has(stepKey(d)),
      ),
    )
    .reify();
}
