import { describe, expect, it } from 'vitest';
import { flatLineParser } from '../../src/release/io/flat-lines.js';
import { parseJsonl, parseJsonlBytes } from '../../src/release/io/jsonl.js';

// flatLineParser reads lines of flat objects from the bytes, without JSON.parse. What it gives must be
// exactly what JSON.parse gives (keys in the same order, -0 kept), and it must refuse every line it
// cannot vouch for. The reference is JSON.parse of each line and the line-by-line reader parseJsonl.

/** Splits `text` as parseJsonlBytes does and asks the parser for all its lines at once. */
function parseAll(text: string): { values: Record<string, unknown>[] | undefined; lines: string[] } {
  const data = Buffer.from(text, 'utf8');
  const ends: number[] = [];
  for (let i = data.indexOf(0x0a); i !== -1; i = data.indexOf(0x0a, i + 1)) ends.push(i);
  if (data.length && data[data.length - 1] !== 0x0a) ends.push(data.length);
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return { values: flatLineParser(data).parse(0, ends), lines };
}

/** Whether a and b are the same as JSON.parse makes them: the same own keys in the same order, numbers and strings Object.is-equal (so -0 is not 0), the same prototype. */
function same(a: unknown, b: unknown): boolean {
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return Object.is(a, b);
  if (Array.isArray(a) !== Array.isArray(b) || Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const ka = Object.keys(a),
    kb = Object.keys(b);
  const x = a as Record<string, unknown>,
    y = b as Record<string, unknown>;
  return (
    ka.length === kb.length &&
    ka.every((k, i) => k === kb[i] && same(Object.getOwnPropertyDescriptor(x, k)!.value, Object.getOwnPropertyDescriptor(y, k)!.value))
  );
}

const expectSameAsJsonParse = (text: string) => {
  const { values, lines } = parseAll(text);
  expect(values, text.slice(0, 200)).toBeDefined();
  expect(values!.length).toBe(lines.length);
  lines.forEach((l, i) => expect(same(values![i], JSON.parse(l)), l).toBe(true));
};

/** A small deterministic generator (mulberry32), so a failing case can be run again. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// strings as JSON writes them (escapes but \u) and hostile ones: markup, quotes, colons and braces, other scripts
const STRINGS = [
  '',
  'x',
  'go to outside',
  'click [833] \\"Orders\\"',
  'a\\\\b',
  'tab\\there',
  'line\\nbreak',
  '\\/slash',
  '\\b\\f\\r',
  '<script>alert(1)</script>',
  "'; DROP TABLE steps; --",
  '$(rm -rf ~)',
  '{\\"k\\":1}',
  'a:b:c',
  '{{ x }}',
  'datum.x',
  'é ü — ✓',
  '日本語',
  '👩‍🔬 emoji',
  'RTL \u202e text',
  'zero\u200bwidth',
  '\u2028sep',
];
const NUMBERS = [
  '0',
  '-0',
  '1',
  '-1',
  '42',
  '123456789012345',
  '1234567890123456',
  '9007199254740991',
  '-9007199254740991',
  '0.5',
  '-12.25',
  '1e3',
  '1E-2',
  '-1.5e+3',
  '0.1',
  '3.141592653589793238',
  '2e-308',
  '5e-324',
];
const KEYS = ['benchmark', 'agent', 'step', 'a:b', '{', 'é', '1', '01', ' ', 'key \\"q\\"', 'tentative_action', 'guidance', 'run', 'n'];

function value(r: () => number): string {
  const u = r();
  if (u < 0.55) return `"${STRINGS[Math.floor(r() * STRINGS.length)]}"`;
  if (u < 0.85) return NUMBERS[Math.floor(r() * NUMBERS.length)];
  return ['null', 'true', 'false'][Math.floor(r() * 3)];
}

/** A flat line with distinct keys, in a random order. */
function freshLine(r: () => number): { keys: string[]; values: string[] } {
  const pool = [...KEYS];
  const keys: string[] = [];
  const count = 1 + Math.floor(r() * 6);
  for (let i = 0; i < count; i++) keys.push(pool.splice(Math.floor(r() * pool.length), 1)[0]);
  return { keys, values: keys.map(() => value(r)) };
}

const write = (l: { keys: string[]; values: string[] }) => `{${l.keys.map((k, i) => `"${k}":${l.values[i]}`).join(',')}}`;

/** Lines as a release writes them: mostly the line before with a field or two changed, sometimes a new shape. */
function flatFile(seed: number, count: number): string {
  const r = rng(seed);
  let l = freshLine(r);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const u = r();
    if (u < 0.15) l = freshLine(r);
    else if (u < 0.9) {
      const values = [...l.values];
      for (let c = Math.floor(r() * 3); c > 0; c--) values[Math.floor(r() * values.length)] = value(r);
      l = { keys: l.keys, values };
    }
    out.push(write(l));
  }
  return out.map((x) => `${x}\n`).join('');
}

