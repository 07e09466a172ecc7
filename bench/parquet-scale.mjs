// Load time and peak memory of a GlobeBench release of the real release's size (about 0.9 GB: the
// sample's 1,632 items x 20 models, each item with a ~100 KB history, each response with ~24 KB of raw
// text) given as plain JSONL and as Parquet (hyparquet-writer, snappy pages, objects as JSON text).
// Each form is loaded in a fresh process; prints seconds, peak RSS and the Parquet/JSONL ratios.
// Run after `npm run build`:   node bench/parquet-scale.mjs [--scale 0.25] [--keep DIR]
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { parquetWriteBuffer } from 'hyparquet-writer';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
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

const sample = join(root, 'data', 'globebench');
const manifest = JSON.parse(readFileSync(join(sample, 'MANIFEST.json'), 'utf8'));
const read = (p) => gunzipSync(readFileSync(join(sample, p))).toString('utf8').split('\n').filter((l) => l).map((l) => JSON.parse(l));
// filler text of a given length, varied per row so that no codec collapses it to nothing
const words = 'the agent opens the ledger and reads the balance then moves funds between two accounts while the audit log records every step'.split(' ');
const text = (n, seed) => {
  let out = '';
  let i = seed;
  while (out.length < n) out += words[(i = (i * 1103515245 + 12345) % 2147483648) % words.length] + (i % 7 === 0 ? '.\n' : ' ');
  return out.slice(0, n);
};

const dir = keep ?? mkdtempSync(join(tmpdir(), 'parquet-scale-'));
const jsonlDir = join(dir, 'jsonl');
const parquetDir = join(dir, 'parquet');
const files = { jsonl: {}, parquet: {} };
const put = (form, rel, bytes, rows) => {
  const full = join(form === 'jsonl' ? jsonlDir : parquetDir, rel);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, bytes);
  files[form][rel] = { sha256: createHash('sha256').update(bytes).digest('hex'), rows };
};
const columnsOf = (rows) => {
  const names = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return names.map((name) => {
    const v = rows.map((r) => (Object.hasOwn(r, name) ? r[name] : null));
    const present = v.filter((x) => x !== null);
    if (present.some((x) => typeof x === 'object')) return { name, type: 'STRING', data: v.map((x) => (x === null ? null : JSON.stringify(x))) };
    const t = typeof present[0];
    if (t === 'boolean') return { name, type: 'BOOLEAN', data: v };
    if (t === 'number') return present.every(Number.isSafeInteger) ? { name, type: 'INT64', data: v.map((x) => (x === null ? null : BigInt(x))) } : { name, type: 'DOUBLE', data: v };
    return { name, type: 'STRING', data: v };
  });
};

let jsonlBytes = 0;
let parquetBytes = 0;
for (const path of Object.keys(manifest.files).sort()) {
  let rows = read(path);
  const logical = path.replace(/\.gz$/, '');
  if (logical === 'items.jsonl') rows = rows.map((r, i) => ({ ...r, history: text(Math.round(100_000 * scale), i + 1) }));
  if (logical.startsWith('responses/')) rows = rows.map((r, i) => ({ ...r, raw: r.raw + '\n' + text(Math.round(24_000 * scale), i + 7 * logical.length) }));
  const j = Buffer.from(rows.map((r) => JSON.stringify(r) + '\n').join(''));
  put('jsonl', logical, j, rows.length);
  jsonlBytes += j.length;
  const p = Buffer.from(parquetWriteBuffer({ columnData: columnsOf(rows) }));
  put('parquet', logical.replace(/\.jsonl$/, '.parquet'), p, rows.length);
  parquetBytes += p.length;
}
for (const form of ['jsonl', 'parquet']) writeFileSync(join(dir, form, 'MANIFEST.json'), JSON.stringify({ ...manifest, files: files[form] }, null, 2));

const run = (d) => {
  const r = spawnSync(process.execPath, ['--max-old-space-size=16384', fileURLToPath(import.meta.url), '--child', d], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout.trim().split('\n').pop());
};
const a = run(jsonlDir);
const b = run(parquetDir);
const mib = (n) => `${(n / 1048576).toFixed(0)} MiB`;
console.log(`GlobeBench at ${scale}x the real release's size: JSONL ${mib(jsonlBytes)} on disk, Parquet ${mib(parquetBytes)} on disk (${a.responses} responses)`);
console.log(`JSONL:   load ${a.seconds.toFixed(1)} s, peak RSS ${a.maxRssMiB.toFixed(0)} MiB`);
console.log(`Parquet: load ${b.seconds.toFixed(1)} s, peak RSS ${b.maxRssMiB.toFixed(0)} MiB`);
console.log(`ratio Parquet/JSONL: time ${(b.seconds / a.seconds).toFixed(2)}x, peak RSS ${(b.maxRssMiB / a.maxRssMiB).toFixed(2)}x, size on disk ${(parquetBytes / jsonlBytes).toFixed(2)}x`);
if (!keep) rmSync(dir, { recursive: true, force: true });
