// The floors of the workbench, checked by dependency-cruiser (`npm run lint:deps`, run by scripts/test.sh).
//
// Bottom to top (a folder may import only the floors below it; README, "What is in the repo"):
//    0 src/format     the release format: zod schemas, the list of release files
//    1 src/domain     engines that know no release file: cube engine, grader, tokenizer
//    2 src/release    reading releases: io, load, import
//    3 src/derive     statistics (one per file) and the derived cells
//    4 src/present    tables, figures, report renderers, notebook display
//    5 src/output     owned output directories, lock, journal
//    6 src/benchmark  the Bench contract, run options, defaults
//    7 analysis/<bench>/  beside derive and present: its derive/ uses derive, its present/ uses present
//    8 src/run        the only folder that knows threads and processes
//    9 src/samples    the sample-release generators
//   10 cli/           argument parsing, one file per command
// The ground files (src/version.ts, src/repo-root.ts, src/error-message.ts) may be imported by
// anyone and import nothing of the workbench. src/index.ts is the library's face for notebooks.
// No rule has an exception.

/** Files any floor may import: they import nothing of the workbench themselves. */
const GROUND = '^src/(version|repo-root|error-message)\\.ts$';
/** Everything of the workbench a module could import (packages and node builtins are not floors). */
const WORKBENCH = '^(src|analysis|cli)/';
/** The floors below floor `n` (0-based, src/ floors only), and the ground files. */
const SRC_FLOORS = ['format', 'domain', 'release', 'derive', 'present', 'output', 'benchmark'];
const below = (n) => [GROUND, ...SRC_FLOORS.slice(0, n).map((f) => `^src/${f}/`)];
/** The benchmarks' folders: analysis/<bench>/, and the one list of them, analysis/index.ts. */
const ANALYSIS = '^analysis/';

