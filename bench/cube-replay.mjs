// Replay speed of the cube engine on a 400,000-move episode, against a naive string-based
// implementation of the same moves in the same process. Run after `npm run build`:
//   node bench/cube-replay.mjs
import { existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MOVE_NAMES, MOVE_PERMS, SOLVED_FACELETS, parseMoves, replayIds, stateFromFacelets, formatMoves } from '../dist/src/domain/cube/index.js';
import { loadCubebench } from '../dist/src/release/load/cubebench.js';
import { createRng } from '../dist/src/derive/stats/rng.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// the sample's longest episode (400,000 moves), or a seeded random one of that length
let start = SOLVED_FACELETS;
let actions;
let label;
const sample = join(root, 'data', 'cubebench');
if (existsSync(join(sample, 'MANIFEST.json'))) {
  const rel = loadCubebench(sample);
  const ep = rel.episodes.reduce((a, e) => (e.actions.length > a.actions.length ? e : a));
  actions = typeof ep.actions === 'string' ? ep.actions : ep.actions.join(' ');
  start = rel.tasks.find((t) => t.task_id === ep.task_id).state;
  label = `episode ${ep.episode_id}`;
} else {
  const rng = createRng(1, 'bench:cube');
  actions = formatMoves(Uint8Array.from({ length: 400_000 }, () => rng.int(27)));
  label = 'seeded random moves';
}

/** The reference: state as a 54-character string, each move rebuilds it through the permutation. */
function naiveReplay(startFacelets, moveString) {
  const perms = new Map(MOVE_NAMES.map((n, i) => [n, Array.from(MOVE_PERMS[i])]));
  let s = startFacelets;
  for (const tok of moveString.trim().split(/\s+/)) {
    const p = perms.get(tok);
    if (!p) throw new Error(`bad move ${tok}`);
    s = p.map((i) => s[i]).join('');
  }
  return s;
}

function time(fn, reps) {
  fn(); // warm-up
  const t0 = process.hrtime.bigint();
  let out;
  for (let r = 0; r < reps; r++) out = fn();
  return { seconds: Number(process.hrtime.bigint() - t0) / 1e9 / reps, out };
}

const startState = stateFromFacelets(start);
const ours = time(() => replayIds(startState, parseMoves(actions)), 10);
const naive = time(() => naiveReplay(start, actions), 2);
if (ours.out.final !== naive.out) throw new Error('the two implementations disagree on the final state');
const n = ours.out.moves;
console.log(`cube replay, ${label}: ${n.toLocaleString('en-US')} moves (parse + apply)`);
console.log(
  `  workbench (Uint8Array, moves as cycles)   : ${(n / ours.seconds / 1e6).toFixed(2)} M moves/s, ${(ours.seconds * 1000).toFixed(1)} ms per replay`,
);
console.log(
  `  naive (54-char string rebuilt per move)     : ${(n / naive.seconds / 1e6).toFixed(2)} M moves/s, ${(naive.seconds * 1000).toFixed(1)} ms per replay`,
);
console.log(`  speed-up: ${(naive.seconds / ours.seconds).toFixed(1)}x; final states agree; solved: ${ours.out.solved}`);
