import { escapeHtml, escapeMarkdownCell } from './escape-html.js';
import { formatDelta, formatValue, sortedByDelta, verdictLine, verdictOf, VERDICT_TEXT, type ScorecardEntry } from './scorecard.js';

const ciText = (e: ScorecardEntry) =>
  e.ci_low === undefined ? '' : e.ci_low === null || e.ci_high === null ? 'n/a' : `[${formatValue(e, e.ci_low)}, ${formatValue(e, e.ci_high)}]`;

/** The verdict cell: the verdict, and whether the number is fixed by the release's design. */
const verdictText = (e: ScorecardEntry) => VERDICT_TEXT[verdictOf(e)] + (e.design_fixed === true ? ' (fixed by design)' : '');

const SCORECARD_INTRO =
  'Every published number (docs/papers.md lists them as the papers print them) beside the recomputed one, ' +
  'largest |delta| first (as shown: percentage points for rates). "Within rounding": within half a unit of ' +
  'the last digit the paper prints (a rate printed 0.75: +-0.005; 49.57%: +-0.005 points; counts exactly); ' +
  '"within CI": the published number lies inside the recomputed 95% interval; an approximate number ("about") ' +
  'is never within rounding. "Not recomputed": the release has no such row or value. "Fixed by design": ' +
  "a number the release's construction determines (item counts, annotators), a check of the release rather " +
  'than evidence of a reproduction.';

/** The scorecard as the first section of a benchmark's README.md. */
export function scorecardMarkdown(benchmark: string, entries: ScorecardEntry[]): string {
  const lines = ['## Scorecard', '', `**${escapeMarkdownCell(verdictLine(benchmark, entries))}**`, '', SCORECARD_INTRO, ''];
  if (!entries.length) return [...lines, 'No table of this benchmark shows a published number.', ''].join('\n');
  lines.push('| Table | Number | Paper | Recomputed | Delta | 95% CI | Verdict |', '| --- | --- | ---: | ---: | ---: | ---: | --- |');
  for (const e of sortedByDelta(entries)) {
    const cells = [e.analysis, e.label, formatValue(e, e.paper), formatValue(e, e.recomputed), formatDelta(e), ciText(e), verdictText(e)];
    lines.push(`| ${cells.map(escapeMarkdownCell).join(' | ')} |`);
  }
  return [...lines, ''].join('\n');
}

/** The scorecard as the first section of a benchmark's index.html (table ids link to the tables below). */
export function scorecardHtml(benchmark: string, entries: ScorecardEntry[]): string {
  let html = `<section class="scorecard" id="scorecard"><h2>Scorecard</h2><p class="verdict"><strong>${escapeHtml(verdictLine(benchmark, entries))}</strong></p><p class="note">${escapeHtml(SCORECARD_INTRO)}</p>`;
  if (!entries.length) return `${html}<p>No table of this benchmark shows a published number.</p></section>`;
  html +=
    '<table class="wb-table"><thead><tr><th>Table</th><th>Number</th><th class="num">Paper</th><th class="num">Recomputed</th><th class="num">Delta</th><th class="num">95% CI</th><th>Verdict</th></tr></thead><tbody>\n';
  html += sortedByDelta(entries)
    .map((e) => {
      const v = verdictOf(e);
      return (
        `<tr class="${v}"><td><a href="#${escapeHtml(e.analysis)}">${escapeHtml(e.analysis)}</a></td><td>${escapeHtml(e.label)}</td>` +
        `<td class="num">${escapeHtml(formatValue(e, e.paper))}</td><td class="num">${escapeHtml(formatValue(e, e.recomputed))}</td>` +
        `<td class="num">${escapeHtml(formatDelta(e))}</td><td class="num">${escapeHtml(ciText(e))}</td><td>${escapeHtml(verdictText(e))}</td></tr>`
      );
    })
    .join('\n');
  return `${html}\n</tbody></table></section>`;
}
