// CPU time (user + sys, process.cpuUsage) of GlobeBench's reproduce steps in one process: load
// (read, validate, grade), prepare, each analysis, the artifacts; no rendering, no module loading.
// The first run is what `workbench reproduce` pays (code not yet optimised); later runs reuse the
// optimised code. A tool for finding where GlobeBench's CPU goes, not a ratio. Run after `npm run build`:
//   node bench/globebench-cpu.mjs [--resamples N] [--runs K] [--top M]
import { globebench } from '../dist/analysis/globebench/index.js';
import { DEFAULT_RESAMPLES, DEFAULT_SEED } from '../dist/src/benchmark/contract.js';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? dflt : Number(process.argv[i + 1]);
};
const resamples = arg('--resamples', DEFAULT_RESAMPLES),
  runs = arg('--runs', 3),
  top = arg('--top', 12);
const cpu = (f) => {
  const t = process.cpuUsage();
  const v = f();
  const d = process.cpuUsage(t);
  return [v, (d.user + d.system) / 1000];
};
const totals = [];
for (let run = 0; run < runs; run++) {
  const [release, load] = cpu(() => globebench.load('data/globebench'));
  const opts = { seed: DEFAULT_SEED, resamples };
  const [ctx, prepare] = cpu(() => globebench.prepare(release, opts));
  const each = [];
  let analyses = 0;
  for (const a of globebench.analyses) {
    const [, ms] = cpu(() => a.build(ctx));
    each.push([a.id, ms]);
    analyses += ms;
  }
  const [, artifacts] = cpu(() => globebench.artifacts(ctx));
  const total = load + prepare + analyses + artifacts;
  totals.push(total);
  console.log(
    `run ${run + 1}: load ${load.toFixed(0)} ms, prepare ${prepare.toFixed(0)} ms, analyses ${analyses.toFixed(0)} ms, artifacts ${artifacts.toFixed(0)} ms, total ${total.toFixed(0)} ms (resamples ${resamples})`,
  );
  if (run === 0) for (const [id, ms] of each.sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${id}`);
}
console.log(`globebench CPU, min of ${runs} runs: ${Math.min(...totals).toFixed(0)} ms`);
