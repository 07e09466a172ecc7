import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { loadGlobebench } from '../../src/release/load/globebench.js';
import { readItemRow, readResponseRaw, readResponseRaws, RereadError } from '../../src/release/load/reread.js';

const root = mkdtempSync(join(tmpdir(), 'wb-reread-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// A hand-built release: two items (one with a history), one model, raw texts with multi-byte UTF-8,
// escapes and a colon, so a byte offset that counted characters instead of bytes would miss.
const items = [
  {
    item_id: 'i1',
    domain: 'code',
    skill: 's',
    capabilities: [],
    operator: 'op',
    source: 'own',
    backend: 'b',
    reach_back: 1,
    impact_radius: 'L0',
    radius_source: 'measured',
    outcome: 'normal',
    gold: { x: 1 },
    gold_error: null,
    fields: [{ path: 'x', kind: 'exact' }],
    history: 'turn 1: «ledger» opened\nturn 2: ok',
  },
  {
    item_id: 'i2',
    domain: 'code',
    skill: 's',
    capabilities: [],
    operator: 'op',
    source: 'own',
    backend: 'b',
    reach_back: null,
    impact_radius: null,
    radius_source: null,
    outcome: 'normal',
    gold: { y: [1, 2] },
    gold_error: null,
    fields: [{ path: 'y', kind: 'set' }],
  },
];
const raws = ['Ответ: {"x":1} — done ✓', 'plain "quoted" \\ text\twith tab'];
const responses = [
  { item_id: 'i1', model_id: 'm1', status: 'answered', prediction: { x: 1 }, raw: raws[0], request: 'primary' },
  { item_id: 'i2', model_id: 'm1', status: 'answered', prediction: { y: [2, 1] }, raw: raws[1], request: 'primary' },
];
const models = [{ model_id: 'm1', name: 'M1', provider: 'p', access: 'open', kind: 'general' }];

let n = 0;
function build(opts: { gzip: boolean; crlf?: boolean; bom?: boolean }): string {
  const dir = join(root, `r${n++}`);
  mkdirSync(join(dir, 'responses'), { recursive: true });
  const files: Record<string, { sha256: string; rows: number }> = {};
  const put = (logical: string, rows: unknown[]) => {
    let text = rows.map((r) => JSON.stringify(r) + (opts.crlf ? '\r\n' : '\n')).join('');
    if (opts.bom) text = '\ufeff' + text;
    const path = opts.gzip ? `${logical}.gz` : logical;
    const bytes = opts.gzip ? gzipSync(Buffer.from(text)) : Buffer.from(text);
    writeFileSync(join(dir, path), bytes);
    files[path] = { sha256: createHash('sha256').update(bytes).digest('hex'), rows: rows.length };
  };
  put('items.jsonl', items);
  put('models.jsonl', models);
  put('responses/m1.jsonl', responses);
  writeFileSync(join(dir, 'MANIFEST.json'), JSON.stringify({ benchmark: 'globebench', version: '1', synthetic: true, description: 'reread test', files }));
  return dir;
}

describe('rows read again from disk by offset', () => {
  for (const opts of [{ gzip: false }, { gzip: true }, { gzip: false, crlf: true, bom: true }, { gzip: true, crlf: true, bom: true }]) {
    it(`returns exactly the row's raw text and history (${JSON.stringify(opts)})`, () => {
      const rel = loadGlobebench(build(opts));
      // not kept in memory
      expect(rel.responses.every((r) => !('raw' in r))).toBe(true);
      expect('history' in rel.items[0]).toBe(false);
      expect(readResponseRaw(rel, 'm1', 'i1')).toBe(raws[0]);
      expect(readResponseRaw(rel, 'm1', 'i2')).toBe(raws[1]);
      expect([...readResponseRaws(rel, 'm1')]).toEqual([
        ['i1', raws[0]],
        ['i2', raws[1]],
      ]);
      expect(readItemRow(rel, 'i1')).toEqual(items[0]);
      expect(readItemRow(rel, 'i2')).toEqual(items[1]);
    });
  }

  it('still grades the responses (raw text is no input to grading)', () => {
    const rel = loadGlobebench(build({ gzip: false }));
    expect(rel.grades.map((g) => g.pass)).toEqual([true, true]);
  });

  for (const gzip of [false, true]) {
    it(`detects a file changed on disk after loading (${gzip ? 'gzipped' : 'plain'})`, () => {
      const dir = build({ gzip });
      const rel = loadGlobebench(dir);
      const path = join(dir, gzip ? 'responses/m1.jsonl.gz' : 'responses/m1.jsonl');
      const before = readFileSync(path);
      // the same length, one byte different: only the sha256 tells
      const text = (gzip ? gunzipSync(before) : before).toString('utf8').replace('done', 'DONE');
      writeFileSync(path, gzip ? gzipSync(Buffer.from(text)) : Buffer.from(text));
      expect(() => readResponseRaw(rel, 'm1', 'i1')).toThrow(RereadError);
      expect(() => readResponseRaw(rel, 'm1', 'i1')).toThrow(/changed on disk since the release was loaded/);
      writeFileSync(path, before);
      expect(readResponseRaw(rel, 'm1', 'i1')).toBe(raws[0]);
    });
  }

  it('names a missing response', () => {
    const rel = loadGlobebench(build({ gzip: false }));
    expect(() => readResponseRaw(rel, 'm1', 'nope')).toThrow(/no response of model "m1" to item "nope"/);
  });
});
