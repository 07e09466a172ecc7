import { z } from 'zod';
import { Id } from './common.js';
import { releaseFile, type ReleaseFiles } from './release-files.js';

const MOVE = /^([UDLRFBxyz])(['2]?)$/;

/** Whether a character code separates moves: the separators parseMoves accepts, no more. */
const isSeparator = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;
/** Character codes of U D L R F B x y z. */
const IS_MOVE_LETTER = new Uint8Array(128);
for (const ch of 'UDLRFBxyz') IS_MOVE_LETTER[ch.charCodeAt(0)] = 1;

/**
 * The first token of a move string that is not a move (its 0-based position among the tokens and
 * its text), or null: the tokens are those of splitting at runs of separators, and a move is what
 * MOVE matches. One scan over character codes, with no string per move, since an episode's action
 * string can hold 400,000 moves.
 */
export function firstBadMove(s: string): { index: number; token: string } | null {
  const len = s.length;
  let n = 0;
  let i = 0;
  while (i < len) {
    const c = s.charCodeAt(i);
    if (isSeparator(c)) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < len && !isSeparator(s.charCodeAt(j))) j++;
    const isMove = c < 128 && IS_MOVE_LETTER[c] === 1 && (j === i + 1 || (j === i + 2 && (s.charCodeAt(i + 1) === 39 || s.charCodeAt(i + 1) === 50)));
    if (!isMove) return { index: n, token: s.slice(i, j) };
    n++;
    i = j;
  }
  return null;
}

/** A space-separated move string; each token a face turn or rotation with optional ' or 2. */
export const MoveString = z.string().superRefine((s, ctx) => {
  // the separators parseMoves accepts, no more: a no-break space passing here would crash the replay
  const bad = firstBadMove(s);
  // name the offending move: an episode's action string can hold 400,000 moves
  if (bad) {
    const tok = bad.token.length > 20 ? `${bad.token.slice(0, 20)}...` : bad.token;
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: `move ${bad.index + 1} ${JSON.stringify(tok)} is not a move; expected moves like U R' F2 x y' separated by spaces` });
  }
});

export const FaceletString = z.string().regex(/^[URFDLB]{54}$/, 'expected 54 facelet letters from URFDLB');

export const Task = z
  .object({
    task_id: Id,
    depth: z.number().int().min(1),
    scramble: MoveString,
    state: FaceletString,
  })
  .passthrough();
export type Task = z.infer<typeof Task>;

export const Episode = z
  .object({
    episode_id: Id,
    model: z.string().min(1),
    tier: z.enum(['symbolic', 'visual', 'face', 'vertex']),
    agent: z.enum(['basic', 'standard_solver', 'ideal_solver']),
    reward: z.enum(['none', 'face', 'sticker', 'heuristic']),
    task_id: Id,
    // the format page does not say list or string; both are read (a list is what the samples write)
    actions: z.union([z.array(z.string().regex(MOVE, "expected a move like U, R', F2, x, y' or z2")), MoveString]),
    claimed_success: z.boolean(),
    end: z.enum(['solved', 'step_limit', 'timeout', 'gave_up', 'error']),
    make_move_calls: z.number().int().nonnegative(),
    duration_s: z.number().nonnegative(),
  })
  .passthrough();
export type Episode = z.infer<typeof Episode>;

/** Every file of a CubeBench release (docs/release-format.md), declared once (see `src/format/release-files.ts`). */
export const RELEASE_FILES = {
  tasks: releaseFile('tasks.jsonl', Task, { required: true, nonEmpty: true }),
  episodes: releaseFile('episodes.jsonl', Episode, { required: true, nonEmpty: true }),
} as const satisfies ReleaseFiles;
