/**
 * The paper's dense rewards: a potential phi over states and the per-step reward
 * R_t = phi(s_{t+1}) - phi(s_t). All three potentials ignore how the cube is held (a whole-cube
 * rotation changes none of them), so view changes earn zero reward.
 */
import { manhattanHeuristic } from './heuristic.js';
import { applyMoveInPlace, type CubeState } from './state.js';

/** Stickers in place: facelets showing the colour of their own face's centre, 9 (centres) .. 54. */
export function phiSticker(s: CubeState): number {
  let n = 0;
  for (let f = 0; f < 6; f++) {
    const c = s[f * 9 + 4];
    for (let k = f * 9; k < f * 9 + 9; k++) if (s[k] === c) n++;
  }
  return n;
}

/** Solved faces: faces whose nine stickers all show one colour, 0..6. */
export function phiFace(s: CubeState): number {
  let n = 0;
  for (let f = 0; f < 6; f++) {
    const c = s[f * 9 + 4];
    let ok = true;
    for (let k = f * 9; k < f * 9 + 9 && ok; k++) ok = s[k] === c;
    if (ok) n++;
  }
  return n;
}

/** Minus the admissible cubie-distance estimate of heuristic.ts: 0 when solved, negative otherwise. */
export function phiHeuristic(s: CubeState): number {
  return -manhattanHeuristic(s);
}

export type RewardSetting = 'none' | 'face' | 'sticker' | 'heuristic';

/** The potential behind each dense reward setting; 'none' is the sparse setting (no shaping). */
export const POTENTIALS: Record<Exclude<RewardSetting, 'none'>, (s: CubeState) => number> = {
  face: phiFace,
  sticker: phiSticker,
  heuristic: phiHeuristic,
};

/**
 * The potential after every step of an episode, phi(s_0) .. phi(s_T), and the rewards
 * R_t = phi(s_{t+1}) - phi(s_t), t = 0..T-1.
 */
export function rewardTrace(start: CubeState, moves: ArrayLike<number>, phi: (s: CubeState) => number): { phi: number[]; rewards: number[] } {
  const s = Uint8Array.from(start);
  const values = [phi(s)];
  const rewards: number[] = [];
  for (let t = 0; t < moves.length; t++) {
    applyMoveInPlace(s, moves[t]);
    const v = phi(s);
    rewards.push(v - values[values.length - 1]);
    values.push(v);
  }
  return { phi: values, rewards };
}
