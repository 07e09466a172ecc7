import { FACE_TURNS, MOVE_NAMES, parseMoves } from './moves.js';
import { applyMoveIdsInPlace, applyMoveInPlace, faceletsOf, isSolved, stateFromFacelets, type CubeState } from './state.js';

/** What replaying an episode's actions on its task's start state gives. */
export interface Replay {
  /** every face shows one colour after the last action (whole-cube rotations allowed) */
  solved: boolean;
  /** the facelet string after all actions */
  final: string;
  /** actions applied, rotations included */
  moves: number;
  /** face turns among them (what make_move counts; rotations are view changes) */
  faceTurns: number;
}

/** Replays move ids on a copy of `start`. */
export function replayIds(start: CubeState, ids: Uint8Array): Replay {
  const s = applyMoveIdsInPlace(Uint8Array.from(start), ids);
  let faceTurns = 0;
  for (let i = 0; i < ids.length; i++) if (ids[i] < FACE_TURNS) faceTurns++;
  return { solved: isSolved(s), final: faceletsOf(s), moves: ids.length, faceTurns };
}

/** Replays actions (a space-separated string or a list of moves) from a facelet string. */
export function replay(startFacelets: string, actions: string | readonly string[]): Replay {
  return replayIds(stateFromFacelets(startFacelets), parseMoves(actions));
}

/** One step of a replay: the action and the facelets after it (step 0 is the start, no action). */
export interface ReplayStep {
  step: number;
  move: string | null;
  facelets: string;
  solved: boolean;
}

/**
 * Replays actions step by step, keeping every intermediate state (for drawing an episode move by
 * move). `limit` caps the steps kept, since an episode can hold 400,000 moves.
 */
export function replaySteps(startFacelets: string, actions: string | readonly string[], limit = 500): ReplayStep[] {
  const s = stateFromFacelets(startFacelets);
  const ids = parseMoves(actions);
  const out: ReplayStep[] = [{ step: 0, move: null, facelets: faceletsOf(s), solved: isSolved(s) }];
  for (let i = 0; i < ids.length && i < limit; i++) {
    applyMoveInPlace(s, ids[i]);
    out.push({ step: i + 1, move: MOVE_NAMES[ids[i]], facelets: faceletsOf(s), solved: isSolved(s) });
  }
  return out;
}
