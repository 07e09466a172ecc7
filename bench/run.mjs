// Every benchmark under bench/, one after another; each prints its own ratio against a reference
// measured in the same run. `npm run bench` builds first, then runs this.
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const scripts = ['bootstrap.mjs', 'bootstrap-resamples.mjs', 'cube-replay.mjs', 'reproduce-vs-read.mjs'];
for (const s of scripts) {
  console.log(`\n== bench/${s}`);
  execFileSync(process.execPath, [join(here, s)], { stdio: 'inherit' });
}
