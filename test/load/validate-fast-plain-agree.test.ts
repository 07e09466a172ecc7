/**
 * The loader checks rows with a function compiled from each zod schema (`compileCheck`), which exists
 * only for speed. `plainCheck` beside it, zod's own safeParse, is its reference: on every value both
 * must refuse, or both give the same value (the same keys in the same order, -0 kept, the same
 * prototype). Values are rows of the sample releases as JSON.parse makes them (so `__proto__` may be
 * an own key), changed by fast-check one field at a time into random and hostile values.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z, type ZodTypeAny } from 'zod';
import * as cube from '../../src/format/cubebench.js';
import { Manifest } from '../../src/format/common.js';
import { dataRecord } from '../../src/format/data-record.js';
import * as globe from '../../src/format/globebench.js';
import * as pawm from '../../src/format/pawm.js';
import { compileCheck, plainCheck, REFUSED } from '../../src/release/load/fast-validate.js';

/** The same value: own keys in the same order, Object.is-equal leaves, the same prototype. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return Object.is(a, b);
  if (Array.isArray(a) !== Array.isArray(b) || Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length || ka.some((k, i) => k !== kb[i])) return false;
  return ka.every((k) => sameValue(Object.getOwnPropertyDescriptor(a, k)!.value, Object.getOwnPropertyDescriptor(b, k)!.value));
}

/** Both checks on one value: both refuse, or both give the same value (and not the value itself). */
function expectAgree(schema: ZodTypeAny, v: unknown): void {
  const fast = compileCheck(schema)!;
  const plain = plainCheck(schema);
  const want = plain(v);
  const got = fast(v);
  const what = JSON.stringify(v)?.slice(0, 300);
  expect(got === REFUSED, what).toBe(want === REFUSED);
  if (want !== REFUSED) expect(sameValue(got, want), what).toBe(true);
}

const sampleRows = (file: string, max = 200): Record<string, unknown>[] =>
  gunzipSync(readFileSync(join('data', file)))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .slice(0, max)
    .map((l) => JSON.parse(l));
const firstOf = (dir: string) => `${dir}/${readdirSync(join('data', dir))[0]}`;

const SCHEMAS: [string, ZodTypeAny, Record<string, unknown>[]][] = [
  ['GlobeBench items', globe.Item, sampleRows('globebench/items.jsonl.gz')],
  ['GlobeBench responses', globe.Response, sampleRows(firstOf('globebench/responses'))],
  ['GlobeBench responses as loaded', globe.LoadedResponse, sampleRows(firstOf('globebench/responses')).map(({ raw: _, ...r }) => r)],
  ['GlobeBench judge records', globe.JudgeRecord, sampleRows(firstOf('globebench/judge'))],
  ['GlobeBench models', globe.Model, sampleRows('globebench/models.jsonl.gz')],
  ['PAWM episodes', pawm.Episode, sampleRows('pawm/episodes.jsonl.gz')],
  ['PAWM steps', pawm.Step, sampleRows('pawm/steps.jsonl.gz')],
  ['PAWM guidance labels', pawm.GuidanceLabel, sampleRows('pawm/guidance_labels.jsonl.gz')],
  ['CubeBench tasks', cube.Task, sampleRows('cubebench/tasks.jsonl.gz')],
  ['CubeBench episodes', cube.Episode, sampleRows('cubebench/episodes.jsonl.gz', 50)],
  ['the manifest', Manifest, [JSON.parse(readFileSync('data/globebench/MANIFEST.json', 'utf8'))]],
];

const HOSTILE_KEYS = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', '0', '', 'extra'];
/** Values a field may be changed to: JSON values, odd numbers and strings, other rows' values. */
const odd = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    null,
    0,
    -0,
    -1,
    0.5,
    2 ** 53,
    2 ** 60,
    -(2 ** 60),
    1e-400,
    '',
    ' ',
    'x',
    'R Q',
    "R U' F2",
    'R\u00a0U',
    '\u202e',
    true,
    [],
    {},
    ['U'],
    [null],
  ),
  fc.constantFrom(...HOSTILE_KEYS).map((k) => JSON.parse(`{${JSON.stringify(k)}:1}`)),
);

