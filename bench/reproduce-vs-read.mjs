// Time of `workbench reproduce --bench all` against the time Python takes merely to read the same
// release files (each file read once, sha256 of its bytes, gunzip, json.loads of every row): the
// floor any loader of these formats pays. Both run here, in the same invocation, on the bundled
// sample releases, one after the other, --runs times (default 3): on a shared 2-core machine either
// time moves by a quarter from one minute to the next, so the ratio printed against the goal is the
// median of the pairs' ratios, each pair run back to back. Then the last run's PNG and PDF exports
// are made again alone (bench/lib/figure-exports.mjs), to say what share of the run's CPU they are.
// Run after `npm run build`: node bench/reproduce-vs-read.mjs [--resamples N] [--runs N]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from 'simple-statistics';
import { procCpu } from './lib/proc-cpu.mjs';
import { PYTHON_READ } from './lib/python-read.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const resamplesArg = process.argv.indexOf('--resamples');
const resamples = resamplesArg > 0 ? process.argv[resamplesArg + 1] : '10000';
// the bundled sample of every benchmark of the list, as `reproduce --bench all` reads them
await import('../dist/analysis/index.js');
const { benchmarks, sampleDirOf } = await import('../dist/src/benchmark/registry.js');
const releases = benchmarks().map((b) => join(root, sampleDirOf(b)));

/** CPU seconds (user + system) of this process's finished children (Linux; else undefined). */
const childrenCpu = () => procCpu()?.children;

function seconds(fn) {
  const t0 = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t0) / 1e9;
}

const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1]) | 0) : 3;

/** One pair: the Python read, then the workbench's run (wall and CPU seconds); `keep`: the run's output folder is kept and given. */
function pair(keep = false) {
  const py = JSON.parse(
    execFileSync('/usr/bin/python3', ['-c', PYTHON_READ, ...releases])
      .toString()
      .trim()
      .split('\n')
      .pop(),
  );
  const out = mkdtempSync(join(tmpdir(), 'wb-bench-'));
  const cpuBefore = childrenCpu();
  let ours;
  try {
    ours = seconds(() =>
      execFileSync(process.execPath, [join(root, 'bin', 'workbench.js'), 'reproduce', '--bench', 'all', '--out', out, '--resamples', resamples], {
        stdio: ['ignore', 'ignore', 'inherit'],
      }),
    );
  } catch (e) {
    rmSync(out, { recursive: true, force: true });
    throw e;
  }
  const cpu = cpuBefore === undefined ? undefined : childrenCpu() - cpuBefore;
  if (!keep) rmSync(out, { recursive: true, force: true });
  return { py: py.seconds, rows: py.rows, ours, cpu, out: keep ? out : undefined };
}

const pairs = [];
for (let k = 0; k < runs; k++) pairs.push(pair(k === runs - 1));
let exports;
try {
  exports = JSON.parse(execFileSync(process.execPath, [join(root, 'bench', 'lib', 'figure-exports.mjs'), pairs.at(-1).out]).toString());
} finally {
  rmSync(pairs.at(-1).out, { recursive: true, force: true });
}

console.log(`reproduce --bench all (${resamples} resamples) against a Python read of the same ${pairs[0].rows} rows, ${runs} pair(s) back to back`);
pairs.forEach((p, k) => {
  // the CPU says how much work the run did, whatever else the machine was doing meanwhile
  const cpu = p.cpu === undefined ? '' : ` (CPU, user + system, all threads and child processes: ${p.cpu.toFixed(2)} s)`;
  console.log(`  pair ${k + 1}: python read ${p.py.toFixed(2)} s, workbench ${p.ours.toFixed(2)} s${cpu}: ${(p.ours / p.py).toFixed(2)}x`);
});
const last = pairs.at(-1);
const share = last.cpu === undefined ? '' : `, ${((100 * (exports.pngCpu + exports.pdfCpu)) / last.cpu).toFixed(0)}% of that run's CPU`;
console.log(
  `  of which figure exports, the last run's made again one by one (${exports.pngSame} of ${exports.figures} PNGs and ${exports.pdfSame} of ${exports.figures} PDFs byte-identical to the run's): ` +
    `PNG ${exports.pngCpu.toFixed(2)} s, PDF ${exports.pdfCpu.toFixed(2)} s of CPU (rsvg-convert ${exports.rsvgCpu.toFixed(2)} s)${share}`,
);
console.log(
  `  ratio workbench/read${runs > 1 ? `, median of the ${runs} pairs` : ''}: ${median(pairs.map((p) => p.ours / p.py)).toFixed(2)}x (goal: 2.00x or less)`,
);
