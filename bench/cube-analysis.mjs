// Time of CubeBench's analysis (prepareCube: every episode replayed, every task depth checked; then
// every table, figure spec and artifact built) against loading the same release, in the same run.
// Run after `npm run build`:   node bench/cube-analysis.mjs [release dir]
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cubebench } from '../dist/analysis/cubebench/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.argv[2] ?? join(root, 'data/cubebench');
const opts = { seed: 20261130, resamples: 10_000 };

function best(fn, reps) {
  let min = Infinity,
    out;
  for (let r = 0; r < reps; r++) {
    const t0 = process.hrtime.bigint();
    out = fn();
    min = Math.min(min, Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return { ms: min, out };
}

const load = best(() => cubebench.load(dir), 3);
const prepare = best(() => cubebench.prepare(load.out, opts), 3);
// the build part alone: each rep on a fresh context (derived values are memoised per context)
let build = Infinity;
for (let r = 0; r < 3; r++) {
  const ctx = cubebench.prepare(load.out, opts);
  const t0 = process.hrtime.bigint();
  for (const a of cubebench.analyses) a.build(ctx);
  cubebench.artifacts(ctx);
  build = Math.min(build, Number(process.hrtime.bigint() - t0) / 1e6);
}
const moves = prepare.out.results.reduce((a, r) => a + r.moves, 0);
console.log(`cubebench analysis, ${prepare.out.results.length} episodes, ${moves.toLocaleString('en-US')} moves, ${load.out.tasks.length} tasks (best of 3):`);
console.log(`  load (reference)          : ${load.ms.toFixed(0)} ms`);
console.log(`  prepare (replay + depths) : ${prepare.ms.toFixed(0)} ms  (${(prepare.ms / load.ms).toFixed(2)}x load)`);
console.log(`  tables, figures, artifacts: ${build.toFixed(0)} ms  (${(build / load.ms).toFixed(2)}x load)`);
