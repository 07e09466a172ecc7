import { escapeHtml, escapeMarkdownCell } from './escape-html.js';
import { wrapAtSpaces } from './render-table.js';
import { displaySymbols, inPrintedUnit, MISSING, printedDecimals, printedForDisplay, type PrintedUnitName } from '../tables/number-format.js';
import { sortedByDelta, verdictLine, verdictOf, VERDICT_TEXT, type ScorecardEntry } from './scorecard.js';

/**
 * The scorecard as a reader sees it: every number in the unit and with the decimals the paper
 * prints it (`0.75`, `54.6%`, `+21.45 pp`), the delta with one decimal more (points for a
 * percentage), the interval in the paper's unit as one token.
 */
const unitOf = (e: ScorecardEntry): PrintedUnitName => e.unit ?? 'stat';
const decimalsOf = (e: ScorecardEntry): number => printedDecimals(e.printed);

/** the paper prints this number with its sign (`+21.45`): the recomputed one is shown so too */
const signedOf = (e: ScorecardEntry): boolean => /^(about )?[+-]/.test(e.printed);

const shown = (e: ScorecardEntry, v: number | null | undefined): string =>
  v === null || v === undefined ? MISSING : inPrintedUnit(v, unitOf(e), decimalsOf(e), { signed: signedOf(e) });

/** recomputed minus paper, in the paper's unit (points for a percentage), one decimal more than printed; a count exactly */
function deltaShown(e: ScorecardEntry): string {
  if (e.delta === null) return MISSING;
  const unit = unitOf(e);
  if (unit === 'count') return inPrintedUnit(e.delta, unit, 0, { signed: true });
  return inPrintedUnit(e.delta, unit === 'pct' ? 'pp' : unit, decimalsOf(e) + 1, { signed: true });
}

/** A unit named at the end of a column label: ` %`, ` (%)`, ` (pp)`, ` pp`. */
const UNIT_MARK = / (?:%|\(%\)|\(pp\)|pp)$/;

/**
 * A column label restated in the unit its numbers are shown in here, the paper's: the table's
 * `Pass rate %` (its cells are percentages) becomes `Pass rate (0–1)` where the paper prints a rate
 * as `0.75`; a percentage keeps or gains its `%`, percentage points their `(pp)`; a count or a
 * statistic drops a unit it does not have. The workbench's own words, so with proper symbols.
 */
function columnLabelInUnit(label: string, unit: PrintedUnitName): string {
  const bare = label.replace(UNIT_MARK, '');
  const named = (() => {
    switch (unit) {
      case 'rate':
        return `${bare} (0\u20131)`;
      case 'pct':
        return bare.includes('%') ? bare : `${bare} %`;
      case 'pp':
        return /\bpp\b/.test(bare) ? bare : `${bare} (pp)`;
      default:
        return bare;
    }
  })();
  return displaySymbols(named);
}

/**
 * The number's label as the displayed pages give it: the row's label (release strings, as they
 * are) and the column's label in the paper's unit. An entry from an older summary.json without
 * its column label keeps its label.
 */
function labelShown(e: ScorecardEntry): string {
  const col = e.column_label;
  if (col === undefined || !e.label.endsWith(`: ${col}`)) return e.label;
  return `${e.label.slice(0, e.label.length - col.length)}${columnLabelInUnit(col, unitOf(e))}`;
}

const hasInterval = (e: ScorecardEntry) => e.ci_low !== undefined && e.ci_low !== null && e.ci_high !== null && e.ci_high !== undefined;

const ciShown = (e: ScorecardEntry): string =>
  hasInterval(e)
    ? `[${inPrintedUnit(e.ci_low!, unitOf(e), decimalsOf(e), { suffix: false, signed: signedOf(e) })}, ${inPrintedUnit(e.ci_high!, unitOf(e), decimalsOf(e), { suffix: false, signed: signedOf(e) })}]`
    : MISSING;

/** How many of the scorecard's numbers have a recomputed 95% interval. */
export function intervalLine(entries: ScorecardEntry[]): string {
  const n = entries.filter(hasInterval).length;
  return `${n} of ${entries.length} recomputed numbers have a 95% interval (the "95% CI" column); the others are compared by rounding only.`;
}

