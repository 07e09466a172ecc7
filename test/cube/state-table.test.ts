import { describe, expect, it } from 'vitest';
import { applyMoves, scrambleFacelets, solvedState, StateTable, stateFromFacelets } from '../../src/domain/cube/index.js';

describe('StateTable', () => {
  it('stores each state once, finds it by its bytes, and tells states apart that differ in one pair of stickers', () => {
    const t = new StateTable(8);
    const a = solvedState();
    const b = applyMoves(a, 'R');
    expect(t.add(a, 0)).toBe(true);
    expect(t.add(Uint8Array.from(a), 5)).toBe(false); // same bytes, another array: already there, value kept
    expect(t.add(b, 1)).toBe(true);
    expect(t.get(solvedState())).toBe(0);
    expect(t.get(stateFromFacelets(scrambleFacelets('R')))).toBe(1);
    // two stickers of the solved cube swapped: not a reachable state, and not in the table
    const swapped = solvedState();
    [swapped[0], swapped[9]] = [swapped[9], swapped[0]];
    expect(t.has(swapped)).toBe(false);
    expect(t.get(swapped)).toBeUndefined();
    expect(t.size).toBe(2);
    expect([...t.entries()].map(([s, v]) => [s.length, v]).sort()).toEqual([
      [54, 0],
      [54, 1],
    ]);
  });

  it('refuses to fill beyond half its slots', () => {
    const t = new StateTable(4);
    t.add(solvedState(), 0);
    t.add(applyMoves(solvedState(), 'U'), 1);
    expect(() => t.add(applyMoves(solvedState(), 'F'), 1)).toThrow(/half full/);
  });
});
