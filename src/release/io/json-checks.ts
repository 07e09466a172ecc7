/**
 * Checks on JSON text that JSON.parse does not make: a key repeated within one object (JSON.parse
 * silently keeps the last, so two readers of one file could see different rows), a number too large
 * for a double at all (1e400 and -1e400 parse to Infinity and -Infinity, which JSON has no spelling
 * for and the format refuses; a number too small, 1e-400, reads as 0 as every JSON reader has it,
 * and is accepted), and an integer too large for a double to hold exactly (12345678901234567890 and
 * 12345678901234567891 parse to the same number, so an `exact` comparison or an id would silently
 * merge them); the shortest spelling of a double (what JSON.stringify writes for it, e.g. 1e20 as
 * digits) is fine. One pass over text that JSON.parse has already accepted; strings are skipped
 * with indexOf.
 */
export interface JsonTextIssue {
  /** dot path of the value, e.g. `gold.rows` */
  path: string;
  message: string;
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Finds the first repeated key and every unsafe integer (at most `limit` issues) in valid JSON text. */
export function checkJsonText(text: string, limit = 5): JsonTextIssue[] {
  const issues: JsonTextIssue[] = [];
  // per open object its keys so far and the key whose value is being read; per open array the index
  type Frame = { keys: Set<string> | null; index: number; pendingKey: string | null };
  const stack: Frame[] = [];
  const here = (): string => {
    const parts: string[] = [];
    for (const f of stack) {
      if (f.keys === null) parts.push(String(f.index));
      else if (f.pendingKey !== null) parts.push(f.pendingKey);
    }
    return parts.join('.') || '(row)';
  };
  let expectKey = false;
  for (let i = 0; i < text.length && issues.length < limit; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // a string: find its end
      let j = i + 1;
      for (;;) {
        j = text.indexOf('"', j);
        let bs = 0;
        for (let k = j - 1; text.charCodeAt(k) === 0x5c; k--) bs++;
        if (bs % 2 === 0) break;
        j++;
      }
      const top = stack[stack.length - 1];
      if (expectKey && top?.keys) {
        const raw = text.slice(i + 1, j);
        const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
        top.pendingKey = key;
        if (top.keys.has(key)) {
          issues.push({ path: here(), message: `key ${JSON.stringify(key)} appears twice in one object (JSON readers disagree on which value counts)` });
        }
        top.keys.add(key);
        expectKey = false;
      }
      i = j;
    } else if (c === 0x7b) {
      stack.push({ keys: new Set(), index: 0, pendingKey: null });
      expectKey = true;
    } else if (c === 0x5b) {
      stack.push({ keys: null, index: 0, pendingKey: null });
    } else if (c === 0x7d || c === 0x5d) {
      stack.pop();
    } else if (c === 0x2c) {
      const top = stack[stack.length - 1];
      if (top?.keys) {
        expectKey = true;
        top.pendingKey = null;
      } else if (top) top.index++;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      let j = i + 1;
      let exponent = false;
      for (; j < text.length; j++) {
        const d = text.charCodeAt(j);
        // digits, '.', 'e', 'E', '+', '-'
        if ((d >= 0x30 && d <= 0x39) || d === 0x2e || d === 0x2b || d === 0x2d) continue;
        if (d !== 0x65 && d !== 0x45) break;
        exponent = true;
      }
      // only a number with an exponent or of more than 308 digits can overflow a double
      const overflows = (exponent || j - i > 308) && !Number.isFinite(Number(text.slice(i, j)));
      // only integers of 16 digits or more can exceed 2^53
      const lexeme = j - i >= 16 ? text.slice(i, j) : '';
      if (overflows) {
        issues.push({ path: here(), message: nonFiniteLiteral(text.slice(i, j)) });
      } else if (lexeme && /^-?\d{16,}$/.test(lexeme)) {
        const big = BigInt(lexeme);
        // Beyond 2^53 many integers read as one double. Only the shortest spelling of that double (what
        // JSON.stringify writes, e.g. 12345678901234567000 or 1e20 as digits) is taken, so no two
        // different integers accepted here can compare equal; 12345678901234567890 is refused.
        if ((big > MAX_SAFE || big < -MAX_SAFE) && String(Number(lexeme)) !== lexeme) {
          issues.push({
            path: here(),
            message: `integer ${lexeme} is beyond 2^53 and cannot be held exactly (it reads as the same number as ${String(Number(lexeme))} and its neighbours); give it as a string`,
          });
        }
      }
      i = j - 1;
    }
  }
  return issues;
}

/** The largest finite double, as a person reads it. */
const MAX_DOUBLE_TEXT = '1.7976931348623157e308';

/** The message for a number literal that a double cannot hold at all (it reads as +-Infinity). */
export function nonFiniteLiteral(lexeme: string): string {
  const shown = lexeme.length > 40 ? `${lexeme.slice(0, 20)}...${lexeme.slice(-10)} (${lexeme.length} characters)` : lexeme;
  return `number ${shown} is beyond the largest double (+-${MAX_DOUBLE_TEXT}) and would read as ${lexeme.startsWith('-') ? '-' : ''}Infinity; the format refuses numbers that are not finite`;
}

/**
 * The dot path (`gold.size`, `rows.2`; `(value)` for the value itself) of the first number in a
 * parsed value that is not finite (NaN, Infinity, -Infinity), or undefined when there is none:
 * for values that do not come from JSON text (CSV cells typed as numbers, JSON parsed without
 * `checkJsonText`, constants of an import mapping). Iterative: a value nested 100,000 deep is fine.
 */
export function nonFinitePath(value: unknown): string | undefined {
  // each entry names its parent: the path is spelled only for the number found
  type Node = { v: unknown; key: string; parent: Node | null };
  const stack: Node[] = [{ v: value, key: '', parent: null }];
  while (stack.length) {
    const node = stack.pop()!;
    const v = node.v;
    if (typeof v === 'number') {
      if (Number.isFinite(v)) continue;
      const keys: string[] = [];
      for (let n: Node | null = node; n?.parent; n = n.parent) keys.push(n.key);
      return keys.reverse().join('.') || '(value)';
    }
    if (v === null || typeof v !== 'object') continue;
    const keys = Array.isArray(v) ? v.map((_, i) => String(i)) : Object.keys(v);
    // pushed last first, so the first number found is the first in reading order
    for (let i = keys.length - 1; i >= 0; i--) stack.push({ v: (v as Record<string, unknown>)[keys[i]], key: keys[i], parent: node });
  }
  return undefined;
}
