import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeRelease } from '../../src/samples/write-release.js';
import { tinyGlobebench } from '../helpers/tiny-globebench.js';

const root = mkdtempSync(join(tmpdir(), 'wb-cli-json-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const tiny = join(root, 'tiny');
writeRelease(tiny, tinyGlobebench());

function wb(...args: string[]) {
  const r = spawnSync('node', ['bin/workbench.js', ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('CLI conventions', () => {
  it('--version prints the package version alone on stdout', () => {
    const r = wb('--version');
    expect(r.code).toBe(0);
    expect(r.out).toBe(`${JSON.parse(readFileSync('package.json', 'utf8')).version}\n`);
  });
  it('--help documents the exit codes and the new options', () => {
    const main = wb('--help').out;
    expect(main).toMatch(/Exit codes: 0 done; 1 release refused .*; 2 usage error/);
    const rep = wb('reproduce', '--help').out;
    for (const s of ['--figure-width', '--json', 'Exit codes', '.csv', '.tex', '.pdf', 'summary.json']) expect(rep).toContain(s);
  });
  it('reproduce --json: one JSON document on stdout naming every file written; messages on stderr', () => {
    const out = join(root, 'out');
    const r = wb('reproduce', '--bench', 'globebench', '--data', tiny, '--out', out, '--resamples', '50', '--json');
    expect(r.code, r.err).toBe(0);
    const s = JSON.parse(r.out);
    expect(s.ok).toBe(true);
    expect(s.benchmarks).toHaveLength(1);
    const b = s.benchmarks[0];
    for (const f of ['table01.csv', 'table01.tex', 'summary.json', 'index.html', 'README.md', 'figures/fig-table01.pdf'])
      expect(b.files).toContain(join(out, 'globebench', f));
    const entries = JSON.parse(readFileSync(join(out, 'globebench', 'summary.json'), 'utf8'));
    expect(b.scorecard.published).toBe(entries.length);
    expect(b.verdict).toMatch(/^globebench: \d+ of \d+ published numbers reproduced/);
    expect(r.err).toMatch(/globebench: rendering \d+ tables/);
    expect(s.top_index).toBe(join(out, 'index.html'));
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain('href="globebench/index.html"');
  });
  it('a refused release under --json: exit 1 and {ok: false, problems} on stdout', () => {
    const bad = join(root, 'bad');
    writeRelease(bad, tinyGlobebench());
    writeFileSync(join(bad, 'MANIFEST.json'), '{');
    const r = wb('reproduce', '--bench', 'globebench', '--data', bad, '--out', join(root, 'out-bad'), '--json');
    expect(r.code).toBe(1);
    const s = JSON.parse(r.out);
    expect(s).toMatchObject({ ok: false, exit_code: 1 });
  });
  it('an unknown figure width is a usage error (exit 2)', () => {
    const r = wb('reproduce', '--figure-width', 'poster');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--figure-width expects one of screen, column, page/);
  });
  it('never replaces an index.html at the top of --out that it did not write', () => {
    const out = join(root, 'foreign');
    const r0 = wb('reproduce', '--bench', 'globebench', '--data', tiny, '--out', out, '--resamples', '20');
    expect(r0.code).toBe(0);
    writeFileSync(join(out, 'index.html'), 'mine');
    const r = wb('reproduce', '--bench', 'globebench', '--data', tiny, '--out', out, '--resamples', '20', '--json');
    expect(r.code).toBe(0);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('mine');
    expect(JSON.parse(r.out).warnings.join('\n')).toMatch(/index\.html exists and was not written by the workbench/);
  });
});