describe('flatLineParser', () => {
  it('gives what JSON.parse gives for flat lines: the keys in order, -0, escapes, numbers, other scripts', () => {
    expectSameAsJsonParse('{"a":"x","b":-0,"c":1.5e3,"d":null,"e":true,"f":false}\n{"a":"x","b":0,"c":1.5e3,"d":null,"e":true,"f":false}\n');
    // integer-like keys come first, as JSON.parse orders them
    expectSameAsJsonParse('{"b":1,"2":2,"a":3,"1":4}\n{"b":1,"2":2,"a":3,"1":5}\n');
    expectSameAsJsonParse('{"action":"click [1] \\"Orders\\"","final":"click [1] \\"Orders\\"","g":"a\\\\b\\/c\\n"}\n');
    expectSameAsJsonParse('{"é":"ü — 日本語 👩‍🔬","k":"é"}\n{"é":"ü — 日本語 👩‍🔬","k":"é2"}\n');
    // a last line without its newline
    expectSameAsJsonParse('{"a":1}\n{"a":2}');
  });

  it('equals JSON.parse on random flat files, lines sharing their first fields with the line before', () => {
    for (let seed = 1; seed <= 40; seed++) expectSameAsJsonParse(flatFile(seed, 400));
  });

  it('a line with the same first bytes as the one before but another key, value or length later is read afresh', () => {
    expectSameAsJsonParse(
      '{"a":"x","b":1,"c":2}\n{"a":"x","b":1,"d":2}\n{"a":"x","b":1,"d":2,"e":3}\n{"a":"x","b":1}\n{"a":"xy","b":1}\n{"a":"x","b":12}\n{"a":"x","b":1}\n',
    );
    expectSameAsJsonParse('{"s":1,"t":"ab","u":"ab"}\n{"s":2,"t":"ab","u":"abc"}\n{"s":3,"t":"abc","u":"abc"}\n{"s":3,"t":"abc","u":"ab"}\n');
  });

  it('refuses every line it cannot vouch for, so that JSON.parse and the checks read it', () => {
    const refused = [
      '{"a": 1}', // a space
      '{ "a":1}',
      '{"a":1 }',
      '{"a":"\\u0041"}', // \u escape
      '{"a":"tab\there"}', // a raw control character
      '{"a":"\\x"}', // not an escape
      '{"a":{"b":1}}', // nested
      '{"a":[1]}',
      '{"a":1,"a":2}', // a repeated key
      '{"__proto__":1}',
      '{"a":9007199254740993}', // beyond 2^53
      '{"a":1e400}',
      '{"a":-1e300}',
      '{"a":01}', // not JSON numbers
      '{"a":-}',
      '{"a":1.}',
      '{"a":.5}',
      '{"a":+1}',
      '{"a":NaN}',
      '{"a":nul}',
      '{"a":tru}',
      '{}',
      '{"a":1,}',
      '{"a":"x}',
      '{"a"}',
      '[1]',
      '',
      '{"a":1}{"b":2}',
      '{"a":1}\r',
    ];
    for (const line of refused) {
      expect(parseAll(`${line}\n`).values, line).toBeUndefined();
      // also after a line of the same shape, which takes the other path
      expect(parseAll(`{"a":7}\n${line}\n`).values, line).toBeUndefined();
    }
  });

  it('through parseJsonlBytes, files of flat lines with odd lines among them read as line by line', () => {
    const odd = ['{"a": 1}', '{"step":1,"step":2}', '{"n":9007199254740993}', '{"a":"\\u003a"}', 'x', '', '{"a":{"b":1,"b":2}}', '{"__proto__":{"x":1}}'];
    for (let seed = 1; seed <= 6; seed++) {
      const lines = flatFile(seed, 3000).split('\n');
      lines.pop();
      lines.splice(100 * seed, 0, ...odd);
      const text = lines.map((l) => `${l}\n`).join('');
      for (const t of [text, text.replaceAll('\n', '\r\n'), `\ufeff${text}`, text.slice(0, -1)]) {
        const bytes = parseJsonlBytes(Buffer.from(t), 'f.jsonl');
        const byLine = parseJsonl(t, 'f.jsonl');
        expect(bytes.problems).toEqual(byLine.problems);
        expect(bytes.rows.length).toBe(byLine.rows.length);
        bytes.rows.forEach((row, i) => {
          expect(row.line).toBe(byLine.rows[i].line);
          expect(same(row.value, byLine.rows[i].value), `line ${row.line}`).toBe(true);
        });
      }
    }
  });

  it('a line of 50,000 keys is read as JSON.parse reads it, and refused when its last key repeats one', () => {
    const keys = Array.from({ length: 50000 }, (_, i) => `"k${i}":${i}`);
    expectSameAsJsonParse(`{${keys.join(',')}}\n`);
    expect(parseAll(`{${keys.join(',')},"k7":1}\n`).values).toBeUndefined();
  });

  it('a chunk refused part way leaves nothing of its lines to the next chunk', () => {
    const text = '{"a":"x","b":1,"c":1}\n{"a":"x","b":1,"c":2}\n{"a":"x","b":2,"c":3 }\n{"a":"x","b":1,"c":5}\n';
    const data = Buffer.from(text);
    const ends: number[] = [];
    for (let i = data.indexOf(0x0a); i !== -1; i = data.indexOf(0x0a, i + 1)) ends.push(i);
    const p = flatLineParser(data);
    expect(p.parse(0, ends.slice(0, 2))).toEqual([
      { a: 'x', b: 1, c: 1 },
      { a: 'x', b: 1, c: 2 },
    ]);
    // the third line fails after its b was read
    expect(p.parse(ends[1] + 1, [ends[2]])).toBeUndefined();
    expect(p.parse(ends[2] + 1, [ends[3]])).toEqual([{ a: 'x', b: 1, c: 5 }]);
  });

  it('lines equal to the one before, then one that differs in its last field or after it', () => {
    const same = '{"a":"x","b":1}\n'.repeat(1000);
    expectSameAsJsonParse(`${same}{"a":"x","b":2}\n${same}{"a":"x","b":1,"c":null}\n${same}`);
    expect(parseAll(`${same}{"a":"x","b":1}}\n`).values).toBeUndefined();
  });

  it('leaves lines whose keys change order at every line to JSON.parse, and reads them the same', () => {
    const lines = Array.from({ length: 3000 }, (_, i) => (i % 2 ? `{"a":"x${i}","b":${i}}` : `{"b":${i},"a":"x${i}"}`));
    const text = lines.map((l) => `${l}\n`).join('');
    expect(parseAll(text).values).toBeUndefined();
    // a few shapes among many lines stay on the flat path
    expectSameAsJsonParse(lines.slice(0, 16).join('\n') + '\n' + '{"a":"x","b":1}\n'.repeat(100));
    const bytes = parseJsonlBytes(Buffer.from(text), 'f.jsonl');
    const byLine = parseJsonl(text, 'f.jsonl');
    expect(bytes.problems).toEqual([]);
    bytes.rows.forEach((row, i) => expect(same(row.value, byLine.rows[i].value)).toBe(true));
  });

  it('each row is an object of its own: changing one changes no other', () => {
    const { values } = parseAll('{"a":"x","b":1}\n{"a":"x","b":1}\n{"a":"x","b":2}\n');
    values![0].a = 'changed';
    delete values![1].b;
    expect(values).toEqual([{ a: 'changed', b: 1 }, { a: 'x' }, { a: 'x', b: 2 }]);
  });
});
