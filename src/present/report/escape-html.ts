import { visibleText } from '../../domain/text/visible-text.js';

/**
 * Escapes text for HTML element content and quoted attribute values. Every string from a release
 * (model responses, guidance, ids) passes through here before it reaches an HTML report.
 */
export function escapeHtml(s: string): string {
  // control characters and the ones XML forbids are shown as visible \uXXXX (see visibleText)
  return visibleText(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * Escapes text for a Markdown table cell: visible text (control, bidirectional and zero-width
 * characters as `\uXXXX`, see visibleText), backslashes, pipes and line ends (which would break the
 * row), `<` and `>` (no HTML, no autolink), character references (`&#8238;` would become the
 * character) and link syntax (`[x](javascript:...)` stays text).
 */
export function escapeMarkdownCell(s: string): string {
  return markdownLinkBrackets(
    markdownReferences(visibleText(s))
      .replace(/\\/g, '\\\\')
      .replace(/\|/g, '\\|')
      .replace(/\r\n|\r|\n/g, ' ')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;'),
  );
}

/**
 * Escapes text for Markdown running text (a heading, a list item, a quoted note) and keeps what it
 * can of it as written: visible text, line ends as spaces (a note that ran onto a new line could
 * start a link definition), a backslash that would escape the character after it, `<` where it
 * could open HTML or an autolink (`<script>`, `<a href`, `<javascript:`, `</`, `<!`, `<?`; `a <= b`
 * and `results/<model_id>.jsonl` stay), character references, and link syntax.
 */
export function escapeMarkdownText(s: string): string {
  return markdownLinkBrackets(markdownRunningText(s));
}

/** Escapes the alt text of a Markdown image (`![alt](src)`): as running text, and every bracket. */
export function escapeMarkdownAlt(s: string): string {
  return markdownRunningText(s).replace(/[[\]]/g, '\\$&');
}

function markdownRunningText(s: string): string {
  return (
    markdownReferences(visibleText(s))
      // a backslash before punctuation, or last (before whatever the page puts after the text)
      .replace(/\\(?=[!-/:-@[-`{-~]|$)/g, '\\\\')
      .replace(/\r\n|\r|\n/g, ' ')
      // a tag (`<a `, `<script>`, `<img/`), an autolink (`<javascript:`), `</`, `<!`, `<?`; `<model_id>` is none
      .replace(/<(?=[A-Za-z][A-Za-z0-9-]*(?:[\s/>:+.]|$)|[/!?])/g, '&lt;')
  );
}

/**
 * A Markdown code span holding `s` as it is (file names, ids): fenced by one backtick more than the
 * longest run of backticks in it, so none of its own can close the span (CommonMark 6.1), with
 * line ends shown as `\u000A` and the rest as visible text.
 */
export function markdownCode(s: string): string {
  const text = visibleText(s).replace(/[\r\n]/g, (c) => `\\u000${c === '\n' ? 'A' : 'D'}`);
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  // a span that starts or ends with a backtick needs a space between it and the fence
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** A `]` that could close link text (`](`, `][`) or a link definition's label (`]:`), escaped. */
const markdownLinkBrackets = (s: string): string => s.replace(/\](?=[([:])/g, '\\]');

/** An `&` that starts a character reference (`&#8238;`, `&#x202E;`, `&lt;`), escaped as `&amp;`. */
const markdownReferences = (s: string): string => s.replace(/&(?=#[0-9]{1,7};|#[xX][0-9a-fA-F]{1,6};|[A-Za-z][A-Za-z0-9]{1,31};)/g, '&amp;');
