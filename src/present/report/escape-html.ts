import { visibleText } from '../visible-text.js';

/**
 * Escapes text for HTML element content and quoted attribute values. Every string from a release
 * (model responses, guidance, ids) passes through here before it reaches an HTML report.
 */
export function escapeHtml(s: string): string {
  // control characters and the ones XML forbids are shown as visible \uXXXX (see visibleText)
  return visibleText(s)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Escapes text for a Markdown table cell (pipes and newlines would break the row). */
export function escapeMarkdownCell(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
