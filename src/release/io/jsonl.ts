import { readFileSync } from 'node:fs';
import { constants as bufferConstants, isAscii, isUtf8 } from 'node:buffer';
import { gunzipSync, gzipSync } from 'node:zlib';
import { checkJsonText } from './json-checks.js';
import { flatLineParser, type LinesParser } from './flat-lines.js';
import type { Problem } from './problems.js';

/** One parsed JSONL row with the 1-based line it came from. */
export interface Row<T = unknown> {
  line: number;
  value: T;
  /** JSONL: where the line starts in the file's decompressed bytes, and its length in bytes (without the `\n`) */
  offset?: number;
  length?: number;
}

export interface ParsedJsonl {
  rows: Row<Record<string, unknown>>[];
  problems: Problem[];
}

/**
 * The largest file (after gunzip) the loader reads: the longest string the JavaScript engine can hold
 * (about 512 MiB). It also bounds what a small hostile `.gz` (a "gzip bomb") can make us allocate.
 */
export const MAX_FILE_BYTES = bufferConstants.MAX_STRING_LENGTH;

/**
 * Arrays and objects nested deeper than this are refused: no release needs it, and the grader and
 * renderers recurse over values (a line of 100,000 `[` would overflow the stack there).
 */
export const MAX_NESTING = 1000;

const mib = (n: number) => `${(n / 1048576).toFixed(0)} MiB`;

/** Reads a file's bytes, gunzipping when the name ends in `.gz`. Problems name the file. */
export function readMaybeGzip(path: string, label: string, maxBytes = MAX_FILE_BYTES, given?: Buffer): { text?: string; bytes?: Buffer; problems: Problem[] } {
  const r = readMaybeGzipBytes(path, label, maxBytes, given);
  if (r.data === undefined) return { bytes: r.bytes, problems: r.problems };
  // fatal: an invalid byte is a problem, not a replacement character; the BOM is dropped as before
  return { bytes: r.bytes, text: new TextDecoder('utf-8', { fatal: true }).decode(r.data), problems: [] };
}

/**
 * Reads a file's bytes and gunzips them when the name ends in `.gz`: `bytes` as on disk (what the
 * manifest's sha256 certifies), `data` the decompressed stream, checked to be valid UTF-8 (rows are
 * decoded line by line from it, and a row's byte offset in it is what a re-read seeks).
 */
export function readMaybeGzipBytes(
  path: string,
  label: string,
  maxBytes = MAX_FILE_BYTES,
  given?: Buffer,
): { data?: Buffer; bytes?: Buffer; problems: Problem[] } {
  let bytes: Buffer;
  try {
    bytes = given ?? readFileSync(path);
  } catch (e) {
    return { problems: [{ file: label, message: `cannot read file (${describeReadError(e)})` }] };
  }
  let raw = bytes;
  const tooLarge = { bytes, problems: [{ file: label, message: `larger than ${mib(maxBytes)} uncompressed (the most the loader reads from one file)` }] };
  if (path.endsWith('.gz')) {
    try {
      raw = gunzipSync(bytes, { maxOutputLength: maxBytes, chunkSize: gunzipChunkSize(bytes, maxBytes) });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return tooLarge;
      return { bytes, problems: [{ file: label, message: `corrupt gzip data (${(e as Error).message})` }] };
    }
  }
  if (raw.length > maxBytes) return tooLarge;
  if (!isUtf8(raw)) return { bytes, problems: [{ file: label, message: 'not valid UTF-8' }] };
  return { bytes, data: raw, problems: [] };
}

/**
 * The output chunk size for gunzipping `bytes`: room for the whole stream as the gzip trailer states
 * it (ISIZE, the last member's length mod 2^32), plus one byte so that zlib is not left with a full
 * buffer, which makes it allocate another. The stream then usually inflates into one buffer, with no
 * chunks to concatenate (16 KiB chunks copied into one buffer at the end cost as much as inflating).
 * Only the speed depends on it: a wrong ISIZE (or several members) just gives several chunks. Bounded
 * by `maxBytes` and by what deflate can expand the bytes to (about 1032:1), so a trailer cannot make
 * us allocate more than the stream could hold.
 */
function gunzipChunkSize(bytes: Buffer, maxBytes: number): number {
  const isize = bytes.length >= 18 ? bytes.readUInt32LE(bytes.length - 4) : 0;
  return Math.max(64 * 1024, Math.min(isize + 1, maxBytes + 1, bytes.length * 1032 + 1024));
}

