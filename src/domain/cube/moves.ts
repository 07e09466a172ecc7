/**
 * Moves of the 3x3x3 cube as precomputed facelet permutations.
 *
 * Facelets are numbered in the Kociemba order of docs/release-format.md: U1..U9 R1..R9 F1..F9 D1..D9
 * L1..L9 B1..B9 (indices 0..53), each face read row by row as seen from outside the cube with
 * U's top row at the back, R/F/L/B's top row at U, and D's top row at the front.
 *
 * Instead of typing 27 permutation tables by hand (where one wrong index is easy to miss), every
 * sticker is placed in 3D (cubie position c in {-1,0,1}^3 plus outward normal n) and each move is a
 * quarter-turn rotation of the stickers in its layer. The tables are then read off the geometry;
 * the tests check them against facelet strings derived independently.
 */

/** Face letters in facelet order; a facelet's colour is stored as the index of its letter here. */
export const FACES = ['U', 'R', 'F', 'D', 'L', 'B'] as const;
export type FaceLetter = (typeof FACES)[number];

/**
 * Move ids: base * 3 + power, base in U R F D L B x y z, power 0 = quarter turn clockwise,
 * 1 = half turn, 2 = counter-clockwise ('). Ids 0..17 are face turns, 18..26 whole-cube rotations.
 */
export const MOVE_NAMES: readonly string[] = ['U', 'R', 'F', 'D', 'L', 'B', 'x', 'y', 'z'].flatMap((b) => [b, `${b}2`, `${b}'`]);
export const FACE_TURNS = 18;
export const MOVE_COUNT = 27;

type Vec = [number, number, number];

/** Outward normal of each face (x right = R, y up = U, z front = F). */
const NORMAL: Record<FaceLetter, Vec> = { U: [0, 1, 0], R: [1, 0, 0], F: [0, 0, 1], D: [0, -1, 0], L: [-1, 0, 0], B: [0, 0, -1] };

/** Cubie position of the sticker at (row, col) of a face, as that face is drawn in the net. */
function stickerPosition(face: FaceLetter, row: number, col: number): Vec {
  switch (face) {
    case 'U':
      return [col - 1, 1, row - 1]; // back row on top
    case 'R':
      return [1, 1 - row, 1 - col]; // front column on the left
    case 'F':
      return [col - 1, 1 - row, 1];
    case 'D':
      return [col - 1, -1, 1 - row]; // front row on top
    case 'L':
      return [-1, 1 - row, col - 1]; // back column on the left
    case 'B':
      return [1 - col, 1 - row, -1]; // right column on the left
  }
}

const key = (c: Vec, n: Vec): string => `${c.join(',')}|${n.join(',')}`;

/** Every sticker's (position, normal), and the inverse lookup. */
const STICKERS: { c: Vec; n: Vec }[] = [];
const INDEX = new Map<string, number>();
FACES.forEach((f, fi) => {
  for (let k = 0; k < 9; k++) {
    const c = stickerPosition(f, Math.floor(k / 3), k % 3);
    STICKERS.push({ c, n: NORMAL[f] });
    INDEX.set(key(c, NORMAL[f]), fi * 9 + k);
  }
});

/**
 * Clockwise quarter turn seen from the tip of axis a (a unit axis vector): a rotation by -90 degrees,
 * by Rodrigues' formula v' = -(a x v) + a (a . v).
 */
function quarterTurn(a: Vec, v: Vec): Vec {
  const cross: Vec = [a[1] * v[2] - a[2] * v[1], a[2] * v[0] - a[0] * v[2], a[0] * v[1] - a[1] * v[0]];
  const dot = a[0] * v[0] + a[1] * v[1] + a[2] * v[2];
  return [-cross[0] + a[0] * dot, -cross[1] + a[1] * dot, -cross[2] + a[2] * dot].map((x) => x + 0) as Vec; // + 0 turns -0 into 0
}

