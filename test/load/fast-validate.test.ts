import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { z, type ZodTypeAny } from 'zod';
import { compileCheck, REFUSED } from '../../src/release/load/fast-validate.js';
import * as globe from '../../src/format/globebench.js';
import * as pawm from '../../src/format/pawm.js';
import * as cube from '../../src/format/cubebench.js';
import { Manifest } from '../../src/format/common.js';

// The compiled check must agree with zod on every value: accept exactly what zod accepts, and give
// zod's output (compared as JSON text, so key order counts). zod is the reference here.
function agree(schema: ZodTypeAny, values: unknown[]): void {
  const check = compileCheck(schema)!;
  expect(check).toBeDefined();
  for (const v of values) {
    const z = schema.safeParse(v);
    const f = check(v);
    expect(f === REFUSED, JSON.stringify(v)?.slice(0, 200)).toBe(!z.success);
    if (z.success) expect(JSON.stringify(f)).toBe(JSON.stringify(z.data));
  }
}
const rows = (file: string, max = 3000): unknown[] =>
  gunzipSync(readFileSync(join('data', file)))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .slice(0, max)
    .map((l) => JSON.parse(l));

/** Each row of a sample file, and variants of it broken one field at a time. */
function variants(sample: unknown[]): unknown[] {
  const out: unknown[] = [...sample];
  const odd = [null, 0, -1, 1.5, 2 ** 60, '', 'x', true, [], {}, ['U'], { a: 1 }];
  for (const row of sample.slice(0, 40) as Record<string, unknown>[]) {
    for (const k of Object.keys(row)) {
      for (const v of odd) out.push({ ...row, [k]: v });
      const { [k]: _, ...without } = row;
      out.push(without);
    }
    out.push({ extra: 1, ...row }, { ...row, __proto__x: 1 }, JSON.parse(`{"__proto__":{"a":1},${JSON.stringify(row).slice(1)}`));
  }
  return out;
}

describe('compiled row checks agree with zod', () => {
  it('GlobeBench items, responses, judge records, models', () => {
    agree(globe.Item, variants(rows('globebench/items.jsonl.gz')));
    const resp = readdirSync('data/globebench/responses')
      .slice(0, 2)
      .flatMap((f) => rows(`globebench/responses/${f}`, 400));
    agree(globe.Response, variants(resp));
    agree(globe.LoadedResponse, variants(resp.map((r) => ({ ...(r as object), raw: undefined }))));
    agree(
      globe.JudgeRecord,
      variants(
        readdirSync('data/globebench/judge')
          .slice(0, 2)
          .flatMap((f) => rows(`globebench/judge/${f}`, 400)),
      ),
    );
    agree(globe.Model, variants(rows('globebench/models.jsonl.gz')));
    agree(globe.FieldSpec, [
      { path: 'a', kind: 'numeric', tol: 1 },
      { path: 'a', kind: 'exact', tol: 1 },
      { path: '', kind: 'set' },
      { path: 'a', kind: 'text', tol: -1 },
    ]);
  });
  it('PAWM episodes, steps, labels', () => {
    agree(pawm.Episode, variants(rows('pawm/episodes.jsonl.gz')));
    agree(pawm.Step, variants(rows('pawm/steps.jsonl.gz')));
    agree(pawm.GuidanceLabel, variants(rows('pawm/guidance_labels.jsonl.gz')));
  });
  it('CubeBench tasks and episodes (move strings, unions, refinements)', () => {
    agree(cube.Task, variants(rows('cubebench/tasks.jsonl.gz')));
    const eps = rows('cubebench/episodes.jsonl.gz', 300) as Record<string, unknown>[];
    agree(cube.Episode, [
      ...variants(eps),
      { ...eps[0], actions: "R U' F2" },
      { ...eps[0], actions: 'R Q' },
      { ...eps[0], actions: ['R', 'Q'] },
      { ...eps[0], actions: 'R\u00a0U' },
    ]);
  });
  it('the manifest', () => {
    const m = JSON.parse(readFileSync('data/globebench/MANIFEST.json', 'utf8'));
    agree(Manifest, [m, { ...m, files: { a: { sha256: 'zz', rows: 1 } } }, { ...m, benchmark: 'other' }]);
  });

  it('keys absent, present as undefined, and passthrough: the same own keys in the same order as zod', () => {
    const schema = z.object({ a: z.string(), b: z.string().optional(), c: z.unknown(), d: z.number().nullable() }).passthrough();
    const check = compileCheck(schema)!;
    const values = [
      { a: 'x', d: null },
      { a: 'x', b: undefined, d: 1 },
      { a: 'x', c: undefined, d: 2 },
      { d: 3, c: [1], b: 'y', a: 'x' },
      { a: 'x', b: 'y', c: 0, d: 4, e: 5, f: undefined },
      { a: 'x', b: 'y', c: 0, d: 4, '7': 'index-like key' },
    ];
    for (const v of values) {
      const want = schema.parse(v);
      const got = check(v) as Record<string, unknown>;
      expect(Object.keys(got), JSON.stringify(v)).toEqual(Object.keys(want));
      expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
      for (const k of Object.keys(want)) expect(got[k]).toEqual(want[k]);
    }
    // the same check twice on one value gives two objects, as zod does
    expect(check(values[0])).not.toBe(check(values[0]));
  });
});
