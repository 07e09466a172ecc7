import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The workbench's own checkout (where data/, reports/ and figures/ live), found from this file. */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).name === 'agent-bench-workbench') return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error('cannot find the workbench checkout (package.json) above ' + fileURLToPath(import.meta.url));
    dir = up;
  }
}