/**
 * perm[j] = i means: after the move, position j shows the sticker that was at position i, so
 * next[j] = prev[perm[j]].
 */
function quarterPerm(axis: Vec, inLayer: (c: Vec) => boolean): Uint8Array {
  const perm = new Uint8Array(54);
  for (let j = 0; j < 54; j++) perm[j] = j;
  STICKERS.forEach(({ c, n }, i) => {
    if (!inLayer(c)) return;
    const j = INDEX.get(key(quarterTurn(axis, c), quarterTurn(axis, n)));
    if (j === undefined) throw new Error('cube geometry: rotated sticker not found');
    perm[j] = i;
  });
  return perm;
}

/** (p then q) as one permutation: next[j] = prev[p[q[j]]]. */
export function composePerm(p: Uint8Array, q: Uint8Array): Uint8Array {
  const r = new Uint8Array(54);
  for (let j = 0; j < 54; j++) r[j] = p[q[j]];
  return r;
}

function buildPerms(): Uint8Array[] {
  const quarters: Uint8Array[] = [];
  for (const f of FACES) {
    const a = NORMAL[f];
    quarters.push(quarterPerm(a, (c) => c[0] * a[0] + c[1] * a[1] + c[2] * a[2] === 1));
  }
  // x turns the whole cube like R, y like U, z like F
  for (const f of ['R', 'U', 'F'] as const) quarters.push(quarterPerm(NORMAL[f], () => true));
  const perms: Uint8Array[] = [];
  for (const q of quarters) {
    const q2 = composePerm(q, q);
    perms.push(q, q2, composePerm(q2, q));
  }
  return perms;
}

/** Cubie position and outward normal of every facelet, indexed 0..53 (used to find cubies). */
export const FACELET_GEOMETRY: readonly { readonly c: readonly number[]; readonly n: readonly number[] }[] = STICKERS;

/** The 27 permutations, indexed by move id. */
export const MOVE_PERMS: readonly Uint8Array[] = buildPerms();

/**
 * The same permutations as cycles, for applying a move in place with one temporary per cycle: for
 * move m, MOVE_CYCLES[MOVE_CYCLE_START[m] .. MOVE_CYCLE_START[m + 1]) holds each cycle as its
 * length L then positions c0..c(L-1) with perm[c(k)] = c(k+1) (and perm[c(L-1)] = c0), so the
 * move sets s[c(k)] = s[c(k+1)] along the cycle and s[c(L-1)] = the old s[c0].
 */
export const MOVE_CYCLE_START: Int32Array = new Int32Array(MOVE_COUNT + 1);
export const MOVE_CYCLES: Uint8Array = (() => {
  const flat: number[] = [];
  MOVE_PERMS.forEach((p, m) => {
    pushCycles(p, flat);
    MOVE_CYCLE_START[m + 1] = flat.length;
  });
  return Uint8Array.from(flat);
})();

/**
 * Appends the cycles of a permutation of the 54 stickers to `flat`, as MOVE_CYCLES holds them: each
 * cycle (fixed points left out) as its length then its positions, from its smallest position on.
 */
export function pushCycles(perm: ArrayLike<number>, flat: number[]): void {
  const seen = new Uint8Array(54);
  for (let j = 0; j < 54; j++) {
    if (seen[j] || perm[j] === j) continue;
    const cycle: number[] = [];
    for (let x = j; !seen[x]; x = perm[x]) {
      seen[x] = 1;
      cycle.push(x);
    }
    flat.push(cycle.length, ...cycle);
  }
}

/** The move that undoes move m: X <-> X', X2 <-> X2. */
export function inverseMoveId(m: number): number {
  return m - (m % 3) + (2 - (m % 3));
}

/** The face (0..5) a face turn turns, or 6..8 for the rotation axes x, y, z. */
export const moveBase = (m: number): number => (m / 3) | 0;

