import type { ReleaseFiles } from '../format/release-files.js';
import type { Bench } from './contract.js';

/**
 * One benchmark as the list of benchmarks declares it (`analysis/index.ts`): what the CLI needs
 * to know of it without loading its analyses. Plain data and URLs, so a worker thread, which starts
 * with an empty list, finds the benchmark's module by its URL alone.
 */
export interface BenchmarkEntry {
  /** the name `--bench` and MANIFEST.json's `benchmark` give: lower-case letters, digits and dashes */
  name: string;
  /** the module whose `bench` export is the benchmark (`Bench`: load, prepare, analyses, ...) */
  module: URL;
  /** every file of its release, with the schema of its rows (`src/format/<bench>.ts`) */
  release: ReleaseFiles;
  /** where its bundled sample release is, relative to the checkout (default: `data/<name>`) */
  sampleDir?: string;
  /** the module whose `generate(seed)` export makes its synthetic sample release (`workbench generate`); none: no generator */
  generator?: URL;
  /** its releases have guidance labelers to choose among with `reproduce --labeler` */
  labelers?: boolean;
  /** about how many CPU seconds one `reproduce` of its sample takes: a run starts the longest first (default 1) */
  cpuSeconds?: number;
}

/** The benchmarks of this process, in the order they were registered (the order of `analysis/index.ts`). */
const entries: BenchmarkEntry[] = [];

/** Names that are data (directory names under OUT/, words in help texts), and not `all`, which `--bench all` means. */
const NAME = /^[a-z][a-z0-9-]*$/;

/**
 * Adds a benchmark to the list: `analysis/index.ts` calls it for each of the workbench's benchmarks,
 * and a program may call it for one of its own (test/fixtures/benchmark-tiny/). Refuses a name that
 * is taken or malformed.
 */
export function registerBenchmark(entry: BenchmarkEntry): void {
  if (!NAME.test(entry.name) || entry.name === 'all')
    throw new Error(`a benchmark's name is lower-case letters, digits and dashes, and not "all"; got ${JSON.stringify(entry.name)}`);
  if (entries.some((e) => e.name === entry.name)) throw new Error(`a benchmark named ${JSON.stringify(entry.name)} is registered already`);
  if (!(entry.module instanceof URL)) throw new Error(`${entry.name}: module is the URL of the benchmark's module (new URL('./x/index.js', import.meta.url))`);
  entries.push({ ...entry });
}

/** Every registered benchmark, in the order of registration. */
export function benchmarks(): readonly BenchmarkEntry[] {
  return [...entries];
}

/** The names of the registered benchmarks, in order. */
export function benchmarkNames(): string[] {
  return entries.map((e) => e.name);
}

/** The registered benchmark of that name, or undefined (any string may be asked: it is compared, never a key). */
export function findBenchmark(name: unknown): BenchmarkEntry | undefined {
  return entries.find((e) => e.name === name);
}

/** Where a benchmark's bundled sample release is, relative to the checkout. */
export const sampleDirOf = (entry: BenchmarkEntry): string => entry.sampleDir ?? `data/${entry.name}`;

/**
 * A benchmark's `Bench`, imported from its module's URL in the calling thread (only that
 * benchmark's analyses are loaded). The module must say it is the benchmark of that name.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function loadBench(entry: { name: string; module: URL | string }): Promise<Bench<any, any>> {
  const href = typeof entry.module === 'string' ? entry.module : entry.module.href;
  const mod = (await import(href)) as { bench?: Bench<unknown, unknown> };
  const bench = mod.bench;
  if (!bench || typeof bench !== 'object') throw new Error(`${href} has no \`bench\` export (the benchmark ${entry.name}'s Bench)`);
  if (bench.benchmark !== entry.name)
    throw new Error(`${href} is the benchmark ${JSON.stringify(bench.benchmark)}, not ${JSON.stringify(entry.name)} as the list says`);
  return bench;
}
