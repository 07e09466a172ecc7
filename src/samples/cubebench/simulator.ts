/**
 * Simulated agents acting on a real cube. Every action goes through the cube engine, so what an
 * episode records is a sequence of moves whose outcome replay decides; the simulator only chooses
 * the moves. Agents think in the "world" frame (the frame of the task's scramble); when they have
 * turned the whole cube (x, y, z view changes) each face turn is translated to the face that now
 * sits where the world face went, as a real agent in the face/vertex views must do.
 */
import {
  applyMoveInPlace,
  CENTERS,
  FACE_TURNS,
  invertMoveIds,
  isSolved,
  optimalSolution,
  parseMoves,
  simplifyMoves,
  viewMove,
  type CubeState,
} from '../../domain/cube/index.js';
import type { Rng } from '../../derive/stats/rng.js';

export interface Sim {
  cur: CubeState;
  actions: number[];
  /** face turns in the world frame, in order */
  world: number[];
  /** rotations so far (view changes) */
  rotations: number[];
  /** a cube with 54 distinct labels that follows the rotations only: its centres name the view */
  frame: Uint8Array;
  /** the task's scramble as move ids (world frame), used by solver agents on deep tasks */
  scramble: Uint8Array;
  depth: number;
}

export function newSim(start: CubeState, scramble: string, depth: number): Sim {
  return {
    cur: Uint8Array.from(start),
    actions: [],
    world: [],
    rotations: [],
    frame: new Uint8Array(54).map((_, i) => i),
    scramble: parseMoves(scramble),
    depth,
  };
}

const viewCache = new Map<string, Int8Array>();

/** The face turn that, in the current view, turns world face move w. Cached per view. */
function toView(sim: Sim, w: number): number {
  let key = '';
  for (const c of CENTERS) key += String.fromCharCode(65 + sim.frame[c]);
  let row = viewCache.get(key);
  if (!row) {
    row = new Int8Array(FACE_TURNS);
    for (let m = 0; m < FACE_TURNS; m++) row[m] = viewMove(m, sim.rotations);
    viewCache.set(key, row);
  }
  return row[w];
}

/** Makes world face turn w. */
export function turn(sim: Sim, w: number): void {
  const m = toView(sim, w);
  sim.actions.push(m);
  sim.world.push(w);
  applyMoveInPlace(sim.cur, m);
}

/** Turns the whole cube (a view change, move id 18..26). */
export function rotate(sim: Sim, r: number): void {
  sim.actions.push(r);
  sim.rotations.push(r);
  applyMoveInPlace(sim.cur, r);
  applyMoveInPlace(sim.frame, r);
}

export const solved = (sim: Sim): boolean => isSolved(sim.cur);

/** Would world move w solve the cube right now? */
export function wouldSolve(sim: Sim, w: number): boolean {
  const t = Uint8Array.from(sim.cur);
  applyMoveInPlace(t, toView(sim, w));
  return isSolved(t);
}

/** The state after world move w, without making it. */
export function peek(sim: Sim, w: number): CubeState {
  const t = Uint8Array.from(sim.cur);
  applyMoveInPlace(t, toView(sim, w));
  return t;
}

/**
 * A solver's answer for the current state, in world moves: optimal (meet in the middle) when the
 * task is shallow enough for it, else the undoing of everything done to the solved cube (the
 * scramble and the agent's own moves), simplified: a solution no longer than the declared depth
 * plus the agent's detours, standing in for a Kociemba-style solver's output.
 */
export function solverAnswer(sim: Sim): Uint8Array {
  if (sim.depth <= 4 || (sim.depth <= 8 && sim.world.length === 0)) {
    const opt = optimalSolution(sim.cur);
    if (opt) return opt;
  }
  const done = new Uint8Array(sim.scramble.length + sim.world.length);
  done.set(sim.scramble);
  done.set(sim.world, sim.scramble.length);
  return simplifyMoves(invertMoveIds(done));
}

export const rotationMoves = [18, 19, 20, 21, 22, 23, 24, 25, 26];

export function pick<T>(rng: Rng, xs: readonly T[]): T {
  return xs[rng.int(xs.length)];
}

export function chance(rng: Rng, p: number): boolean {
  return rng.next() < p;
}

/** Uniform integer in [lo, hi]. */
export function between(rng: Rng, lo: number, hi: number): number {
  return lo + rng.int(hi - lo + 1);
}
