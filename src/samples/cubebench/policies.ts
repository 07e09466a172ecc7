/**
 * The simulated agents' behaviours. A behaviour only emits moves; whether the episode passes is
 * decided later by replaying them. Behaviours meant to fail avoid the move that would finish the
 * cube (the simulated agent "does not see it"), so a failing draw stays a failure; those meant to
 * succeed end with a solver's or their own correct solution.
 */
import { FACE_TURNS, inverseMoveId, moveBase, phiFace, phiHeuristic, phiSticker, type CubeState } from '../../domain/cube/index.js';
import type { Rng } from '../../derive/stats/rng.js';
import type { Reward, Tier } from './calibration.js';
import { between, chance, peek, pick, rotate, rotationMoves, solved, solverAnswer, turn, wouldSolve, type Sim } from './simulator.js';

/** The potential an agent follows: the dense reward it is given, or its own sticker count. */
function agentPhi(reward: Reward): (s: CubeState) => number {
  return reward === 'face' ? phiFace : reward === 'heuristic' ? phiHeuristic : phiSticker;
}

const partial = (tier: Tier): boolean => tier === 'face' || tier === 'vertex';

/** View changes a face/vertex-view agent makes to see the hidden faces. */
function explore(sim: Sim, rng: Rng, n: number): void {
  for (let i = 0; i < n; i++) rotate(sim, pick(rng, rotationMoves));
}

/**
 * Solves the cube: optional view changes, optional probe moves that the agent undoes after seeing
 * the state (or reward) get worse, then a solution (its own, or the solver's), with the odd view
 * change in between in the partial-view tiers.
 */
export function solveBehaviour(sim: Sim, rng: Rng, o: { tier: Tier; probes: number; exploreMoves: number }): void {
  explore(sim, rng, o.exploreMoves);
  for (let p = 0; p < o.probes && !solved(sim); p++) {
    const w = rng.int(FACE_TURNS);
    turn(sim, w);
    if (solved(sim)) return;
    turn(sim, inverseMoveId(w));
  }
  const sol = solverAnswer(sim);
  for (const w of sol) {
    if (partial(o.tier) && chance(rng, 0.12)) rotate(sim, pick(rng, rotationMoves));
    turn(sim, w);
  }
  if (!solved(sim)) throw new Error('simulator: a solving behaviour left the cube unsolved');
}

/** A wrong version of a move: the other direction, or the opposite face (a mirror confusion). */
function wrongMove(rng: Rng, w: number): number {
  if (chance(rng, 0.5)) return w % 3 === 1 ? w - 1 : inverseMoveId(w); // R2 -> R, R -> R'
  const base = moveBase(w);
  const opposite = (base + 3) % 6;
  return opposite * 3 + (w % 3);
}

/** Moves that do not finish the cube (what a failing agent chooses from). */
function nonSolving(sim: Sim): number[] {
  const out: number[] = [];
  for (let w = 0; w < FACE_TURNS; w++) if (!wouldSolve(sim, w)) out.push(w);
  return out;
}

/**
 * Noisy greedy on a potential until the step budget is spent: the best move by phi with
 * probability `focus`, else a random one; the odd view change in the partial-view tiers.
 */
export function greedyStall(sim: Sim, rng: Rng, o: { tier: Tier; reward: Reward; steps: number; focus: number }): void {
  const phi = agentPhi(o.reward);
  for (let step = 0; step < o.steps; step++) {
    if (partial(o.tier) && chance(rng, 0.2)) {
      rotate(sim, pick(rng, rotationMoves));
      continue;
    }
    const cands = nonSolving(sim);
    let w: number;
    if (chance(rng, o.focus)) {
      let best = -Infinity;
      let bests: number[] = [];
      for (const c of cands) {
        const v = phi(peek(sim, c));
        if (v > best) {
          best = v;
          bests = [c];
        } else if (v === best) bests.push(c);
      }
      w = pick(rng, bests);
    } else w = pick(rng, cands);
    turn(sim, w);
  }
}

/** Random moves and view changes, never the finishing one, for `steps` steps. */
export function wander(sim: Sim, rng: Rng, o: { tier: Tier; steps: number }): void {
  for (let step = 0; step < o.steps; step++) {
    if (partial(o.tier) && chance(rng, 0.3)) rotate(sim, pick(rng, rotationMoves));
    else turn(sim, pick(rng, nonSolving(sim)));
  }
}