const LETTER_BASE: Record<string, number> = { U: 0, R: 1, F: 2, D: 3, L: 4, B: 5, x: 6, y: 7, z: 8 };

/** LETTER_BASE by character code (ASCII), -1 for any other character. */
const BASE_OF_CODE = new Int8Array(128).fill(-1);
for (const [letter, base] of Object.entries(LETTER_BASE)) BASE_OF_CODE[letter.charCodeAt(0)] = base;

/** Error thrown for a token that is not a move; carries the token's 0-based position. */
export class MoveParseError extends Error {
  readonly index: number;
  readonly token: string;
  constructor(token: string, index: number) {
    super(`move ${index + 1} ${JSON.stringify(token)} is not a move (expected U D L R F B or x y z, optionally followed by ' or 2)`);
    this.name = 'MoveParseError';
    this.index = index;
    this.token = token;
  }
}

/** Parses one move token ("R", "U'", "F2", "y'") into its id, or -1. */
export function moveId(token: string): number {
  if (token.length < 1 || token.length > 2) return -1;
  const base = LETTER_BASE[token[0]];
  if (base === undefined) return -1;
  if (token.length === 1) return base * 3;
  if (token[1] === '2') return base * 3 + 1;
  if (token[1] === "'") return base * 3 + 2;
  return -1;
}

/**
 * Parses moves, given as a whitespace-separated string or an array of tokens, into move ids.
 * Written as a single pass over character codes because episodes can hold 400,000 moves.
 */
export function parseMoves(moves: string | readonly string[]): Uint8Array {
  if (typeof moves !== 'string') {
    const out = new Uint8Array(moves.length);
    for (let i = 0; i < moves.length; i++) {
      const m = moveId(moves[i]);
      if (m < 0) throw new MoveParseError(moves[i], i);
      out[i] = m;
    }
    return out;
  }
  const s = moves;
  const len = s.length;
  const buf = new Uint8Array(len); // at most one move per character
  let n = 0;
  let i = 0;
  while (i < len) {
    const c = s.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) {
      i++;
      continue;
    }
    // decode the token from its character codes (no substring per move): a base letter, then ' or 2
    const base = c < 128 ? BASE_OF_CODE[c] : -1;
    const d = i + 1 < len ? s.charCodeAt(i + 1) : 32;
    let m = -1;
    let next = i + 1;
    if (base >= 0) {
      if (d === 32 || d === 9 || d === 10 || d === 13) m = base * 3;
      else if (d === 50 || d === 39) {
        const e = i + 2 < len ? s.charCodeAt(i + 2) : 32;
        if (e === 32 || e === 9 || e === 10 || e === 13) {
          m = base * 3 + (d === 50 ? 1 : 2);
          next = i + 2;
        }
      }
    }
    if (m < 0) {
      let j = i + 1;
      while (j < len) {
        const x = s.charCodeAt(j);
        if (x === 32 || x === 9 || x === 10 || x === 13) break;
        j++;
      }
      throw new MoveParseError(s.slice(i, Math.min(j, i + 20)), n);
    }
    buf[n++] = m;
    i = next;
  }
  return buf.slice(0, n);
}

/** Move ids back to the space-separated notation. */
export function formatMoves(ids: ArrayLike<number>): string {
  const parts = new Array<string>(ids.length);
  for (let i = 0; i < ids.length; i++) parts[i] = MOVE_NAMES[ids[i]];
  return parts.join(' ');
}

/** The sequence that undoes a sequence: reversed, each move inverted. */
export function invertMoveIds(ids: ArrayLike<number>): Uint8Array {
  const n = ids.length;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = inverseMoveId(ids[n - 1 - i]);
  return out;
}

/** `invertMoves("R U F2") === "F2 U' R'"`. */
export function invertMoves(moves: string | readonly string[]): string {
  return formatMoves(invertMoveIds(parseMoves(moves)));
}
