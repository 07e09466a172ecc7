import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyMoves,
  faceletsOf,
  formatMoves,
  invertMoves,
  isSolved,
  MOVE_NAMES,
  MoveParseError,
  parseMoves,
  scrambleFacelets,
  solvedState,
  SOLVED_FACELETS,
  stateFromFacelets,
  viewMove,
  moveId,
} from '../../src/domain/cube/index.js';

/**
 * Facelet strings written out by hand (not computed by the engine), from the Kociemba layout:
 * U read from the back row, R with F on its left, B with R on its left, D with F at its top.
 */
const BY_HAND: Record<string, string> = {
  // U clockwise seen from above: front row goes left, so F's top row now shows R's colour, R's shows B's ...
  U: 'UUUUUUUUU' + 'BBBRRRRRR' + 'RRRFFFFFF' + 'DDDDDDDDD' + 'FFFLLLLLL' + 'LLLBBBBBB',
  // R clockwise seen from the right: F's right column goes up, so U's right column shows F ...
  R: 'UUFUUFUUF' + 'RRRRRRRRR' + 'FFDFFDFFD' + 'DDBDDBDDB' + 'LLLLLLLLL' + 'UBBUBBUBB',
  // F clockwise seen from the front: U's bottom row goes right, so R's left column shows U ...
  F: 'UUUUUULLL' + 'URRURRURR' + 'FFFFFFFFF' + 'RRRDDDDDD' + 'LLDLLDLLD' + 'BBBBBBBBB',
  // D clockwise seen from below: F's bottom row goes right, so R's bottom row shows F ...
  D: 'UUUUUUUUU' + 'RRRRRRFFF' + 'FFFFFFLLL' + 'DDDDDDDDD' + 'LLLLLLBBB' + 'BBBBBBRRR',
  // R then U, worked through on paper from the R row above
  'R U': 'UUUUUUFFF' + 'UBBRRRRRR' + 'RRRFFDFFD' + 'DDBDDBDDB' + 'FFDLLLLLL' + 'LLLUBBUBB',
  // whole-cube x (like R): U now shows F, F shows D, D shows B, B shows U
  x: 'FFFFFFFFF' + 'RRRRRRRRR' + 'DDDDDDDDD' + 'BBBBBBBBB' + 'LLLLLLLLL' + 'UUUUUUUUU',
  // whole-cube y (like U): F shows R, R shows B
  y: 'UUUUUUUUU' + 'BBBBBBBBB' + 'RRRRRRRRR' + 'DDDDDDDDD' + 'FFFFFFFFF' + 'LLLLLLLLL',
  // superflip: every edge flipped in place; its 20-move HTM sequence is from Reid (1995)
  "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2": 'UBULURUFU' + 'RURFRBRDR' + 'FUFLFRFDF' + 'DFDLDRDBD' + 'LULBLFLDL' + 'BUBRBLBDB',
};

const moveArb = fc.constantFrom(...MOVE_NAMES);
const faceArb = fc.constantFrom(...MOVE_NAMES.slice(0, 18));