/**
 * The right plan executed with one (or, when reading a picture, up to three) wrong moves, then a
 * few more tries that do not find the way back.
 */
export function wrongMoveBehaviour(sim: Sim, rng: Rng, o: { tier: Tier; errors: number; after: number; reward: Reward }): void {
  explore(sim, rng, partial(o.tier) ? between(rng, 1, 4) : 0);
  const sol = Array.from(solverAnswer(sim));
  const idx = new Set<number>();
  while (idx.size < Math.min(o.errors, sol.length)) idx.add(rng.int(sol.length));
  for (let i = 0; i < sol.length; i++) {
    let w = idx.has(i) ? wrongMove(rng, sol[i]) : sol[i];
    // a slip can be cancelled by a later one; the failing agent still never makes the finishing move
    if (wouldSolve(sim, w)) w = pick(rng, nonSolving(sim));
    turn(sim, w);
  }
  if (o.after > 0) greedyStall(sim, rng, { tier: o.tier, reward: o.reward, steps: o.after, focus: 0.5 });
}

/**
 * A solver agent whose input was wrong: its reading of the state is off by one face turn (a
 * mis-translated sticker block), so the solver's correct answer for that state leaves the real
 * cube unsolved. `mapping` instead passes every solver move through a wrong face-letter map (the
 * environment's face order taken for the solver's).
 */
export function misreadSolver(sim: Sim, rng: Rng, o: { tier: Tier; exploreMoves: number; mode: 'offByOne' | 'mapping' }): void {
  explore(sim, rng, o.exploreMoves);
  if (o.mode === 'offByOne') {
    // the solver solves the state the agent believes it sees: the real one after a phantom move p
    const p = rng.int(FACE_TURNS);
    const sol = Array.from(solverAnswer(sim));
    // solving (state then p) means: undo p first, then the real solution; the agent never made p
    const answer = [inverseMoveId(p), ...sol];
    for (const w of answer) turn(sim, w);
  } else {
    const swap = pick(rng, [
      [1, 4], // R <-> L
      [2, 5], // F <-> B
      [0, 3], // U <-> D
    ]);
    for (const w of solverAnswer(sim)) {
      const b = moveBase(w);
      const nb = b === swap[0] ? swap[1] : b === swap[1] ? swap[0] : b;
      turn(sim, nb * 3 + (w % 3));
    }
  }
}

/**
 * A partial-view agent that keeps changing views without assembling the whole state, makes a few
 * moves from what it has seen, and runs out of steps.
 */
export function lostExplorer(sim: Sim, rng: Rng, o: { tier: Tier; steps: number }): void {
  for (let step = 0; step < o.steps; step++) {
    if (chance(rng, 0.7)) rotate(sim, pick(rng, rotationMoves));
    else turn(sim, pick(rng, nonSolving(sim)));
  }
}

/**
 * A brute-force coder: a loop over every sequence of 1, 2, 3, ... moves that applies it, checks
 * whether the cube is solved, and undoes it, until the call budget (or the 30-minute timeout) is
 * spent. With `buggyUndo` the undo inverts each move but forgets to reverse the order (a common
 * slip), so from length 2 on the cube drifts away and the search is meaningless. Returns whether
 * the check ever saw a solved cube (the loop stops there).
 */
export function bruteForce(sim: Sim, o: { budget: number; buggyUndo: boolean }): boolean {
  for (let len = 1; ; len++) {
    const total = 18 ** len;
    for (let code = 0; code < total; code++) {
      if (sim.actions.length + 2 * len > o.budget) {
        // the last loop iteration is cut off by the timeout midway
        let c = code;
        for (let i = 0; i < len && sim.actions.length < o.budget; i++, c = Math.floor(c / 18)) turn(sim, c % 18);
        return false;
      }
      const seq: number[] = [];
      for (let i = 0, c = code; i < len; i++, c = Math.floor(c / 18)) seq.push(c % 18);
      for (const w of seq) turn(sim, w);
      if (solved(sim)) return true;
      const undo = o.buggyUndo ? seq.map(inverseMoveId) : seq.slice().reverse().map(inverseMoveId);
      for (const w of undo) turn(sim, w);
    }
  }
}
