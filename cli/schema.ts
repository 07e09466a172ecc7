import { benchmarkNames, findBenchmark } from '../src/benchmark/registry.js';
import { releaseJsonSchemas } from '../src/format/json-schema.js';
import { parse, UsageError } from './args.js';
import type { Command } from './command.js';
import { usageOf } from './usage.js';

const schemaHelp = () => `${usageOf('schema')}

Prints JSON Schemas (draft-07) of a benchmark's release files, generated from the schemas the loader
validates rows with: {"benchmark": NAME, "files": {"MANIFEST.json": ..., "items.jsonl": ..., ...}}, or
with --file one file's schema alone (e.g. --file 'responses/<model_id>.jsonl'). A row schema checks one
row; checks across rows and files (unique ids, references) and those written as code stay with
\`workbench validate\`. The format itself: docs/release-format.md.

Options:
  --bench NAME   ${benchmarkNames().join(' | ')}
  --file NAME    one file's schema, named as in the output's "files"
  -h, --help     this help`;

/** \`workbench schema --bench NAME [--file NAME]\`: from the release files the benchmark's entry in the list declares. */
function schemaCommand(args: string[]): number {
  const { values, positionals } = parse(args, { bench: { type: 'string' }, file: { type: 'string' } });
  if (values.help) {
    console.log(schemaHelp());
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`schema takes no positional arguments (got ${JSON.stringify(positionals[0])})`);
  const bench = findBenchmark(values.bench);
  if (!bench)
    throw new UsageError(`schema needs --bench ${benchmarkNames().join('|')}${values.bench === undefined ? '' : `, got ${JSON.stringify(values.bench)}`}`);
  const all = releaseJsonSchemas(bench.name, bench.release, benchmarkNames());
  if (values.file !== undefined) {
    if (!Object.hasOwn(all.files, values.file))
      throw new UsageError(`no file ${JSON.stringify(values.file)} in a ${bench.name} release (expected one of ${Object.keys(all.files).join(', ')})`);
    console.log(JSON.stringify(all.files[values.file], null, 2));
  } else console.log(JSON.stringify(all, null, 2));
  return 0;
}

export const command: Command = { help: schemaHelp, run: schemaCommand };
