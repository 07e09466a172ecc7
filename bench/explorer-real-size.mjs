// The explorer of a GlobeBench release of the real release's size (about 0.9 GB of JSONL, built
// deterministically from the sample by bench/lib/real-size-globebench.mjs): `reproduce` writes
// OUT/globebench/explore.html with its records and, in detail chunks, every raw response and item
// history; this measures that reproduce against the Python read of the same files (goals: 3.0x the
// read, peak RSS <= 800 MB), the explorer's files (count, total size, largest chunk, what the first
// view loads), and how long explore.html takes in headless Chromium, opened from file://, to show
// its first view (the list with its count): median of 3 fresh pages; goal under 3 s.
// Run after `npm run build`:
//   node bench/explorer-real-size.mjs [--keep DIR] [--resamples 1000]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { buildRealSizeGlobebench } from './lib/real-size-globebench.mjs';
import { PYTHON_READ } from './lib/python-read.mjs';

const argv = process.argv.slice(2);
const opt = (name, dflt) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : dflt);

if (argv[0] === '--reproduce') {
  const { main } = await import('../dist/cli/main.js');
  const t0 = process.hrtime.bigint();
  const code = await main(['reproduce', '--bench', 'globebench', '--data', argv[1], '--out', argv[2], '--resamples', argv[3], '--explore', '--quiet']);
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  console.log(JSON.stringify({ code, seconds, maxRssMiB: process.resourceUsage().maxRSS / 1024 }));
  process.exit(0);
}

const keep = opt('--keep', undefined);
const resamples = opt('--resamples', '1000');
const dir = keep ?? mkdtempSync(join(tmpdir(), 'explorer-real-size-'));
const release = join(dir, 'jsonl');
if (!existsSync(join(release, 'MANIFEST.json'))) await buildRealSizeGlobebench(dir, { scale: 1 });
const out = mkdtempSync(join(tmpdir(), 'explorer-real-size-out-'));
const lastJson = (r) => {
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout.trim().split('\n').pop());
};
try {
  const py = lastJson(spawnSync('/usr/bin/python3', ['-c', PYTHON_READ, release], { encoding: 'utf8' }));
  const self = fileURLToPath(import.meta.url);
  const rep = lastJson(spawnSync(process.execPath, [self, '--reproduce', release, out, resamples], { encoding: 'utf8', maxBuffer: 1 << 26 }));
  if (rep.code !== 0) throw new Error(`reproduce exited ${rep.code}`);

  const files = join(out, 'globebench', 'explore-files');
  const sizes = readdirSync(files).map((f) => ({ f, bytes: statSync(join(files, f)).size }));
  const total = sizes.reduce((s, x) => s + x.bytes, 0);
  const largest = sizes.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const firstView = sizes.filter((x) => !x.f.startsWith('details-')).reduce((s, x) => s + x.bytes, 0) + statSync(join(out, 'globebench', 'explore.html')).size;

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const times = [];
  let shown;
  try {
    for (let i = 0; i < 3; i++) {
      const page = await browser.newPage();
      const t0 = Date.now();
      await page.goto(`${pathToFileURL(join(out, 'globebench', 'explore.html')).href}#kind=response`);
      await page.waitForSelector('body[data-ready="1"] [data-record-count]', { timeout: 60_000 });
      times.push((Date.now() - t0) / 1000);
      shown = await page.getAttribute('[data-record-count]', 'data-record-count');
      // a record's detail, loaded on demand from its chunk (raw text included)
      const t1 = Date.now();
      await page.click('#list tbody tr');
      await page.waitForSelector('[data-view="record"] [data-side="left"] pre');
      if (i === 0) console.log(`  first record's detail (its chunk loaded on demand): ${((Date.now() - t1) / 1000).toFixed(2)} s`);
      await page.close();
    }
  } finally {
    await browser.close();
  }
  times.sort((a, b) => a - b);
  const mb = (b) => (b / 1e6).toFixed(1);
  console.log(`GlobeBench explorer at the real release's size (${py.rows} rows, ${shown} responses listed)`);
  console.log(`  explorer files: ${sizes.length} (${mb(total)} MB in all; largest ${largest.f}, ${mb(largest.bytes)} MB; goal <= 4.0 MB each)`);
  console.log(`  first view loads ${mb(firstView)} MB (page, script, style, records); details load when a record is opened`);
  console.log(`  first view in Chromium from file://: median ${times[1].toFixed(2)} s of 3 (${times.map((t) => t.toFixed(2)).join(', ')}; goal < 3 s)`);
  console.log(
    `  reproduce --resamples ${resamples} with the explorer: ${rep.seconds.toFixed(2)} s, ${(rep.seconds / py.seconds).toFixed(2)}x the read ` +
      `(python read ${py.seconds.toFixed(2)} s; goal <= 3.00x), peak RSS ${((rep.maxRssMiB * 1048576) / 1e6).toFixed(0)} MB (goal <= 800 MB)`,
  );
} finally {
  rmSync(out, { recursive: true, force: true });
  if (!keep) rmSync(dir, { recursive: true, force: true });
}