module.exports = {
  forbidden: [
    // ---- the floors of src/, bottom to top ----
    {
      name: 'ground-files-import-nothing',
      comment:
        'version.ts, repo-root.ts and error-message.ts may be imported from any floor, so they must import nothing of the workbench themselves: otherwise a low floor would reach a high one through them.',
      severity: 'error',
      from: { path: GROUND },
      to: { path: WORKBENCH },
    },
    {
      name: 'format-is-the-ground-floor',
      comment:
        'src/format says what a release is (zod schemas, the list of release files). Everything else reads, grades, computes or shows a release, so the format depends on none of it.',
      severity: 'error',
      from: { path: '^src/format/' },
      to: { path: WORKBENCH, pathNot: below(1) },
    },
    {
      name: 'domain-uses-only-the-format',
      comment:
        'src/domain holds the engines (cube, grader, tokenizer), which know no release file: they may use the format\'s types, and nothing that reads, derives or shows.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { path: WORKBENCH, pathNot: below(2) },
    },
    {
      name: 'release-uses-only-domain-and-format',
      comment:
        'src/release reads releases (io, load, import): it may check rows against the format and grade or replay them with the domain engines, but never computes a statistic or renders anything.',
      severity: 'error',
      from: { path: '^src/release/' },
      to: { path: WORKBENCH, pathNot: below(3) },
    },
    {
      name: 'derive-uses-only-release-and-below',
      comment:
        'src/derive computes every number (statistics, derived cells) from what was read; it knows nothing of tables, figures or files written.',
      severity: 'error',
      from: { path: '^src/derive/' },
      to: { path: WORKBENCH, pathNot: below(4) },
    },
    {
      name: 'present-uses-only-derive-and-below',
      comment:
        'src/present lays numbers out as tables, figures, reports and notebook displays. It never writes files (output), knows no benchmark (benchmark, analysis) and starts no thread or process (run): a caller hands it what those make.',
      severity: 'error',
      from: { path: '^src/present/' },
      to: { path: WORKBENCH, pathNot: below(5) },
    },
    {
      name: 'output-uses-only-present-and-below',
      comment:
        'src/output owns the directories the workbench writes (lock, journal, reports written); it writes what present rendered and knows no benchmark, thread or command.',
      severity: 'error',
      from: { path: '^src/output/' },
      to: { path: WORKBENCH, pathNot: below(6) },
    },
    {
      name: 'benchmark-contract-uses-only-output-and-below',
      comment:
        'src/benchmark is the Bench contract every analysis/<bench>/ fills in (run options, defaults): it names the types of the floors below and knows no particular benchmark.',
      severity: 'error',
      from: { path: '^src/benchmark/' },
      to: { path: WORKBENCH, pathNot: below(7) },
    },

    // ---- analysis/<bench>/: beside derive and present ----
    {
      name: 'analysis-derive-uses-src-derive-and-below',
      comment:
        'analysis/<bench>/derive computes the benchmark\'s cells: it may use src floors up to derive and its own derive/, never a table, figure or the contract (a number is computed before anyone lays it out).',
      severity: 'error',
      from: { path: '^analysis/([^/]+)/derive/' },
      to: { path: WORKBENCH, pathNot: [...below(4), '^analysis/$1/derive/'] },
    },
    {
      name: 'analysis-present-uses-src-present-and-below',
      comment:
        'analysis/<bench>/present lays the benchmark\'s cells out as tables and figures: it may use src floors up to present, its own derive/ and present/, and its paper.ts for the paper and delta columns; never the contract, output or run.',
      severity: 'error',
      from: { path: '^analysis/([^/]+)/present/' },
      to: { path: WORKBENCH, pathNot: [...below(5), '^analysis/$1/(derive|present)/', '^analysis/$1/paper\\.ts$'] },
    },
    {
      name: 'analysis-present-reads-cells-not-statistics',
      comment:
        'Every number is computed once, in derive: a table or figure reads derived cells and lays them out. A statistic called from present would be a second place where a number is computed (and a figure and its table could disagree).',
      severity: 'error',
      from: { path: '^analysis/[^/]+/present/' },
      to: { path: '^src/derive/stats/' },
    },
    {
      name: 'analysis-present-reads-the-grades-not-the-grader',
      comment:
        'GlobeBench responses are graded once, by gradeRelease in the loader; present reads those grades (the Grade and FailureType types are fine) and never grades or compares fields again.',
      severity: 'error',
      from: { path: '^analysis/[^/]+/present/' },
      to: { path: '^src/domain/grade/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'paper-declares-published-numbers-only',
      comment:
        'analysis/<bench>/paper.ts declares each published number as the paper prints it (src/present/report/published.ts); tables read it for their paper and delta columns, so it reads nothing of the benchmark itself: a published number is never computed from, nor feeds, a recomputed one.',
      severity: 'error',
      from: { path: '^analysis/[^/]+/paper\\.ts$' },
      to: { path: WORKBENCH, pathNot: below(5) },
    },
    {
      name: 'analysis-entry-uses-the-contract-and-its-own-folder',
      comment:
        'analysis/<bench>/index.ts (the declared analyses, and the lists of them it gathers) fills in the Bench contract: it may use src floors up to the contract and its own benchmark\'s folder.',
      severity: 'error',
      from: { path: '^analysis/([^/]+)/[^/]+$', pathNot: '^analysis/[^/]+/paper\\.ts$' },
      to: { path: WORKBENCH, pathNot: [...below(7), '^analysis/$1/'] },
    },
    {
      name: 'benchmark-list-uses-only-benchmarks-and-the-contract',
      comment: 'analysis/index.ts is the one list of benchmarks: it names each benchmark\'s index.ts and the contract they fill in, nothing else.',
      severity: 'error',
      from: { path: '^analysis/index\\.ts$' },
      to: { path: WORKBENCH, pathNot: [...below(7), '^analysis/[^/]+/index\\.ts$'] },
    },
    {
      name: 'a-benchmark-never-imports-another',
      comment:
        'Each benchmark is one folder under analysis/: adding, changing or removing one touches no other. What two benchmarks share belongs in src/.',
      severity: 'error',
      from: { path: '^analysis/([^/]+)/' },
      to: { path: ANALYSIS, pathNot: '^analysis/$1/' },
    },

    // ---- the floors above analysis ----
    {
      name: 'run-uses-only-the-floors-below',
      comment:
        'src/run is the only folder that knows threads and processes (benchmark threads, the figure thread, the PDF converter): it runs the benchmarks of analysis/ and the floors below, and knows no sample generator or command.',
      severity: 'error',
      from: { path: '^src/run/' },
      to: { path: WORKBENCH, pathNot: [...below(7), ANALYSIS, '^src/run/'] },
    },
    {
      name: 'samples-use-only-the-floors-below',
      comment: 'src/samples generates the synthetic sample releases and writes them through src/output; no floor below needs it, and it knows no command.',
      severity: 'error',
      from: { path: '^src/samples/' },
      to: { path: WORKBENCH, pathNot: [...below(7), ANALYSIS, '^src/(run|samples)/'] },
    },
    {
      name: 'src-never-imports-cli',
      comment: 'cli/ is the top floor (argument parsing, one file per command): the library works without it, for notebooks and other programs.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^cli/' },
    },
    {
      name: 'library-face-shows-only-src',
      comment:
        'src/index.ts is what notebooks import as `workbench`: the library in src/. A benchmark\'s analyses are their own entry (`workbench/analysis/<bench>/index.js`), and the CLI is no part of the library.',
      severity: 'error',
      from: { path: '^src/index\\.ts$' },
      to: { path: WORKBENCH, pathNot: '^src/' },
    },
    {
      name: 'nothing-imports-the-library-face',
      comment:
        'src/index.ts re-exports every floor; a floor that imported it would import the floors above it too. Inside the workbench, import the module that declares a thing.',
      severity: 'error',
      from: { path: WORKBENCH },
      to: { path: '^src/index\\.ts$' },
    },
    {
      name: 'threads-and-processes-only-in-run',
      comment:
        'Threads and child processes live in src/run alone (one execution mode, tested through one path): any other floor gets their results handed in by its caller, or a function to call.',
      severity: 'error',
      from: { path: WORKBENCH, pathNot: '^src/run/' },
      to: { dependencyTypes: ['core'], path: '^(node:)?(worker_threads|child_process|cluster)$' },
    },

    // ---- notebooks, tests, cycles ----
    {
      name: 'notebooks-use-the-public-library',
      comment:
        'Notebooks import the compiled library by its public names only: `workbench` and `workbench/analysis/<bench>/index.js` (tslab cannot compile files outside the notebook folder, and a notebook is a user of the library, not part of it).',
      severity: 'error',
      from: { path: '^notebooks/' },
      to: { dependencyTypesNot: ['core', 'npm', 'npm-dev'], pathNot: ['^dist/src/index\\.(js|d\\.ts)$', '^dist/analysis/[^/]+/index\\.(js|d\\.ts)$'] },
    },
    {
      name: 'notebooks-import-no-source-file',
      comment: 'A notebook that imported src/, analysis/ or cli/ by path would run code tslab cannot compile from the notebook folder, and bypass the public library.',
      severity: 'error',
      from: { path: '^notebooks/' },
      to: { dependencyTypes: ['local'] },
    },
    {
      name: 'production-never-imports-tests',
      comment: 'Test helpers and fixtures are not shipped, and code that reaches into them behaves differently under test than for a user.',
      severity: 'error',
      from: { path: '^(src|analysis|cli|bin|notebooks)/' },
      to: { path: '^test/' },
    },
    {
      name: 'no-cycles',
      comment:
        'Files that import each other (type-only imports included: a cycle of types is still a cycle to a reader) cannot be read, tested or moved one at a time, and have no floor. Give what both need a file of its own.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment:
        'An import that does not resolve is a typo or a missing package; for the built library (the notebooks\' `workbench`, bench/\'s ../dist/...) it means it is not built yet: run `npm run build` first.',
      severity: 'error',
      from: {},
      // hyparquet's type file: TypeScript finds src/types.d.ts beside the JavaScript target of its exports map, the resolver used here does not
      to: { couldNotResolve: true, pathNot: '^hyparquet/src/types\\.js$' },
    },
  ],
  options: {
    // what is cruised is given on the command line (package.json, lint:deps); compiled code and packages are not followed
    doNotFollow: { path: ['node_modules', '^dist/'] },
    // type-only imports count: a type from a higher floor is still a dependency on it
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.d.ts', '.js', '.mjs', '.cjs'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
