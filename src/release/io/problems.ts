import { terminalText } from './terminal-text.js';

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

/**
 * `file:line: field: message`, the format `workbench validate` prints, on one line: file names,
 * fields and messages quote release strings, so control characters are shown escaped.
 */
export function formatProblem(p: Problem): string {
  const where = p.line === undefined ? p.file : `${p.file}:${p.line}`;
  return terminalText(p.field ? `${where}: ${p.field}: ${p.message}` : `${where}: ${p.message}`);
}

/** How many problems of one kind are printed before the rest of that kind are counted only. */
const SHOWN_PER_KIND = 5;

/**
 * The kind of a problem: its file, field and message with the values taken out (quoted strings,
 * numbers), so that one renamed id referenced by 40,000 rows is one kind, not 40,000 lines.
 */
export function problemKind(p: Problem): string {
  const shape = (s: string) => s.replace(/"(?:[^"\\]|\\.)*"/g, '"…"').replace(/\d+/g, 'N');
  return `${p.file}: ${shape(p.field ?? '')}: ${shape(p.message)}`;
}

/**
 * The lines to print for a list of problems: the first `perKind` of each kind in the order found,
 * then one line per kind that had more, with its count.
 */
export function formatProblems(problems: readonly Problem[], perKind = SHOWN_PER_KIND): string[] {
  const count = new Map<string, number>();
  const lines: string[] = [];
  for (const p of problems) {
    const k = problemKind(p);
    const n = (count.get(k) ?? 0) + 1;
    count.set(k, n);
    if (n <= perKind) lines.push(formatProblem(p));
  }
  for (const [k, n] of count) if (n > perKind) lines.push(terminalText(`... and ${n - perKind} more problem(s) of this kind: ${k}`));
  return lines;
}

/** Thrown when a release cannot be loaded; carries every problem found. */
export class ReleaseError extends Error {
  readonly problems: Problem[];
  constructor(problems: Problem[]) {
    super(`release refused: ${problems.length} problem(s)\n${formatProblems(problems).join('\n')}`);
    this.name = 'ReleaseError';
    this.problems = problems;
  }
}

/** Problems are capped per file so a broken 30,000-row file does not flood the terminal or memory. */
export const MAX_PROBLEMS_PER_FILE = 200;
