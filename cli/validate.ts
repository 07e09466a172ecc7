import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { benchmarkNames, findBenchmark, loadBench } from '../src/benchmark/registry.js';
import { ReleaseError } from '../src/release/io/problems.js';
import { terminalText } from '../src/release/io/terminal-text.js';
import { openRelease } from '../src/release/load/read-release.js';
import { parse, UsageError } from './args.js';
import type { Command } from './command.js';
import { pathOption } from './output-paths.js';
import { usageOf } from './usage.js';

const validateHelp = () => `${usageOf('validate')}

Loads and checks a release directory (any of ${benchmarkNames().join(', ')}, read from its MANIFEST.json).
Exit 0 with a summary (counts per file), or exit 1 with every problem as
file:line: field: what was expected.`;

/** `workbench validate DIR`: loads the release with the loader of the benchmark its MANIFEST.json names. */
async function validate(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, {});
  if (values.help) {
    console.log(validateHelp());
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError('validate takes one release directory');
  const dir = resolve(pathOption(positionals[0], 'the release directory') ?? '');
  let named: unknown;
  try {
    named = JSON.parse(readFileSync(join(dir, 'MANIFEST.json'), 'utf8').replace(/^\uFEFF/, '')).benchmark;
  } catch {
    // the check below reports a missing or broken manifest with its own message
  }
  const entry = findBenchmark(named);
  if (!entry) {
    // a manifest that is missing, broken or names no benchmark of the list: said as the manifest's problems
    const { problems } = openRelease(dir, undefined, { benchmarks: benchmarkNames() });
    throw new ReleaseError(
      problems.length ? problems : [{ file: 'MANIFEST.json', field: 'benchmark', message: `expected one of ${benchmarkNames().join(', ')}` }],
    );
  }
  const bench = await loadBench(entry);
  const release = bench.load(dir);
  console.log(`${dir}: valid ${bench.benchmark} release`);
  // the summary names agents and methods of the release: printed with control characters escaped
  for (const line of bench.summary(release)) console.log(`  ${terminalText(line)}`);
  return 0;
}

export const command: Command = { help: validateHelp, run: validate };
