// Builds, deterministically from the bundled sample, a GlobeBench release of the real release's size
// (about 0.9 GB of JSONL: the sample's 1,632 items x 20 models, each item with a ~100 KB `history`,
// each response with ~24 KB more raw text), as plain JSONL and, when asked, as Parquet too.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

// filler text of a given length, varied per row so that no codec collapses it to nothing
const words = 'the agent opens the ledger and reads the balance then moves funds between two accounts while the audit log records every step'.split(' ');
const text = (n, seed) => {
  let out = '';
  let i = seed;
  while (out.length < n) out += words[(i = (i * 1103515245 + 12345) % 2147483648) % words.length] + (i % 7 === 0 ? '.\n' : ' ');
  return out.slice(0, n);
};

const columnsOf = (rows) => {
  const names = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return names.map((name) => {
    const v = rows.map((r) => (Object.hasOwn(r, name) ? r[name] : null));
    const present = v.filter((x) => x !== null);
    if (present.some((x) => typeof x === 'object')) return { name, type: 'STRING', data: v.map((x) => (x === null ? null : JSON.stringify(x))) };
    const t = typeof present[0];
    if (t === 'boolean') return { name, type: 'BOOLEAN', data: v };
    if (t === 'number')
      return present.every(Number.isSafeInteger)
        ? { name, type: 'INT64', data: v.map((x) => (x === null ? null : BigInt(x))) }
        : { name, type: 'DOUBLE', data: v };
    return { name, type: 'STRING', data: v };
  });
};

/**
 * Writes the release under dir/jsonl (and dir/parquet with `parquet: true`), each with its
 * MANIFEST.json. Returns the bytes on disk of each form.
 */
export async function buildRealSizeGlobebench(dir, { scale = 1, parquet = false } = {}) {
  const parquetWriteBuffer = parquet ? (await import('hyparquet-writer')).parquetWriteBuffer : undefined;
  const sample = join(root, 'data', 'globebench');
  const manifest = JSON.parse(readFileSync(join(sample, 'MANIFEST.json'), 'utf8'));
  const read = (p) =>
    gunzipSync(readFileSync(join(sample, p)))
      .toString('utf8')
      .split('\n')
      .filter((l) => l)
      .map((l) => JSON.parse(l));
  const forms = parquet ? ['jsonl', 'parquet'] : ['jsonl'];
  const files = { jsonl: {}, parquet: {} };
  const bytes = { jsonl: 0, parquet: 0 };
  const put = (form, rel, data, rows) => {
    const full = join(dir, form, rel);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, data);
    files[form][rel] = { sha256: createHash('sha256').update(data).digest('hex'), rows };
    bytes[form] += data.length;
  };
  for (const path of Object.keys(manifest.files).sort()) {
    let rows = read(path);
    const logical = path.replace(/\.gz$/, '');
    if (logical === 'items.jsonl') rows = rows.map((r, i) => ({ ...r, history: text(Math.round(100_000 * scale), i + 1) }));
    if (logical.startsWith('responses/')) rows = rows.map((r, i) => ({ ...r, raw: r.raw + '\n' + text(Math.round(24_000 * scale), i + 7 * logical.length) }));
    put('jsonl', logical, Buffer.from(rows.map((r) => JSON.stringify(r) + '\n').join('')), rows.length);
    if (parquetWriteBuffer)
      put('parquet', logical.replace(/\.jsonl$/, '.parquet'), Buffer.from(parquetWriteBuffer({ columnData: columnsOf(rows) })), rows.length);
  }
  for (const form of forms) writeFileSync(join(dir, form, 'MANIFEST.json'), JSON.stringify({ ...manifest, files: files[form] }, null, 2));
  return bytes;
}
