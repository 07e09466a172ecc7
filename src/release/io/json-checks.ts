/**
 * Checks on JSON text that JSON.parse does not make: a key repeated within one object (JSON.parse
 * silently keeps the last, so two readers of one file could see different rows) and an integer too
 * large for a double to hold exactly (12345678901234567890 and 12345678901234567891 parse to the
 * same number, so an `exact` comparison or an id would silently merge them); the shortest spelling
 * of a double (what JSON.stringify writes for it, e.g. 1e20 as digits) is fine. One pass over text
 * that JSON.parse has already accepted; strings are skipped with indexOf.
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
      if (expectKey && top && top.keys) {
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
      for (; j < text.length; j++) {
        const d = text.charCodeAt(j);
        // digits, '.', 'e', 'E', '+', '-'
        if (!((d >= 0x30 && d <= 0x39) || d === 0x2e || d === 0x65 || d === 0x45 || d === 0x2b || d === 0x2d)) break;
      }
      // only integers of 16 digits or more can exceed 2^53
      const lexeme = j - i >= 16 ? text.slice(i, j) : '';
      if (lexeme && /^-?\d{16,}$/.test(lexeme)) {
        const big = BigInt(lexeme);
        // Beyond 2^53 many integers read as one double. Only the shortest spelling of that double (what
        // JSON.stringify writes, e.g. 12345678901234567000 or 1e20 as digits) is taken, so no two
        // different integers accepted here can compare equal; 12345678901234567890 is refused.
        if ((big > MAX_SAFE || big < -MAX_SAFE) && String(Number(lexeme)) !== lexeme) {
          issues.push({ path: here(), message: `integer ${lexeme} is beyond 2^53 and cannot be held exactly (it reads as the same number as ${String(Number(lexeme))} and its neighbours); give it as a string` });
        }
      }
      i = j - 1;
    }
  }
  return issues;
}
