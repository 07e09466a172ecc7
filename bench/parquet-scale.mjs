// Load time and peak memory of a GlobeBench release of the real release's size (about 0.9 GB: the
// sample's 1,632 items x 20 models, each item with a ~100 KB history, each response with ~24 KB of raw
// text) given as plain JSONL and as Parquet (hyparquet-writer, snappy pages, objects as JSON text).
// Each form is loaded in a fresh process; prints seconds, peak RSS and the Parquet/JSONL ratios.
// Run after `npm run build`:   node bench/parquet-scale.mjs [--scale 0.25] [--keep DIR]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildRealSizeGlobebench } from './lib/real-size-globebench.mjs';

const argv = process.argv.slice(2);
const scale = Number(argv[argv.indexOf('--scale') + 1] ?? 1) || 1;
const keep = argv.includes('--keep') ? argv[argv.indexOf('--keep') + 1] : undefined;

if (argv[0] === '--child') {
  const { loadGlobebench } = await import('../dist/src/release/load/globebench.js');
  const t0 = process.hrtime.bigint();
  const r = loadGlobebench(argv[1]);
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  console.log(JSON.stringify({ seconds: s, maxRssMiB: process.resourceUsage().maxRSS / 1024, responses: r.responses.length }));
  process.exit(0);
}

const dir = keep ?? mkdtempSync(join(tmpdir(), 'parquet-scale-'));
const jsonlDir = join(dir, 'jsonl');
const parquetDir = join(dir, 'parquet');
const { jsonl: jsonlBytes, parquet: parquetBytes } = await buildRealSizeGlobebench(dir, { scale, parquet: true });

const run = (d) => {
  const r = spawnSync(process.execPath, ['--max-old-space-size=16384', fileURLToPath(import.meta.url), '--child', d], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout.trim().split('\n').pop());
};
const a = run(jsonlDir);
const b = run(parquetDir);
const mib = (n) => `${(n / 1048576).toFixed(0)} MiB`;
console.log(
  `GlobeBench at ${scale}x the real release's size: JSONL ${mib(jsonlBytes)} on disk, Parquet ${mib(parquetBytes)} on disk (${a.responses} responses)`,
);
console.log(`JSONL:   load ${a.seconds.toFixed(1)} s, peak RSS ${a.maxRssMiB.toFixed(0)} MiB`);
console.log(`Parquet: load ${b.seconds.toFixed(1)} s, peak RSS ${b.maxRssMiB.toFixed(0)} MiB`);
console.log(
  `ratio Parquet/JSONL: time ${(b.seconds / a.seconds).toFixed(2)}x, peak RSS ${(b.maxRssMiB / a.maxRssMiB).toFixed(2)}x, size on disk ${(parquetBytes / jsonlBytes).toFixed(2)}x`,
);
if (!keep) rmSync(dir, { recursive: true, force: true });
