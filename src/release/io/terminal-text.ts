// eslint-disable-next-line no-control-regex
const UNSAFE =
  /[\u0000-\u001F\u007F-\u009F\u061C\u200B-\u200F\u2028\u2029\u202A-\u202E\u2060\u2066-\u2069\uFEFF\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A string as it may be printed on one terminal line: every control character (newline, return and
 * tab too, so that an id holding "\n" cannot forge a second problem line; ESC, so that a release
 * cannot colour or move the cursor), the Unicode line separators, the bidirectional controls (which
 * reorder what is shown: overrides, embeddings, isolates and the marks U+200E, U+200F, U+061C), the
 * zero-width characters (U+200B-200D, U+2060, U+FEFF: `GPT-5\u200B` would print as `GPT-5`),
 * U+FFFE/U+FFFF and lone surrogates become visible `\uXXXX` escapes.
 */
export function terminalText(s: string): string {
  return s.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
}
