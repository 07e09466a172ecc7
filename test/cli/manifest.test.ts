import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { afterAll, describe, expect, it } from 'vitest';
import { tinyGlobebench } from '../helpers/tiny-globebench.js';
import { columnsOf } from '../helpers/parquet-release.js';
import { tinyPawm } from '../reliability/tiny-releases.js';

const root = mkdtempSync(join(tmpdir(), 'wb-manifest-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function wb(...args: string[]) {
  const r = spawnSync('node', ['bin/workbench.js', ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** A release put together by hand: JSONL files, one Parquet file, a README; no manifest. */
function handAssembled(name: string): string {
  const dir = join(root, name);
  const spec = tinyGlobebench();
  for (const [file, rows] of Object.entries(spec.files)) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    if (file === 'responses/m2.jsonl')
      writeFileSync(join(dir, 'responses/m2.parquet'), Buffer.from(parquetWriteBuffer({ columnData: columnsOf(rows as Record<string, unknown>[]) })));
    else writeFileSync(join(dir, file), rows.map((r) => JSON.stringify(r) + '\n').join(''));
  }
  mkdirSync(join(dir, 'human'));
  writeFileSync(join(dir, 'README.md'), '# my release\n');
  return dir;
}

const sha256sum = (file: string) => execFileSync('sha256sum', [file], { encoding: 'utf8' }).split(' ')[0];
const lines = (file: string) => Number(execFileSync('wc', ['-l', file], { encoding: 'utf8' }).trim().split(' ')[0]);

describe('workbench manifest', () => {
  it('writes MANIFEST.json for a hand-assembled release: sha256 and rows of every data file, fields from the flags', () => {
    const dir = handAssembled('ok');
    const r = wb('manifest', dir, '--bench', 'globebench', '--version', '2.0', '--synthetic', 'false', '--description', 'by hand');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const m = JSON.parse(readFileSync(join(dir, 'MANIFEST.json'), 'utf8'));
    expect({ ...m, files: undefined }).toEqual({
      format_version: '1.0',
      benchmark: 'globebench',
      version: '2.0',
      synthetic: false,
      description: 'by hand',
      files: undefined,
    });
    // the format version first: it says how to read the rest
    expect(Object.keys(m)[0]).toBe('format_version');
    expect(Object.keys(m.files).sort()).toEqual([
      'items.jsonl',
      'judge/m1.jsonl',
      'judge/m2.jsonl',
      'models.jsonl',
      'responses/m1.jsonl',
      'responses/m2.parquet',
    ]);
    for (const [f, e] of Object.entries(m.files) as [string, { sha256: string; rows: number }][]) {
      expect(e.sha256, f).toBe(sha256sum(join(dir, f)));
      // 4 responses per model, by construction of the tiny release
      expect(e.rows, f).toBe(f.endsWith('.parquet') ? 4 : lines(join(dir, f)));
    }
    expect(wb('validate', dir).code).toBe(0);
    expect(wb('manifest', dir, '--check').code).toBe(0);
  });

  it('a directory without MANIFEST.json and without --bench: a usage error saying what to give, nothing written', () => {
    const dir = handAssembled('no-bench');
    const r = wb('manifest', dir);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /no-bench has no MANIFEST\.json to take the benchmark from: give --bench NAME \(globebench, pawm, cubebench\) with --version V and --synthetic true\|false/,
    );
    expect(r.err).not.toMatch(/undefined/);
    expect(existsSync(join(dir, 'MANIFEST.json'))).toBe(false);
  });

  it('--check names a directory where a listed data file should be as a directory, not as missing', () => {
    const dir = handAssembled('dir-listed');
    expect(wb('manifest', dir, '--bench', 'globebench', '--version', '1', '--synthetic', 'false').code).toBe(0);
    rmSync(join(dir, 'judge', 'm2.jsonl'));
    mkdirSync(join(dir, 'judge', 'm2.jsonl'));
    const r = wb('manifest', dir, '--check');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^judge\/m2\.jsonl: listed in MANIFEST\.json as a data file, but it is a directory$/m);
  });

  it('--check reports a file changed after the manifest was written, and a file added', () => {
    const dir = handAssembled('changed');
    expect(wb('manifest', dir, '--bench', 'globebench', '--version', '1', '--synthetic', 'true').code).toBe(0);
    writeFileSync(join(dir, 'models.jsonl'), readFileSync(join(dir, 'models.jsonl'), 'utf8').split('\n').slice(0, 1).join('\n') + '\n');
    writeFileSync(join(dir, 'human/ratings.jsonl'), '');
    const r = wb('manifest', dir, '--check');
    expect(r.code).toBe(1);
    expect(r.err).toContain(`human/ratings.jsonl: not listed in MANIFEST.json`);
    expect(r.err).toMatch(/models\.jsonl: sha256 mismatch: MANIFEST.json says [0-9a-f]{64}, the file has [0-9a-f]{64}/);
    expect(r.err).toContain('models.jsonl: row count mismatch: MANIFEST.json says 2, the file has 1');
  });

  it('does not overwrite an existing MANIFEST.json without --force, and keeps its other fields with it', () => {
    const dir = handAssembled('again');
    expect(wb('manifest', dir, '--bench', 'globebench', '--version', '1', '--synthetic', 'true').code).toBe(0);
    const path = join(dir, 'MANIFEST.json');
    const m = JSON.parse(readFileSync(path, 'utf8'));
    writeFileSync(path, JSON.stringify({ ...m, homepage: 'https://example.org' }));
    const before = readFileSync(path, 'utf8');
    const r = wb('manifest', dir, '--version', '3');
    expect(r.code).toBe(2);
    expect(r.err).toContain('MANIFEST.json exists; use --check to verify it, or --force to rewrite it');
    expect(readFileSync(path, 'utf8')).toBe(before);
    expect(wb('manifest', dir, '--version', '3', '--force').code).toBe(0);
    const m3 = JSON.parse(readFileSync(path, 'utf8'));
    expect([m3.version, m3.synthetic, m3.homepage, m3.benchmark]).toEqual(['3', true, 'https://example.org', 'globebench']);
  });

  it('refuses a directory that is not a release of the benchmark, and writes nothing', () => {
    const dir = handAssembled('stray');
    writeFileSync(join(dir, 'notes.txt'), 'x');
    let r = wb('manifest', dir, '--bench', 'globebench', '--version', '1', '--synthetic', 'false');
    expect(r.code).toBe(1);
    expect(r.err).toContain('notes.txt: not a file of a globebench release');
    expect(existsSync(join(dir, 'MANIFEST.json'))).toBe(false);

    const pawm = join(root, 'pawm');
    for (const [f, rows] of Object.entries(tinyPawm().files)) {
      mkdirSync(pawm, { recursive: true });
      writeFileSync(join(pawm, f), rows.map((x) => JSON.stringify(x) + '\n').join(''));
    }
    r = wb('manifest', pawm, '--bench', 'globebench', '--version', '1', '--synthetic', 'false');
    expect(r.code).toBe(1);
    expect(r.err).toContain('episodes.jsonl: not a file of a globebench release');
    expect(wb('manifest', pawm, '--bench', 'nope', '--version', '1', '--synthetic', 'false').code).toBe(2);
    expect(wb('manifest', pawm, '--bench', 'pawm', '--version', '1').code).toBe(2); // --synthetic is required
    expect(existsSync(join(pawm, 'MANIFEST.json'))).toBe(false);
    expect(wb('manifest', pawm, '--bench', 'pawm', '--version', '1', '--synthetic', 'true').code).toBe(0);
  });

  it('leaves no manifest behind for a release that does not load, and prints its problems', () => {
    const dir = handAssembled('broken');
    const items = readFileSync(join(dir, 'items.jsonl'), 'utf8').split('\n');
    items[1] = items[1].replace('"domain":"enterprise"', '"domain":"finance"');
    writeFileSync(join(dir, 'items.jsonl'), items.join('\n'));
    const r = wb('manifest', dir, '--bench', 'globebench', '--version', '1', '--synthetic', 'false');
    expect(r.code).toBe(1);
    expect(r.err).toContain('items.jsonl:2: domain: expected one of');
    expect(existsSync(join(dir, 'MANIFEST.json'))).toBe(false);
  });
});
