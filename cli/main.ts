import '../analysis/index.js';
import { formatProblems, ReleaseError } from '../src/release/io/problems.js';
import { WORKBENCH_VERSION } from '../src/version.js';
import { UsageError } from './args.js';
import type { Command } from './command.js';
import { mainHelp } from './usage.js';

// main.ts only dispatches: each command is a module of its own, imported when it runs (a
// `reproduce` loads each benchmark's analyses in its own worker thread, not here as well). The
// benchmarks are those of the list, analysis/index.ts, imported above (a program may register more).

const COMMANDS = new Map<string, () => Promise<{ command: Command }>>([
  ['reproduce', () => import('./reproduce.js')],
  ['validate', () => import('./validate.js')],
  ['generate', () => import('./generate.js')],
  ['manifest', () => import('./manifest.js')],
  ['import', () => import('./import.js')],
  ['schema', () => import('./schema.js')],
]);

/** A command's own help, or the top-level help for anything else. */
async function helpText(topic: string): Promise<string> {
  const load = COMMANDS.get(topic);
  return load ? (await load()).command.help() : mainHelp();
}

/** Runs `workbench ARGV...` and gives its exit code: 0 done, 1 a refused release or another error, 2 a usage error. */
export async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  // `reproduce --json`: a failure is reported on stdout as JSON too
  const json = cmd === 'reproduce' && rest.includes('--json');
  try {
    const load = cmd === undefined ? undefined : COMMANDS.get(cmd);
    if (load) return await (await load()).command.run(rest);
    switch (cmd) {
      case '--version':
        console.log(WORKBENCH_VERSION);
        return 0;
      case undefined:
      case '-h':
      case '--help':
      case 'help':
        console.log(await helpText(rest[0] ?? 'main'));
        return 0;
      default:
        throw new UsageError(`unknown command ${JSON.stringify(cmd)}`);
    }
  } catch (e) {
    if (json)
      console.log(
        JSON.stringify(
          {
            ok: false,
            exit_code: e instanceof UsageError ? 2 : 1,
            error: e instanceof ReleaseError ? 'release refused' : ((e as Error).message ?? String(e)),
            problems: e instanceof ReleaseError ? formatProblems(e.problems) : [],
          },
          null,
          2,
        ),
      );
    if (e instanceof ReleaseError) {
      console.error(`release refused: ${e.problems.length} problem(s)`);
      for (const line of formatProblems(e.problems)) console.error(line);
      return 1;
    }
    if (e instanceof UsageError) {
      console.error(`workbench: ${e.message}\n`);
      console.error(await helpText(cmd ?? 'main'));
      return 2;
    }
    console.error(`workbench: error: ${(e as Error).message ?? String(e)}`);
    if (process.env.WORKBENCH_DEBUG) console.error((e as Error).stack);
    return 1;
  }
}
