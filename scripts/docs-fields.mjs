// Rewrites the field tables of docs/release-format.md from the release schemas (the JSON Schemas
// `workbench schema` prints, with the descriptions given in src/format/*.ts): each block between
// `<!-- fields: KEY -->` and `<!-- end fields -->` becomes the table of KEY (`MANIFEST.json`, or
// `<benchmark> <file>`). The prose around the tables is left as it is.
// Run after `npm run build`:   node scripts/docs-fields.mjs          (rewrite the page)
//                              node scripts/docs-fields.mjs --check  (exit 1 when the page is stale)
// A path after the options names another copy of the page (the tests use one).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import '../dist/analysis/index.js';
import { benchmarks } from '../dist/src/benchmark/registry.js';
import { releaseFieldTables, withFieldTables } from '../dist/src/format/field-docs.js';

const args = process.argv.slice(2);
const check = args.includes('--check');
const page = args.find((a) => a !== '--check') ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'release-format.md');
const name = args.find((a) => a !== '--check') ?? 'docs/release-format.md';
const doc = readFileSync(page, 'utf8');
const tables = releaseFieldTables(benchmarks());
const { text, keys, unknown } = withFieldTables(doc, tables);
const missing = [...tables.keys()].filter((k) => !keys.includes(k));
const twice = keys.filter((k, i) => keys.indexOf(k) !== i);
if (unknown.length || missing.length || twice.length) {
  for (const k of unknown) console.error(`${name}: a fields block names ${JSON.stringify(k)}, which is no release file`);
  for (const k of missing)
    console.error(`${name}: no fields block for ${JSON.stringify(k)} (add "<!-- fields: ${k} -->" and "<!-- end fields -->" where its table goes)`);
  for (const k of twice) console.error(`${name}: two fields blocks for ${JSON.stringify(k)}`);
  process.exit(1);
}
if (check) {
  if (text !== doc) {
    console.error(`${name}: the field tables differ from the schemas; run: npm run build && node scripts/docs-fields.mjs`);
    process.exit(1);
  }
  console.log(`${name}: ${keys.length} field tables, as the schemas give them`);
} else if (text !== doc) {
  writeFileSync(page, text);
  console.log(`${name}: ${keys.length} field tables rewritten from the schemas`);
} else console.log(`${name}: ${keys.length} field tables, unchanged`);
