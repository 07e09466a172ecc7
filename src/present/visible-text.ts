// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A release string made safe to show: characters XML forbids (C0 controls other than tab, newline
 * and return; U+FFFE, U+FFFF; lone surrogates) and the C1 controls with DEL (a terminal acts on ESC
 * and CSI sequences) become visible `\uXXXX` escapes. SVG and XML cannot hold them at all; in HTML
 * and on a terminal they would be invisible or act.
 */
export function visibleText(s: string): string {
  return s.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
}