/**
 * Parses JSON Lines text. Lenient on purpose in two ways only, both documented in the README:
 * a UTF-8 byte-order mark at the start and CRLF line ends are accepted. Everything else that is not
 * one JSON object per line is a problem with its line number: a blank line in the middle, a line that
 * is not JSON, a value that is not an object, NaN/Infinity (not JSON), and a last line without `\n`
 * (a truncated write).
 */
export function parseJsonl(text: string, label: string, maxProblems = 200): ParsedJsonl {
  const problems: Problem[] = [];
  const rows: Row<Record<string, unknown>>[] = [];
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.length === 0) return { rows, problems };
  const lines = text.split('\n');
  const last = lines.pop();
  if (last !== undefined && last !== '') {
    lines.push(last);
    const lineNo = lines.length;
    problems.push({ file: label, line: lineNo, message: 'last line does not end with a newline (truncated file?)' });
  }
  for (let i = 0; i < lines.length; i++) {
    if (problems.length >= maxProblems) break;
    let line = lines[i];
    if (line.endsWith('\r')) line = line.slice(0, -1);
    const value = parseLine(line, i + 1, label, problems);
    if (value !== undefined) rows.push({ line: i + 1, value });
  }
  return { rows, problems };
}

/** Rows of `parseJsonlBytes`: each also says where its line is, for a re-read from disk. */
export interface ParsedJsonlBytes {
  rows: LocatedRow[];
  problems: Problem[];
}

/** A row with the byte span of its line in the file's decompressed stream (without the `\n`). */
interface LocatedRow extends Row<Record<string, unknown>> {
  offset: number;
  length: number;
  /** top-level string fields taken out of `value` after the checks (`offload`), kept on disk only */
  offloaded?: readonly string[];
  /** set when `accept` refused the value, which the row then holds as parsed */
  refused?: true;
}

/**
 * `parseJsonl` on the decompressed bytes of a file (valid UTF-8, see `readMaybeGzipBytes`): the same
 * rules, problems and messages, without holding the file as one string. Top-level fields named in
 * `offload` whose value is a string are dropped from the row once it has passed the checks (the row
 * lists them in `offloaded`): large text an analysis reads only on demand, by the row's offset, stays
 * on disk. `accept`, when given, sees each value that passed the checks (after `offload`) and gives
 * the value the row keeps, or undefined to keep the parsed value and mark the row `refused`: a schema
 * check run here lets the parsed value die young when the row keeps a checked copy, instead of living
 * as long as the rows of the whole file.
 *
 * This is the fast reading, the loader's: whole chunks of lines are read at once where they can be
 * shown to give what each line gives on its own (`flatLineParser`, `chunkParser`), and a line's checks
 * start with a quick test (`parseLine`). `parseJsonlPlain` beside it is the reference, one line at a
 * time; the two give the same rows and problems (test/load/jsonl-fast-plain-agree.test.ts).
 */
export function parseJsonlBytes(
  data: Buffer,
  label: string,
  maxProblems = 200,
  offload: readonly string[] = [],
  accept?: (value: Record<string, unknown>) => Record<string, unknown> | undefined,
): ParsedJsonlBytes {
  const problems: Problem[] = [];
  const rows: LocatedRow[] = [];
  const n = data.length;
  let pos = afterByteOrderMarks(data);
  if (pos >= n) return { rows, problems };
  truncatedLastLine(data, pos, label, problems);
  const keep = rowKeeper(rows, offload, accept);
  const flat = flatLineParser(data);
  const chunks = chunkParser(data);
  // where each line of the current chunk ends: its `\n`, or the end of the data for a last line without one
  const ends: number[] = [];
  let lineNo = 0;
  lines: while (pos < n) {
    if (problems.length >= maxProblems) break;
    ends.length = 0;
    let end = pos - 1;
    do {
      end = data.indexOf(0x0a, end + 1);
      if (end === -1) end = n;
      ends.push(end);
    } while (end + 1 < n && end + 1 - pos < CHUNK_BYTES);
    const values = flat.parse(pos, ends) ?? chunks.parse(pos, ends);
    let start = pos;
    if (values !== undefined) {
      for (let k = 0; k < ends.length; k++) {
        keep(values[k], ++lineNo, start, ends[k]);
        start = ends[k] + 1;
      }
    } else {
      for (let k = 0; k < ends.length; k++) {
        if (problems.length >= maxProblems) break lines;
        const e = ends[k];
        lineNo++;
        const lineEnd = e > start && data[e - 1] === 0x0d ? e - 1 : e;
        const value = parseLine(data.toString('utf8', start, lineEnd), lineNo, label, problems);
        if (value !== undefined) keep(value, lineNo, start, e);
        start = e + 1;
      }
    }
    pos = start;
  }
  return { rows, problems };
}