/** The verdict cell: the verdict, and whether the number is fixed by the release's design. */
const verdictText = (e: ScorecardEntry) => VERDICT_TEXT[verdictOf(e)] + (e.design_fixed === true ? ' (fixed by design)' : '');

/** The scorecard line of a page: the verdict line, its numbers in the displayed form. */
export const scorecardLine = (benchmark: string, entries: ScorecardEntry[]) => verdictLine(benchmark, entries, deltaShown, labelShown);

const SCORECARD_INTRO =
  'Every published number (docs/papers.md lists them as the papers print them) beside the recomputed one, ' +
  'largest |delta| first, each in the unit and with the decimals the paper prints it (the delta with one decimal more; ' +
  'percentage points for a percentage). "Within rounding": within half a unit of ' +
  'the last digit the paper prints (a rate printed 0.75: \u00b10.005; 49.57%: \u00b10.005 points; counts exactly); ' +
  '"within CI": the published number lies inside the recomputed 95% interval; an approximate number ("about") ' +
  'is never within rounding. "Not recomputed": the release has no such row or value. "Fixed by design": ' +
  "a number the release's construction determines (item counts, annotators), a check of the release rather " +
  'than evidence of a reproduction.';

/** The scorecard section of a benchmark's README.md: its line, how many numbers have an interval, the table. */
export function scorecardMarkdown(benchmark: string, entries: ScorecardEntry[]): string {
  const lines = ['## Scorecard', '', `**${escapeMarkdownCell(scorecardLine(benchmark, entries))}**`, ''];
  if (!entries.length) return [...lines, 'No table of this benchmark shows a published number.', ''].join('\n');
  lines.push(intervalLine(entries), '', SCORECARD_INTRO, '');
  lines.push('| Table | Number | Paper | Recomputed | Delta | 95% CI | Verdict |', '| --- | --- | ---: | ---: | ---: | ---: | --- |');
  for (const e of sortedByDelta(entries)) {
    const cells = [e.analysis, labelShown(e), printedForDisplay(e.printed), shown(e, e.recomputed), deltaShown(e), ciShown(e), verdictText(e)];
    lines.push(`| ${cells.map(escapeMarkdownCell).join(' | ')} |`);
  }
  return [...lines, ''].join('\n');
}

/** The scorecard section of a benchmark's index.html (table ids link to the tables below). */
export function scorecardHtml(benchmark: string, entries: ScorecardEntry[]): string {
  let html = `<section class="scorecard" id="scorecard"><h2>Scorecard</h2><p class="verdict"><strong>${escapeHtml(scorecardLine(benchmark, entries))}</strong></p>`;
  if (!entries.length) return `${html}<p>No table of this benchmark shows a published number.</p></section>`;
  html += `<p class="intervals">${escapeHtml(intervalLine(entries))}</p><details><summary>How to read the scorecard</summary><p class="note">${escapeHtml(SCORECARD_INTRO)}</p></details>`;
  const rows = sortedByDelta(entries).map((e, i) => {
    const v = verdictOf(e);
    const page = i >= 20 ? ' wb-extra' : '';
    return (
      `<tr class="${v}${page}"><td><a href="#${escapeHtml(e.analysis)}" class="nw">${escapeHtml(e.analysis)}</a></td><td class="long">${wrapAtSpaces(labelShown(e))}</td>` +
      `<td class="num">${escapeHtml(printedForDisplay(e.printed))}</td><td class="num">${escapeHtml(shown(e, e.recomputed))}</td>` +
      `<td class="num">${escapeHtml(deltaShown(e))}</td><td class="num">${escapeHtml(ciShown(e))}</td><td>${escapeHtml(verdictText(e))}</td></tr>`
    );
  });
  const all =
    entries.length > 20
      ? `<details class="wb-all wb-toggle"><summary>Show all ${entries.length} published numbers (the 20 largest deltas are shown)</summary></details>`
      : '';
  html +=
    '<div class="wb-paged"><div class="wb-scroll" role="region" tabindex="0" aria-label="Scorecard"><table class="wb-table"><thead><tr><th>Table</th><th>Number</th><th class="num">Paper</th><th class="num">Recomputed</th><th class="num">Delta</th><th class="num">95% CI</th><th>Verdict</th></tr></thead><tbody>\n';
  return `${html}${rows.join('\n')}\n</tbody></table></div>${all}</div></section>`;
}
