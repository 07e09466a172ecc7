#!/usr/bin/env node
// The CLI runs from the compiled library (npm run build); see README.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  console.error('workbench: not built yet; run `npm run build` (or `bash scripts/setup.sh`) first');
  process.exit(1);
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
