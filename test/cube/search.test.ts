import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyMoves,
  checkDepth,
  exactDistance,
  faceletsOf,
  formatMoves,
  getFrontier,
  isSolved,
  manhattanHeuristic,
  MOVE_NAMES,
  optimalSolution,
  parseMoves,
  phiFace,
  phiHeuristic,
  phiSticker,
  rewardTrace,
  scrambleFacelets,
  simplifyMoves,
  solvedState,
  stateFromFacelets,
} from '../../src/domain/cube/index.js';

const SUPERFLIP = "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2";

describe('meet-in-the-middle depth search (HTM)', () => {
  it('tabulates the known HTM counts of states at distance 0..4', () => {
    const counts = [0, 0, 0, 0, 0];
    for (const d of getFrontier().valuesStored()) counts[d]++;
    expect(getFrontier().size).toBe(46741);
    // OEIS A080601 (positions at distance n in the face-turn metric): 1, 18, 243, 3240, 43239
    expect(counts).toEqual([1, 18, 243, 3240, 43239]);
  });

  it('finds optimal solutions that solve, no longer than the scramble', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...MOVE_NAMES.slice(0, 18)), { minLength: 0, maxLength: 6 }), (ms) => {
        const s = applyMoves(solvedState(), ms);
        const sol = optimalSolution(s)!;
        return sol !== null && isSolved(applyMoves(s, sol)) && sol.length <= simplifyMoves(parseMoves(ms)).length;
      }),
      { numRuns: 25 },
    );
  });

  it('knows small distances exactly', () => {
    expect(exactDistance(solvedState())).toBe(0);
    expect(exactDistance(applyMoves(solvedState(), 'R'))).toBe(1);
    expect(exactDistance(applyMoves(solvedState(), "R L'"))).toBe(2);
    expect(exactDistance(applyMoves(solvedState(), "R U R' U'"))).toBe(4);
    // R U R' U' twice: 8 moves, and nothing shorter (it is not in the depth-4 table either way)
    expect(exactDistance(applyMoves(solvedState(), "R U R' U' R U R' U'"))).toBe(8);
    // rotations are free: a rotated solved cube is at distance 0, a rotated R at 1
    expect(exactDistance(applyMoves(solvedState(), 'x y2'))).toBe(0);
    expect(exactDistance(applyMoves(solvedState(), "R y z'"))).toBe(1);
    expect(exactDistance(applyMoves(solvedState(), SUPERFLIP))).toBeNull();
  });

  it('flags a wrong declared depth, and bounds deep tasks', () => {
    const task = (depth: number, scramble: string) => ({ depth, scramble, state: scrambleFacelets(scramble) });
    expect(checkDepth(task(2, 'R U')).status).toBe('exact');
    expect(checkDepth(task(3, 'R U')).status).toBe('wrong'); // declared deeper than it is
    const cancelled = checkDepth(task(4, "R U U' F"));
    expect(cancelled.exact).toBe(2);
    expect(cancelled.status).toBe('wrong');
    const sf = checkDepth(task(20, SUPERFLIP));
    expect(sf).toMatchObject({ exact: null, upper: 20, status: 'bounded' });
    expect(sf.lower).toBeGreaterThanOrEqual(9);
    expect(checkDepth(task(8, SUPERFLIP)).status).toBe('wrong'); // not solvable within 8
    expect(checkDepth(task(21, SUPERFLIP)).status).toBe('wrong'); // deeper than its own scramble
  });

  it('simplifies cancelling and merging moves', () => {
    expect(formatMoves(simplifyMoves(parseMoves("R R' U U D U L L2 L R")))).toBe("U' D R");
    expect(formatMoves(simplifyMoves(parseMoves("R U U' R'")))).toBe('');
  });
});

describe('cubie heuristic and dense rewards', () => {
  it('is admissible on every state within 4 moves, and 0 only when solved', () => {
    let zero = 0;
    for (const [s, d] of getFrontier().entries()) {
      const h = manhattanHeuristic(s);
      expect(h).toBeLessThanOrEqual(d);
      if (h === 0) zero++;
    }
    expect(zero).toBe(1);
    expect(manhattanHeuristic(applyMoves(solvedState(), SUPERFLIP))).toBeLessThanOrEqual(20);
  });

  it('ignores whole-cube rotations', () => {
    const s = applyMoves(solvedState(), "R U F' D2");
    const r = applyMoves(s, "x y' z2");
    expect(manhattanHeuristic(r)).toBe(manhattanHeuristic(s));
    expect(phiSticker(r)).toBe(phiSticker(s));
    expect(phiFace(r)).toBe(phiFace(s));
  });

  it('phi_sticker runs 9..54 and phi_face 0..6', () => {
    expect(phiSticker(solvedState())).toBe(54);
    expect(phiFace(solvedState())).toBe(6);
    // one R turn: U, F, D, B each lose a column of 3; R and L stay whole
    const r = applyMoves(solvedState(), 'R');
    expect(phiSticker(r)).toBe(54 - 12);
    expect(phiFace(r)).toBe(2);
    expect(phiSticker(stateFromFacelets(faceletsOf(applyMoves(solvedState(), SUPERFLIP))))).toBe(54 - 24);
  });

  it('rewards are potential differences that telescope', () => {
    const start = applyMoves(solvedState(), "R U R' F2");
    const moves = parseMoves("F2 R U' R'");
    for (const phi of [phiSticker, phiFace, phiHeuristic]) {
      const t = rewardTrace(start, moves, phi);
      expect(t.rewards).toHaveLength(4);
      expect(t.rewards.reduce((a, b) => a + b, 0)).toBe(phi(solvedState()) - phi(start));
      expect(t.phi[4]).toBe(phi(solvedState()));
    }
  });
});

describe('the pruned exact search', () => {
  it('finds the distance that trying every sequence of up to 4 face turns against the table finds (no pruning)', async () => {
    const { applyMoveInPlace } = await import('../../src/domain/cube/state.js');
    const table = getFrontier();
    // the definition, spelled out: min over all sequences of k <= 4 face turns of k + table(state after them)
    const byEverySequence = (s: Uint8Array): number | null => {
      let best = Infinity;
      const go = (t: Uint8Array, k: number) => {
        const d = table.get(t);
        if (d !== undefined) best = Math.min(best, k + d);
        if (k === 4) return;
        for (let m = 0; m < 18; m++) {
          const u = Uint8Array.from(t);
          applyMoveInPlace(u, m);
          go(u, k + 1);
        }
      };
      go(s, 0);
      return best === Infinity ? null : best;
    };
    let seed = 11;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    // scrambles of 6 to 11 face turns: distances on both sides of the search's reach (8)
    for (let i = 0; i < 6; i++) {
      const s = applyMoves(
        solvedState(),
        Uint8Array.from({ length: 6 + i }, () => rnd(18)),
      );
      expect(exactDistance(s), `scramble ${i}`).toBe(byEverySequence(s));
    }
  }, 120_000);
});
