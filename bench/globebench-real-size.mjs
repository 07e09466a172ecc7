// Time and peak memory of loading a GlobeBench release of the real release's size (about 0.9 GB of
// JSONL, built deterministically from the sample by bench/lib/real-size-globebench.mjs) against a
// Python read of the same files (each read once, sha256, json.loads of every row), each in a fresh
// process, in this one run. Goals: load + grading within 3.0x the Python read, peak RSS <= 800 MB.
// Run after `npm run build`:
//   node bench/globebench-real-size.mjs [--scale 1] [--keep DIR] [--no-reproduce] [--resamples 1000]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildRealSizeGlobebench } from './lib/real-size-globebench.mjs';
import { PYTHON_READ } from './lib/python-read.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : dflt);

if (argv[0] === '--load') {
  const { loadGlobebench } = await import('../dist/src/release/load/globebench.js');
  const t0 = process.hrtime.bigint();
  const r = loadGlobebench(argv[1]); // grades every response once, in the loader
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  console.log(JSON.stringify({ seconds, maxRssMiB: process.resourceUsage().maxRSS / 1024, responses: r.responses.length, grades: r.grades.length }));
  process.exit(0);
}
if (argv[0] === '--reproduce') {
  const { main } = await import('../dist/cli/main.js');
  const t0 = process.hrtime.bigint();
  const code = await main(['reproduce', '--bench', 'globebench', '--data', argv[1], '--out', argv[2], '--resamples', argv[3]]);
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  console.log(JSON.stringify({ code, seconds, maxRssMiB: process.resourceUsage().maxRSS / 1024 }));
  process.exit(0);
}

const scale = Number(opt('--scale', '1')) || 1;
const keep = opt('--keep', undefined);
const resamples = opt('--resamples', '1000');
const dir = keep ?? mkdtempSync(join(tmpdir(), 'globebench-real-size-'));
const release = join(dir, 'jsonl');
const t0 = Date.now();
if (!existsSync(join(release, 'MANIFEST.json'))) await buildRealSizeGlobebench(dir, { scale });
const built = (Date.now() - t0) / 1000;

const lastJson = (r) => {
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout.trim().split('\n').pop());
};
const self = fileURLToPath(import.meta.url);
const py = lastJson(spawnSync('/usr/bin/python3', ['-c', PYTHON_READ, release], { encoding: 'utf8' }));
const load = lastJson(spawnSync(process.execPath, [self, '--load', release], { encoding: 'utf8' }));
let rep;
if (!argv.includes('--no-reproduce')) {
  const out = mkdtempSync(join(tmpdir(), 'globebench-real-size-out-'));
  try {
    rep = lastJson(spawnSync(process.execPath, [self, '--reproduce', release, out, resamples], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const line = (what, r) =>
  `  ${what.padEnd(34)} ${r.seconds.toFixed(2).padStart(7)} s   peak RSS ${r.maxRssMiB.toFixed(0).padStart(5)} MiB   ${(r.seconds / py.seconds).toFixed(2)}x the read`;
console.log(`GlobeBench at ${scale}x the real release's size (${py.rows} rows; built in ${built.toFixed(0)} s${keep ? `, kept in ${dir}` : ''})`);
console.log(line('python read (sha256 + json.loads)', py));
console.log(line('loadGlobebench + grading', load));
if (rep) console.log(line(`reproduce --resamples ${resamples}`, rep) + (rep.code === 0 ? '' : `   (exit ${rep.code})`));
const peakMB = (load.maxRssMiB * 1048576) / 1e6;
console.log(`  load: ${(load.seconds / py.seconds).toFixed(2)}x the read (goal <= 3.00x), peak RSS ${peakMB.toFixed(0)} MB (goal <= 800 MB)`);
if (!keep) rmSync(dir, { recursive: true, force: true });
