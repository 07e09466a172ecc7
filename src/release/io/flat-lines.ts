/**
 * Lines of flat JSON objects read straight from the bytes, without JSON.parse: for files like PAWM's
 * steps.jsonl (hundreds of thousands of rows, ~300 bytes each, most of each row repeating the row
 * before it). A flat line is one object, written without spaces, whose values are strings (without
 * `\u` escapes), numbers, true, false or null, and whose keys are distinct:
 *
 *   {"key":"text \"quoted\"","n":-1.5,"ok":true,"x":null}
 *
 * For such a line, the object made here is what JSON.parse makes of it (the same keys in the same
 * order, the same strings and numbers: a string with escapes is given to JSON.parse), and parseLine
 * would add no problem: its quick check passes, since there is no `\u`, nesting is 1, every number is
 * within 2^53, and with no repeated key the line's colons are its keys' plus those in its strings.
 * Anything else about a line (a space, a `\u` escape, a control character, a nested value, a repeated
 * key, `__proto__`, a `\r`, a number beyond 2^53) makes `parse` give up on its chunk, which the caller
 * then parses as before: so this changes how fast a file is read, never what is read.
 *
 * Each row's values are compared with the row before it, field by field, in bytes: a value written
 * the same way as the last row's is the last row's string, so equal strings are held once and most of
 * a row costs a byte comparison instead of a new string.
 */
import { isAscii } from 'node:buffer';

/** A way to read a chunk of a file's lines at once (this one, and jsonl.ts's chunkParser), tried before reading them one by one. */
export interface LinesParser {
  /** The objects of the lines of data[start, ends[last]) (each line ends at its `ends[k]`, a `\n` or the data's end), or undefined when it cannot show they are what each line gives on its own. */
  parse(start: number, ends: readonly number[]): Record<string, unknown>[] | undefined;
}

const QUOTE = 0x22,
  COMMA = 0x2c,
  COLON = 0x3a,
  OPEN = 0x7b,
  CLOSE = 0x7d,
  BACKSLASH = 0x5c,
  MINUS = 0x2d,
  DOT = 0x2e,
  ZERO = 0x30,
  NINE = 0x39;

/** Up to this many lines of a chunk may change shape before the rule against most lines changing it applies. */
const MAX_SHAPES = 16;

/** Integers of up to this many digits are summed exactly in a double (10^15 < 2^53). */
const MAX_EXACT_DIGITS = 15;

