import { join, resolve } from 'node:path';
import { DEFAULT_SEED } from '../src/benchmark/contract.js';
import { benchmarks, findBenchmark, sampleDirOf } from '../src/benchmark/registry.js';
import type { ReleaseSpec } from '../src/samples/write-release.js';
import { repoRoot } from '../src/repo-root.js';
import { intOption, MAX_SEED, parse, UsageError } from './args.js';
import type { Command } from './command.js';
import { pathOption, refuseKernelFileSystem } from './output-paths.js';
import { usageOf } from './usage.js';

const generateHelp = () => `${usageOf('generate')}

Writes the synthetic sample release of a benchmark (default: data/<bench>, seed ${DEFAULT_SEED};
seeds 0 to ${MAX_SEED}).
The sample releases are made by the workbench's own seeded generators, calibrated to the papers'
published aggregates; they are not the papers' data. MANIFEST.json records what generate wrote
(generated_by: generator, benchmark, seed, sha256 of each file); a non-empty --out is replaced only
when it holds a release generate wrote for the same benchmark, unchanged since, and refused otherwise.`;

/** `workbench generate --bench NAME [...]`: the benchmark's generator is the module its entry in the list names. */
async function generate(args: string[]): Promise<number> {
  const { values } = parse(args, { bench: { type: 'string' }, out: { type: 'string' }, seed: { type: 'string' } });
  if (values.help) {
    console.log(generateHelp());
    return 0;
  }
  if (!values.bench) throw new UsageError('generate needs --bench');
  const entry = findBenchmark(values.bench);
  if (!entry?.generator)
    throw new UsageError(
      `no generator for ${JSON.stringify(values.bench)} (expected one of ${benchmarks()
        .filter((e) => e.generator)
        .map((e) => e.name)
        .join(', ')})`,
    );
  const [{ generate: gen }, { refuseToReplace, writeRelease }] = await Promise.all([
    import(entry.generator.href) as Promise<{ generate?: (seed: number) => ReleaseSpec }>,
    import('../src/samples/write-release.js'),
  ]);
  if (typeof gen !== 'function') throw new Error(`${entry.generator.href} has no \`generate\` export (the ${entry.name} sample generator)`);
  const seed = intOption(values.seed, 'seed', DEFAULT_SEED, 0, MAX_SEED);
  const out = resolve(pathOption(values.out, '--out') ?? join(repoRoot(), sampleDirOf(entry)));
  refuseKernelFileSystem(out, '--out');
  // refused before the sample is generated (writeRelease checks again, under its lock)
  refuseToReplace(out, entry.name);
  writeRelease(out, gen(seed));
  console.log(`wrote synthetic ${entry.name} sample release (seed ${seed}) to ${out}`);
  return 0;
}

export const command: Command = { help: generateHelp, run: generate };
