// Resamples per second of the two-stage cluster bootstrap at the size the claims work meets (33,000
// responses in 1,600 clusters of unequal size, 10,000 resamples) against a numpy implementation of the
// same scheme in the same run (clusters drawn with replacement, then each drawn cluster's units; one
// vectorised draw per resample), and against the workbench's item bootstrap of the same data. 0/1 data
// are drawn by counts (a binomial per drawn cluster), continuous data by items.
// Run after `npm run build`:   node bench/cluster-bootstrap.mjs
import { execFileSync } from 'node:child_process';
import { twoStageClusterBootstrapMeanCI } from '../dist/src/derive/stats/two-stage-cluster-bootstrap.js';
import { bootstrapMeanCI } from '../dist/src/derive/stats/bootstrap-mean-ci.js';
import { createRng } from '../dist/src/derive/stats/rng.js';

const N = 33000,
  G = 1600,
  B = 10000;
const rng = createRng(1, 'bench:cluster-bootstrap');
// unequal clusters: sizes drawn in proportion to a skewed weight, every cluster at least one unit
const weight = Array.from({ length: G }, () => 0.2 + rng.next() ** 2);
const total = weight.reduce((a, b) => a + b, 0);
const clusters = [],
  bits = [],
  scores = [];
for (let g = 0; g < G; g++) {
  const size = g === G - 1 ? N - clusters.length : Math.max(1, Math.round((weight[g] / total) * N));
  const rate = rng.next();
  for (let i = 0; i < size && clusters.length < N; i++) {
    clusters.push(`op-${g}`);
    bits.push(rng.next() < rate ? 1 : 0);
    scores.push(rate + rng.next());
  }
}

function best(fn, reps = 3) {
  let min = Infinity;
  for (let r = 0; r < reps; r++) {
    const t0 = process.hrtime.bigint();
    fn(r);
    min = Math.min(min, Number(process.hrtime.bigint() - t0) / 1e9);
  }
  return min;
}
twoStageClusterBootstrapMeanCI(bits, clusters, { resamples: 200, seed: 0 }); // warm-up
const counts = best((r) => twoStageClusterBootstrapMeanCI(bits, clusters, { resamples: B, seed: r }));
const items = best((r) => twoStageClusterBootstrapMeanCI(scores, clusters, { resamples: B, seed: r }));
const itemBootstrap = best((r) => bootstrapMeanCI(scores, { resamples: B, seed: r }));

const numpyB = 1000;
const py = `
import sys, json, time, numpy as np
d = json.load(sys.stdin)
y = np.array(d['y'], dtype=np.float64)
_, g = np.unique(np.array(d['g']), return_inverse=True)
order = np.argsort(g, kind='stable'); ys = y[order]
sizes = np.bincount(g); starts = np.concatenate([[0], np.cumsum(sizes)[:-1]]); G = len(sizes)
rng = np.random.default_rng(1)
def once(B):
    means = np.empty(B)
    for r in range(B):
        cl = rng.integers(0, G, G)
        sz = sizes[cl]
        idx = np.repeat(starts[cl], sz) + (rng.random(sz.sum()) * np.repeat(sz, sz)).astype(np.int64)
        means[r] = ys[idx].mean()
    return np.percentile(means, [2.5, 97.5])
once(20)
t = time.perf_counter(); once(${numpyB}); print(time.perf_counter() - t)
`;
const numpy =
  (Number(execFileSync('/usr/bin/python3', ['-c', py], { input: JSON.stringify({ y: scores, g: clusters }), maxBuffer: 1 << 28 }).toString()) * B) / numpyB;

const rate = (s) => `${(B / s).toFixed(0)} resamples/s (${(s * 1000).toFixed(0)} ms per interval)`;
console.log(
  `two-stage cluster bootstrap, ${N.toLocaleString('en-US')} units in ${G.toLocaleString('en-US')} clusters, ${B.toLocaleString('en-US')} resamples (best of 3)`,
);
console.log(`  workbench, 0/1 by counts     : ${rate(counts)}`);
console.log(`  workbench, continuous, items : ${rate(items)}`);
console.log(`  workbench item bootstrap     : ${rate(itemBootstrap)} (the interval that ignores the clusters)`);
console.log(`  numpy, two-stage (${numpyB} timed) : ${rate(numpy)}`);
console.log(`  ratio workbench/numpy throughput: items ${(numpy / items).toFixed(2)}x, counts ${(numpy / counts).toFixed(2)}x`);
