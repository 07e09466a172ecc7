import { z } from 'zod';
import { Id } from './common.js';

const MOVE = /^([UDLRFBxyz])(['2]?)$/;

/** A space-separated move string; each token a face turn or rotation with optional ' or 2. */
export const MoveString = z.string().superRefine((s, ctx) => {
  // the separators parseMoves accepts, no more: a no-break space passing here would crash the replay
  const tokens = s.split(/[ \t\n\r]+/).filter((t) => t !== '');
  if (tokens.length === 0) return;
  const bad = tokens.findIndex((m) => !MOVE.test(m));
  // name the offending move: an episode's action string can hold 400,000 moves
  if (bad >= 0) {
    const tok = tokens[bad].length > 20 ? `${tokens[bad].slice(0, 20)}...` : tokens[bad];
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: `move ${bad + 1} ${JSON.stringify(tok)} is not a move; expected moves like U R' F2 x y' separated by spaces` });
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
