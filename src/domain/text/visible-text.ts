// eslint-disable-next-line no-control-regex
const UNSAFE =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A release string made safe to show: characters XML forbids (C0 controls other than tab, newline
 * and return; U+FFFE, U+FFFF; lone surrogates), the C1 controls with DEL (a terminal acts on ESC
 * and CSI sequences), the bidirectional controls (U+202A-202E embeddings and overrides, U+2066-2069
 * isolates, U+200E/U+200F and U+061C marks: `"\u202Eevil"` would read "live", a skill
 * `"\u202E5-TPG"` "GPT-5") and the zero-width characters (U+200B-200D, U+2060, U+FEFF: `"GPT-5\u200B"`
 * would read "GPT-5") become visible `\uXXXX` escapes. SVG and XML cannot hold the first ones at
 * all; the others would be invisible or reorder what is shown.
 */
export function visibleText(s: string): string {
  return s.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
}
