/**
 * MANIFEST.json's `format_version` (docs/release-format.md, "Format version"): absent means the
 * current format, a version this workbench reads loads, any other is refused with one problem line
 * naming MANIFEST.json, the field and the versions read; every manifest the workbench writes says
 * which format it is in.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import { editManifest, tinyCubebench, writeTiny } from '../reliability/tiny-releases.js';

const REPO = resolve(import.meta.dirname, '../..');
const root = mkdtempSync(join(tmpdir(), 'wb-format-version-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function wb(...args: string[]) {
  const r = spawnSync('node', [join(REPO, 'bin/workbench.js'), ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

let n = 0;
/** A tiny valid CubeBench release whose manifest `edit` changes. */
function release(edit: (m: Record<string, unknown>) => void): string {
  const dir = join(root, `r${n++}`);
  writeTiny(dir, tinyCubebench());
  editManifest(dir, edit);
  return dir;
}

const READS = 'this workbench reads format "1.0" (docs/release-format.md, "Format version")';

describe('reading format_version', () => {
  it('a manifest without format_version is read as the current format', () => {
    const dir = release((m) => delete m.format_version);
    expect(JSON.parse(readFileSync(join(dir, 'MANIFEST.json'), 'utf8'))).not.toHaveProperty('format_version');
    const r = wb('validate', dir);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
  });

  it('format_version "1.0" loads', () => {
    const r = wb(
      'validate',
      release((m) => (m.format_version = '1.0')),
    );
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
  });

  it('an unknown version is refused with one line naming MANIFEST.json, the field and the versions read', () => {
    for (const v of ['2.0', '1', '1.0.0', '', 'v1.0']) {
      const r = wb(
        'validate',
        release((m) => (m.format_version = v)),
      );
      expect(r.code, v).toBe(1);
      expect(r.err.trim(), v).toBe(
        `release refused: 1 problem(s)\nMANIFEST.json: format_version: unknown format version ${JSON.stringify(v)}: ${READS}; a release of a later format needs a later workbench`,
      );
    }
  });

  it('a version that is not a string is refused the same way (1.0 in JSON is the number 1)', () => {
    const dir = release(() => {});
    const path = join(dir, 'MANIFEST.json');
    for (const [v, shown] of [
      ['1.0', '1'],
      ['null', 'null'],
      ['["1.0"]', '["1.0"]'],
    ]) {
      const text = readFileSync(path, 'utf8').replace(/"format_version": [^\n]*\n/, `"format_version": ${v},\n`);
      expect(text).toContain(`"format_version": ${v},`);
      writeFileSync(path, text);
      const r = wb('validate', dir);
      expect(r.code, v).toBe(1);
      expect(r.err.trim(), v).toBe(
        `release refused: 1 problem(s)\nMANIFEST.json: format_version: expected a string naming the format version, got ${shown}: ${READS}`,
      );
    }
  });

  it('an unknown version is the only problem said, whatever else the manifest holds (another format may have other fields)', () => {
    const dir = release((m) => {
      m.format_version = '2.0';
      m.synthetic = 'yes';
      delete m.files;
      m.benchmark = 'globebench-v2';
    });
    const r = wb('validate', dir);
    expect(r.code).toBe(1);
    expect(r.err.trim().split('\n')).toEqual([
      'release refused: 1 problem(s)',
      `MANIFEST.json: format_version: unknown format version "2.0": ${READS}; a release of a later format needs a later workbench`,
    ]);
    // the same manifest as format 1.0 has three problems of its own
    editManifest(dir, (m) => (m.format_version = '1.0'));
    expect(wb('validate', dir).err).toMatch(/MANIFEST\.json: benchmark:[^\n]*\nMANIFEST\.json: synthetic:[^\n]*\nMANIFEST\.json: files:/);
  });

  it('`manifest --check` and `manifest --force` refuse a manifest of an unknown format and leave it as it was', () => {
    const dir = release((m) => (m.format_version = '2.0'));
    const path = join(dir, 'MANIFEST.json');
    const before = readFileSync(path, 'utf8');
    for (const args of [['--check'], ['--force'], ['--force', '--version', '9']]) {
      const r = wb('manifest', dir, ...args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.err, args.join(' ')).toContain(`MANIFEST.json: format_version: unknown format version "2.0": ${READS}`);
      expect(readFileSync(path, 'utf8')).toBe(before);
    }
  });
});

describe('writing format_version', () => {
  it('`manifest --force` on a release without format_version writes the current one, first, and keeps the rest', () => {
    const dir = release((m) => delete m.format_version);
    const before = JSON.parse(readFileSync(join(dir, 'MANIFEST.json'), 'utf8'));
    expect(wb('manifest', dir, '--force').code).toBe(0);
    const after = JSON.parse(readFileSync(join(dir, 'MANIFEST.json'), 'utf8'));
    expect(after).toEqual({ format_version: '1.0', ...before });
    expect(Object.keys(after)[0]).toBe('format_version');
  });

  it('the releases `generate` writes, the bundled samples among them, carry it', () => {
    const dir = join(root, 'written');
    writeTiny(dir, tinyCubebench());
    expect(JSON.parse(readFileSync(join(dir, 'MANIFEST.json'), 'utf8')).format_version).toBe('1.0');
    for (const bench of ['globebench', 'pawm', 'cubebench']) {
      const text = readFileSync(join(REPO, 'data', bench, 'MANIFEST.json'), 'utf8');
      expect(text.split('\n')[1], bench).toBe('  "format_version": "1.0",');
    }
  });

  it('`workbench schema` gives format_version as an optional field of the versions read, with its description', () => {
    const r = wb('schema', '--bench', 'cubebench', '--file', 'MANIFEST.json');
    expect(r.code).toBe(0);
    const s = JSON.parse(r.out);
    expect(s.properties.format_version).toMatchObject({ type: 'string', enum: ['1.0'] });
    expect(s.properties.format_version.description).toMatch(/absent.*1\.0/is);
    expect(s.required).not.toContain('format_version');
    const ajv = new Ajv({ strict: false });
    const m = JSON.parse(readFileSync(join(REPO, 'data/cubebench/MANIFEST.json'), 'utf8'));
    expect(ajv.validate(s, m)).toBe(true);
    const { format_version: _v, ...without } = m;
    expect(ajv.validate(s, without)).toBe(true);
    expect(ajv.validate(s, { ...m, format_version: '2.0' })).toBe(false);
  });
});
