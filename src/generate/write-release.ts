import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync, renameSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipDeterministic, toJsonl } from '../io/jsonl.js';

export interface ReleaseSpec {
  benchmark: 'globebench' | 'pawm' | 'cubebench';
  version: string;
  description: string;
  /** extra manifest fields, e.g. what the sample was calibrated to (kept by the loader) */
  extra?: Record<string, unknown>;
  /** logical path (e.g. `items.jsonl`) -> rows */
  files: Record<string, readonly unknown[]>;
}

/**
 * Writes a release directory in the format of RELEASE-FORMAT.md: every file gzipped (`.jsonl.gz`,
 * deterministic bytes) and a MANIFEST.json with each file's sha256 and row count, marked synthetic.
 * Writes into a sibling temporary directory and renames it into place, so a failed run leaves the
 * previous release intact.
 */
export function writeRelease(dir: string, spec: ReleaseSpec, opts: { gzip?: boolean } = {}): void {
  const gzip = opts.gzip ?? true;
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  const files: Record<string, { sha256: string; rows: number }> = {};
  for (const logical of Object.keys(spec.files).sort()) {
    const rows = spec.files[logical];
    const path = gzip ? `${logical}.gz` : logical;
    const text = toJsonl(rows);
    const bytes = gzip ? gzipDeterministic(text) : Buffer.from(text, 'utf8');
    mkdirSync(dirname(join(tmp, path)), { recursive: true });
    writeFileSync(join(tmp, path), bytes);
    files[path] = { sha256: createHash('sha256').update(bytes).digest('hex'), rows: rows.length };
  }
  const manifest = { benchmark: spec.benchmark, version: spec.version, synthetic: true, description: spec.description, ...spec.extra, files };
  writeFileSync(join(tmp, 'MANIFEST.json'), JSON.stringify(manifest, null, 2) + '\n');
  if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
  mkdirSync(dirname(dir), { recursive: true });
  renameSync(tmp, dir);
}
