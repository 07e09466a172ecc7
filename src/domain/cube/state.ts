import { FACES, MOVE_COUNT, MOVE_CYCLE_START, MOVE_CYCLES, parseMoves, pushCycles } from './moves.js';

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

/**
 * Every two moves in a row as one permutation, in cycles as MOVE_CYCLES holds them: pair (a, b) is
 * at PAIR_CYCLES[start[a * 27 + b] .. start[a * 27 + b + 1]). Built on first use (about 40 KB).
 * Replaying by pairs reads and writes each sticker a pair moves once instead of twice (or not at
 * all, for a move and its inverse), and loops half as often: replays of episodes of 400,000 moves
 * took half the time.
 */
let pairCycles: { cycles: Uint8Array; start: Int32Array } | undefined;
function getPairCycles(): { cycles: Uint8Array; start: Int32Array } {
  if (pairCycles) return pairCycles;
  // where each sticker comes from after move m: apply the move to the positions themselves
  const from: Uint8Array[] = [];
  for (let m = 0; m < MOVE_COUNT; m++) {
    const t = Uint8Array.from({ length: 54 }, (_, i) => i);
    applyMoveInPlace(t, m);
    from.push(t);
  }
  const start = new Int32Array(MOVE_COUNT * MOVE_COUNT + 1);
  const flat: number[] = [];
  const g = new Uint8Array(54);
  for (let a = 0; a < MOVE_COUNT; a++) {
    for (let b = 0; b < MOVE_COUNT; b++) {
      // after a then b, sticker i holds what was at from[a][from[b][i]]
      for (let i = 0; i < 54; i++) g[i] = from[a][from[b][i]];
      pushCycles(g, flat);
      start[a * MOVE_COUNT + b + 1] = flat.length;
    }
  }
  pairCycles = { cycles: Uint8Array.from(flat), start };
  return pairCycles;
}

/** Applies move ids in place, two at a time (getPairCycles), and returns the same array. */
export function applyMoveIdsInPlace(s: CubeState, ids: ArrayLike<number>): CubeState {
  const { cycles, start } = getPairCycles();
  const n = ids.length;
  let i = 0;
  for (; i + 1 < n; i += 2) {
    const p = ids[i] * MOVE_COUNT + ids[i + 1];
    let k = start[p];
    const end = start[p + 1];
    while (k < end) {
      const last = k + cycles[k];
      const first = s[cycles[k + 1]];
      let q = k + 1;
      for (; q < last; q++) s[cycles[q]] = s[cycles[q + 1]];
      s[cycles[last]] = first;
      k = last + 1;
    }
  }
  if (i < n) applyMoveInPlace(s, ids[i]);
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
