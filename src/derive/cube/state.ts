import { FACES, MOVE_CYCLE_START, MOVE_CYCLES, parseMoves } from './moves.js';

/**
 * A cube state: 54 bytes in facelet order, each the face index (0..5 = U R F D L B) of that
 * sticker's colour. A typed array so replaying hundreds of thousands of moves stays cheap.
 */
export type CubeState = Uint8Array;

export const SOLVED_FACELETS = 'UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB';

/** Facelet index of each face's centre sticker (U5, R5, F5, D5, L5, B5). */
export const CENTERS = [4, 13, 22, 31, 40, 49] as const;

const CODE: Record<string, number> = { U: 0, R: 1, F: 2, D: 3, L: 4, B: 5 };

export function solvedState(): CubeState {
  const s = new Uint8Array(54);
  for (let i = 0; i < 54; i++) s[i] = (i / 9) | 0;
  return s;
}

/** Parses a 54-letter facelet string (URFDLB letters); throws on anything else. */
export function stateFromFacelets(facelets: string): CubeState {
  if (facelets.length !== 54) throw new Error(`expected 54 facelets, got ${facelets.length}`);
  const s = new Uint8Array(54);
  for (let i = 0; i < 54; i++) {
    const v = CODE[facelets[i]];
    if (v === undefined) throw new Error(`facelet ${i + 1} is ${JSON.stringify(facelets[i])}, expected one of URFDLB`);
    s[i] = v;
  }
  return s;
}

export function faceletsOf(s: CubeState): string {
  let out = '';
  for (let i = 0; i < 54; i++) out += FACES[s[i]];
  return out;
}

/**
 * Applies one move in place, cycle by cycle (MOVE_CYCLES): each sticker moved is read and written
 * once, with one temporary per cycle.
 */
export function applyMoveInPlace(s: CubeState, m: number): void {
  const cycles = MOVE_CYCLES;
  let k = MOVE_CYCLE_START[m];
  const end = MOVE_CYCLE_START[m + 1];
  while (k < end) {
    const last = k + cycles[k]; // index of the cycle's last position
    const first = s[cycles[k + 1]];
    let q = k + 1;
    for (; q < last; q++) s[cycles[q]] = s[cycles[q + 1]];
    s[cycles[last]] = first;
    k = last + 1;
  }
}

/** Applies move ids in place and returns the same array. */
export function applyMoveIdsInPlace(s: CubeState, ids: ArrayLike<number>): CubeState {
  for (let i = 0; i < ids.length; i++) applyMoveInPlace(s, ids[i]);
  return s;
}

/** A new state: `s` after the moves (a string like "R U R' U'", or tokens, or move ids). */
export function applyMoves(s: CubeState, moves: string | readonly string[] | Uint8Array): CubeState {
  const ids = moves instanceof Uint8Array ? moves : parseMoves(moves);
  return applyMoveIdsInPlace(Uint8Array.from(s), ids);
}

/** The facelet string reached by applying a scramble to the solved cube. */
export function scrambleFacelets(scramble: string | readonly string[]): string {
  return faceletsOf(applyMoves(solvedState(), scramble));
}

/**
 * Solved means every face shows one colour. Centres are not compared with their home letters, so a
 * cube that was only rotated (x, y, z) as a whole is solved too.
 */
export function isSolved(s: CubeState): boolean {
  for (let f = 0; f < 6; f++) {
    const c = s[f * 9 + 4];
    for (let k = f * 9; k < f * 9 + 9; k++) if (s[k] !== c) return false;
  }
  return true;
}

export function statesEqual(a: CubeState, b: CubeState): boolean {
  for (let i = 0; i < 54; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A compact string key of a state, for hash maps. */
export function stateKey(s: CubeState): string {
  return String.fromCharCode.apply(null, s as unknown as number[]);
}
