/**
 * The lines `reproduce` prints on stderr off a terminal when nothing is wrong (cli/progress.ts): one
 * per step (loading, deriving, analyses, rendering, finishing the figures, writing), where each
 * benchmark went with its scorecard verdict, and last the index.html to open.
 */
const PROGRESS_LINE = new RegExp(
  [
    /^[a-z]+: (loading .*|deriving|\d+ analyses|rendering \d+ tables and \d+ figures)$/,
    /^finishing the figures' PNG and PDF files$/,
    /^writing .*$/,
    /^[a-z]+: \d+ tables -> .*; \d+ figures -> .*$/,
    /^ {2}[a-z]+: \d+ of \d+ published numbers reproduced /,
    /^open .*index\.html$/,
  ]
    .map((r) => r.source)
    .join('|'),
);

/** What `reproduce` printed on stderr besides its progress lines: empty for a clean run. */
export function beyondProgress(stderr: string): string[] {
  return stderr.split('\n').filter((l) => l !== '' && !PROGRESS_LINE.test(l));
}

/** The progress lines themselves, in order. */
export function progressLines(stderr: string): string[] {
  return stderr.split('\n').filter((l) => l !== '' && PROGRESS_LINE.test(l));
}
