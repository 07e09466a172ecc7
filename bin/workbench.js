#!/usr/bin/env node
// The CLI runs from the compiled library (npm run build); see README.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';

// A run's threads live ~10 s, and V8's default budget optimises many functions that have barely
// run, some several times over as new shapes reach them: TurboFan was ~3.6 s of a run's ~19 s of
// CPU (perf, V8's compiler threads). Nine times the default budget (67,584) waits for more feedback.
// Measured, `reproduce --bench all`, 10 alternating runs each: CPU median 19.75 -> 18.52 s, wall
// 10.39 -> 9.80 s (and lower in each of three shorter sets); optimised compiles (`--trace-opt`)
// 1,428 -> 559. The same reports, byte for byte. Set before any module of the workbench
// is compiled; worker threads share the process's flags.
setFlagsFromString('--interrupt-budget=600000');

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  console.error('workbench: not built yet; run `npm run build` (or `bash scripts/setup.sh`) first');
  process.exit(1);
}
const { main } = await import(entry.href);
const code = await main(process.argv.slice(2));
process.exitCode = code;
// The command is over. Should anything still hold the process open (a thread or child process that a
// failure left behind), it ends anyway a second later: a run is never left idle. Stdout and stderr
// get that second to drain where writes to them are asynchronous. With WORKBENCH_DEBUG it says so
// (the reliability tests check that it never has to).
setTimeout(() => {
  if (process.env.WORKBENCH_DEBUG) console.error('workbench: debug: the process was still held open a second after the command ended');
  process.exit(code);
}, 1000).unref();