/**
 * The plain reading of `parseJsonlBytes`, its reference: each line cut at its `\n`, decoded, one `\r`
 * dropped from its end, and checked on its own by `parseLinePlain` (JSON.parse, then the checks of the
 * text). The same arguments, rows and problems.
 */
export function parseJsonlPlain(
  data: Buffer,
  label: string,
  maxProblems = 200,
  offload: readonly string[] = [],
  accept?: (value: Record<string, unknown>) => Record<string, unknown> | undefined,
): ParsedJsonlBytes {
  const problems: Problem[] = [];
  const rows: LocatedRow[] = [];
  const n = data.length;
  let pos = afterByteOrderMarks(data);
  if (pos >= n) return { rows, problems };
  truncatedLastLine(data, pos, label, problems);
  const keep = rowKeeper(rows, offload, accept);
  for (let lineNo = 1; pos < n && problems.length < maxProblems; lineNo++) {
    let end = data.indexOf(0x0a, pos);
    if (end === -1) end = n;
    const lineEnd = end > pos && data[end - 1] === 0x0d ? end - 1 : end;
    const value = parseLinePlain(data.toString('utf8', pos, lineEnd), lineNo, label, problems);
    if (value !== undefined) keep(value, lineNo, pos, end);
    pos = end + 1;
  }
  return { rows, problems };
}

/** Where a file's lines start: after up to two UTF-8 byte-order marks (the text path drops one when decoding, `parseJsonl` the next). */
function afterByteOrderMarks(data: Buffer): number {
  let pos = 0;
  for (let b = 0; b < 2 && pos + 2 < data.length && data[pos] === 0xef && data[pos + 1] === 0xbb && data[pos + 2] === 0xbf; b++) pos += 3;
  return pos;
}

/** The problem of a last line without its `\n` (a truncated write), numbered as the lines from `pos` count. */
function truncatedLastLine(data: Buffer, pos: number, label: string, problems: Problem[]): void {
  if (data[data.length - 1] === 0x0a) return;
  let lines = 1;
  for (let i = data.indexOf(0x0a, pos); i !== -1; i = data.indexOf(0x0a, i + 1)) lines++;
  problems.push({ file: label, line: lines, message: 'last line does not end with a newline (truncated file?)' });
}

/** What happens to a line's value once it has passed the checks (`offload`, `accept`): the row it makes, pushed to `rows`. */
function rowKeeper(
  rows: LocatedRow[],
  offload: readonly string[],
  accept: ((value: Record<string, unknown>) => Record<string, unknown> | undefined) | undefined,
): (value: Record<string, unknown>, lineNo: number, start: number, end: number) => void {
  const offloadedSets = new Map<string, readonly string[]>();
  return (value, lineNo, start, end) => {
    const row: LocatedRow = { line: lineNo, value, offset: start, length: end - start };
    if (offload.length) {
      let taken = '';
      for (const f of offload) {
        if (Object.hasOwn(value, f) && typeof value[f] === 'string') {
          delete value[f];
          taken += taken ? `\u0000${f}` : f;
        }
      }
      if (taken) {
        let list = offloadedSets.get(taken);
        if (!list) offloadedSets.set(taken, (list = taken.split('\u0000')));
        row.offloaded = list;
      }
    }
    if (accept) {
      const kept = accept(row.value);
      if (kept === undefined) row.refused = true;
      else row.value = kept;
    }
    rows.push(row);
  };
}

/** About how many bytes of lines one JSON.parse call reads (`chunkParser`). */
const CHUNK_BYTES = 64 * 1024;