describe('cube moves', () => {
  it('reaches hand-derived facelet strings', () => {
    for (const [moves, expected] of Object.entries(BY_HAND)) expect(scrambleFacelets(moves), moves).toBe(expected);
  });

  it('after U the F face top row shows R colours; after R the U face right column shows F colours', () => {
    const u = scrambleFacelets('U');
    expect(u.slice(18, 21)).toBe('RRR');
    const r = scrambleFacelets('R');
    expect([r[2], r[5], r[8]].join('')).toBe('FFF');
  });

  it('solved round-trips through facelets', () => {
    expect(faceletsOf(solvedState())).toBe(SOLVED_FACELETS);
    expect(faceletsOf(stateFromFacelets(SOLVED_FACELETS))).toBe(SOLVED_FACELETS);
    expect(() => stateFromFacelets('X'.repeat(54))).toThrow();
  });

  it("a move four times is the identity, and X2 is X X, and X' is X X X", () => {
    for (const m of MOVE_NAMES.filter((n) => n.length === 1)) {
      expect(scrambleFacelets(`${m} ${m} ${m} ${m}`), m).toBe(SOLVED_FACELETS);
      expect(scrambleFacelets(`${m}2`)).toBe(scrambleFacelets(`${m} ${m}`));
      expect(scrambleFacelets(`${m}'`)).toBe(scrambleFacelets(`${m} ${m} ${m}`));
    }
  });

  it("the sexy move R U R' U' six times is the identity (and not before)", () => {
    const sexy = "R U R' U' ";
    for (let k = 1; k < 6; k++) expect(scrambleFacelets(sexy.repeat(k))).not.toBe(SOLVED_FACELETS);
    expect(scrambleFacelets(sexy.repeat(6))).toBe(SOLVED_FACELETS);
  });

  it('a sequence followed by its inverse is the identity (property)', () => {
    fc.assert(
      fc.property(fc.array(moveArb, { maxLength: 40 }), (ms) => {
        const inv = invertMoves(ms);
        return scrambleFacelets([...ms, ...(inv ? inv.split(' ') : [])]) === SOLVED_FACELETS;
      }),
      { numRuns: 300 },
    );
  });

  it('rotations commute with the solved check (property)', () => {
    fc.assert(
      fc.property(fc.array(faceArb, { maxLength: 12 }), fc.array(fc.constantFrom('x', 'y', 'z', "x'", 'y2', "z'"), { maxLength: 4 }), (ms, rots) => {
        const s = applyMoves(solvedState(), ms);
        const rotated = applyMoves(s, rots);
        return isSolved(rotated) === isSolved(s);
      }),
      { numRuns: 300 },
    );
    expect(isSolved(applyMoves(solvedState(), "x y' z2"))).toBe(true);
    expect(isSolved(applyMoves(solvedState(), "x R x'"))).toBe(false);
  });

  it('every move permutes the 54 facelets and keeps 9 of each colour', () => {
    for (const m of MOVE_NAMES) {
      const s = scrambleFacelets(m);
      for (const f of 'URFDLB') expect(s.split(f).length - 1).toBe(9);
    }
  });

  it('parses strings and lists, and names an illegal move with its position', () => {
    expect(formatMoves(parseMoves("  R U'\tF2 x y' z2 "))).toBe("R U' F2 x y' z2");
    expect(formatMoves(parseMoves(['R', "U'"]))).toBe("R U'");
    expect(parseMoves('').length).toBe(0);
    expect(invertMoves('R U F2 x')).toBe("x' F2 U' R'");
    try {
      parseMoves('R U Q2 F');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(MoveParseError);
      expect((e as MoveParseError).index).toBe(2);
      expect((e as Error).message).toContain('"Q2"');
    }
    for (const bad of ['R3', 'r', "U''", 'M', "R2'"]) expect(moveId(bad)).toBe(-1);
  });

  it('translates world moves into the rotated view', () => {
    // y turns the cube like U: the old R face comes to the front
    expect(MOVE_NAMES[viewMove(moveId('R'), [moveId('y')])]).toBe('F');
    // x turns the cube like R: the old F face goes up
    expect(MOVE_NAMES[viewMove(moveId("F'"), [moveId('x')])]).toBe("U'");
    fc.assert(
      fc.property(faceArb, fc.array(fc.constantFrom(18, 19, 20, 21, 22, 23, 24, 25, 26), { maxLength: 5 }), (w, rots) => {
        const m = viewMove(moveId(w), rots);
        const a = applyMoves(applyMoves(solvedState(), Uint8Array.from(rots)), Uint8Array.of(m));
        const b = applyMoves(applyMoves(solvedState(), w), Uint8Array.from(rots));
        return faceletsOf(a) === faceletsOf(b);
      }),
      { numRuns: 100 },
    );
  });
});

describe('applyMoveIdsInPlace (two moves at a time)', () => {
  it('gives the state of applying each move in turn, for every pair of moves and for random runs of odd and even length', async () => {
    const { applyMoveIdsInPlace, applyMoveInPlace, solvedState } = await import('../../src/domain/cube/state.js');
    const oneByOne = (ids: number[]) => {
      const s = solvedState();
      for (const m of ids) applyMoveInPlace(s, m);
      return [...s];
    };
    for (let a = 0; a < 27; a++) for (let b = 0; b < 27; b++) expect([...applyMoveIdsInPlace(solvedState(), [a, b])], `${a} ${b}`).toEqual(oneByOne([a, b]));
    let seed = 99;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % 27);
    for (const n of [0, 1, 2, 3, 17, 100, 1001]) {
      const ids = Array.from({ length: n }, rnd);
      expect([...applyMoveIdsInPlace(solvedState(), Uint8Array.from(ids))], `${n} moves`).toEqual(oneByOne(ids));
    }
  });
});
