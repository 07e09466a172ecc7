import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { DETAILS_CALL, type ReleaseFiles, type TextChunkPlan, type TextSource } from '../present/explore/explorer.js';
import { openForReread, RereadError } from '../release/load/reread.js';

/** A row read again: its line's bytes (a JSONL file read by offset) or its parsed value (any other file). */
type RowReader = (loc: TextSource) => { line: Buffer } | { value: Record<string, unknown> };

/**
 * The explorer's detail chunks as files made when written (one in memory at a time): each slot's
 * detail with its raw texts read again from the release. A plain JSONL file is checked to be the
 * file that was loaded (its size and modification time as the loader recorded them when it hashed
 * it; without them, or when they differ, its sha256 again, read in blocks) and its rows read by byte
 * offset, so a 0.9 GB release is never held whole; a `.gz` or Parquet file is read again whole
 * (`openForReread`). A text that is a JSON string on its line goes into the chunk as the line writes
 * it (the same JSON string literal, never decoded and encoded again); any other is parsed and written
 * with JSON.stringify.
 */
export function explorerTextFiles(plan: TextChunkPlan): Map<string, () => Buffer> {
  let open: { file: string; read: RowReader; close: () => void } | undefined;
  const reader = (file: string): RowReader => {
    if (open?.file === file) return open.read;
    open?.close();
    open = openRows(plan.release, file);
    return open.read;
  };
  const files = new Map<string, () => Buffer>();
  plan.chunks.forEach((chunk, i) => {
    files.set(chunk.file, () => {
      const details = inflateRawSync(chunk.details);
      const parts: Buffer[] = [Buffer.from(`${DETAILS_CALL}(${chunk.index},[`)];
      chunk.texts.forEach((slotTexts, j) => {
        parts.push(Buffer.from(j ? ',{"d":' : '{"d":'), details.subarray(j ? chunk.ends[j - 1] : 0, chunk.ends[j]), Buffer.from(',"t":['));
        slotTexts.forEach(([name, src], k) => {
          parts.push(Buffer.from(`${k ? ',' : ''}[${JSON.stringify(name)},`), textLiteral(reader(src.file)(src), src, plan.maxText), Buffer.from(']'));
        });
        parts.push(Buffer.from(']}'));
      });
      parts.push(Buffer.from(']);\n'));
      // the last chunk: nothing after it reads the release
      if (i === plan.chunks.length - 1) {
        open?.close();
        open = undefined;
      }
      return Buffer.concat(parts);
    });
  });
  return files;
}