/**
 * Parses many lines with one JSON.parse call, as the array `[line1,line2,...]`: the engine's setup per
 * call and the string made per line cost about as much as parsing them. `parse` gives the lines'
 * objects only when it can show that every line, parsed on its own, gives the same object and passes
 * every check of `parseLine` (so it would add no problem); otherwise undefined, and the caller parses
 * those lines one by one, which finds the problems and their lines as always. Why it is exact:
 *
 * - Each line starts with `{` and ends with `}`, the chunk holds no other `{` byte, and the array
 *   parses to as many objects as there are lines. Every object opens with a `{` outside strings, so
 *   the chunk's `{` bytes are all openers of the array's elements, and element k spans exactly line k:
 *   an element running past its line's end would hold the next line's `{`, and an element ending
 *   before it would leave the rest of the line (which ends in `}`) to another element, an object
 *   opening with a second `{` in that line. So each line is the text of one object on its own.
 * - No `\u` in the chunk, the arrays nest at most MAX_NESTING deep, no number beyond 2^53, and each
 *   line's colons equal its object's keys and the colons in its strings: `quickCheck`'s test, so every
 *   line is CLEAN. The keys are counted first (`walkKeys`): the strings are scanned only for a line
 *   with more colons than keys.
 */
function chunkParser(data: Buffer): LinesParser {
  // the first `\u` at or after the chunk last looked at (searched again only once passed)
  let unicodeEscape = -1;
  // the first `:` at or after the line last looked at (Infinity: none left)
  let colon = -1;
  let scratch = Buffer.allocUnsafe(0);
  const nextColon = (from: number): number => {
    const i = data.indexOf(0x3a, from);
    return i === -1 ? Infinity : i;
  };
  return {
    parse(start, ends) {
      const count = ends.length;
      const stop = ends[count - 1];
      if (unicodeEscape !== Infinity && unicodeEscape < start) {
        unicodeEscape = data.indexOf('\\u', start);
        if (unicodeEscape === -1) unicodeEscape = Infinity;
      }
      if (unicodeEscape < stop) return undefined;
      let s = start;
      for (let k = 0; k < count; k++) {
        const e = ends[k];
        if (e - s < 2 || data[s] !== 0x7b || data[e - 1] !== 0x7d) return undefined;
        // the line's next `{` must open the next line
        const next = data.indexOf(0x7b, s + 1);
        if (next !== -1 && next < stop && next !== e + 1) return undefined;
        s = e + 1;
      }
      // the array's text, made in bytes: a copy of the lines with each `\n` between them made a `,`
      const size = stop - start + 2;
      if (scratch.length < size) scratch = Buffer.allocUnsafe(Math.max(size, 2 * scratch.length));
      scratch[0] = 0x5b;
      data.copy(scratch, 1, start, stop);
      for (let k = 0; k < count - 1; k++) scratch[ends[k] - start + 1] = 0x2c;
      scratch[size - 1] = 0x5d;
      const text = scratch.toString('utf8', 0, size);
      let values: unknown;
      try {
        values = JSON.parse(text);
      } catch {
        return undefined;
      }
      if (!Array.isArray(values) || values.length !== count) return undefined;
      // in an ASCII chunk, byte b of the data is character b - start + 1 of the text, where a search is quicker
      const ascii = isAscii(scratch.subarray(0, size));
      let colonInText = ascii ? text.indexOf(':') : -1;
      if (!ascii && colon !== Infinity && colon < start) colon = nextColon(start);
      for (let k = 0; k < count; k++) {
        const v = values[k];
        if (v === null || typeof v !== 'object' || Array.isArray(v)) return undefined;
        const e = ends[k];
        let written = 0;
        if (ascii) {
          for (const eInText = e - start + 1; colonInText !== -1 && colonInText < eInText; colonInText = text.indexOf(':', colonInText + 1)) written++;
        } else {
          for (; colon < e; colon = nextColon(colon + 1)) written++;
        }
        // the keys' colons first: when they are all the line's colons, its strings hold none
        walkState.colons = 0;
        walkState.unsafe = false;
        if (!walkKeys(v as Record<string, unknown>, 1) || walkState.unsafe) return undefined;
        if (walkState.colons !== written) {
          walkState.colons = 0;
          walk(v, 1);
          if (walkState.colons !== written) return undefined;
        }
      }
      return values as Record<string, unknown>[];
    },
  };
}

