import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import { runCli } from './run-cli.js';
import { beyondProgress } from '../helpers/progress.js';

export const REPO = resolve(import.meta.dirname, '../..');

/** Every file under dir, relative, sorted. */
function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name).slice(dir.length + 1))
    .sort();
}

/**
 * Runs reproduce twice under root, in different settings (output dir, working directory, time zone,
 * locale), and compares every output file byte for byte. Returns the first run's directory and files.
 */
export async function twice(root: string, bench: string, data: string | undefined, resamples: number): Promise<{ dir: string; names: string[] }> {
  const a = join(root, `${bench}-a`);
  const b = join(root, `${bench}-b-elsewhere`, 'deeper');
  const args = (out: string) => [
    'reproduce',
    '--bench',
    bench,
    ...(data ? ['--data', data] : []),
    '--out',
    out,
    '--resamples',
    String(resamples),
    '--seed',
    '11',
  ];
  // both at once (two cores)
  const [ra, rb] = await Promise.all([
    runCli(args(a), { env: { TZ: 'UTC', LANG: 'C', LC_ALL: 'C' } }),
    runCli(args(b), { cwd: root, env: { TZ: 'Pacific/Chatham', LANG: 'de_DE.UTF-8', LC_ALL: 'de_DE.UTF-8' } }),
  ]);
  expect(beyondProgress(ra.err)).toEqual([]);
  expect(ra.code).toBe(0);
  expect(beyondProgress(rb.err)).toEqual([]);
  expect(rb.code).toBe(0);
  const na = files(join(a, bench));
  expect(files(join(b, bench))).toEqual(na);
  for (const f of na) expect(readFileSync(join(b, bench, f)).equals(readFileSync(join(a, bench, f))), `${bench}/${f} differs between runs`).toBe(true);
  return { dir: join(a, bench), names: na };
}

/** No timestamp, no temporary or output path and no checkout path in any text output. */
export function expectNoTimestampsOrPaths(root: string, dir: string, names: string[]): void {
  const today = new Date().toISOString().slice(0, 10);
  for (const f of names.filter((n) => !n.endsWith('.png'))) {
    const text = readFileSync(join(dir, f), 'utf8');
    expect(text, f).not.toContain(today);
    expect(text, f).not.toMatch(/\b(19|20)\d\d-[01]\d-[0-3]\dT[0-2]\d:[0-5]\d/); // ISO date-times
    expect(text, f).not.toMatch(/\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)/); // HTTP dates
    expect(text, f).not.toContain(root);
    expect(text, f).not.toContain(REPO);
  }
}
