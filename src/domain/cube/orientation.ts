import { composePerm, MOVE_PERMS } from './moves.js';
import { applyMoves, CENTERS, type CubeState } from './state.js';

/** One of the 24 whole-cube orientations: a shortest x/y/z sequence reaching it, and its permutation. */
export interface Orientation {
  moves: Uint8Array;
  perm: Uint8Array;
}

const ROTATION_QUARTERS = [18, 21, 24]; // x, y, z

/** All 24 orientations, found by breadth-first search over x, y, z (so each has a shortest sequence). */
export const ORIENTATIONS: readonly Orientation[] = (() => {
  const id = new Uint8Array(54).map((_, i) => i);
  const out: Orientation[] = [{ moves: new Uint8Array(0), perm: id }];
  const seen = new Set([id.join(',')]);
  for (let head = 0; head < out.length; head++) {
    for (const r of [...ROTATION_QUARTERS, 19, 20, 22, 23, 25, 26]) {
      const perm = composePerm(out[head].perm, MOVE_PERMS[r]);
      const k = perm.join(',');
      if (seen.has(k)) continue;
      seen.add(k);
      out.push({ moves: Uint8Array.from([...out[head].moves, r]), perm });
    }
  }
  if (out.length !== 24) throw new Error(`expected 24 cube orientations, found ${out.length}`);
  return out;
})();

/**
 * Turns a (possibly whole-cube-rotated) state so that its centres are back home (U centre on top,
 * F centre in front). Face turns never move centres, so after this every state reached by face
 * turns and rotations is in the frame where the distance search and the cubie heuristic work.
 * Returns null when no rotation does it (the centres are not a real cube's).
 */
export function normalizeOrientation(s: CubeState): { state: CubeState; rotation: Uint8Array } | null {
  for (const o of ORIENTATIONS) {
    let ok = true;
    for (let f = 0; f < 6 && ok; f++) ok = s[o.perm[CENTERS[f]]] === f;
    if (ok) {
      const state = new Uint8Array(54);
      for (let j = 0; j < 54; j++) state[j] = s[o.perm[j]];
      return { state, rotation: o.moves };
    }
  }
  return null;
}

/**
 * The face turn to make, after the view has been changed by `rotations`, so that the cube turns as
 * `worldMove` would have turned it before any rotation. E.g. `y` turns the whole cube like U, which
 * brings the old R face to the front, so viewMove(R, [y]) is F. Computed rather than tabulated: the
 * face turn m with (rotations then m) == (worldMove then rotations), on a cube whose 54 stickers are
 * all distinct.
 */
export function viewMove(worldMove: number, rotations: ArrayLike<number>): number {
  const id = new Uint8Array(54).map((_, i) => i);
  const target = applyMoves(applyMoves(id, Uint8Array.of(worldMove)), Uint8Array.from(rotations as ArrayLike<number>));
  const base = applyMoves(id, Uint8Array.from(rotations as ArrayLike<number>));
  for (let m = 0; m < 18; m++) {
    const t = applyMoves(base, Uint8Array.of(m));
    let eq = true;
    for (let i = 0; i < 54 && eq; i++) eq = t[i] === target[i];
    if (eq) return m;
  }
  throw new Error('viewMove: no face turn matches (rotations must be x, y, z moves)');
}
