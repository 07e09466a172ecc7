import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { chunkScript, type TextChunkPlan, type TextSource } from '../present/explore/explorer.js';
import { openForReread, RereadError } from '../release/load/reread.js';

type RowReader = (loc: TextSource) => Record<string, unknown>;

/**
 * The explorer's detail chunks as files made when written (one in memory at a time): each slot's
 * detail with its raw texts read again from the release. A plain JSONL file is checked against the
 * sha256 it was loaded with (read in blocks) and its rows read by byte offset, so a 0.9 GB release
 * is never held whole; a `.gz` or Parquet file is read again whole (`openForReread`).
 */
export function explorerTextFiles(plan: TextChunkPlan): Map<string, () => string> {
  let open: { file: string; read: RowReader; close: () => void } | undefined;
  const reader = (file: string): RowReader => {
    if (open?.file === file) return open.read;
    open?.close();
    open = openRows(plan.release.dir, plan.release.sha256, file);
    return open.read;
  };
  const files = new Map<string, () => string>();
  plan.chunks.forEach((chunk, i) => {
    files.set(chunk.file, () => {
      const slots = chunk.slots.map((s) => {
        const texts = s.texts.map(([name, src]) => {
          const value = reader(src.file)(src)[src.field];
          let text = typeof value === 'string' ? value : JSON.stringify(value ?? null, null, 2);
          if (text.length > plan.maxText)
            text = `${text.slice(0, plan.maxText)}\n\n[cut here: ${text.length.toLocaleString('en-US')} characters in all, at ${src.file}:${src.line}]`;
          return JSON.stringify([name, text]);
        });
        return `{"d":${s.detail},"t":[${texts.join(',')}]}`;
      });
      // the last chunk: nothing after it reads the release
      if (i === plan.chunks.length - 1) {
        open?.close();
        open = undefined;
      }
      return chunkScript('wbExplorerDetails', chunk.index, `[${slots.join(',')}]`);
    });
  });
  return files;
}

function openRows(dir: string, sha256: Readonly<Record<string, string>>, file: string): { file: string; read: RowReader; close: () => void } {
  if (file.endsWith('.gz') || !file.endsWith('.jsonl')) {
    const read = openForReread(dir, sha256, file);
    return { file, read, close: () => {} };
  }
  const fd = openSync(join(dir, file), 'r');
  try {
    const hash = createHash('sha256');
    const block = Buffer.allocUnsafe(16 << 20);
    for (let n: number; (n = readSync(fd, block, 0, block.length, null)) > 0; ) hash.update(block.subarray(0, n));
    const got = hash.digest('hex');
    if (got !== sha256[file]) throw new RereadError(file, `changed on disk since the release was loaded (sha256 was ${sha256[file]}, is now ${got})`);
  } catch (e) {
    closeSync(fd);
    throw e;
  }
  const read: RowReader = (loc) => {
    if (loc.offset === undefined || loc.length === undefined) throw new RereadError(file, `line ${loc.line} has no recorded byte offset`);
    const buf = Buffer.allocUnsafe(loc.length);
    readSync(fd, buf, 0, loc.length, loc.offset);
    const end = loc.length > 0 && buf[loc.length - 1] === 0x0d ? loc.length - 1 : loc.length;
    let value: unknown;
    try {
      value = JSON.parse(buf.toString('utf8', 0, end));
    } catch (e) {
      throw new RereadError(file, `line ${loc.line} does not parse on reading again (${(e as Error).message})`);
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      throw new RereadError(file, `line ${loc.line} is not a JSON object on reading again`);
    return value as Record<string, unknown>;
  };
  return { file, read, close: () => closeSync(fd) };
}
