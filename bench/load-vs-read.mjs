// Load time of each bundled sample release, in this process (`loadGlobebench`, `loadPawm`,
// `loadCubebench`: hash, gunzip, parse, check and, for GlobeBench, grade), against a Python read of
// the same files in the same run (each file read once, sha256, gunzip, json.loads of every row).
// Run after `npm run build`:   node bench/load-vs-read.mjs
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PYTHON_READ } from './lib/python-read.mjs';
import { loadGlobebench } from '../dist/src/release/load/globebench.js';
import { loadPawm } from '../dist/src/release/load/pawm.js';
import { loadCubebench } from '../dist/src/release/load/cubebench.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const loaders = { globebench: loadGlobebench, pawm: loadPawm, cubebench: loadCubebench };
let totalOurs = 0;
let totalPy = 0;
console.log('load of each sample release against a Python read of its files (same run)');
for (const [bench, load] of Object.entries(loaders)) {
  const dir = join(root, 'data', bench);
  const py = JSON.parse(execFileSync('/usr/bin/python3', ['-c', PYTHON_READ, dir]).toString().trim().split('\n').pop());
  const t0 = process.hrtime.bigint();
  load(dir);
  const ours = Number(process.hrtime.bigint() - t0) / 1e9;
  totalOurs += ours;
  totalPy += py.seconds;
  console.log(
    `  ${bench.padEnd(11)} load ${ours.toFixed(2).padStart(6)} s   python read ${py.seconds.toFixed(2).padStart(6)} s   ratio ${(ours / py.seconds).toFixed(2)}x`,
  );
}
console.log(
  `  ${'all'.padEnd(11)} load ${totalOurs.toFixed(2).padStart(6)} s   python read ${totalPy.toFixed(2).padStart(6)} s   ratio ${(totalOurs / totalPy).toFixed(2)}x`,
);
