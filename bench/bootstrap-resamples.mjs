// Goal: `reproduce --bench all` with 10,000 bootstrap resamples within 1.10x the time of a run with
// 100, now that CIs of discrete means are drawn as multinomial counts (src/derive/stats/
// bootstrap-mean-ci.ts). Both runs in this process's run, one after the other, same machine load.
// Then the bootstrap's own share: the same two runs under the V8 sampling profiler, summing the
// time spent inside src/derive/stats' bootstrap, sampler and quantile modules (self time of their
// functions: every bootstrap call the reports make, with the sample's real cell sizes).
// Run after `npm run build`: node bench/bootstrap-resamples.mjs [--no-profile] [--no-warm-up]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'bin', 'workbench.js');
const work = mkdtempSync(join(tmpdir(), 'bootstrap-resamples-'));
const profile = !process.argv.includes('--no-profile');

function run(resamples, extra = []) {
  const out = join(work, `out-${resamples}`);
  rmSync(out, { recursive: true, force: true });
  const t0 = process.hrtime.bigint();
  execFileSync(process.execPath, [...extra, cli, 'reproduce', '--bench', 'all', '--out', out, '--resamples', String(resamples)], {
    stdio: 'ignore',
  });
  return Number(process.hrtime.bigint() - t0) / 1e9;
}

// the modules whose functions make up a bootstrap call (rng.js left out: other analyses draw from
// it too; the samplers' calls into it are inlined into them)
const bootstrapModules =
  /\/derive\/stats\/(bootstrap-mean-ci|paired-bootstrap-diff-ci|binomial-sample|multinomial-sample|distinct-values|quantile-select|quantile-sorted)\.js$/;

function bootstrapSeconds(resamples) {
  const dir = join(work, `prof-${resamples}`);
  rmSync(dir, { recursive: true, force: true });
  run(resamples, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
  let self = 0;
  let total = 0;
  for (const f of readdirSync(dir)) {
    const p = JSON.parse(readFileSync(join(dir, f), 'utf8'));
    const byId = new Map(p.nodes.map((n) => [n.id, n]));
    const hits = new Map();
    for (const s of p.samples) hits.set(s, (hits.get(s) ?? 0) + 1);
    const dt = (p.endTime - p.startTime) / 1e6 / p.samples.length;
    for (const [id, count] of hits) {
      total += count * dt;
      if (bootstrapModules.test(byId.get(id).callFrame.url)) self += count * dt;
    }
  }
  return { self, total };
}

if (!process.argv.includes('--no-warm-up')) run(100); // warm the file cache
const t100 = run(100);
const t10k = run(10000);
console.log(`reproduce --bench all: ${t100.toFixed(2)} s at 100 resamples, ${t10k.toFixed(2)} s at 10,000`);
console.log(`  ratio 10,000 / 100 resamples: ${(t10k / t100).toFixed(3)}x (goal <= 1.10x)`);
if (profile) {
  const p100 = bootstrapSeconds(100);
  const p10k = bootstrapSeconds(10000);
  console.log(
    `  bootstrap's own time (profiled, every CI of the three reports): ${p100.self.toFixed(2)} s of ${p100.total.toFixed(2)} s at 100, ${p10k.self.toFixed(2)} s of ${p10k.total.toFixed(2)} s at 10,000`,
  );
}
rmSync(work, { recursive: true, force: true });
