import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DuckDBInstance } from '@duckdb/node-api';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeRelease } from '../../src/samples/write-release.js';
import { parseParquet } from '../../src/release/io/parquet.js';
import { formatProblem, ReleaseError } from '../../src/release/io/problems.js';
import { loadGlobebench } from '../../src/release/load/globebench.js';
import { loadCubebench } from '../../src/release/load/cubebench.js';
import { columnsOf, writeParquetRelease } from '../helpers/parquet-release.js';
import { tinyGlobebench } from '../helpers/tiny-globebench.js';
import { tinyCubebench } from '../reliability/tiny-releases.js';

const root = mkdtempSync(join(tmpdir(), 'parquet-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Writes a Parquet file with DuckDB (an independent C++ writer) from a SELECT. */
async function duck(sql: string, file: string, codec: string): Promise<Buffer> {
  const inst = await DuckDBInstance.create(':memory:');
  const c = await inst.connect();
  await c.run(`COPY (${sql}) TO '${file}' (FORMAT parquet, COMPRESSION ${codec}, ROW_GROUP_SIZE 2)`);
  c.closeSync();
  inst.closeSync();
  return readFileSync(file);
}

const SELECT = `SELECT * FROM (VALUES
  ('a', 1::BIGINT, 0.25::DOUBLE, true, NULL::VARCHAR, '{"k": [1, 2]}'::JSON, ['x', 'y'], {'p': 1, 'q': 'r'}),
  ('b\u00e9', -7::BIGINT, 1e-7::DOUBLE, false, 'set', '[]'::JSON, [], {'p': NULL, 'q': 's'}),
  ('c', 9007199254740991::BIGINT, 3::DOUBLE, NULL, 'z', 'null'::JSON, NULL, NULL)
) t(s, n, d, b, o, j, l, st)`;

const expected = [
  { s: 'a', n: 1, d: 0.25, b: true, o: null, j: { k: [1, 2] }, l: ['x', 'y'], st: { p: 1, q: 'r' } },
  { s: 'bé', n: -7, d: 1e-7, b: false, o: 'set', j: [], l: [], st: { p: null, q: 's' } },
  { s: 'c', n: 9007199254740991, d: 3, b: null, o: 'z', j: null, l: null, st: null },
];

describe('the Parquet reader', () => {
  for (const codec of ['snappy', 'zstd', 'gzip', 'uncompressed']) {
    it(`reads ${codec} pages written by DuckDB, across row groups, as JSON values`, async () => {
      const bytes = await duck(SELECT, join(root, `${codec}.parquet`), codec);
      const { rows, problems } = parseParquet(bytes, 'x.parquet');
      expect(problems).toEqual([]);
      expect(rows.map((r) => r.line)).toEqual([1, 2, 3]);
      expect(rows.map((r) => r.value)).toEqual(expected);
    });
  }

  it('refuses an INT64 beyond 2^53, naming file, row and column', async () => {
    // 2^53 + 1: the first integer a double cannot hold (it would read back as 2^53)
    const bytes = await duck(`SELECT * FROM (VALUES ('a', 1::BIGINT), ('b', 9007199254740993::BIGINT)) t(id, big)`, join(root, 'big.parquet'), 'snappy');
    const { rows, problems } = parseParquet(bytes, 'items.parquet');
    expect(rows).toHaveLength(1);
    expect(problems.map(formatProblem)).toEqual([
      'items.parquet:2: big: integer 9007199254740993 is beyond 2^53, where a double cannot hold every integer exactly (expected a value within +-9007199254740991, or the digits as a string)',
    ]);
  });

  it("refuses NaN and +-Infinity in DOUBLE columns and in a STRUCT's double, naming file, row and column (JSON has none of them)", async () => {
    const bytes = await duck(
      `SELECT * FROM (VALUES ('a', 0.5::DOUBLE, {'w': 1::DOUBLE}), ('b', 'inf'::DOUBLE, {'w': 2::DOUBLE}), ('c', '-inf'::DOUBLE, {'w': 'nan'::DOUBLE}), ('d', 'nan'::DOUBLE, {'w': 3::DOUBLE}), ('e', 2.5::DOUBLE, {'w': '-inf'::DOUBLE})) t(id, d, st)`,
      join(root, 'nonfinite.parquet'),
      'snappy',
    );
    const { rows, problems } = parseParquet(bytes, 'episodes.parquet');
    expect(rows.map((r) => r.value)).toEqual([{ id: 'a', d: 0.5, st: { w: 1 } }]);
    const why = 'is not a finite number (JSON has no NaN or Infinity, and the format refuses numbers that are not finite)';
    expect(problems.map(formatProblem)).toEqual([
      `episodes.parquet:2: d: Infinity ${why}`,
      `episodes.parquet:3: d: -Infinity ${why}`,
      `episodes.parquet:3: st: NaN ${why}`,
      `episodes.parquet:4: d: NaN ${why}`,
      `episodes.parquet:5: st: -Infinity ${why}`,
    ]);
  });

  it('refuses bytes that are not Parquet, and a truncated file', () => {
    expect(parseParquet(Buffer.from('{"a": 1}\n'), 'x.parquet').problems.map(formatProblem)[0]).toMatch(/^x\.parquet: not a readable Parquet file/);
    const good = Buffer.from(parquetWriteBuffer({ columnData: columnsOf([{ a: 'x' }, { a: 'y' }]) }));
    expect(parseParquet(good.subarray(0, good.length - 3), 'x.parquet').problems).toHaveLength(1);
    expect(parseParquet(good, 'x.parquet').rows.map((r) => r.value)).toEqual([{ a: 'x' }, { a: 'y' }]);
  });

  it('refuses a string column whose bytes are not UTF-8', () => {
    const bytes = Buffer.from(
      parquetWriteBuffer({
        columnData: [{ name: 'raw', data: [new Uint8Array([0x61]), new Uint8Array([0xff, 0xfe])], type: 'STRING' }],
        codec: 'UNCOMPRESSED',
        statistics: false,
      }),
    );
    const { problems } = parseParquet(bytes, 'r.parquet');
    expect(problems.map(formatProblem)).toEqual(['r.parquet: raw: cannot decode column (The encoded data was not valid for encoding utf-8)']);
    // with statistics, the footer's min/max already holds the bytes
    const withStats = Buffer.from(parquetWriteBuffer({ columnData: [{ name: 'raw', data: [new Uint8Array([0xff])], type: 'STRING' }] }));
    expect(parseParquet(withStats, 'r.parquet').problems.map(formatProblem)).toEqual([
      'r.parquet: not a readable Parquet file (The encoded data was not valid for encoding utf-8)',
    ]);
  });
});

function rehash(dir: string, file: string, rows?: number) {
  const m = JSON.parse(readFileSync(join(dir, 'MANIFEST.json'), 'utf8'));
  m.files[file] = {
    sha256: createHash('sha256')
      .update(readFileSync(join(dir, file)))
      .digest('hex'),
    rows: rows ?? m.files[file].rows,
  };
  writeFileSync(join(dir, 'MANIFEST.json'), JSON.stringify(m, null, 2) + '\n');
}

function writeRows(dir: string, file: string, rows: Record<string, unknown>[]) {
  writeFileSync(join(dir, file), Buffer.from(parquetWriteBuffer({ columnData: columnsOf(rows) })));
  rehash(dir, file, rows.length);
}

function problemsOf(f: () => unknown): string[] {
  try {
    f();
  } catch (e) {
    if (e instanceof ReleaseError) return e.problems.map(formatProblem);
    throw e;
  }
  return [];
}

describe('a release given as Parquet', () => {
  const jsonl = join(root, 'g');
  const parquet = join(root, 'gp');
  beforeAll(() => {
    writeRelease(jsonl, tinyGlobebench(), { gzip: false });
    writeParquetRelease(jsonl, parquet);
  });
  const copy = (name: string) => {
    const dir = join(root, name);
    spawnSync('cp', ['-r', parquet, dir]);
    return dir;
  };

  it('reports a row the format refuses as file:row: field: message', () => {
    const dir = copy('bad-enum');
    const rows = tinyGlobebench().files['responses/m1.jsonl'].map((r) => ({ ...(r as object) })) as Record<string, unknown>[];
    rows[1].status = 'refused';
    writeRows(dir, 'responses/m1.parquet', rows);
    // the refused row is not read, so item i2 has no response either (as with a JSONL file)
    expect(problemsOf(() => loadGlobebench(dir))).toEqual([
      'responses/m1.parquet:2: status: expected one of "answered", "refusal", "empty", "error" (got "refused")',
      'responses/m1.parquet: item_id: no response to item i2 (expected exactly one per item)',
    ]);
  });

  it('reports JSON text that does not parse in a column the format types as an object', () => {
    const dir = copy('bad-json');
    const rows = tinyGlobebench().files['items.jsonl'].map((r) => ({ ...(r as object) })) as Record<string, unknown>[];
    rows[2].gold = '{"room": "hall",';
    writeFileSync(join(dir, 'items.parquet'), Buffer.from(parquetWriteBuffer({ columnData: columnsOf(rows) })));
    rehash(dir, 'items.parquet');
    const p = problemsOf(() => loadGlobebench(dir));
    // then the responses to i3 name an item that is not there
    expect(p.filter((x) => x.startsWith('items.parquet'))).toHaveLength(1);
    expect(p[0]).toMatch(/^items\.parquet:3: gold: not valid JSON text \(.*\): "\{\\"room\\": \\"hall\\","/);
  });

  it('refuses JSON text with a repeated key or an integer a double cannot hold, as in a JSONL line', () => {
    const dir = copy('strict-json');
    const rows = tinyGlobebench().files['items.jsonl'].map((r) => ({ ...(r as object) })) as Record<string, unknown>[];
    rows[0].gold = '{"room": "hall", "room": "attic"}';
    rows[1].gold = '{"count": 12345678901234567891}';
    writeFileSync(join(dir, 'items.parquet'), Buffer.from(parquetWriteBuffer({ columnData: columnsOf(rows) })));
    rehash(dir, 'items.parquet');
    const p = problemsOf(() => loadGlobebench(dir)).filter((x) => x.startsWith('items.parquet'));
    expect(p).toHaveLength(2);
    expect(p[0]).toMatch(/^items\.parquet:1: gold: .*room/);
    expect(p[1]).toMatch(/^items\.parquet:2: gold: .*count/);
  });

  it('refuses a number beyond a double (1e400) in JSON text, in a string column and in a JSON column, as in a JSONL line', async () => {
    const dir = copy('overflow-json');
    const rows = tinyGlobebench().files['items.jsonl'].map((r) => ({ ...(r as object) })) as Record<string, unknown>[];
    rows[2].gold = '{"room": "hall", "ending": "the door opens", "size": 1e400}';
    rows[3].gold = '{"head": "abc", "n": [1, -1e400]}';
    writeFileSync(join(dir, 'items.parquet'), Buffer.from(parquetWriteBuffer({ columnData: columnsOf(rows) })));
    rehash(dir, 'items.parquet');
    const p = problemsOf(() => loadGlobebench(dir)).filter((x) => x.startsWith('items.parquet'));
    const tail = "the format refuses numbers that are not finite (a Parquet string column carries this field's object or array as JSON text)";
    expect(p).toEqual([
      `items.parquet:3: gold: size: number 1e400 is beyond the largest double (+-1.7976931348623157e308) and would read as Infinity; ${tail}`,
      `items.parquet:4: gold: n.1: number -1e400 is beyond the largest double (+-1.7976931348623157e308) and would read as -Infinity; ${tail}`,
    ]);
    // a column of Parquet's JSON type is read with the same checks (DuckDB keeps the JSON text as written)
    const bytes = await duck(
      `SELECT * FROM (VALUES ('a', '{"x": 1}'::JSON), ('b', '{"x": [1e400]}'::JSON)) t(id, j)`,
      join(root, 'json-overflow.parquet'),
      'snappy',
    );
    expect(parseParquet(bytes, 'x.parquet').problems.map(formatProblem)).toEqual([
      'x.parquet:2: j: x.0: number 1e400 is beyond the largest double (+-1.7976931348623157e308) and would read as Infinity; the format refuses numbers that are not finite',
    ]);
  });

  it('checks the row count of a Parquet file against the manifest', () => {
    const dir = copy('bad-count');
    rehash(dir, 'models.parquet', 3);
    expect(problemsOf(() => loadGlobebench(dir))).toEqual(['models.parquet: row count mismatch: MANIFEST.json says 3, the file has 2']);
  });

  it('ignores README, LICENSE, *.md and .gitattributes beside the data, and still refuses other unlisted files', () => {
    const dir = copy('with-readme');
    for (const f of ['README.md', 'LICENSE', 'responses/NOTES.md', '.gitattributes', 'README']) writeFileSync(join(dir, f), 'not data\n');
    expect(loadGlobebench(dir).responses).toHaveLength(8);
    // a manifest may list one too: then it is checked like any listed file
    rehash(dir, 'README.md', 1);
    expect(loadGlobebench(dir).responses).toHaveLength(8);
    writeFileSync(join(dir, 'extra.parquet'), 'x');
    expect(problemsOf(() => loadGlobebench(dir))).toEqual(['extra.parquet: file not listed in MANIFEST.json (the loader refuses unlisted files)']);
  });

  it('reads a gzipped Parquet file (name.parquet.gz) like the plain one', () => {
    const dir = copy('gz');
    writeFileSync(join(dir, 'items.parquet.gz'), gzipSync(readFileSync(join(dir, 'items.parquet'))));
    rmSync(join(dir, 'items.parquet'));
    const m = JSON.parse(readFileSync(join(dir, 'MANIFEST.json'), 'utf8'));
    m.files['items.parquet.gz'] = m.files['items.parquet'];
    delete m.files['items.parquet'];
    writeFileSync(join(dir, 'MANIFEST.json'), JSON.stringify(m));
    rehash(dir, 'items.parquet.gz');
    expect(JSON.stringify(loadGlobebench(dir).items)).toBe(JSON.stringify(loadGlobebench(jsonl).items));
  });

  it('refuses a file given both as JSONL and as Parquet', () => {
    const dir = copy('both');
    copyFileSync(join(jsonl, 'items.jsonl'), join(dir, 'items.jsonl'));
    rehash(dir, 'items.jsonl', 4);
    expect(problemsOf(() => loadGlobebench(dir))).toEqual([
      'MANIFEST.json: files.items.parquet: lists both items.jsonl and items.parquet; give a file once, plain or gzipped',
    ]);
  });

  it('keeps a CubeBench action string as a string and reads an action list given as JSON text', () => {
    const dir = join(root, 'cube');
    const spec = tinyCubebench();
    const eps = spec.files['episodes.jsonl'].map((e, i) => (i === 1 ? { ...(e as object), actions: 'U R y' } : e));
    writeRelease(dir, { ...spec, files: { ...spec.files, 'episodes.jsonl': eps } }, { gzip: false });
    writeParquetRelease(dir, `${dir}-p`);
    const a = loadCubebench(dir);
    const b = loadCubebench(`${dir}-p`);
    expect(b.episodes.map((e) => e.actions)).toEqual(a.episodes.map((e) => e.actions));
    expect(b.episodes[1].actions).toBe('U R y');
  });

  it('validate on the command line names the Parquet file and row', () => {
    const dir = copy('cli');
    const rows = tinyGlobebench().files['judge/m1.jsonl'].map((r) => ({ ...(r as object) })) as Record<string, unknown>[];
    rows[0].confidence = 1.5;
    writeRows(dir, 'judge/m1.parquet', rows);
    const ok = spawnSync('node', ['bin/workbench.js', 'validate', parquet], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
    const r = spawnSync('node', ['bin/workbench.js', 'validate', dir], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('judge/m1.parquet:1: confidence: Number must be less than or equal to 1 (got 1.5)');
  });
});