/** A text as a JSON string literal: the line's own when the field is a string short enough, else made here. */
function textLiteral(row: { line: Buffer } | { value: Record<string, unknown> }, src: TextSource, maxText: number): Buffer {
  let value: unknown;
  if ('line' in row) {
    const span = topLevelString(row.line, src.field);
    // a literal of at most maxText bytes holds at most maxText characters: it is never cut
    if (span && span[1] - span[0] <= maxText) return row.line.subarray(span[0], span[1]);
    value = parseLine(row.line, src);
  } else value = row.value;
  const field = Object.hasOwn(value as object, src.field) ? (value as Record<string, unknown>)[src.field] : undefined;
  let text = typeof field === 'string' ? field : JSON.stringify(field ?? null, null, 2);
  if (text.length > maxText)
    text = `${text.slice(0, maxText)}\n\n[cut here: ${text.length.toLocaleString('en-US')} characters in all, at ${src.file}:${src.line}]`;
  return Buffer.from(JSON.stringify(text));
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Where the string literal that ends at the quote after `from` ends (the index after it), or -1. */
function stringEnd(b: Buffer, from: number): number {
  for (let j = from + 1; ; ) {
    const q = b.indexOf(QUOTE, j);
    if (q < 0) return -1;
    let n = 0;
    while (q - 1 - n > from && b[q - 1 - n] === BACKSLASH) n++;
    if (n % 2 === 0) return q + 1;
    j = q + 1;
  }
}

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/**
 * The span (quotes included) of the string value of a top-level key in one JSON object's bytes, as
 * JSON.parse would take it (the last of duplicate keys), or undefined when the value is not a
 * string, the key is absent, a key is written with an escape, or the text is not as expected: the
 * caller then parses the line. The line was checked and parsed when the release was loaded.
 */
export function topLevelString(b: Buffer, key: string): [number, number] | undefined {
  const want = Buffer.from(JSON.stringify(key));
  let i = 0;
  const skip = () => {
    while (i < b.length && isSpace(b[i])) i++;
  };
  skip();
  if (b[i] !== 0x7b) return undefined;
  i++;
  let found: [number, number] | undefined;
  for (;;) {
    skip();
    if (b[i] === 0x7d) return found;
    if (b[i] !== QUOTE) return undefined;
    const keyEnd = stringEnd(b, i);
    // an escaped key may spell the one asked for: only JSON.parse knows
    if (keyEnd < 0 || b.subarray(i, keyEnd).includes(BACKSLASH)) return undefined;
    const isKey = want.equals(b.subarray(i, keyEnd));
    i = keyEnd;
    skip();
    if (b[i] !== 0x3a) return undefined;
    i++;
    skip();
    const start = i;
    if (b[i] === QUOTE) {
      i = stringEnd(b, i);
      if (i < 0) return undefined;
      found = isKey ? [start, i] : found;
    } else {
      // a number, literal, object or array: to the comma or brace that ends it at this depth
      let depth = 0;
      for (; i < b.length; i++) {
        const c = b[i];
        if (c === QUOTE) {
          const e = stringEnd(b, i);
          if (e < 0) return undefined;
          i = e - 1;
        } else if (c === 0x7b || c === 0x5b) depth++;
        else if (c === 0x7d || c === 0x5d) {
          if (depth === 0) break;
          depth--;
        } else if (c === 0x2c && depth === 0) break;
      }
      if (isKey) found = undefined;
    }
    skip();
    if (b[i] === 0x2c) i++;
    else if (b[i] === 0x7d) return found;
    else return undefined;
  }
}

function parseLine(line: Buffer, src: TextSource): Record<string, unknown> {
  const end = line.length > 0 && line[line.length - 1] === 0x0d ? line.length - 1 : line.length;
  let value: unknown;
  try {
    value = JSON.parse(line.toString('utf8', 0, end));
  } catch (e) {
    throw new RereadError(src.file, `line ${src.line} does not parse on reading again (${(e as Error).message})`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new RereadError(src.file, `line ${src.line} is not a JSON object on reading again`);
  return value as Record<string, unknown>;
}

function openRows(release: ReleaseFiles, file: string): { file: string; read: RowReader; close: () => void } {
  const { dir, sha256 } = release;
  if (file.endsWith('.gz') || !file.endsWith('.jsonl')) {
    const reread = openForReread(dir, sha256, file);
    return { file, read: (loc) => ({ value: reread(loc) }), close: () => {} };
  }
  const fd = openSync(join(dir, file), 'r');
  try {
    // the file as the loader hashed it (same size and modification time): its sha256 is the one
    // taken when it was loaded, not computed again (a 0.9 GB release would be read twice more)
    const stamp = release.stamps?.get(file);
    const now = fstatSync(fd);
    if (stamp && stamp.size === now.size && stamp.mtimeMs === now.mtimeMs) return { file, read: rowReader(fd, file), close: () => closeSync(fd) };
    const hash = createHash('sha256');
    const block = Buffer.allocUnsafe(16 << 20);
    for (let n: number; (n = readSync(fd, block, 0, block.length, null)) > 0; ) hash.update(block.subarray(0, n));
    const got = hash.digest('hex');
    if (got !== sha256[file]) throw new RereadError(file, `changed on disk since the release was loaded (sha256 was ${sha256[file]}, is now ${got})`);
  } catch (e) {
    closeSync(fd);
    throw e;
  }
  return { file, read: rowReader(fd, file), close: () => closeSync(fd) };
}

/** Reads rows of an open JSONL file by their recorded byte offsets (the line's bytes, without its newline). */
function rowReader(fd: number, file: string): RowReader {
  return (loc) => {
    if (loc.offset === undefined || loc.length === undefined) throw new RereadError(file, `line ${loc.line} has no recorded byte offset`);
    const line = Buffer.allocUnsafe(loc.length);
    const n = readSync(fd, line, 0, loc.length, loc.offset);
    if (n !== loc.length) throw new RereadError(file, `line ${loc.line} is not at byte ${loc.offset} on reading again`);
    return { line };
  };
}