export function flatLineParser(data: Buffer): LinesParser {
  // The keys of the last flat line, in order, and where their bytes are in `data` (in that line).
  let keys: string[] = [];
  let keyAt: number[] = [];
  let keyLength: number[] = [];
  // The last line's values (`row`, an object with exactly `keys`, never handed out: each line gets
  // a copy), and where each string value's bytes are (-1 for a value that is not a string).
  let row: Record<string, unknown> = {};
  let valueAt: number[] = [];
  let valueLength: number[] = [];
  // Where the last line starts, where each of its fields starts in it (its key's quote; at `count`,
  // the closing brace), and the first field whose value differed from the line before it (0: unknown).
  let lastLine = 0;
  let fieldAt: number[] = [0];
  let firstChange = 0;
  // whether the chunk being parsed is all ASCII (its strings are then read as latin1, which is quicker)
  let ascii = false;
  // where readString and parseScalar left off: the byte after what they read, and (parseScalar) its value
  let after = 0;
  let value: unknown;

  /**
   * The string whose bytes start at `from` (after its opening quote), if it has no control character
   * and no `\u` escape (the other escapes are JSON.parse's to read); sets `after`.
   */
  function readString(from: number, end: number): string | undefined {
    let escaped = false;
    let i = from;
    for (; i < end; i++) {
      const c = data[i];
      if (c === QUOTE) break;
      if (c < 0x20) return undefined;
      if (c === BACKSLASH) {
        const d = data[i + 1];
        if (d !== QUOTE && d !== BACKSLASH && d !== 0x2f && d !== 0x62 && d !== 0x66 && d !== 0x6e && d !== 0x72 && d !== 0x74) return undefined;
        escaped = true;
        i++;
      }
    }
    if (i >= end) return undefined;
    after = i + 1;
    return escaped ? (JSON.parse(data.toString('utf8', from - 1, after)) as string) : data.toString(ascii ? 'latin1' : 'utf8', from, i);
  }

  /** Whether the bytes at `from` are the `length` bytes at `at` followed by a closing quote. */
  function sameBytes(from: number, at: number, length: number, end: number): boolean {
    if (from + length >= end || data[from + length] !== QUOTE) return false;
    for (let k = 0; k < length; k++) if (data[from + k] !== data[at + k]) return false;
    return true;
  }

  /**
   * Reads the number, true, false or null at `i` (not a string) into `value` and `after`; false when
   * it is none of them as JSON writes them, or a number beyond 2^53.
   */
  function parseScalar(i: number, end: number): boolean {
    const c = data[i];
    if (c === 0x6e || c === 0x74 || c === 0x66) {
      // null, true, false
      const word = c === 0x6e ? NULL : c === 0x74 ? TRUE : FALSE;
      if (i + word.length > end) return false;
      for (let k = 1; k < word.length; k++) if (data[i + k] !== word[k]) return false;
      value = c === 0x6e ? null : c === 0x74;
      after = i + word.length;
      return true;
    }
    // -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
    let j = i;
    const negative = data[j] === MINUS;
    if (negative) j++;
    const digitsFrom = j;
    if (data[j] === ZERO) j++;
    else if (data[j] > ZERO && data[j] <= NINE) while (j < end && data[j] >= ZERO && data[j] <= NINE) j++;
    else return false;
    const digits = j - digitsFrom;
    let plain = true;
    if (j < end && data[j] === DOT) {
      plain = false;
      const from = ++j;
      while (j < end && data[j] >= ZERO && data[j] <= NINE) j++;
      if (j === from) return false;
    }
    if (j < end && (data[j] === 0x65 || data[j] === 0x45)) {
      plain = false;
      j++;
      if (j < end && (data[j] === 0x2b || data[j] === MINUS)) j++;
      const from = j;
      while (j < end && data[j] >= ZERO && data[j] <= NINE) j++;
      if (j === from) return false;
    }
    let x: number;
    if (plain && digits <= MAX_EXACT_DIGITS) {
      x = 0;
      for (let k = digitsFrom; k < j; k++) x = x * 10 + (data[k] - ZERO);
      if (negative) x = -x;
    } else {
      // the text is a JSON number, which Number reads as JSON.parse does (the nearest double)
      x = Number(data.toString('latin1', i, j));
      if (!(x <= Number.MAX_SAFE_INTEGER && x >= -Number.MAX_SAFE_INTEGER)) return false;
    }
    value = x;
    after = j;
    return true;
  }

  /**
   * A line with the last line's keys in the same order: updates `row`; false when it is not such a
   * line (or not flat). When the line starts with the same bytes as the last one up to the field
   * that changed there (a row of the same episode, say), one comparison stands for those fields:
   * the same bytes are the same keys and values.
   */
  function sameKeysLine(s: number, e: number): boolean {
    const count = keys.length;
    if (count === 0 || data[e - 1] !== CLOSE) return false;
    let first = 0;
    let i = s + 1;
    const skip = fieldAt[firstChange];
    if (firstChange > 0 && s + skip < e && data.compare(data, s, s + skip, lastLine, lastLine + skip) === 0) {
      first = firstChange;
      i = s + skip;
    } else if (data[s] !== OPEN) return false;
    let change = count;
    for (let f = first; f < count; f++) {
      fieldAt[f] = i - s;
      // "key":
      const kl = keyLength[f];
      if (data[i] !== QUOTE || !sameBytes(i + 1, keyAt[f], kl, e) || data[i + kl + 2] !== COLON) return false;
      i += kl + 3;
      if (data[i] === QUOTE) {
        const from = i + 1;
        const at = valueAt[f];
        if (at >= 0 && sameBytes(from, at, valueLength[f], e)) {
          i = from + valueLength[f] + 1;
        } else if (f > 0 && valueAt[f - 1] >= 0 && sameBytes(from, valueAt[f - 1], valueLength[f - 1], e)) {
          // the same text as the field before it (an agent's final action and its tentative one)
          row[keys[f]] = row[keys[f - 1]];
          valueAt[f] = from;
          valueLength[f] = valueLength[f - 1];
          i = from + valueLength[f] + 1;
          if (change === count) change = f;
        } else {
          const text = readString(from, e);
          if (text === undefined) return false;
          row[keys[f]] = text;
          valueAt[f] = from;
          valueLength[f] = after - 1 - from;
          i = after;
          if (change === count) change = f;
        }
      } else {
        if (!parseScalar(i, e)) return false;
        if (!Object.is(row[keys[f]], value)) {
          row[keys[f]] = value;
          if (change === count) change = f;
        }
        valueAt[f] = -1;
        i = after;
      }
      if (data[i] !== (f === count - 1 ? CLOSE : COMMA)) return false;
      i++;
    }
    // every field was the last line's (the comparison ran up to the closing brace)
    if (first === count) {
      if (data[i] !== CLOSE) return false;
      i++;
    }
    if (i !== e) return false;
    fieldAt[count] = e - 1 - s;
    lastLine = s;
    firstChange = change;
    return true;
  }

  /** Any flat line: its keys and values become the last line's; false when it is not flat. */
  function newKeysLine(s: number, e: number): boolean {
    if (e - s < 7 || data[s] !== OPEN || data[e - 1] !== CLOSE) return false;
    const starts: number[] = [];
    // a Set, not a search of `names`: a hostile line may hold 100,000 keys
    const seen = new Set<string>();
    const names: string[] = [],
      at: number[] = [],
      lengths: number[] = [],
      values: unknown[] = [],
      vAt: number[] = [],
      vLength: number[] = [];
    let i = s + 1;
    for (;;) {
      if (data[i] !== QUOTE) return false;
      starts.push(i - s);
      const name = readString(i + 1, e);
      // a repeated key and __proto__ (which an assignment would not make an own key) are for JSON.parse
      if (name === undefined || name === '__proto__' || seen.has(name)) return false;
      seen.add(name);
      names.push(name);
      at.push(i + 1);
      lengths.push(after - 2 - i);
      i = after;
      if (data[i] !== COLON) return false;
      i++;
      if (data[i] === QUOTE) {
        const text = readString(i + 1, e);
        if (text === undefined) return false;
        values.push(text);
        vAt.push(i + 1);
        vLength.push(after - 2 - i);
      } else {
        if (!parseScalar(i, e)) return false;
        values.push(value);
        vAt.push(-1);
        vLength.push(0);
      }
      i = after;
      if (data[i] === CLOSE) break;
      if (data[i] !== COMMA) return false;
      i++;
    }
    if (i !== e - 1) return false;
    const fresh: Record<string, unknown> = {};
    for (let f = 0; f < names.length; f++) fresh[names[f]] = values[f];
    // the keys as the object holds them (internalised strings), which property access finds without
    // hashing the key's text every time
    const held = new Map(Object.keys(fresh).map((k) => [k, k]));
    starts.push(e - 1 - s);
    keys = names.map((k) => held.get(k)!);
    fieldAt = starts;
    lastLine = s;
    firstChange = 0;
    keyAt = at;
    keyLength = lengths;
    row = fresh;
    valueAt = vAt;
    valueLength = vLength;
    return true;
  }

  return {
    parse(start, ends) {
      const count = ends.length;
      ascii = isAscii(data.subarray(start, ends[count - 1]));
      const out: Record<string, unknown>[] = new Array(count);
      let s = start;
      // lines whose keys are not the line before's (newKeysLine)
      let shapes = 0;
      for (let k = 0; k < count; k++) {
        const e = ends[k];
        if (!sameKeysLine(s, e)) {
          // a line that failed part way may have changed the last line's values: start afresh
          keys = [];
          if (!newKeysLine(s, e)) return undefined;
          // a new shape costs its keys' strings, a Set and a Map: when most lines change shape,
          // JSON.parse reads them faster (2.4x, lines of two key orders taking turns)
          if (++shapes > MAX_SHAPES && 2 * shapes > k + 1) return undefined;
        }
        out[k] = { ...row };
        s = e + 1;
      }
      return out;
    },
  };
}

const NULL = Buffer.from('null'),
  TRUE = Buffer.from('true'),
  FALSE = Buffer.from('false');
