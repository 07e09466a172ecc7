/**
 * What is declared once and read by everything: the list of benchmarks (src/benchmark/registry.ts,
 * filled by analysis/index.ts), each benchmark's release files (src/format/<bench>.ts), the one
 * directory walker and the one manifest builder, each command's usage.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import '../../analysis/index.js';
import { benchmarks, benchmarkNames, loadBench, registerBenchmark, sampleDirOf } from '../../src/benchmark/registry.js';
import { fileKind, fileOf, releaseFile } from '../../src/format/release-files.js';
import { RELEASE_FILES as GLOBEBENCH_FILES, PublishedResult } from '../../src/format/globebench.js';
import { walkTree } from '../../src/release/io/walk.js';
import { writeRelease } from '../../src/samples/write-release.js';
import { tinyGlobebench } from '../helpers/tiny-globebench.js';
import { tinyCubebench } from '../reliability/tiny-releases.js';

const root = mkdtempSync(join(tmpdir(), 'wb-declared-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function wb(...args: string[]) {
  const r = spawnSync('node', ['bin/workbench.js', ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('the list of benchmarks', () => {
  it('holds the three of analysis/index.ts, in its order; each entry loads, by its module URL, the benchmark of its name', async () => {
    expect(benchmarkNames()).toEqual(['globebench', 'pawm', 'cubebench']);
    for (const entry of benchmarks()) {
      expect((await loadBench(entry)).benchmark).toBe(entry.name);
      // its sample release is a release of it, and its generator module has the generate export
      expect(JSON.parse(readFileSync(join(sampleDirOf(entry), 'MANIFEST.json'), 'utf8')).benchmark).toBe(entry.name);
      expect(typeof (await import(entry.generator!.href)).generate).toBe('function');
    }
    expect(
      benchmarks()
        .filter((e) => e.labelers)
        .map((e) => e.name),
    ).toEqual(['pawm']);
  });

  it('refuses a name that is taken, "all", or not lower-case letters, digits and dashes; and a module that is another benchmark', async () => {
    const entry = { module: new URL('../../analysis/pawm/index.js', import.meta.url), release: {} };
    expect(() => registerBenchmark({ ...entry, name: 'pawm' })).toThrow('a benchmark named "pawm" is registered already');
    for (const name of ['all', 'Pawm', 'my bench', '', '__proto__', 'a/b'])
      expect(() => registerBenchmark({ ...entry, name }), name).toThrow(/lower-case letters, digits and dashes/);
    await expect(loadBench({ name: 'other', module: entry.module })).rejects.toThrow(/is the benchmark "pawm", not "other" as the list says/);
    expect(benchmarkNames()).toEqual(['globebench', 'pawm', 'cubebench']);
  });
});

describe('the release files, declared once per benchmark', () => {
  it('a file per value of a field matches one path segment, and names its files', () => {
    const kind = releaseFile('responses/<model_id>.jsonl', PublishedResult);
    for (const ok of ['responses/m1.jsonl', 'responses/constructor.jsonl', 'responses/a.b.jsonl']) expect(kind.pattern.test(ok), ok).toBe(true);
    for (const no of ['responses/a/b.jsonl', 'responses/.jsonl.x', 'responsesXm1.jsonl', 'x/responses/m1.jsonl', 'responses/m1.jsonl.gz'])
      expect(kind.pattern.test(no), no).toBe(false);
    expect(fileOf(kind, 'm1')).toBe('responses/m1.jsonl');
    expect(fileKind(GLOBEBENCH_FILES, 'results/m1.jsonl')?.schema).toBe(PublishedResult);
    expect(fileKind(GLOBEBENCH_FILES, 'notes.jsonl')).toBeUndefined();
    expect(() => releaseFile('items.csv', PublishedResult)).toThrow(/logical \.jsonl path/);
  });

  it('schema prints every declared file, results/<model_id>.jsonl included', () => {
    const r = wb('schema', '--bench', 'globebench', '--file', 'results/<model_id>.jsonl');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).required).toEqual(['item_id', 'model_id', 'pass']);
  });

  it('import types and checks results/<model_id>.jsonl rows by its schema: a CSV "true" is a boolean', () => {
    const src = join(root, 'import-src');
    const spec = tinyGlobebench();
    const files = spec.files as Record<string, Record<string, unknown>[]>;
    for (const [path, rows] of Object.entries(files)) {
      mkdirSync(join(src, path, '..'), { recursive: true });
      writeFileSync(join(src, path), rows.map((r) => JSON.stringify(r) + '\n').join(''));
    }
    const responses = [...files['responses/m1.jsonl'], ...files['responses/m2.jsonl']];
    writeFileSync(
      join(src, 'verdicts.csv'),
      ['item,model,passed', ...responses.map((r) => `${r.item_id},${r.model_id},${r.status === 'answered' ? 'true' : 'false'}`)].join('\n') + '\n',
    );
    const mapping = join(root, 'mapping.json');
    const keep = (from: string, to: string) => ({ from, to, keep: true });
    writeFileSync(
      mapping,
      JSON.stringify({
        benchmark: 'globebench',
        version: '1',
        synthetic: true,
        files: [
          keep('items.jsonl', 'items.jsonl'),
          keep('models.jsonl', 'models.jsonl'),
          keep('responses/*.jsonl', 'responses/{model_id}.jsonl'),
          keep('judge/*.jsonl', 'judge/{model_id}.jsonl'),
          { from: 'verdicts.csv', to: 'results/{model_id}.jsonl', fields: { item_id: 'item', model_id: 'model', pass: 'passed' } },
        ],
      }),
    );
    const dst = join(root, 'imported');
    const r = wb('import', '--map', mapping, src, dst);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const first = JSON.parse(readFileSync(join(dst, 'results/m1.jsonl'), 'utf8').split('\n')[0]);
    expect(typeof first.pass).toBe('boolean');
    expect(wb('validate', dst).code).toBe(0);
  });
});

describe('one directory walker', () => {
  it('lists every entry but directories, each directory sorted, links listed and not followed, special files as such', () => {
    const dir = join(root, 'walk');
    mkdirSync(join(dir, 'b/c'), { recursive: true });
    for (const f of ['z.jsonl', 'a.jsonl', 'b/y', 'b/c/x', 'b.jsonl']) writeFileSync(join(dir, f), '');
    symlinkSync('.', join(dir, 'loop'));
    expect(spawnSync('mkfifo', [join(dir, 'pipe')]).status).toBe(0);
    expect([...walkTree(dir)]).toEqual([
      { path: 'a.jsonl', kind: 'file' },
      { path: 'b/c/x', kind: 'file' },
      { path: 'b/y', kind: 'file' },
      { path: 'b.jsonl', kind: 'file' },
      { path: 'loop', kind: 'link' },
      { path: 'pipe', kind: 'other' },
      { path: 'z.jsonl', kind: 'file' },
    ]);
  });

  it('manifest refuses a link in a release as the loader does, calling it a link', () => {
    const dir = join(root, 'linked');
    writeRelease(dir, tinyCubebench(), { gzip: false });
    symlinkSync('tasks.jsonl', join(dir, 'again.jsonl'));
    const r = wb('manifest', dir, '--force');
    expect(r.code).toBe(1);
    expect(r.err).toContain('again.jsonl: a symbolic link (not followed: a release holds regular files only)');
    expect(wb('validate', dir).err).toContain('again.jsonl: a symbolic link (not followed: a release holds regular files only)');
  });
});

describe('one manifest builder', () => {
  it('manifest --force on a release generate wrote, unchanged, writes the very same MANIFEST.json', () => {
    const dir = join(root, 'generated');
    writeRelease(dir, { ...tinyCubebench(), generatedBy: { seed: 5 }, extra: { calibrated_to: 'nothing' } });
    const before = readFileSync(join(dir, 'MANIFEST.json'), 'utf8');
    expect(Object.keys(JSON.parse(before))).toEqual([
      'format_version',
      'benchmark',
      'version',
      'synthetic',
      'description',
      'calibrated_to',
      'files',
      'generated_by',
    ]);
    const r = wb('manifest', dir, '--force');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'MANIFEST.json'), 'utf8')).toBe(before);
  });
});

describe('the CLI', () => {
  it('a command name is compared, never looked up on an object: `help constructor` is the top-level help, `generate --bench constructor` a usage error', () => {
    expect(wb('help', 'constructor').out).toBe(wb('--help').out);
    const r = wb('generate', '--bench', 'constructor', '--out', join(root, 'never'));
    expect(r.code).toBe(2);
    expect(r.err).toContain('no generator for "constructor" (expected one of globebench, pawm, cubebench)');
    expect(existsSync(join(root, 'never'))).toBe(false);
  });
});
