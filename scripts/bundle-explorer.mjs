// Bundles the explorer's page script (src/present/explore/page/explorer-app.ts and what it imports)
// into one classic script, dist/vendor/explorer.js, which the report copies beside each
// explore.html: the page loads it with <script src> from file://, where modules cannot be imported.
// Run by `npm run build` after tsc.
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'vendor', 'explorer.js');
rmSync(out, { force: true });
mkdirSync(dirname(out), { recursive: true });
await build({
  input: join(root, 'src', 'present', 'explore', 'page', 'explorer-app.ts'),
  cwd: root,
  platform: 'browser',
  logLevel: 'warn',
  output: { file: out, format: 'iife', minify: true, comments: false },
});
