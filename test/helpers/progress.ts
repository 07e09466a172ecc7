/**
 * What `reproduce` printed on stderr besides its progress lines (loading, rendering, where each
 * benchmark went, its scorecard verdict): empty for a clean run.
 */
export function beyondProgress(stderr: string): string[] {
  return stderr
    .split('\n')
    .filter((l) => l !== '' && !/^[a-z]+: (loading |rendering \d+ tables and \d+ figures$|\d+ tables -> .*; \d+ figures -> )|^ {2}[a-z]+: \d+ of \d+ published numbers reproduced /.test(l));
}
