// Time of `workbench reproduce --bench all` against the time Python takes merely to read the same
// release files (each file read once, sha256 of its bytes, gunzip, json.loads of every row): the
// floor any loader of these formats pays. Both run here, in the same invocation, on the bundled
// sample releases. Run after `npm run build`: node bench/reproduce-vs-read.mjs [--resamples N]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PYTHON_READ } from './lib/python-read.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const resamplesArg = process.argv.indexOf('--resamples');
const resamples = resamplesArg > 0 ? process.argv[resamplesArg + 1] : '10000';
const releases = ['globebench', 'pawm', 'cubebench'].map((b) => join(root, 'data', b));


/** CPU seconds (user + system) of this process's finished children, from /proc (Linux; else undefined). */
function childrenCpu() {
  try {
    const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(f[13]) + Number(f[14])) / 100;
  } catch {
    return undefined;
  }
}

function seconds(fn) {
  const t0 = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t0) / 1e9;
}

const { seconds: pySeconds, rows: pyRows } = JSON.parse(execFileSync('/usr/bin/python3', ['-c', PYTHON_READ, ...releases]).toString().trim().split('\n').pop());
const out = mkdtempSync(join(tmpdir(), 'wb-bench-'));
let ours;
const cpuBefore = childrenCpu();
try {
  ours = seconds(() =>
    execFileSync(process.execPath, [join(root, 'bin', 'workbench.js'), 'reproduce', '--bench', 'all', '--out', out, '--resamples', resamples], { stdio: ['ignore', 'ignore', 'inherit'] }),
  );
} finally {
  rmSync(out, { recursive: true, force: true });
}

console.log(`reproduce --bench all (${resamples} resamples) against a Python read of the same ${pyRows} rows`);
console.log(`  python read : ${pySeconds.toFixed(2)} s`);
const cpu = cpuBefore === undefined ? undefined : childrenCpu() - cpuBefore;
// the CPU says how much work the run did, whatever else the machine was doing meanwhile
console.log(`  workbench   : ${ours.toFixed(2)} s${cpu === undefined ? '' : ` (CPU, user + system, all threads and child processes: ${cpu.toFixed(2)} s)`}`);
console.log(`  ratio workbench/read: ${(ours / pySeconds).toFixed(2)}x (goal: 2.00x or less)`);