/** A sample row as JSON text with one field changed, removed or added (keys may be `__proto__`), parsed as the loader parses it. */
function changed(rows: Record<string, unknown>[]): fc.Arbitrary<unknown> {
  return fc
    .tuple(fc.nat(rows.length - 1), fc.nat(), fc.constantFrom('set', 'delete', 'add', 'nested', 'whole'), fc.constantFrom(...HOSTILE_KEYS), odd)
    .map(([r, f, op, hostile, v]) => {
      const row = rows[r];
      const keys = Object.keys(row);
      const k = keys[f % keys.length];
      const entries = keys.map((key) => [key, row[key]] as [string, unknown]);
      if (op === 'whole') return v;
      if (op === 'set') entries[f % entries.length] = [k, v];
      else if (op === 'delete') entries.splice(f % entries.length, 1);
      else if (op === 'add') entries.splice(f % (entries.length + 1), 0, [hostile, v]);
      else {
        // a key inside an object field (gold, a prediction, a manifest's files): `__proto__` among them
        const objects = entries.filter(([, x]) => x !== null && typeof x === 'object' && !Array.isArray(x));
        if (objects.length) {
          const o = objects[f % objects.length];
          o[1] = { ...(o[1] as object), [hostile]: v };
        }
      }
      // written as text and parsed back, so that a key `__proto__` is an own key, as in a release
      return JSON.parse(`{${entries.map(([key, x]) => `${JSON.stringify(key)}:${JSON.stringify(x) ?? 'null'}`).join(',')}}`);
    });
}

describe('compileCheck agrees with plainCheck (zod)', () => {
  for (const [name, schema, rows] of SCHEMAS) {
    it(`${name}: the sample rows, and rows with a field changed to a random or hostile value`, () => {
      expect(compileCheck(schema)).toBeDefined();
      for (const row of rows) expectAgree(schema, row);
      fc.assert(
        fc.property(changed(rows), (v) => expectAgree(schema, v)),
        { numRuns: 500, seed: 20261206 },
      );
    });
  }

  it('keys absent, present as undefined, passthrough and index-like: the same own keys in the same order', () => {
    const schema = z.object({ a: z.string(), b: z.string().optional(), c: z.unknown(), d: z.number().nullable() }).passthrough();
    for (const v of [
      { a: 'x', d: null },
      { a: 'x', b: undefined, d: 1 },
      { a: 'x', c: undefined, d: 2 },
      { d: 3, c: [1], b: 'y', a: 'x' },
      { a: 'x', b: 'y', c: 0, d: 4, e: 5, f: undefined },
      { a: 'x', b: 'y', c: 0, d: 4, '7': 'index-like key' },
      JSON.parse('{"a":"x","d":-0,"__proto__":{"p":1},"constructor":2}'),
    ])
      expectAgree(schema, v);
  });

  it('a record whose keys are data keeps a key named __proto__ in its place, in zod and compiled alike; a plain record drops it, as zod does', () => {
    const text = '{"a":1,"__proto__":{"x":2},"b":3}';
    const kept = plainCheck(dataRecord(z.unknown()))(JSON.parse(text)) as Record<string, unknown>;
    expect(Object.keys(kept)).toEqual(['a', '__proto__', 'b']);
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(kept, '__proto__')!.value).toEqual({ x: 2 });
    expectAgree(dataRecord(z.unknown()), JSON.parse(text));
    expect(Object.keys(plainCheck(z.record(z.string(), z.unknown()))(JSON.parse(text)) as object)).toEqual(['a', 'b']);
    expectAgree(z.record(z.string(), z.unknown()), JSON.parse(text));
    expectAgree(z.object({ gold: dataRecord(z.number()) }), JSON.parse(`{"gold":${text}}`));
    expectAgree(z.object({ gold: dataRecord(z.number()) }), JSON.parse('{"gold":{"__proto__":"x"}}'));
  });

  it('the same value twice gives two objects, as zod does', () => {
    const check = compileCheck(globe.Model)!;
    const row = sampleRows('globebench/models.jsonl.gz')[0];
    expect(check(row)).not.toBe(check(row));
    expect(check(row)).not.toBe(row);
  });
});