/** One line's checks (the line without its `\n` and `\r`); the object, or undefined after a problem. */
function parseLine(line: string, lineNo: number, label: string, problems: Problem[]): Record<string, unknown> | undefined {
  // a line that opens an object is not blank: the trim is only for the others
  if (line.charCodeAt(0) !== 0x7b && line.trim() === '') {
    problems.push({ file: label, line: lineNo, message: 'empty line (expected one JSON object per line)' });
    return undefined;
  }
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (e) {
    const snippet = line.length > 60 ? `${line.slice(0, 60)}...` : line;
    problems.push({ file: label, line: lineNo, message: `not valid JSON (${(e as Error).message}): ${JSON.stringify(snippet)}` });
    return undefined;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    problems.push({ file: label, line: lineNo, message: 'expected a JSON object' });
    return undefined;
  }
  // The cheap test: the parsed value nests at most MAX_NESTING deep, holds no number beyond 2^53,
  // and has as many keys as the text has colons outside strings (so no key was repeated). When it
  // passes, the text scans below cannot find anything; when not, they run and say what and where.
  const verdict = quickCheck(line, value as Record<string, unknown>);
  if (verdict === TOO_DEEP) {
    problems.push({ file: label, line: lineNo, message: `arrays/objects nested more than ${MAX_NESTING} levels deep (expected at most ${MAX_NESTING})` });
    return undefined;
  }
  if (verdict === CLEAN) return value as Record<string, unknown>;
  // a line of n characters nests at most n / 2 levels, so only long lines need the scan
  if (line.length > 2 * MAX_NESTING && nestingExceeds(line, MAX_NESTING)) {
    problems.push({ file: label, line: lineNo, message: `arrays/objects nested more than ${MAX_NESTING} levels deep (expected at most ${MAX_NESTING})` });
    return undefined;
  }
  const textIssues = checkJsonText(line);
  if (textIssues.length) {
    for (const t of textIssues) problems.push({ file: label, line: lineNo, field: t.path, message: t.message });
    return undefined;
  }
  return value as Record<string, unknown>;
}

/**
 * The plain form of `parseLine`, its reference: the line's checks one after the other, each over the
 * whole line. Not blank; JSON; an object; arrays and objects nested at most MAX_NESTING deep (counted
 * in the text, so a value dropped as a repeated key counts too); then `checkJsonText` (no repeated key,
 * no number beyond a double, no integer beyond 2^53 that a double cannot hold).
 */
function parseLinePlain(line: string, lineNo: number, label: string, problems: Problem[]): Record<string, unknown> | undefined {
  if (line.trim() === '') {
    problems.push({ file: label, line: lineNo, message: 'empty line (expected one JSON object per line)' });
    return undefined;
  }
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (e) {
    const snippet = line.length > 60 ? `${line.slice(0, 60)}...` : line;
    problems.push({ file: label, line: lineNo, message: `not valid JSON (${(e as Error).message}): ${JSON.stringify(snippet)}` });
    return undefined;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    problems.push({ file: label, line: lineNo, message: 'expected a JSON object' });
    return undefined;
  }
  if (nestingExceeds(line, MAX_NESTING)) {
    problems.push({ file: label, line: lineNo, message: `arrays/objects nested more than ${MAX_NESTING} levels deep (expected at most ${MAX_NESTING})` });
    return undefined;
  }
  const textIssues = checkJsonText(line);
  for (const t of textIssues) problems.push({ file: label, line: lineNo, field: t.path, message: t.message });
  return textIssues.length ? undefined : (value as Record<string, unknown>);
}

const CLEAN = 0;
const SCAN = 1;
const TOO_DEEP = 2;

/**
 * Why the test is exact. Every colon of JSON text outside strings separates one key from its value,
 * and a string without `\u` escapes holds as many colons parsed as written. So, for a line without
 * `\u`: colons in the text = keys written + colons in every string written; the parsed value has
 * keys kept + colons in the strings kept, which is the same sum exactly when no key was dropped as a
 * repeat. A number whose text is an integer beyond 2^53 parses to a number beyond 2^53 - 1. A value
 * dropped as a repeat may nest deeper than the kept one, which the text scan then finds.
 */
function quickCheck(line: string, value: Record<string, unknown>): number {
  if (line.indexOf('\\u') !== -1) return SCAN;
  walkState.colons = 0;
  walkState.unsafe = false;
  if (!walk(value, 1)) return TOO_DEEP;
  if (walkState.unsafe) return SCAN;
  return countColons(line) === walkState.colons ? CLEAN : SCAN;
}

