import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCHES } from '../helpers/benches.js';
import { writeRelease } from '../../src/samples/write-release.js';
import { columnsOf } from '../helpers/parquet-release.js';
import { tinyGlobebench } from '../helpers/tiny-globebench.js';

const REPO = resolve(import.meta.dirname, '../..');
const root = mkdtempSync(join(tmpdir(), 'wb-import-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function wb(...args: string[]) {
  const r = spawnSync('node', ['bin/workbench.js', ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

type Row = Record<string, any>;
const spec = tinyGlobebench();
const files = spec.files as Record<string, Row[]>;
const responses = () => [...files['responses/m1.jsonl'], ...files['responses/m2.jsonl']];
const judgeOf = (r: Row, judge: string) =>
  [...(files['judge/m1.jsonl'] ?? []), ...(files['judge/m2.jsonl'] ?? [])].find(
    (j) => j.item_id === r.item_id && j.model_id === r.model_id && j.judge === judge,
  );

/** RFC 4180 CSV with every cell quoted (written here, not by the workbench). */
const csv = (header: string[], rows: unknown[][]) =>
  [header, ...rows].map((r) => r.map((c) => `"${String(c ?? '').replace(/"/g, '""')}"`).join(',')).join('\r\n') + '\r\n';
const jsonl = (rows: unknown[]) => rows.map((r) => JSON.stringify(r) + '\n').join('');

/** The tiny release in the flat shape of examples/mappings/flat-responses.json. */
function flatSource(dir: string, edit: (rows: unknown[][]) => void = () => {}, header?: string[]) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'items.jsonl'), jsonl(files['items.jsonl']));
  writeFileSync(
    join(dir, 'models.csv'),
    csv(
      ['id', 'display_name', 'org', 'weights', 'type'],
      files['models.jsonl'].map((m) => [
        m.model_id,
        m.name,
        m.provider,
        m.access === 'open' ? 'open-weights' : 'api-only',
        m.kind === 'general' ? 'llm' : 'world-model',
      ]),
    ),
  );
  const status: Record<string, string> = { answered: 'ok', refusal: 'refused', empty: 'blank', error: 'failed' };
  const verdict = (j: Row | undefined) => (j ? (j.verdict === 'equivalent' ? 'same' : 'different') : '');
  const rows = responses().map((r) => {
    const t = judgeOf(r, 'terra');
    const s = judgeOf(r, 'sol');
    return [
      r.item_id,
      r.model_id,
      status[r.status],
      r.prediction === null ? '' : JSON.stringify(r.prediction),
      r.raw,
      r.request === 'primary' ? 'main' : 'fallback',
      verdict(t),
      t?.confidence,
      t?.prompt_version,
      verdict(s),
      s?.confidence,
      s?.prompt_version,
    ];
  });
  edit(rows);
  writeFileSync(
    join(dir, 'responses.csv'),
    csv(
      header ?? [
        'task_id',
        'model',
        'provider_status',
        'parsed_answer',
        'completion',
        'tier',
        'terra_verdict',
        'terra_confidence',
        'terra_prompt',
        'sol_verdict',
        'sol_confidence',
        'sol_prompt',
      ],
      rows,
    ),
  );
}

/** The tiny release in the hub shape of examples/mappings/per-model-parquet.json (DuckDB writes the structs). */
async function parquetSource(dir: string) {
  mkdirSync(join(dir, 'predictions'), { recursive: true });
  mkdirSync(join(dir, 'judgements'), { recursive: true });
  const items = files['items.jsonl'].map(({ item_id, ...rest }) => ({ id: item_id, ...rest }));
  writeFileSync(join(dir, 'tasks.parquet'), Buffer.from(parquetWriteBuffer({ columnData: columnsOf(items) })));
  writeFileSync(
    join(dir, 'models.json'),
    JSON.stringify({
      models: files['models.jsonl'].map((m) => ({ id: m.model_id, card: { name: m.name, provider: m.provider, access: m.access, kind: m.kind } })),
    }),
  );
  const inst = await DuckDBInstance.create(':memory:');
  const c = await inst.connect();
  const finish: Record<string, string> = { answered: 'stop', refusal: 'content_filter', empty: 'empty', error: 'error' };
  for (const m of files['models.jsonl']) {
    const flat = join(dir, `${m.model_id}.tmp.jsonl`);
    writeFileSync(
      flat,
      jsonl(
        files[`responses/${m.model_id}.jsonl`].map((r) => ({
          item: r.item_id,
          model: r.model_id,
          tier: r.request === 'primary' ? 'main' : 'retry',
          text: r.raw,
          parsed: r.prediction === null ? null : JSON.stringify(r.prediction),
          finish: finish[r.status],
        })),
      ),
    );
    await c.run(
      `COPY (SELECT {'item': item, 'model': model, 'tier': tier} AS meta, {'text': text, 'parsed': parsed, 'finish': finish} AS output FROM read_json('${flat}', columns={item: 'VARCHAR', model: 'VARCHAR', tier: 'VARCHAR', text: 'VARCHAR', parsed: 'VARCHAR', finish: 'VARCHAR'})) TO '${join(dir, 'predictions', `${m.model_id}.parquet`)}' (FORMAT parquet, COMPRESSION zstd)`,
    );
    rmSync(flat);
    const judge = files[`judge/${m.model_id}.jsonl`].map((j) => ({
      item: j.item_id,
      model: j.model_id,
      judge: j.judge,
      verdict: j.verdict,
      confidence: j.confidence,
      prompt_version: j.prompt_version,
    }));
    writeFileSync(join(dir, 'judgements', `${m.model_id}.parquet`), Buffer.from(parquetWriteBuffer({ columnData: columnsOf(judge) })));
  }
  c.closeSync();
  inst.closeSync();
}

function everything(dir: string) {
  const bench = BENCHES.find((b) => b.benchmark === 'globebench')!;
  const release = bench.load(dir);
  const ctx = bench.prepare(release, { seed: 3, resamples: 50 });
  return { tables: bench.analyses.map((a) => JSON.stringify(a.build(ctx))), artifacts: bench.artifacts!(ctx).map((a) => a.content), release };
}

const original = join(root, 'original');
beforeAll(() => writeRelease(original, spec, { gzip: false }));

const FLAT = join(REPO, 'examples/mappings/flat-responses.json');
const HUB = join(REPO, 'examples/mappings/per-model-parquet.json');

describe('workbench import --map', () => {
  it('imports the flat per-response CSV of examples/mappings/flat-responses.json: same tables and grades as the release itself', () => {
    flatSource(join(root, 'flat'));
    const r = wb('import', '--map', FLAT, join(root, 'flat'), join(root, 'flat-out'));
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(wb('validate', join(root, 'flat-out')).code).toBe(0);
    expect(wb('manifest', join(root, 'flat-out'), '--check').code).toBe(0);
    const a = everything(original);
    const b = everything(join(root, 'flat-out'));
    expect(JSON.stringify(b.release.items)).toBe(JSON.stringify(a.release.items));
    expect(JSON.stringify(b.release.responses)).toBe(JSON.stringify(a.release.responses));
    expect(b.release.judge.length).toBe(a.release.judge.length);
    expect(b.tables).toEqual(a.tables);
    expect(b.artifacts).toEqual(a.artifacts);
    const m = JSON.parse(readFileSync(join(root, 'flat-out', 'MANIFEST.json'), 'utf8'));
    expect([m.format_version, m.benchmark, m.version, m.synthetic]).toEqual(['1.0', 'globebench', 'hub-export-1', false]);
  });

  it('imports per-model Parquet with nested columns (examples/mappings/per-model-parquet.json): same tables and grades', async () => {
    await parquetSource(join(root, 'hub'));
    const r = wb('import', '--map', HUB, join(root, 'hub'), join(root, 'hub-out'));
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const a = everything(original);
    const b = everything(join(root, 'hub-out'));
    expect(JSON.stringify(b.release.items)).toBe(JSON.stringify(a.release.items));
    expect(JSON.stringify(b.release.models)).toBe(JSON.stringify(a.release.models));
    expect(JSON.stringify(b.release.responses)).toBe(JSON.stringify(a.release.responses));
    expect(b.tables).toEqual(a.tables);
    expect(b.artifacts).toEqual(a.artifacts);
  });

  it('a mapping that reads a missing column fails with the source file and row, and writes nothing', () => {
    flatSource(join(root, 'nocol'), () => {}, [
      'task',
      'model',
      'provider_status',
      'parsed_answer',
      'completion',
      'tier',
      'terra_verdict',
      'terra_confidence',
      'terra_prompt',
      'sol_verdict',
      'sol_confidence',
      'sol_prompt',
    ]);
    const r = wb('import', '--map', FLAT, join(root, 'nocol'), join(root, 'nocol-out'));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^responses\.csv:2: task_id: no such column in the source \(the mapping reads it for item_id; columns: task, model,/m);
    expect(existsSync(join(root, 'nocol-out'))).toBe(false);
    expect(readdirSync(root).filter((f) => f.includes('.import-'))).toEqual([]);
  });

  it('a value the enum map does not cover is refused with the source file and row', () => {
    flatSource(join(root, 'enum'), (rows) => (rows[2][2] = 'timeout'));
    const r = wb('import', '--map', FLAT, join(root, 'enum'), join(root, 'enum-out'));
    expect(r.code).toBe(1);
    expect(r.err).toContain('responses.csv:4: status: expected one of "answered", "refusal", "empty", "error" (got "timeout") (for responses/m1.jsonl)');
    expect(existsSync(join(root, 'enum-out'))).toBe(false);
  });

  it('a row the format refuses (a confidence above 1) is refused with the source file and row', () => {
    flatSource(join(root, 'conf'), (rows) => (rows[2][7] = '1.5'));
    const r = wb('import', '--map', FLAT, join(root, 'conf'), join(root, 'conf-out'));
    expect(r.code).toBe(1);
    expect(r.err).toContain('responses.csv:4: confidence: Number must be less than or equal to 1 (got 1.5) (for judge/m1.jsonl)');
  });

  it('a number beyond a double (1e400, which reads as Infinity) is refused from a CSV cell, a .json source and a mapping constant, with the source file and row', () => {
    // a CSV cell typed as a number
    flatSource(join(root, 'inf-csv'), (rows) => (rows[2][7] = '1e400'));
    let r = wb('import', '--map', FLAT, join(root, 'inf-csv'), join(root, 'inf-csv-out'));
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      'responses.csv:4: confidence: number 1e400 is beyond the largest double (+-1.7976931348623157e308) and would read as Infinity; the format refuses numbers that are not finite',
    );
    expect(existsSync(join(root, 'inf-csv-out'))).toBe(false);
    // a .json source: JSON.parse reads 1e400 as Infinity, which JSON.stringify would write as null
    const src = join(root, 'inf-json');
    mkdirSync(src, { recursive: true });
    const items = JSON.stringify({ items: files['items.jsonl'].map((it, i) => (i === 2 ? { ...it, gold: { ...it.gold, size: 0 } } : it)) }).replace(
      '"size":0',
      '"size":1e400',
    );
    writeFileSync(join(src, 'items.json'), items);
    writeFileSync(join(src, 'models.jsonl'), jsonl(files['models.jsonl']));
    const map = (constant: string) => {
      const f = join(root, `inf-map-${constant.length}.json`);
      writeFileSync(
        f,
        `{"benchmark": "globebench", "version": "1", "synthetic": false, "files": [{"from": "items.json", "rows": "/items", "to": "items.jsonl", "keep": true}, {"from": "models.jsonl", "to": "models.jsonl", "keep": true, "fields": {"params": {"const": ${constant}}}}]}`,
      );
      return f;
    };
    r = wb('import', '--map', map('1'), src, join(root, 'inf-json-out'));
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      'items.json:3: gold.size: a number beyond the largest double (it reads as Infinity or -Infinity, or is NaN); the format refuses numbers that are not finite',
    );
    expect(existsSync(join(root, 'inf-json-out'))).toBe(false);
    // a constant of the mapping
    writeFileSync(join(src, 'items.json'), JSON.stringify({ items: files['items.jsonl'] }));
    r = wb('import', '--map', map('-1e400'), src, join(root, 'inf-const-out'));
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      'models.jsonl:1: params: a number beyond the largest double (it reads as Infinity or -Infinity, or is NaN); the format refuses numbers that are not finite',
    );
    expect(existsSync(join(root, 'inf-const-out'))).toBe(false);
  });

  it('a problem found only when the release loads (a response to an unknown item) still names the source row', () => {
    flatSource(join(root, 'ref'), (rows) => (rows[1][0] = 'i99'));
    const r = wb('import', '--map', FLAT, join(root, 'ref'), join(root, 'ref-out'));
    expect(r.code).toBe(1);
    expect(r.err).toContain('responses.csv:3: item_id: no item "i99" in items.jsonl (for responses/m1.jsonl)');
    expect(existsSync(join(root, 'ref-out'))).toBe(false);
  });

  it('refuses a broken mapping, and never writes into a non-empty DST', () => {
    flatSource(join(root, 'src'));
    const bad = join(root, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({
        benchmark: 'globebench',
        version: '1',
        synthetic: false,
        files: [{ from: 'responses.csv', to: 'answers/{model_id}.jsonl', fields: { item_id: { column: 'a', const: 1 } } }],
      }),
    );
    let r = wb('import', '--map', bad, join(root, 'src'), join(root, 'bad-out'));
    expect(r.code).toBe(1);
    expect(r.err).toContain('files.0.fields.item_id: expected exactly one of column, pointer, const');
    const dst = join(root, 'mine');
    mkdirSync(dst);
    writeFileSync(join(dst, 'thesis.tex'), 'my work');
    r = wb('import', '--map', FLAT, join(root, 'src'), dst);
    expect(r.code).toBe(2);
    expect(r.err).toContain('is not empty; import writes only into a new or empty directory');
    expect(readdirSync(dst)).toEqual(['thesis.tex']);
    const empty = join(root, 'empty');
    mkdirSync(empty);
    expect(wb('import', '--map', FLAT, join(root, 'src'), empty).code).toBe(0);
    expect(existsSync(join(empty, 'MANIFEST.json'))).toBe(true);
  });
});
