/**
 * The one list of benchmarks the workbench reproduces: each is registered here, by the function a
 * program uses to add one of its own (`registerBenchmark`). An entry names the benchmark's module by
 * URL, so a `reproduce` run loads a benchmark's analyses only in the thread that runs it, and its
 * release files by their declaration (`src/format/<bench>.ts`). A fourth benchmark is its folder
 * under `analysis/`, its schema module and one entry here (CONVENTIONS.md).
 */
import { registerBenchmark } from '../src/benchmark/registry.js';
import { RELEASE_FILES as CUBEBENCH_FILES } from '../src/format/cubebench.js';
import { RELEASE_FILES as GLOBEBENCH_FILES } from '../src/format/globebench.js';
import { RELEASE_FILES as PAWM_FILES } from '../src/format/pawm.js';

registerBenchmark({
  name: 'globebench',
  module: new URL('./globebench/index.js', import.meta.url),
  release: GLOBEBENCH_FILES,
  generator: new URL('../src/samples/globebench/index.js', import.meta.url),
  cpuSeconds: 6,
});
registerBenchmark({
  name: 'pawm',
  module: new URL('./pawm/index.js', import.meta.url),
  release: PAWM_FILES,
  generator: new URL('../src/samples/pawm/index.js', import.meta.url),
  labelers: true,
  cpuSeconds: 8,
});
registerBenchmark({
  name: 'cubebench',
  module: new URL('./cubebench/index.js', import.meta.url),
  release: CUBEBENCH_FILES,
  generator: new URL('../src/samples/cubebench/index.js', import.meta.url),
  cpuSeconds: 2.5,
});
