import '../../analysis/index.js';
import { benchmarks, loadBench, sampleDirOf } from '../../src/benchmark/registry.js';

/** Every benchmark of the list (analysis/index.ts), its module loaded, in the list's order. */
export const BENCHES = await Promise.all(benchmarks().map(loadBench));

/** A benchmark's bundled sample release, relative to the checkout. */
export const sampleDir = (name: string): string => sampleDirOf(benchmarks().find((e) => e.name === name)!);
