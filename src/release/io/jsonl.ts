import { readFileSync } from 'node:fs';
import { constants as bufferConstants } from 'node:buffer';
import { gunzipSync, gzipSync } from 'node:zlib';
import { checkJsonText } from './json-checks.js';
import type { Problem } from './problems.js';

/** One parsed JSONL row with the 1-based line it came from. */
export interface Row<T = unknown> {
  line: number;
  value: T;
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
      raw = gunzipSync(bytes, { maxOutputLength: maxBytes });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return tooLarge;
      return { bytes, problems: [{ file: label, message: `corrupt gzip data (${(e as Error).message})` }] };
    }
  }
  if (raw.length > maxBytes) return tooLarge;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    return { bytes, text: decoder.decode(raw), problems: [] };
  } catch {
    return { bytes, problems: [{ file: label, message: 'not valid UTF-8' }] };
  }
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
    const lineNo = i + 1;
    if (line.trim() === '') {
      problems.push({ file: label, line: lineNo, message: 'empty line (expected one JSON object per line)' });
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (e) {
      const snippet = line.length > 60 ? `${line.slice(0, 60)}...` : line;
      problems.push({ file: label, line: lineNo, message: `not valid JSON (${(e as Error).message}): ${JSON.stringify(snippet)}` });
      continue;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      problems.push({ file: label, line: lineNo, message: 'expected a JSON object' });
      continue;
    }
    // a line of n characters nests at most n / 2 levels, so only long lines need the scan
    if (line.length > 2 * MAX_NESTING && nestingExceeds(line, MAX_NESTING)) {
      problems.push({ file: label, line: lineNo, message: `arrays/objects nested more than ${MAX_NESTING} levels deep (expected at most ${MAX_NESTING})` });
      continue;
    }
    const textIssues = checkJsonText(line);
    if (textIssues.length) {
      for (const t of textIssues) problems.push({ file: label, line: lineNo, field: t.path, message: t.message });
      continue;
    }
    rows.push({ line: lineNo, value: value as Record<string, unknown> });
  }
  return { rows, problems };
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