const walkState = { colons: 0, unsafe: false };

function countColons(s: string): number {
  let c = 0;
  for (let i = s.indexOf(':'); i !== -1; i = s.indexOf(':', i + 1)) c++;
  return c;
}

/** Counts keys and colons in strings into walkState; false when arrays/objects nest deeper than MAX_NESTING. */
function walk(v: unknown, depth: number): boolean {
  if (depth > MAX_NESTING) return false;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const x = v[i];
      if (typeof x === 'string') walkState.colons += countColons(x);
      else if (typeof x === 'number') {
        if (x > Number.MAX_SAFE_INTEGER || x < -Number.MAX_SAFE_INTEGER) walkState.unsafe = true;
      } else if (x !== null && typeof x === 'object' && !walk(x, depth + 1)) return false;
    }
    return true;
  }
  const o = v as Record<string, unknown>;
  for (const k in o) {
    walkState.colons += 1 + countColons(k);
    const x = o[k];
    if (typeof x === 'string') walkState.colons += countColons(x);
    else if (typeof x === 'number') {
      if (x > Number.MAX_SAFE_INTEGER || x < -Number.MAX_SAFE_INTEGER) walkState.unsafe = true;
    } else if (x !== null && typeof x === 'object' && !walk(x, depth + 1)) return false;
  }
  return true;
}

/** The column of keys last seen at each position of a top-level object, and their colons (`walkKeys`). */
const keyAt: string[] = [];
const keyColons: number[] = [];

/**
 * `walk` without counting the colons in string values: counts each key with its colons into walkState
 * (a lower bound of `walk`'s count), and marks numbers beyond 2^53. The keys of a top-level object are
 * compared with those of the previous one at the same position, which rows of one shape all match, so
 * a key's colons are counted once.
 */
function walkKeys(o: Record<string, unknown>, depth: number): boolean {
  let i = 0;
  for (const k in o) {
    if (depth === 1) {
      if (keyAt[i] !== k) {
        keyAt[i] = k;
        keyColons[i] = 1 + countColons(k);
      }
      walkState.colons += keyColons[i++];
    } else walkState.colons += 1 + countColons(k);
    const x = o[k];
    if (typeof x === 'number') {
      if (x > Number.MAX_SAFE_INTEGER || x < -Number.MAX_SAFE_INTEGER) walkState.unsafe = true;
    } else if (x !== null && typeof x === 'object' && !walkValue(x, depth + 1)) return false;
  }
  return true;
}

/** `walkKeys` for a value inside an object: arrays are walked for their objects and numbers. */
function walkValue(v: object, depth: number): boolean {
  if (depth > MAX_NESTING) return false;
  if (!Array.isArray(v)) return walkKeys(v as Record<string, unknown>, depth);
  for (let i = 0; i < v.length; i++) {
    const x: unknown = v[i];
    if (typeof x === 'number') {
      if (x > Number.MAX_SAFE_INTEGER || x < -Number.MAX_SAFE_INTEGER) walkState.unsafe = true;
    } else if (x !== null && typeof x === 'object' && !walkValue(x, depth + 1)) return false;
  }
  return true;
}

/** Whether valid JSON text nests arrays/objects deeper than `limit`; one pass, strings skipped. */
function nestingExceeds(json: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (c === 0x22) {
      // skip a string: up to the next quote not escaped by a backslash
      for (i++; i < json.length; i++) {
        const d = json.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** Serialises rows as JSON Lines (every line ends in `\n`). */
export function toJsonl(rows: readonly unknown[]): string {
  let out = '';
  for (const r of rows) out += JSON.stringify(r) + '\n';
  return out;
}

/** gzip with fixed settings so the same text always gives the same bytes. */
export function gzipDeterministic(text: string): Buffer {
  return gzipSync(Buffer.from(text, 'utf8'), { level: 9 });
}

/** Why a file could not be read, for a problem line: the errno code with what it means. */
export function describeReadError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  const what: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EISDIR: 'is a directory',
    ENOENT: 'no such file',
    EIO: 'input/output error',
    EMFILE: 'too many open files',
  };
  return code ? `${code}: ${what[code] ?? (e as Error).message}` : String((e as Error)?.message ?? e);
}
