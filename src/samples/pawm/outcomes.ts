import type { Rng } from '../../derive/stats/rng.js';

/** A standard normal draw (Box-Muller), from the seeded stream. */
function normal(rng: Rng): number {
  const u = 1 - rng.next();
  const v = rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Fisher-Yates shuffle in place. */
export function shuffle<T>(rng: Rng, a: T[]): T[] {
  for (let i = a.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/**
 * Which (task, run) episodes succeed, so that the three per-run success counts have mean
 * acc * n and sample std sd * n, and exactly round(pass3 * n) tasks succeed in at least one run.
 * Easier tasks (lower `difficulty`, shared by all configurations of a benchmark, plus per-config
 * noise) are the ones solved, and solved in more runs. Returns success[run][task].
 */
export function successMatrix(rng: Rng, difficulty: readonly number[], acc: number, sd: number, pass3: number | undefined, runs = 3): Uint8Array[] {
  const n = difficulty.length;
  const total = Math.round(acc * runs * n);
  let solvable = Math.round((pass3 ?? acc + (1 - acc) * 0.3) * n);
  solvable = Math.min(n, Math.max(solvable, Math.ceil(total / runs)));
  solvable = Math.min(solvable, total);
  // per-run counts: mean +- sd around total / runs, the middle run takes the rounding
  const mean = total / runs;
  const offsets = shuffle(rng, [-1, 0, 1].slice(0, runs));
  const counts = offsets.map((o) => (o === 0 ? 0 : Math.max(0, Math.min(solvable, Math.round(mean + o * sd * n)))));
  const mid = offsets.indexOf(0);
  counts[mid] = total - counts.reduce((a, b) => a + b, 0);
  // keep every count within [0, solvable]
  for (let guard = 0; guard < 1000 && (counts[mid] > solvable || counts[mid] < 0); guard++) {
    const other = counts.findIndex((c, i) => i !== mid && (counts[mid] > solvable ? c < solvable : c > 0));
    if (counts[mid] > solvable) {
      counts[mid]--;
      counts[other]++;
    } else {
      counts[mid]++;
      counts[other]--;
    }
  }
  const order = difficulty
    .map((d, i) => ({ i, key: d + 0.12 * normal(rng) }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.i);
  const chosen = order.slice(0, solvable); // easiest first
  const success = Array.from({ length: runs }, () => new Uint8Array(n));
  const remaining = counts.slice();
  // every solvable task succeeds at least once: hardest first, into the run with most room
  for (let k = chosen.length - 1; k >= 0; k--) {
    let best = 0;
    for (let r = 1; r < runs; r++) if (remaining[r] > remaining[best] || (remaining[r] === remaining[best] && rng.next() < 0.5)) best = r;
    success[best][chosen[k]] = 1;
    remaining[best]--;
  }
  // fill the rest of each run, preferring easier tasks
  for (let r = 0; r < runs; r++) {
    const cands = chosen
      .map((t, rank) => ({ t, key: rank + 0.35 * solvable * normal(rng) }))
      .filter((c) => !success[r][c.t])
      .sort((a, b) => a.key - b.key);
    for (let k = 0; k < remaining[r] && k < cands.length; k++) success[r][cands[k].t] = 1;
  }
  return success;
}

/**
 * Steps per episode: successes are shorter, failures longer or cut at the cap; then nudged one
 * step at a time until the total is exactly round(meanSteps * episodes).
 */
export function stepCounts(rng: Rng, success: boolean[], meanSteps: number, cap: number): number[] {
  const lo = 2;
  const steps = success.map((s) => {
    if (!s && rng.next() < 0.3) return cap;
    const mu = s ? 0.8 * meanSteps : 1.15 * meanSteps;
    return Math.max(lo, Math.min(s ? cap - 1 : cap, Math.round(mu + 0.28 * meanSteps * normal(rng))));
  });
  const target = Math.round(meanSteps * success.length);
  let sum = steps.reduce((a, b) => a + b, 0);
  for (let guard = 0; sum !== target && guard < 1_000_000; guard++) {
    const i = rng.int(steps.length);
    if (sum < target && steps[i] < (success[i] ? cap - 1 : cap)) {
      steps[i]++;
      sum++;
    } else if (sum > target && steps[i] > lo) {
      steps[i]--;
      sum--;
    }
  }
  return steps;
}
