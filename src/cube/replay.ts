import { FACE_TURNS, parseMoves } from './moves.js';
import { applyMoveInPlace, faceletsOf, isSolved, stateFromFacelets, type CubeState } from './state.js';

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
  const s = Uint8Array.from(start);
  const tmp = new Uint8Array(54);
  let faceTurns = 0;
  for (let i = 0; i < ids.length; i++) {
    const m = ids[i];
    if (m < FACE_TURNS) faceTurns++;
    applyMoveInPlace(s, m, tmp);
  }
  return { solved: isSolved(s), final: faceletsOf(s), moves: ids.length, faceTurns };
}

/** Replays actions (a space-separated string or a list of moves) from a facelet string. */
export function replay(startFacelets: string, actions: string | readonly string[]): Replay {
  return replayIds(stateFromFacelets(startFacelets), parseMoves(actions));
}
