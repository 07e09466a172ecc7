/**
 * A problem found in a release: where it is (file, 1-based line, field path) and what was expected.
 * Loading collects every problem it can before failing, so one run shows them all.
 */
export interface Problem {
  file: string;
  line?: number;
  field?: string;
  message: string;
}

/** `file:line: field: message`, the format `workbench validate` prints. */
export function formatProblem(p: Problem): string {
  const where = p.line === undefined ? p.file : `${p.file}:${p.line}`;
  return p.field ? `${where}: ${p.field}: ${p.message}` : `${where}: ${p.message}`;
}

/** Thrown when a release cannot be loaded; carries every problem found. */
export class ReleaseError extends Error {
  readonly problems: Problem[];
  constructor(problems: Problem[]) {
    const shown = problems.slice(0, 20).map(formatProblem).join('\n');
    const more = problems.length > 20 ? `\n... and ${problems.length - 20} more` : '';
    super(`release refused: ${problems.length} problem(s)\n${shown}${more}`);
    this.name = 'ReleaseError';
    this.problems = problems;
  }
}

/** Problems are capped per file so a broken 30,000-row file does not flood the terminal or memory. */
export const MAX_PROBLEMS_PER_FILE = 200;
