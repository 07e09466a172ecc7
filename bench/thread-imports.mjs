// What starting a benchmark's worker thread costs in module loading: each benchmark's thread imports
// its analyses and the library, and should not import the packages only notebooks (arquero), Parquet
// releases (hyparquet) or the figure thread (vega, vega-lite, resvg) need, as each costs ~0.1-0.45 s
// of CPU in every thread that imports it. Measured in fresh node processes, each the median of 5:
// the thread's imports against the same imports plus those packages (the reference, in the same run),
// and it lists any of those packages the thread loaded (a module hook sees every module imported).
// Run after `npm run build`:   node bench/thread-imports.mjs
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(join(tmpdir(), 'wb-thread-imports-'));
const NOT_FOR_THREADS = ['arquero', 'hyparquet', 'hyparquet-compressors', 'vega', 'vega-lite', '@resvg/resvg-js'];
const RUNS = 5;

const hooks = join(dir, 'hooks.mjs');
writeFileSync(hooks, `export async function load(url, context, next) { process.stderr.write('LOADED ' + url + '\\n'); return next(url, context); }\n`);
const register = join(dir, 'register.mjs');
writeFileSync(register, `import { register } from 'node:module'; register(${JSON.stringify(pathToFileURL(hooks).href)});\n`);

/** CPU seconds (user + system) of importing `code` in a fresh process, and the packages it loaded. */
function importCost(code, { listModules }) {
  const timed = `const c0 = process.cpuUsage(); ${code} const c = process.cpuUsage(c0); console.log((c.user + c.system) / 1e6);`;
  const args = listModules ? ['--import', pathToFileURL(register).href] : [];
  const r = spawnSync(process.execPath, [...args, '--input-type=module', '-e', timed], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  const packages = new Set(
    r.stderr
      .split('\n')
      .filter((l) => l.startsWith('LOADED '))
      .map((l) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(l)?.[1])
      .filter((p) => p !== undefined),
  );
  return { seconds: Number(r.stdout.trim().split('\n').pop()), packages };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const extra = NOT_FOR_THREADS.filter((p) => p !== 'hyparquet-compressors')
  .map((p) => `await import(${JSON.stringify(p)});`)
  .join(' ');

console.log(`module loading of each benchmark's worker thread (CPU, median of ${RUNS} fresh processes)`);
let worst = 0;
try {
  for (const bench of ['globebench', 'pawm', 'cubebench']) {
    const code = `await import('./dist/src/run/run-bench.js'); await import('./dist/analysis/${bench}/index.js');`;
    const { packages } = importCost(code, { listModules: true });
    const loaded = NOT_FOR_THREADS.filter((p) => packages.has(p));
    const ours = [];
    const reference = [];
    for (let i = 0; i < RUNS; i++) {
      ours.push(importCost(code, { listModules: false }).seconds);
      reference.push(importCost(`${code} ${extra}`, { listModules: false }).seconds);
    }
    const ratio = median(ours) / median(reference);
    worst = Math.max(worst, ratio);
    console.log(
      `  ${bench.padEnd(11)} thread ${median(ours).toFixed(3)} s   with notebook/figure packages ${median(reference).toFixed(3)} s   ratio ${ratio.toFixed(2)}   ${packages.size} packages${loaded.length ? `; LOADS ${loaded.join(', ')}` : ''}`,
    );
  }
  console.log(
    `goal: a thread imports none of ${NOT_FOR_THREADS.join(', ')}; worst ratio to the reference ${worst.toFixed(2)} (below 1: the thread avoids their cost)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
