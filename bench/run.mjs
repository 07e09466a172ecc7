// Every benchmark under bench/, one after another (every bench/*.mjs but this one, in name order),
// then a summary of each one's goal lines: each prints its own ratio against a reference measured in
// the same run. `npm run bench` builds first, then runs this.
//   node bench/run.mjs [NAME ...]   only the named scripts (e.g. bootstrap.mjs or bootstrap)
// A script that fails is reported in the summary and the run exits 1 after the others have run.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** Scripts under bench/ that are not benchmarks: why each is left out (a helper is named _*.mjs). */
const NOT_BENCHMARKS = {
  'run.mjs': 'this runner',
  'vegalite-v5-check.mjs': 'a compatibility check against Vega-Lite 5 (needs VL5_DIR), not a measurement',
  'compare-ci-cells.mjs': 'a tool comparing two report directories (BEFORE AFTER), not a measurement',
  'globebench-cpu.mjs': "a tool splitting GlobeBench's CPU time by step and analysis, not a ratio",
};

/** The lines of a benchmark's output that say how it did against its goal. */
const GOAL_LINE = /ratio|goal|speed-up/i;

const wanted = process.argv.slice(2).map((n) => (n.endsWith('.mjs') ? n : `${n}.mjs`));
const discovered = readdirSync(here)
  .filter((f) => f.endsWith('.mjs') && !f.startsWith('_') && !(f in NOT_BENCHMARKS))
  .sort();
for (const w of wanted) {
  if (!discovered.includes(w)) {
    console.error(`bench/run.mjs: no benchmark bench/${w} (there are: ${discovered.join(', ')})`);
    process.exit(2);
  }
}
const scripts = wanted.length ? discovered.filter((f) => wanted.includes(f)) : discovered;

/** Runs a script with its output shown as it comes, and keeps what it printed on stdout. */
function run(script) {
  return new Promise((done) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(process.execPath, [join(here, script)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (s) => {
      out += s;
      process.stdout.write(s);
    });
    child.on('error', (e) => done({ code: 1, out: `${out}\n${e.message}`, seconds: 0 }));
    child.on('close', (code, signal) => done({ code: code ?? (signal ? 1 : 0), signal, out, seconds: Number(process.hrtime.bigint() - t0) / 1e9 }));
  });
}

const results = [];
for (const s of scripts) {
  console.log(`\n== bench/${s}`);
  results.push({ script: s, ...(await run(s)) });
}

console.log('\n== summary: the goal lines of every benchmark');
for (const r of results) {
  const status = r.code === 0 ? `${r.seconds.toFixed(0)} s` : `FAILED (${r.signal ?? `exit ${r.code}`})`;
  console.log(`bench/${r.script} (${status})`);
  const goals = r.out
    .split('\n')
    .filter((l) => GOAL_LINE.test(l))
    .map((l) => l.trim());
  for (const g of goals.length ? goals : ['(printed no ratio or goal line)']) console.log(`  ${g}`);
}
for (const [s, why] of Object.entries(NOT_BENCHMARKS)) if (s !== 'run.mjs') console.log(`not run: bench/${s}: ${why}`);
if (results.some((r) => r.code !== 0)) process.exitCode = 1;
