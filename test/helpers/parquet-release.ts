import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parquetWriteBuffer } from 'hyparquet-writer';

/**
 * Test-side conversion of a JSONL release into its Parquet form, written by hyparquet-writer (not by
 * the workbench's reader) and read from the JSONL with plain JSON.parse, so a test compares the
 * workbench's two paths against a conversion it did not make.
 *
 * Columns as a dataset hub would type them: strings as STRING, booleans as BOOLEAN, integers as
 * INT64, other numbers as DOUBLE, objects and arrays as JSON text in a STRING column (the format's
 * rule), a field absent from a row as null. Every file of the manifest becomes `name.parquet`.
 */
export function writeParquetRelease(src: string, dst: string, opts: { codec?: 'SNAPPY' | 'UNCOMPRESSED'; rowGroupSize?: number } = {}): void {
  const manifest = JSON.parse(readFileSync(join(src, 'MANIFEST.json'), 'utf8'));
  const files: Record<string, { sha256: string; rows: number }> = {};
  for (const path of Object.keys(manifest.files).sort()) {
    const bytes = readFileSync(join(src, path));
    const text = (path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
    const rows = text
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const out = path.replace(/\.gz$/, '').replace(/\.jsonl$/, '.parquet');
    const buf = Buffer.from(
      parquetWriteBuffer({ columnData: columnsOf(rows), codec: opts.codec ?? 'SNAPPY', rowGroupSize: opts.rowGroupSize ?? [1000, 100000] }),
    );
    mkdirSync(dirname(join(dst, out)), { recursive: true });
    writeFileSync(join(dst, out), buf);
    files[out] = { sha256: createHash('sha256').update(buf).digest('hex'), rows: rows.length };
  }
  writeFileSync(join(dst, 'MANIFEST.json'), JSON.stringify({ ...manifest, files }, null, 2) + '\n');
}

type Col = { name: string; data: unknown[]; type: 'STRING' | 'BOOLEAN' | 'INT64' | 'DOUBLE' };

export function columnsOf(rows: Record<string, unknown>[]): Col[] {
  const names: string[] = [];
  for (const r of rows) for (const k of Object.keys(r)) if (!names.includes(k)) names.push(k);
  return names.map((name) => {
    const values = rows.map((r) => (Object.hasOwn(r, name) ? r[name] : null));
    const present = values.filter((v) => v !== null);
    const structured = present.some((v) => typeof v === 'object');
    if (structured) return { name, type: 'STRING', data: values.map((v) => (v === null ? null : typeof v === 'string' ? v : JSON.stringify(v))) };
    const types = new Set(present.map((v) => typeof v));
    if (types.size > 1) throw new Error(`column ${name} mixes ${[...types].join(', ')}`);
    const t = [...types][0] ?? 'string';
    if (t === 'boolean') return { name, type: 'BOOLEAN', data: values };
    if (t === 'number') {
      if (present.every((v) => Number.isSafeInteger(v))) return { name, type: 'INT64', data: values.map((v) => (v === null ? null : BigInt(v as number))) };
      return { name, type: 'DOUBLE', data: values };
    }
    return { name, type: 'STRING', data: values };
  });
}
