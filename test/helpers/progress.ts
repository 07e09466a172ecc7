/**
 * The lines `reproduce` prints on stderr off a terminal when nothing is wrong (cli/progress.ts): one
 * per step (loading, deriving, analyses, rendering, finishing the figures, writing), where each
 * benchmark went with its claims line and scorecard verdict, and last the index.html to open; and the warning that
 * fewer than 200 resamples give no meaningful intervals.
 */
const PROGRESS_LINE = new RegExp(
  [
    /^[a-z]+: (loading .*|deriving|\d+ analyses|rendering \d+ tables and \d+ figures)$/,
    /^finishing the figures' PNG and PDF files$/,
    /^writing .*$/,
    /^[a-z]+: \d+ tables -> .*; \d+ figures -> .*$/,
    /^ {2}[a-z]+: \d+ of \d+ published numbers reproduced /,
    /^ {2}[a-z]+: \d+ of \d+ claims hold/,
    /^open .*index\.html$/,
  ]
    .map((r) => r.source)
    .join('|'),
);

/**
 * The scorecard's warning that published numbers have no row to be compared with: every test
 * release other than the paper-sized samples lacks most of the papers' rows, so it is expected there.
 */
export const NOT_RECOMPUTED_WARNING = /^warning: [a-z]+: \d+ published numbers? not recomputed \(/;

/** Tests run few resamples for speed, which reproduce warns about. */
const FEW_RESAMPLES = /^warning: --resamples \d+ is below 200: /;

/** What `reproduce` printed on stderr besides its progress lines and the two warnings above: empty for a clean run. */
export function beyondProgress(stderr: string): string[] {
  return stderr.split('\n').filter((l) => l !== '' && !PROGRESS_LINE.test(l) && !NOT_RECOMPUTED_WARNING.test(l) && !FEW_RESAMPLES.test(l));
}

/** The progress lines themselves, in order. */
export function progressLines(stderr: string): string[] {
  return stderr.split('\n').filter((l) => l !== '' && PROGRESS_LINE.test(l));
}
