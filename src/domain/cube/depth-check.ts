import { manhattanHeuristic } from './heuristic.js';
import { parseMoves } from './moves.js';
import { MAX_EXACT_DEPTH, optimalSolution, simplifyMoves } from './search.js';
import { stateFromFacelets } from './state.js';

/** What the workbench can prove about a task's optimal depth (HTM, see search.ts). */
export interface DepthCheck {
  declared: number;
  /** face turns in the scramble after cancelling redundant moves: an upper bound on the depth */
  scrambleLength: number;
  /** the exact optimal depth when it is at most 8, else null */
  exact: number | null;
  /** proven bounds: exact when known; otherwise lower = max(9, heuristic), upper = scramble length */
  lower: number;
  upper: number;
  /** 'exact' (declared = optimal), 'wrong' (declared outside what is proven), 'bounded' (consistent, beyond the exact search) */
  status: 'exact' | 'wrong' | 'bounded';
  /** an optimal solution when the exact depth is known */
  solution: Uint8Array | null;
}

/**
 * Checks a task's declared depth. Up to depth 8 the optimal depth is computed exactly by meet in
 * the middle; beyond it only bounds are proven: not solvable within 8 (the search finds nothing),
 * at least the admissible cubie heuristic, at most the scramble's own (simplified) length. A
 * declared depth is wrong when it differs from the exact depth, or falls outside the bounds.
 */
export function checkDepth(task: { depth: number; scramble: string; state: string }): DepthCheck {
  const state = stateFromFacelets(task.state);
  const scrambleLength = simplifyMoves(parseMoves(task.scramble)).filter((m) => m < 18).length;
  const solution = optimalSolution(state);
  if (solution !== null) {
    const exact = solution.length;
    return { declared: task.depth, scrambleLength, exact, lower: exact, upper: exact, status: exact === task.depth ? 'exact' : 'wrong', solution };
  }
  const lower = Math.max(MAX_EXACT_DEPTH + 1, manhattanHeuristic(state));
  const upper = scrambleLength;
  const ok = task.depth >= lower && task.depth <= upper;
  return { declared: task.depth, scrambleLength, exact: null, lower, upper, status: ok ? 'bounded' : 'wrong', solution: null };
}
