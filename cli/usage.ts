import { benchmarkNames } from '../src/benchmark/registry.js';
import { WORKBENCH_VERSION } from '../src/version.js';

/**
 * Every command's usage, written once: the top-level help lists them, each command's own help
 * begins with its own, and the README's CLI block is the same lines (test/cli/cli.test.ts checks
 * all three). A usage is one line, or a line and its continuation (indented under the arguments).
 * The benchmarks are those of the list (src/benchmark/registry.ts), asked when the text is made.
 */
const USAGES: Record<string, () => string[][]> = {
  reproduce: () => [
    [
      `workbench reproduce [--bench ${benchmarkNames().join('|')}|all] [--data DIR] [--out DIR] [--figures DIR] [--resamples N] [--seed S]`,
      `${' '.repeat('workbench reproduce '.length)}[--labeler NAME] [--figure-width screen|column|page] [--explore] [--json] [--quiet]`,
    ],
  ],
  validate: () => [['workbench validate DIR']],
  generate: () => [['workbench generate --bench NAME [--out DIR] [--seed S]']],
  manifest: () => [
    ['workbench manifest DIR [--bench NAME] [--version V] [--synthetic true|false] [--description TEXT] [--force]'],
    ['workbench manifest DIR --check'],
  ],
  import: () => [['workbench import --map MAPPING.json SRC DST']],
  schema: () => [['workbench schema --bench NAME [--file NAME]']],
};

/** Usages the top-level help lists after the commands'. */
const GENERAL = ['workbench COMMAND --help', 'workbench --version'];

export const EXIT_CODES = `Exit codes: 0 done; 1 release refused (every problem listed) or another error; 2 usage error.`;

/** The first paragraph of a command's own help: `Usage: ` and its usage lines, aligned under the first. */
export function usageOf(command: string): string {
  const lines = USAGES[command]().flat();
  return `Usage: ${lines.map((l, i) => (i === 0 ? l : `${' '.repeat('Usage: '.length)}${l}`)).join('\n')}`;
}

/** The top-level help: every command's usage, the benchmarks, the exit codes. */
export function mainHelp(): string {
  const lines = [...Object.values(USAGES).flatMap((u) => u().flat()), ...GENERAL];
  return `workbench ${WORKBENCH_VERSION}: reproduce LLM-agent benchmark papers' tables and figures from released data

Usage:
${lines.map((u) => `  ${u}`).join('\n')}

Benchmarks: ${benchmarkNames().join(', ')}

${EXIT_CODES}`;
}
