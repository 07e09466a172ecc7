import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describeReadError, MAX_FILE_BYTES } from '../io/jsonl.js';
import { parseParquetBytes, isParquetPath } from './parquet-fields.js';
import { responseKey, type GlobeRelease, type RowLocation } from './globebench.js';

/** A row read again from disk is not the row that was loaded: the file changed, or is gone. */
export class RereadError extends Error {
  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(`${file}: ${detail}`);
    this.name = 'RereadError';
  }
}

/**
 * Reads one row of a loaded release again from disk, by the location the loader recorded: the file
 * must still have the sha256 it had when loaded (so the row is the one that was checked), then its
 * line is taken by byte offset from the decompressed stream (a `.gz` file is decompressed again) and
 * parsed. Parquet rows are found by row number.
 */
export function rereadRow(dir: string, sha256: Readonly<Record<string, string>>, loc: RowLocation): Record<string, unknown> {
  return openForReread(dir, sha256, loc.file)(loc);
}

/**
 * Reads one file of a loaded release again (checking its sha256, as `rereadRow`) and returns a
 * reader of its rows by location: many rows of one file cost one read.
 */
export function openForReread(dir: string, sha256: Readonly<Record<string, string>>, file: string): (loc: RowLocation) => Record<string, unknown> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(join(dir, file));
  } catch (e) {
    throw new RereadError(file, `cannot read file again (${describeReadError(e)})`);
  }
  const hash = createHash('sha256').update(bytes).digest('hex');
  if (hash !== sha256[file]) throw new RereadError(file, `changed on disk since the release was loaded (sha256 was ${sha256[file]}, is now ${hash})`);
  if (isParquetPath(file)) {
    const rows = parseParquetBytes(bytes, file, 1).rows;
    return (loc) => {
      // rows are numbered from 1 in file order: look there first rather than scan the file's rows
      const row = rows[loc.line - 1]?.line === loc.line ? rows[loc.line - 1] : rows.find((r) => r.line === loc.line);
      if (!row) throw new RereadError(file, `no row ${loc.line} on reading again`);
      return row.value;
    };
  }
  const data = file.endsWith('.gz') ? gunzipSync(bytes, { maxOutputLength: MAX_FILE_BYTES }) : bytes;
  return (loc) => {
    if (loc.offset === undefined || loc.length === undefined) throw new RereadError(file, `line ${loc.line} has no recorded byte offset`);
    let end = loc.offset + loc.length;
    if (end > data.length || (end < data.length && data[end] !== 0x0a))
      throw new RereadError(file, `line ${loc.line} is not at byte ${loc.offset} on reading again`);
    if (end > loc.offset && data[end - 1] === 0x0d) end--;
    let value: unknown;
    try {
      value = JSON.parse(data.toString('utf8', loc.offset, end));
    } catch (e) {
      throw new RereadError(file, `line ${loc.line} does not parse on reading again (${(e as Error).message})`);
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      throw new RereadError(file, `line ${loc.line} is not a JSON object on reading again`);
    return value as Record<string, unknown>;
  };
}

/** The raw texts of every response of one model (item_id -> raw), read again from its file in one pass. */
export function readResponseRaws(release: GlobeRelease, model_id: string): Map<string, string> {
  const out = new Map<string, string>();
  let read: ((loc: RowLocation) => Record<string, unknown>) | undefined;
  for (const r of release.responses) {
    if (r.model_id !== model_id) continue;
    const loc = release.locations.response.get(responseKey(model_id, r.item_id))!;
    read ??= openForReread(release.dir, release.sha256, loc.file);
    const row = read(loc);
    if (row.model_id !== model_id || row.item_id !== r.item_id || typeof row.raw !== 'string')
      throw new RereadError(loc.file, `line ${loc.line} is no longer the response of ${model_id} to ${r.item_id}`);
    out.set(r.item_id, row.raw);
  }
  return out;
}

/** The whole row of one response as responses/<model_id>.jsonl holds it, read again from disk. */
export function readResponseRow(release: GlobeRelease, model_id: string, item_id: string): Record<string, unknown> {
  const loc = release.locations.response.get(responseKey(model_id, item_id));
  if (!loc) throw new Error(`no response of model ${JSON.stringify(model_id)} to item ${JSON.stringify(item_id)}`);
  const row = rereadRow(release.dir, release.sha256, loc);
  if (row.model_id !== model_id || row.item_id !== item_id)
    throw new RereadError(loc.file, `line ${loc.line} is no longer the response of ${model_id} to ${item_id}`);
  return row;
}

/** The raw text of one response, which the loaded release does not hold in memory. */
export function readResponseRaw(release: GlobeRelease, model_id: string, item_id: string): string {
  const row = readResponseRow(release, model_id, item_id);
  if (typeof row.raw !== 'string')
    throw new RereadError(
      release.locations.response.get(responseKey(model_id, item_id))!.file,
      `the response of ${model_id} to ${item_id} has no raw text on reading again`,
    );
  return row.raw;
}

/** The whole row of one item as items.jsonl holds it (its history included), read again from disk. */
export function readItemRow(release: GlobeRelease, item_id: string): Record<string, unknown> {
  const loc = release.locations.item.get(item_id);
  if (!loc) throw new Error(`no item ${JSON.stringify(item_id)} in this release`);
  const row = rereadRow(release.dir, release.sha256, loc);
  if (row.item_id !== item_id) throw new RereadError(loc.file, `line ${loc.line} is no longer item ${item_id}`);
  return row;
}
