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
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: `move ${bad.index + 1} ${JSON.stringify(tok)} is not a move; expected moves like U R' F2 x y' separated by spaces`,
    });
  }
});

export const FaceletString = z.string().regex(/^[URFDLB]{54}$/, 'expected 54 facelet letters from URFDLB');

export const Task = z
  .object({
    task_id: Id.describe("The task's id, unique in the file (compared as Unicode NFC); episodes refer to it."),
    depth: z
      .number()
      .int()
      .min(1)
      .describe(
        "The scramble's optimal depth as the release declares it: the fewest face turns (half turns count as one) that solve the state, an integer >= 1. Short horizon is depth <= 4, long >= 8, and 5-7 medium. The workbench checks it where its search reaches and reports a wrong one.",
      ),
    scramble: MoveString.describe(
      "The moves that make the state from the solved cube, separated by spaces: face turns `U` `D` `L` `R` `F` `B` and whole-cube rotations `x` `y` `z`, each optionally followed by `'` (counter-clockwise) or `2` (a half turn).",
    ),
    state: FaceletString.describe(
      "The cube the scramble gives: 54 facelet letters in the order U1..U9 R1..R9 F1..F9 D1..D9 L1..L9 B1..B9, each the face letter of that sticker's colour. The loader checks it is what the scramble gives from the solved cube.",
    ),
  })
  .passthrough();
export type Task = z.infer<typeof Task>;

export const Episode = z
  .object({
    episode_id: Id.describe("The episode's id, unique in the file (compared as Unicode NFC)."),
    model: z.string().min(1).describe('The model that played, by its display name; episodes are grouped by its exact text.'),
    tier: z
      .enum(['symbolic', 'visual', 'face', 'vertex'])
      .describe(
        'How the cube was shown to the model: `symbolic` (the 54-letter string), `visual` (a picture of the unfolded cube), `face` (a picture of one face) or `vertex` (a picture of the three faces seen from a corner).',
      ),
    agent: z
      .enum(['basic', 'standard_solver', 'ideal_solver'])
      .describe(
        "The agent's tools: `basic` (moves and observations only), `standard_solver` (an optimal solver that needs the state translated into its own input format) or `ideal_solver` (an optimal solver given the state as seen).",
      ),
    reward: z
      .enum(['none', 'face', 'sticker', 'heuristic'])
      .describe(
        "The feedback after each move: `none` (only solving counts), or the change of a measure of the cube: `sticker` (stickers in place), `face` (faces of one colour) or `heuristic` (a solver's estimate of the distance to solved).",
      ),
    task_id: Id.describe('The task played, a `task_id` of tasks.jsonl.'),
    // the format page does not say list or string; both are read (a list is what the samples write)
    actions: z
      .union([z.array(z.string().regex(MOVE, "expected a move like U, R', F2, x, y' or z2")), MoveString])
      .describe(
        "The moves the agent applied, in order, rotations included: a list of moves (`U`, `R'`, `F2`, `x`, `y'`, ...) or one string of moves separated by spaces. Replayed on the task's state, they decide whether the episode passes; any number of moves counts.",
      ),
    claimed_success: z
      .boolean()
      .describe('Whether the run reported the cube solved. Checked against the replay, never trusted: the episodes where the two disagree are reported.'),
    end: z
      .enum(['solved', 'step_limit', 'timeout', 'gave_up', 'error'])
      .describe('Why the episode ended: `solved`, `step_limit`, `timeout`, `gave_up` or `error`.'),
    make_move_calls: z.number().int().nonnegative().describe('How many times the agent called its move tool, an integer >= 0.'),
    duration_s: z.number().nonnegative().describe("The episode's wall-clock duration, in seconds, >= 0."),
  })
  .passthrough();
export type Episode = z.infer<typeof Episode>;

/** Every file of a CubeBench release (docs/release-format.md), declared once (see `src/format/release-files.ts`). */
export const RELEASE_FILES = {
  tasks: releaseFile('tasks.jsonl', Task, { required: true, nonEmpty: true }),
  episodes: releaseFile('episodes.jsonl', Episode, { required: true, nonEmpty: true }),
} as const satisfies ReleaseFiles;
