// Resamples per second of the workbench's percentile bootstrap against numpy's, on the same data
// (Table 1's shape: 1,632 items of 0/1), drawn both ways: by items (n indices per resample, as numpy
// does it) and by multinomial counts over the distinct values (the workbench's default for discrete
// data). Run after `npm run build`: node bench/bootstrap.mjs
import { execFileSync } from 'node:child_process';
import { bootstrapMeanCI } from '../dist/src/derive/stats/bootstrap-mean-ci.js';
import { createRng } from '../dist/src/derive/stats/rng.js';

const n = 1632,
  B = 10000;
const rng = createRng(1, 'bench');
const data = Array.from({ length: n }, () => (rng.next() < 0.3 ? 1 : 0));
const typed = Uint8Array.from(data);

const reps = 3;
function time(draw) {
  bootstrapMeanCI(typed, { resamples: 200, seed: 1, draw }); // warm-up
  const t0 = process.hrtime.bigint();
  for (let r = 0; r < reps; r++) bootstrapMeanCI(typed, { resamples: B, seed: r, draw });
  return Number(process.hrtime.bigint() - t0) / 1e9 / reps;
}
const ours = time('items');
const counts = time('counts');

const py = `
import sys, json, time, numpy as np
d = np.array(json.load(sys.stdin), dtype=np.float64); n = len(d); B = ${B}
rng = np.random.default_rng(1)
def once():
    idx = rng.integers(0, n, size=(B, n))
    means = d[idx].mean(axis=1)
    return np.percentile(means, [2.5, 97.5])
once()
t = time.perf_counter()
for _ in range(${reps}): once()
print((time.perf_counter() - t) / ${reps})
`;
const numpy = Number(execFileSync('/usr/bin/python3', ['-c', py], { input: JSON.stringify(data) }).toString());

console.log(`bootstrap of a mean, n = ${n}, B = ${B}`);
console.log(`  workbench, items : ${(B / ours).toFixed(0)} resamples/s (${(ours * 1000).toFixed(1)} ms per CI)`);
console.log(`  workbench, counts: ${(B / counts).toFixed(0)} resamples/s (${(counts * 1000).toFixed(1)} ms per CI)`);
console.log(`  numpy, items     : ${(B / numpy).toFixed(0)} resamples/s (${(numpy * 1000).toFixed(1)} ms per CI)`);
console.log(`  ratio workbench/numpy throughput: items ${(numpy / ours).toFixed(2)}x, counts ${(numpy / counts).toFixed(2)}x`);
