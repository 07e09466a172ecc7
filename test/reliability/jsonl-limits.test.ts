/**
 * The two size limits of the JSONL reader (src/release/io/jsonl.ts): a bound on what one file may gunzip to
 * (a small hostile .gz cannot make the loader allocate gigabytes) and on how deep values nest (the
 * grader recurses over values). Tested with small limits so the test itself stays small.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, MAX_NESTING, parseJsonl, readMaybeGzip } from '../../src/release/io/jsonl.js';
import { gzipBomb } from './broken-corpus.js';

const root = mkdtempSync(join(tmpdir(), 'wb-limits-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('file size bound', () => {
  it('the default bound is the longest string the engine holds', () => {
    expect(MAX_FILE_BYTES).toBeGreaterThanOrEqual(2 ** 28);
  });
  it('a gzip bomb is refused once it passes the bound, without gunzipping the rest', () => {
    const bomb = gzipBomb(64); // 64 MiB of spaces in about 100 KB
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const p = join(root, 'bomb.jsonl.gz');
    writeFileSync(p, bomb);
    const r = readMaybeGzip(p, 'bomb.jsonl.gz', 4 * 1024 * 1024);
    expect(r.text).toBeUndefined();
    expect(r.problems).toEqual([{ file: 'bomb.jsonl.gz', message: 'larger than 4 MiB uncompressed (the most the loader reads from one file)' }]);
  });
  it('a plain file over the bound is refused the same way; one under it is read', () => {
    const p = join(root, 'big.jsonl');
    writeFileSync(p, '{"a":1}\n'.repeat(1000));
    expect(readMaybeGzip(p, 'big.jsonl', 7999).problems[0].message).toMatch(/^larger than 0 MiB uncompressed/);
    expect(readMaybeGzip(p, 'big.jsonl', 8000)).toMatchObject({ problems: [], text: '{"a":1}\n'.repeat(1000) });
  });
});

describe('nesting bound', () => {
  const nested = (n: number) => `{"v":${'['.repeat(n - 1)}${']'.repeat(n - 1)}}\n`;
  it(`accepts ${MAX_NESTING} levels and refuses ${MAX_NESTING + 1}, naming the line`, () => {
    expect(parseJsonl(nested(MAX_NESTING), 'f.jsonl')).toMatchObject({ problems: [], rows: [{ line: 1 }] });
    const r = parseJsonl('{"a":1}\n' + nested(MAX_NESTING + 1), 'f.jsonl');
    expect(r.rows.map((x) => x.line)).toEqual([1]);
    expect(r.problems).toEqual([
      { file: 'f.jsonl', line: 2, message: `arrays/objects nested more than ${MAX_NESTING} levels deep (expected at most ${MAX_NESTING})` },
    ]);
  });
  it('brackets inside strings, escaped quotes included, do not count', () => {
    const s = JSON.stringify({ a: '['.repeat(5000), b: '\\"' + '{'.repeat(5000), c: [['"[']] }) + '\n';
    expect(parseJsonl(s, 'f.jsonl').problems).toEqual([]);
  });
  it('objects count like arrays', () => {
    let v = '1';
    for (let i = 0; i < MAX_NESTING + 5; i++) v = `{"k":${v}}`;
    expect(parseJsonl(v + '\n', 'f.jsonl').problems[0].message).toMatch(/nested more than/);
  });
});
