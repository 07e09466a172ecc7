// Makes the compiled library importable by package name ("workbench") from notebooks:
// tslab roots each cell at the notebook's folder, so ../src cannot be imported, but a package
// under node_modules can, declaration files being exempt from rootDir (README, "What is in the repo").
import { mkdirSync, writeFileSync, symlinkSync, rmSync, lstatSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
writeFileSync(
  join(root, 'dist', 'package.json'),
  JSON.stringify({ name: 'workbench', version, type: 'module', main: 'src/index.js', types: 'src/index.d.ts' }, null, 2) + '\n',
);
const link = join(root, 'node_modules', 'workbench');
try {
  lstatSync(link);
  rmSync(link, { recursive: true, force: true });
} catch {}
mkdirSync(join(root, 'node_modules'), { recursive: true });
symlinkSync(join('..', 'dist'), link, 'dir');
