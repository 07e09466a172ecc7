/**
 * Exact distances to solved for states up to 8 face turns away, by meet in the middle.
 *
 * Metric: the half-turn metric (HTM), 18 face turns (U R F D L B, each ', 2 or plain) each count
 * as one move. Why HTM: the release's moves include X2, and the depths the paper uses go up to 20,
 * which is God's number in HTM (it is 26 in the quarter-turn metric); an optimal Kociemba-style
 * solver also counts in HTM. The sample generator counts scramble length the same way.
 *
 * Method: every state within 4 moves of solved is tabulated once (46,741 states: 1 + 18 + 243 +
 * 3,240 + 43,239) as key -> distance. A state's distance D <= 8 is then min over the states t
 * reachable from it in k <= 4 moves of k + table(t): the optimal path's state after max(0, D-4)
 * moves is in the table, and every candidate is a real path length, so nothing smaller exists.
 * If no state within 4 moves hits the table, D >= 9.
 */
import { homeCentresHeuristic } from './heuristic.js';
import { FACE_TURNS, moveBase } from './moves.js';
import { normalizeOrientation } from './orientation.js';
import { applyMoveInPlace, solvedState, type CubeState } from './state.js';
import { StateTable } from './state-table.js';

export const FRONTIER_DEPTH = 4;
export const MAX_EXACT_DEPTH = 2 * FRONTIER_DEPTH;

/**
 * Canonical move sequences only: never the same face twice in a row, and of two opposite faces
 * (which commute) only the order U before D, R before L, F before B. This prunes redundant
 * sequences without losing any state.
 */
export function canFollow(prev: number, m: number): boolean {
  if (prev < 0) return true;
  const a = moveBase(prev);
  const b = moveBase(m);
  return a !== b && !(a - b === 3);
}

let frontier: StateTable | null = null;

/** The table of all states within FRONTIER_DEPTH face turns of solved, state -> distance (built on first use). */
export function getFrontier(): StateTable {
  if (frontier) return frontier;
  const table = new StateTable(1 << 17); // 46,741 states, under half full
  let layer: CubeState[] = [solvedState()];
  table.add(layer[0], 0);
  const t = new Uint8Array(54);
  for (let d = 1; d <= FRONTIER_DEPTH; d++) {
    const next: CubeState[] = [];
    for (const s of layer) {
      for (let m = 0; m < FACE_TURNS; m++) {
        t.set(s);
        applyMoveInPlace(t, m);
        // the table copies the bytes; only a new state needs its own array for the next layer
        if (table.add(t, d) && d < FRONTIER_DEPTH) next.push(Uint8Array.from(t));
      }
    }
    layer = next;
  }
  frontier = table;
  return table;
}

/**
 * Depth-first over canonical sequences of up to `limit` moves from s. `visit` returns true to skip
 * the subtree below the state it was given.
 */
function walk(s: CubeState, limit: number, visit: (t: CubeState, path: number[]) => boolean): void {
  const stack: CubeState[] = [s];
  for (let i = 1; i <= limit; i++) stack.push(new Uint8Array(54));
  const path: number[] = [];
  const go = (depth: number, prev: number): void => {
    if (visit(stack[depth], path) || depth === limit) return;
    for (let m = 0; m < FACE_TURNS; m++) {
      if (!canFollow(prev, m)) continue;
      const t = stack[depth + 1];
      t.set(stack[depth]);
      applyMoveInPlace(t, m);
      path.push(m);
      go(depth + 1, m);
      path.pop();
    }
  };
  go(0, -1);
}

/**
 * Exact HTM distance of a state to solved if it is at most 8, else null (meaning >= 9). Whole-cube
 * rotations are factored out first, so a rotated solved cube has distance 0. Throws if the centres
 * do not form a cube.
 */
export function exactDistance(s: CubeState): number | null {
  const sol = optimalSolution(s);
  return sol === null ? null : sol.length;
}

/**
 * An optimal (shortest HTM) face-turn solution of a state within 8 moves of solved, or null when
 * there is none that short. The moves are for the state as given after its centres are turned
 * home (see normalizeOrientation); for states made by face turns only that is the state itself.
 */
export function optimalSolution(s: CubeState): Uint8Array | null {
  const norm = normalizeOrientation(s);
  if (!norm) throw new Error('not a cube: the six centres are not six different faces');
  const table = getFrontier();
  let best = Infinity;
  let bestPath: number[] = [];
  let bestState: CubeState | null = null;
  walk(norm.state, FRONTIER_DEPTH, (t, path) => {
    const k = path.length;
    const d = table.get(t);
    if (d !== undefined) {
      if (k + d < best) {
        best = k + d;
        bestPath = [...path];
        bestState = Uint8Array.from(t);
      }
      return true; // below a hit nothing improves on it: one move lowers the distance by at most one
    }
    if (k + 1 + FRONTIER_DEPTH >= best) return true; // t is beyond the table, so its children are at >= 4 from solved
    // every path through t is at least k + h(t) long (h is admissible): past 8 the subtree holds no
    // table hit, since a hit is a path of at most 8; nothing else is skipped, so the result is the same
    return k < FRONTIER_DEPTH && k + homeCentresHeuristic(t) > MAX_EXACT_DEPTH;
  });
  if (bestState === null) return null;
  // descend the table from the meeting state: some move always lowers the distance by one
  const out = [...bestPath];
  let cur: CubeState = bestState;
  let d = table.get(cur)!;
  while (d > 0) {
    let stepped = false;
    for (let m = 0; m < FACE_TURNS && !stepped; m++) {
      const t = Uint8Array.from(cur);
      applyMoveInPlace(t, m);
      if (table.get(t) === d - 1) {
        out.push(m);
        cur = t;
        d--;
        stepped = true;
      }
    }
    if (!stepped) throw new Error('frontier table is inconsistent');
  }
  return Uint8Array.from(out);
}

/** Removes moves that cancel or merge (R R' , R R -> R2, and across a commuting opposite face). */
export function simplifyMoves(ids: ArrayLike<number>): Uint8Array {
  const out: number[] = [];
  const push = (m: number): void => {
    // merge with the last move on the same face, looking past one move on the opposite face
    for (let back = 1; back <= 2 && back <= out.length; back++) {
      const prev = out[out.length - back];
      if (moveBase(prev) === moveBase(m)) {
        const turns = ((prev % 3) + 1 + (m % 3) + 1) % 4; // quarter turns clockwise
        out.splice(out.length - back, 1);
        if (turns !== 0) {
          const merged = moveBase(m) * 3 + turns - 1;
          out.splice(out.length - back + 1, 0, merged);
        }
        return;
      }
      if (moveBase(m) >= 6 || moveBase(prev) >= 6 || Math.abs(moveBase(prev) - moveBase(m)) !== 3) break;
    }
    out.push(m);
  };
  for (let i = 0; i < ids.length; i++) push(ids[i]);
  return Uint8Array.from(out);
}
