/**
 * Input integrity, through `workbench validate` on releases built at test time: a file's sha256
 * and its rows come from the same bytes, even when the file is replaced while it is loaded; a key
 * repeated within a JSON object is refused in rows and in MANIFEST.json; integers beyond 2^53 are refused (they would compare equal
 * to their neighbours); every listed file is row-checked, read or not by an analysis; MANIFEST.json
 * is strictly UTF-8; sha256 hex is taken in either case; a `files.__proto__` entry is refused; a
 * permission error is a problem line like any other.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkJsonText } from '../../src/release/io/json-checks.js';
import { tinyGlobebench } from '../helpers/tiny-globebench.js';
import { runCli, STACK_TRACE } from './run-cli.js';
import { editLine, editManifest, readText, rehash, writeText, writeTiny } from './tiny-releases.js';

const root = mkdtempSync(join(tmpdir(), 'wb-integrity-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const fresh = () => {
  const dir = join(root, `r${n++}`);
  writeTiny(dir, tinyGlobebench());
  return dir;
};
const validate = (dir: string) => runCli(['validate', dir]);
const refused = async (dir: string, pattern: RegExp) => {
  const r = await validate(dir);
  expect(r.code, r.out + r.err).toBe(1);
  expect(r.err).toMatch(pattern);
  expect(r.err).not.toMatch(STACK_TRACE);
};

describe('JSON that JSON.parse accepts but a release must not hold', () => {
  it('a key repeated in one row is refused with file:line: field', async () => {
    const dir = fresh();
    editLine(dir, 'items.jsonl', 2, (row) => JSON.stringify(row).replace('"domain":"enterprise"', '"domain":"enterprise","domain":"code"'));
    rehash(dir);
    await refused(dir, /items\.jsonl:2: domain: key "domain" appears twice in one object/);
  }, 30_000);

  it('a key repeated deep inside a row names its path', async () => {
    const dir = fresh();
    editLine(dir, 'items.jsonl', 1, (row) => JSON.stringify(row).replace('"gold":{"rows":3,', '"gold":{"rows":3,"rows":4,'));
    rehash(dir);
    await refused(dir, /items\.jsonl:1: gold\.rows: key "rows" appears twice/);
  }, 30_000);

  it('a key repeated in MANIFEST.json is refused', async () => {
    const dir = fresh();
    const m = readFileSync(join(dir, 'MANIFEST.json'), 'utf8');
    writeFileSync(join(dir, 'MANIFEST.json'), m.replace('"version": "test-1",', '"version": "test-1",\n  "version": "test-2",'));
    await refused(dir, /MANIFEST\.json: version: key "version" appears twice/);
  }, 30_000);

  it('12345678901234567890 and 12345678901234567891 in an exact field are not silently equal: beyond 2^53 is refused', async () => {
    const dir = fresh();
    editLine(dir, 'items.jsonl', 3, (row) => JSON.stringify({ ...row, gold: { ...row.gold, room: 0 } }).replace('"room":0', '"room":12345678901234567890'));
    editLine(dir, 'responses/m1.jsonl', 3, (row) =>
      JSON.stringify({ ...row, prediction: { ...row.prediction, room: 0 } }).replace('"room":0', '"room":12345678901234567891'),
    );
    rehash(dir);
    await refused(dir, /items\.jsonl:3: gold\.room: integer 12345678901234567890 is beyond 2\^53/);
    const r = await validate(dir);
    expect(r.err).toMatch(/responses\/m1\.jsonl:3: prediction\.room: integer 12345678901234567891 is beyond 2\^53/);
  }, 30_000);

  it('integers up to 2^53 - 1 and non-integers are fine', async () => {
    const dir = fresh();
    editLine(dir, 'items.jsonl', 1, (row) => ({ ...row, note: 9007199254740991, other: -9007199254740991, f: 1.2345678901234567e30 }));
    rehash(dir);
    const r = await validate(dir);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
  }, 30_000);
});

describe('the manifest', () => {
  it('invalid UTF-8 in MANIFEST.json is refused', async () => {
    const dir = fresh();
    const m = readFileSync(join(dir, 'MANIFEST.json'));
    const at = m.indexOf('tiny test release');
    const bad = Buffer.concat([m.subarray(0, at), Buffer.from([0xff, 0xfe]), m.subarray(at)]);
    writeFileSync(join(dir, 'MANIFEST.json'), bad);
    await refused(dir, /MANIFEST\.json: not valid UTF-8/);
  }, 30_000);

  it('sha256 in upper-case hex is accepted', async () => {
    const dir = fresh();
    editManifest(dir, (m) => {
      for (const f of Object.keys(m.files)) m.files[f].sha256 = m.files[f].sha256.toUpperCase();
    });
    const r = await validate(dir);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
  }, 30_000);

  it('a files.__proto__ entry is refused, not ignored', async () => {
    const dir = fresh();
    const m = readFileSync(join(dir, 'MANIFEST.json'), 'utf8');
    writeFileSync(join(dir, 'MANIFEST.json'), m.replace('"files": {', '"files": {\n    "__proto__": {"sha256": "' + '0'.repeat(64) + '", "rows": 1},'));
    writeText(dir, '__proto__', '{}\n');
    await refused(dir, /MANIFEST\.json: files\.__proto__: a file named "__proto__" cannot be listed/);
  }, 30_000);

  it('a listed file that no analysis reads is row-checked too', async () => {
    const dir = fresh();
    mkdirSync(join(dir, 'notes'));
    writeText(dir, 'notes/extra.jsonl', '{"a":1}\nnot json\n');
    editManifest(dir, (m) => (m.files['notes/extra.jsonl'] = { sha256: '0'.repeat(64), rows: 2 }));
    rehash(dir, { rows: false });
    await refused(dir, /notes\/extra\.jsonl:2: not valid JSON/);
    // and its row count
    writeText(dir, 'notes/extra.jsonl', '{"a":1}\n');
    rehash(dir, { rows: false });
    await refused(dir, /notes\/extra\.jsonl: row count mismatch: MANIFEST\.json says 2, the file has 1/);
  }, 30_000);
});

const FAULT = resolve(import.meta.dirname, 'fs-fault.cjs');
const BIN = resolve(import.meta.dirname, '../../bin/workbench.js');
function withPreload(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((done) => {
    const c = spawn(process.execPath, ['--require', FAULT, BIN, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    c.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
    c.stderr.setEncoding('utf8').on('data', (s: string) => (err += s));
    c.on('close', (code) => done({ code, out, err }));
  });
}

describe('reading', () => {
  for (const gzip of [false, true]) {
    it(`a file replaced on disk while it is loaded: its sha256 and its rows are both of the bytes first read (${gzip ? 'gzipped' : 'plain'})`, async () => {
      const dir = join(root, gzip ? 'replaced-gz' : 'replaced');
      writeTiny(dir, tinyGlobebench(), gzip);
      const file = gzip ? 'items.jsonl.gz' : 'items.jsonl';
      const clean = await validate(dir);
      expect(clean.code, clean.err).toBe(0);
      // the replacement: the same rows but the first, which is no longer JSON
      const replacement = join(root, `replacement-${file}`);
      const lines = readText(dir, file).split('\n');
      lines[0] = 'not json';
      writeText(root, `replacement-${file}`, lines.join('\n'));
      const before = readFileSync(join(dir, file));
      const r = await withPreload(['validate', dir], { WB_REPLACE_SUFFIX: `/${file}`, WB_REPLACE_WITH: replacement });
      // the replacement happened during the run ...
      expect(readFileSync(join(dir, file))).toEqual(readFileSync(replacement));
      expect(readFileSync(join(dir, file))).not.toEqual(before);
      // ... and the load is that of the file as it was: hashed and parsed from one reading of it
      expect(r.err).toBe(clean.err);
      expect(r.out).toBe(clean.out);
      expect(r.code).toBe(0);
      // read afresh, the replaced file is refused (the run above would have said so, had it read it again)
      const after = await validate(dir);
      expect(after.code).toBe(1);
      expect(after.err).toMatch(new RegExp(`^${file.replace(/\./g, '\\.')}: sha256 mismatch`, 'm'));
    }, 30_000);
  }

  it('a permission error is a problem line naming the file, listed with the others', async () => {
    const dir = fresh();
    editLine(dir, 'items.jsonl', 1, (row) => ({ ...row, domain: 7 }));
    rehash(dir);
    const r = await withPreload(['validate', dir], { WB_EACCES_SUFFIX: 'responses/m2.jsonl' });
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^responses\/m2\.jsonl: cannot read file \(EACCES: permission denied\)$/m);
    expect(r.err).toMatch(/items\.jsonl:1: domain:/);
    expect(r.err).not.toMatch(STACK_TRACE);
  }, 30_000);

  it('a row problem in a gzipped file keeps its line', async () => {
    const dir = join(root, 'gz');
    writeTiny(dir, tinyGlobebench(), true);
    const text = readText(dir, 'items.jsonl.gz');
    writeText(dir, 'items.jsonl.gz', text.replace('"domain":"code"', '"domain":"code","domain":"games"'));
    rehash(dir);
    await refused(dir, /items\.jsonl\.gz:1: domain: key "domain" appears twice/);
  }, 30_000);
});

describe('checkJsonText', () => {
  const check = (t: string) => checkJsonText(t).map((i) => `${i.path}: ${i.message.split(' (')[0].split(' is beyond')[0]}`);
  it('finds a repeated key however it is spelt, at its path, and nothing in valid rows', () => {
    expect(check('{"a\\u0062":1,"ab":2}')).toEqual(['ab: key "ab" appears twice in one object']);
    expect(check('{"a":"x\\"y,\\"a\\":1","b":[{"c":1},{"c":2,"d":{"e":1,"e":2}}]}')).toEqual(['b.1.d.e: key "e" appears twice in one object']);
    expect(check('{"a":{"x":1},"b":{"x":1},"c":[1,2,{"x":3}],"s":"\\\\","t":"\\\\\\""}')).toEqual([]);
    expect(
      check('{"n":[1,-9007199254740993,9007199254740991,100000000000000000000,-9007199254740992,-33504168205972550,-33504168205972552,123456789012345678.5]}'),
    ).toEqual(['n.1: integer -9007199254740993', 'n.6: integer -33504168205972552']);
  });
});
