// Goal: `reproduce --bench pawm` (10,000 resamples, the default) in at most 4.5 s of CPU on the main
// process (user + system of every thread of the workbench process: main thread, GC and PNG worker;
// the rsvg-convert children are left out). CPU rather than wall time, since the machine is shared:
// the run is repeated and the least CPU of the runs is the figure (load only adds to it).
// Run after `npm run build`: node bench/pawm-reproduce-cpu.mjs [RUNS]   (default 3)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = pathToFileURL(join(root, 'bin', 'workbench.js')).href;
const work = mkdtempSync(join(tmpdir(), 'pawm-reproduce-cpu-'));
const runs = Number(process.argv[2] ?? 3);
const GOAL_SECONDS = 4.5;

// the child writes its own process.cpuUsage() when it exits, then runs the CLI as bin/workbench.js does
const reporter = `import { writeFileSync } from 'node:fs';
process.on('exit', () => writeFileSync(process.env.CPU_OUT, JSON.stringify(process.cpuUsage())));
process.argv.splice(1, 0, ${JSON.stringify(fileURLToPath(cli))});
await import(${JSON.stringify(cli)});`;

function run(i) {
  const out = join(work, `out-${i}`);
  const cpuFile = join(work, `cpu-${i}.json`);
  execFileSync(process.execPath, ['--input-type=module', '-e', reporter, 'reproduce', '--bench', 'pawm', '--quiet', '--out', out], {
    stdio: 'ignore',
    env: { ...process.env, CPU_OUT: cpuFile },
  });
  const { user, system } = JSON.parse(readFileSync(cpuFile, 'utf8'));
  return { user: user / 1e6, system: system / 1e6 };
}

try {
  const all = Array.from({ length: runs }, (_, i) => run(i));
  const total = all.map((c) => c.user + c.system);
  const best = Math.min(...total);
  console.log(`reproduce --bench pawm, CPU of the workbench process over ${runs} runs: ${all.map((c) => `${(c.user + c.system).toFixed(2)} s (${c.user.toFixed(2)} user)`).join(', ')}`);
  console.log(`  least CPU ${best.toFixed(2)} s; ratio to the ${GOAL_SECONDS} s goal: ${(best / GOAL_SECONDS).toFixed(2)}x (goal <= 1.00x)`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
