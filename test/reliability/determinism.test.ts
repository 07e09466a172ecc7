/**
 * Determinism: the same release, seed and resample count give byte-identical JSON, Markdown, HTML,
 * SVG, PNG and Vega-Lite files, whatever the output directory, working directory, time zone or
 * locale; nothing in a report body is a timestamp. On the tiny release (always) and on each bundled
 * sample release data/<bench> (once its generator has written it), with few resamples for speed.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BENCHES } from '../../analysis/index.js';
import { writeRelease } from '../../src/generate/write-release.js';
import { tinyGlobebench } from '../helpers/tiny-globebench.js';
import { runCli } from './run-cli.js';
import { tinyCubebench } from './tiny-releases.js';

const root = mkdtempSync(join(tmpdir(), 'wb-determinism-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const REPO = resolve(import.meta.dirname, '../..');

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name).slice(dir.length + 1))
    .sort();
}

/** Runs reproduce twice in different settings and compares every output file byte for byte. */
async function twice(bench: string, data: string | undefined, resamples: number): Promise<{ dir: string; names: string[] }> {
  const a = join(root, `${bench}-a`);
  const b = join(root, `${bench}-b-elsewhere`, 'deeper');
  const args = (out: string) => ['reproduce', '--bench', bench, ...(data ? ['--data', data] : []), '--out', out, '--resamples', String(resamples), '--seed', '11'];
  const ra = await runCli(args(a), { env: { TZ: 'UTC', LANG: 'C', LC_ALL: 'C' } });
  const rb = await runCli(args(b), { cwd: root, env: { TZ: 'Pacific/Chatham', LANG: 'de_DE.UTF-8', LC_ALL: 'de_DE.UTF-8' } });
  expect(ra.err).toBe('');
  expect(ra.code).toBe(0);
  expect(rb.err).toBe('');
  expect(rb.code).toBe(0);
  const na = files(join(a, bench));
  expect(files(join(b, bench))).toEqual(na);
  for (const f of na) expect(readFileSync(join(b, bench, f)).equals(readFileSync(join(a, bench, f))), `${bench}/${f} differs between runs`).toBe(true);
  return { dir: join(a, bench), names: na };
}

/** No timestamp, no output path and no absolute path in any text output. */
function expectNoTimestampsOrPaths(dir: string, names: string[]): void {
  const today = new Date().toISOString().slice(0, 10);
  for (const f of names.filter((n) => !n.endsWith('.png'))) {
    const text = readFileSync(join(dir, f), 'utf8');
    expect(text, f).not.toContain(today);
    expect(text, f).not.toMatch(/\b(19|20)\d\d-[01]\d-[0-3]\dT[0-2]\d:[0-5]\d/); // ISO date-times
    expect(text, f).not.toMatch(/\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)/); // HTTP dates
    expect(text, f).not.toContain(root); // the output (or any temporary) path
    expect(text, f).not.toContain(REPO);
  }
}

describe('byte-identical outputs', () => {
  it('tiny GlobeBench release: every file identical across output dir, cwd, time zone and locale; a new seed changes the CIs', async () => {
    const data = join(root, 'tiny-globe');
    writeRelease(data, tinyGlobebench());
    const { dir, names } = await twice('globebench', data, 200);
    for (const ext of ['.json', '.md', '.html', '.svg', '.png', '.vl.json', '.jsonl']) expect(names.some((n) => n.endsWith(ext)), ext).toBe(true);
    expectNoTimestampsOrPaths(dir, names);
    // the comparison is not vacuous: another seed gives other bootstrap CIs
    const other = join(root, 'tiny-other-seed');
    expect((await runCli(['reproduce', '--bench', 'globebench', '--data', data, '--out', other, '--resamples', '200', '--seed', '12'])).code).toBe(0);
    expect(readFileSync(join(other, 'globebench', 'table01.json'), 'utf8')).not.toBe(readFileSync(join(dir, 'table01.json'), 'utf8'));
  });

  it.runIf(BENCHES.some((b) => b.benchmark === 'cubebench'))('tiny CubeBench release: every file identical', async () => {
    const data = join(root, 'tiny-cube');
    writeRelease(data, tinyCubebench());
    const { dir, names } = await twice('cubebench', data, 200);
    expectNoTimestampsOrPaths(dir, names);
  });

  for (const bench of BENCHES.map((b) => b.benchmark as string)) {
    const sample = join(REPO, 'data', bench, 'MANIFEST.json');
    it.skipIf(!existsSync(sample))(`sample release data/${bench}: every file identical (reduced --resamples)`, async () => {
      const { dir, names } = await twice(bench, undefined, 100);
      expect(names.length).toBeGreaterThan(5);
      expectNoTimestampsOrPaths(dir, names);
    }, 300_000);
  }
});
