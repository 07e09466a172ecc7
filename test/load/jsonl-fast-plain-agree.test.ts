/**
 * The loader reads JSONL through `parseJsonlBytes`, whose chunk readers (flat lines read from the
 * bytes, many lines per JSON.parse) and quick line test exist only for speed. `parseJsonlPlain` is its
 * reference: each line cut, decoded, JSON.parse'd and checked on its own. On random and hostile files
 * the two must give the same rows (values with the same keys in the same order, -0 kept, the same
 * line, byte offset and length, offloaded fields, refused marks) and the same problems. So must
 * `parseJsonl`, the text reading that `workbench manifest` and `import` use, on the text a release's
 * bytes decode to.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_NESTING, parseJsonl, parseJsonlBytes, parseJsonlPlain } from '../../src/release/io/jsonl.js';

/** The same value as JSON.parse makes it: own keys in the same order, Object.is-equal leaves (-0 is not 0), the same prototype. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return Object.is(a, b);
  if (Array.isArray(a) !== Array.isArray(b) || Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length || ka.some((k, i) => k !== kb[i])) return false;
  return ka.every((k) => sameValue(Object.getOwnPropertyDescriptor(a, k)!.value, Object.getOwnPropertyDescriptor(b, k)!.value));
}

type Parsed = ReturnType<typeof parseJsonlPlain>;

/** The rows' lines, spans, offloaded fields and refused marks, and the first line whose value differs (0: none). */
type AnyRow = ReturnType<typeof parseJsonl>['rows'][number] & { offloaded?: readonly string[]; refused?: true };
function compare(rows: readonly AnyRow[], ref: readonly AnyRow[]): { meta: unknown[]; refMeta: unknown[]; firstDiffering: number } {
  const metaOf = (r: AnyRow) => [r.line, r.offset, r.length, r.offloaded, r.refused];
  const differing = rows.find((r, i) => i < ref.length && !sameValue(r.value, ref[i].value));
  return { meta: rows.map(metaOf), refMeta: ref.map(metaOf), firstDiffering: differing?.line ?? 0 };
}

function expectAgree(fast: Parsed, plain: Parsed, what: string): void {
  expect(fast.problems, what).toEqual(plain.problems);
  const c = compare(fast.rows, plain.rows);
  expect(c.meta, what).toStrictEqual(c.refMeta);
  expect(c.firstDiffering, what).toBe(0);
}

/** Reads `data` both ways (and as text through parseJsonl) with the same arguments; they must agree. */
function agree(data: Buffer, maxProblems = 200, offload: readonly string[] = [], withAccept = false): void {
  // accept: keeps a copy of rows with a key `k`, refuses the others (a function of the value alone)
  const accept = withAccept ? (v: Record<string, unknown>) => (Object.hasOwn(v, 'k') ? { ...v, accepted: true } : undefined) : undefined;
  const what = JSON.stringify(data.toString('utf8').slice(0, 300));
  const plain = parseJsonlPlain(data, 'f.jsonl', maxProblems, offload, accept);
  expectAgree(parseJsonlBytes(data, 'f.jsonl', maxProblems, offload, accept), plain, what);
  if (offload.length === 0 && !withAccept) {
    // the text path: TextDecoder drops one byte-order mark, parseJsonl the next
    const text = parseJsonl(new TextDecoder('utf-8', { fatal: true }).decode(data), 'f.jsonl', maxProblems);
    expect(text.problems, what).toEqual(plain.problems);
    expect(
      text.rows.map((r) => r.line),
      what,
    ).toStrictEqual(plain.rows.map((r) => r.line));
    expect(compare(text.rows, plain.rows).firstDiffering, what).toBe(0);
  }
}

// ------------------------------------------------------------------ lines

const KEYS = ['k', 'step', 'agent', 'a:b', '{', '}', 'é', '1', '01', ' ', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'x"y', 'back\\slash'];
const STRINGS = [
  '',
  'x',
  'click [833] "Orders"',
  'a:b:c',
  '{"k":1}',
  '}{',
  '\\',
  'tab\there',
  'line\nbreak\r\n',
  '\u0000\u0001\u001f\u007f',
  '\u202eevil\u202c \u2066x\u2069 \u200e\u200f\u061c',
  '\u200b\u200d\u2060\ufeff',
  '\u2028\u2029',
  'é ü — ✓ 日本語 👩‍🔬',
  '\ud83d\ude00',
  '<script>alert(1)</script>',
  '__proto__',
];
/** Number literals as a release might spell them, finite or not, exact or not. */
const NUMBERS = [
  '0',
  '-0',
  '0.0',
  '-0.0e0',
  '1',
  '-1',
  '42',
  '1.5',
  '1e3',
  '1E+3',
  '1e-400',
  '-1e-400',
  '5e-324',
  '2.2250738585072014e-308',
  '1.7976931348623157e308',
  '1e308',
  '1e309',
  '1e400',
  '-1e400',
  `1${'0'.repeat(400)}`,
  '123456789012345',
  '1234567890123456',
  '9007199254740991',
  '-9007199254740991',
  '9007199254740992',
  '9007199254740993',
  '12345678901234567890',
  '12345678901234567000',
  '100000000000000000000',
  '3.141592653589793238462643383279',
  '0.1',
];
/** Not JSON numbers or values. */
const NOT_JSON = ['NaN', 'Infinity', '-Infinity', '01', '-', '1.', '.5', '+1', 'nul', 'tru', 'undefined', "'x'"];

const key = fc.constantFrom(...KEYS);
/** A string as JSON.stringify writes it, or with its characters as \u escapes (surrogates alone or in pairs). */
const stringLiteral = fc.oneof(
  fc.constantFrom(...STRINGS).map((s) => JSON.stringify(s)),
  fc.string({ unit: 'binary', maxLength: 12 }).map((s) => JSON.stringify(s)),
  fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 6 }).map((cs) => `"${cs.map((c) => `\\u${c.toString(16).padStart(4, '0')}`).join('')}"`),
  fc.constantFrom('"\\ud800"', '"\\udc00x"', '"\\uD83D\\uDE00"', '"\\u003a"', '"\\u007b"', '"\\/"', '"\\b\\f\\n\\r\\t"'),
);
const scalar = fc.oneof(
  stringLiteral,
  fc.constantFrom(...NUMBERS),
  fc.constantFrom('true', 'false', 'null'),
  fc.double().map((x) => JSON.stringify(x)),
);

/** A JSON value's text, nested a little, written with or without spaces. */
const valueText: fc.Arbitrary<string> = fc.letrec<{ v: string }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('v'), { maxLength: 4 }).map((xs) => `[${xs.join(',')}]`),
    fc.array(fc.tuple(key, tie('v')), { maxLength: 4 }).map((kv) => `{${kv.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
  ),
})).v;

/** Values as a release's flat lines hold them: no \u escape, numbers a double holds exactly (what the flat reader reads itself). */
const flatScalar = fc.oneof(
  fc.constantFrom(...STRINGS.filter((t) => !/\\u/.test(JSON.stringify(t)))).map((t) => JSON.stringify(t)),
  fc.string({ maxLength: 8 }).map((t) => JSON.stringify(t)),
  fc.constantFrom(
    '0',
    '-0',
    '1',
    '-1',
    '42',
    '1.5',
    '-12.25',
    '1e3',
    '1E+3',
    '1e-400',
    '5e-324',
    '0.1',
    '123456789012345',
    '9007199254740991',
    '-9007199254740991',
  ),
  fc.constantFrom('true', 'false', 'null'),
);
/**
 * Runs of flat lines as a release writes them: one shape (distinct keys, sometimes `__proto__`,
 * `constructor` or `toString`), each line the one before with a field changed.
 */
const flatRun = fc
  .tuple(
    fc.uniqueArray(key, { minLength: 1, maxLength: 6 }),
    fc.array(flatScalar, { minLength: 6, maxLength: 6 }),
    fc.array(fc.tuple(fc.nat(), flatScalar), { maxLength: 12 }),
  )
  .map(([keys, first, changes]) => {
    const values = first.slice(0, keys.length);
    const write = () => `{${keys.map((k, i) => `${JSON.stringify(k)}:${values[i]}`).join(',')}}`;
    const out = [write()];
    for (const [at, v] of changes) {
      values[at % keys.length] = v;
      out.push(write());
    }
    return out;
  });

/** A flat object line (what the flat reader takes), keys possibly repeated. */
const flatLine = fc.array(fc.tuple(key, scalar), { minLength: 1, maxLength: 6 }).map((kv) => `{${kv.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`);
/** An object line of any values, sometimes with spaces around its tokens. */
const objectLine = fc
  .tuple(fc.array(fc.tuple(key, valueText), { maxLength: 6 }), fc.constantFrom('', ' ', '\t'))
  .map(([kv, sp]) => `{${sp}${kv.map(([k, v]) => `${JSON.stringify(k)}${sp}:${sp}${v}`).join(`,${sp}`)}${sp}}`);
const nested = (depth: number, open = '[', close = ']') => `{"k":${open.repeat(depth - 1)}${close.repeat(depth - 1)}}`;
/** Lines that are not one plain JSON object. */
const hostileLine = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\t',
    '\u00a0',
    '\ufeff',
    '\ufeff{"k":1}',
    '{"k":1}\r',
    '{"k":1} ',
    ' {"k":1}',
    '{"k":1}x',
    '{"k":1}{"k":2}',
    '{"k":1},',
    '[1]',
    '"x"',
    '1',
    'null',
    '{',
    '}',
    '{"k":1,}',
    '{"k"}',
    '{"k":"x}',
    '{"k":1,"k":2}',
    '{"k":{"a":1,"a":2}}',
    '{"k":[{"a":1,"a":[[[]]]}]}',
    '{"k\\u003a":1,"a":2,"a":3}',
    '{"__proto__":{"x":1},"k":1}',
    '{"constructor":{"prototype":1},"toString":"x","k":1}',
    '{"k":"\\x"}',
    '{"k":"a\tb"}',
    nested(MAX_NESTING),
    nested(MAX_NESTING + 1),
    nested(MAX_NESTING + 1, '{"a":', '}'),
    `{"k":1,"k":${'['.repeat(MAX_NESTING + 5)}${']'.repeat(MAX_NESTING + 5)}}`,
    nested(5000),
    `{"k":"${'x'.repeat(100000)}"}`,
    `{"k":"${'é:'.repeat(20000)}"}`,
    `{${Array.from({ length: 3000 }, (_, i) => `"k${i}":${i}`).join(',')}}`,
  ),
  fc.constantFrom(...NOT_JSON).map((v) => `{"k":${v}}`),
  valueText,
  // a good line with one character taken out, put in or changed
  fc
    .tuple(fc.oneof(flatLine, objectLine), fc.nat(), fc.constantFrom('', '"', ':', ',', '{', '}', '[', ']', '\\', ' ', 'x', '\u0000', '\u202e', 'é'))
    .map(([l, at, c]) => {
      const i = at % (l.length + 1);
      return at % 2 ? l.slice(0, i) + c + l.slice(i) : l.slice(0, i) + c + l.slice(i + 1);
    }),
);

/** Lines of a file: runs of one line with fields changed (as a release writes steps), mixed with others. */
const lines = fc.array(
  fc.oneof(
    { weight: 4, arbitrary: flatRun },
    { weight: 2, arbitrary: fc.tuple(flatLine, fc.integer({ min: 1, max: 8 })).map(([l, n]) => Array<string>(n).fill(l)) },
    { weight: 3, arbitrary: objectLine.map((l) => [l]) },
    { weight: 2, arbitrary: hostileLine.map((l) => [l]) },
  ),
  { maxLength: 25 },
);

/** A file of those lines: \n or \r\n line ends, a byte-order mark or two, the last newline or not. */
const file = fc
  .tuple(lines, fc.constantFrom('\n', '\r\n'), fc.constantFrom('', '\ufeff', '\ufeff\ufeff', '\ufeff\ufeff\ufeff'), fc.boolean())
  .map(([groups, eol, bom, lastNewline]) => {
    const all = groups.flat();
    return Buffer.from(bom + all.join(eol) + (lastNewline && all.length ? eol : ''), 'utf8');
  });

// ------------------------------------------------------------------ properties

describe('parseJsonlBytes agrees with parseJsonlPlain', () => {
  it('on random files of good, odd and hostile lines', () => {
    fc.assert(
      fc.property(file, (data) => agree(data)),
      { numRuns: 400, seed: 20261202 },
    );
  });

  it('on files of flat lines (the flat reader), with now and then a line that is not', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof({ weight: 9, arbitrary: flatRun }, { weight: 1, arbitrary: hostileLine.map((l) => [l]) }), { minLength: 1, maxLength: 6 }),
        (runs) => agree(Buffer.from(`${runs.flat().join('\n')}\n`, 'utf8')),
      ),
      { numRuns: 400, seed: 20261205 },
    );
  });

  it('with a problem limit, offloaded fields and a check of each row', () => {
    fc.assert(
      fc.property(file, fc.constantFrom(1, 2, 3, 200), fc.constantFrom([], ['k'], ['k', 'step']), fc.boolean(), (data, max, offload, accept) =>
        agree(data, max, offload, accept),
      ),
      { numRuns: 300, seed: 20261203 },
    );
  });

  it('on files of many chunks (about 64 KB of lines per chunk), the odd line anywhere', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.oneof(
              flatRun,
              flatLine.map((l) => [l]),
            ),
            fc.integer({ min: 100, max: 1000 }),
          ),
          { minLength: 1, maxLength: 4 },
        ),
        fc.array(fc.tuple(fc.nat(), hostileLine), { maxLength: 3 }),
        fc.constantFrom('\n', '\r\n'),
        (runs, odd, eol) => {
          const all = runs.flatMap(([run, n]) => Array.from({ length: n }, () => run).flat());
          for (const [at, l] of odd) all.splice(at % (all.length + 1), 0, l);
          agree(Buffer.from(all.join(eol) + eol, 'utf8'));
        },
      ),
      { numRuns: 40, seed: 20261204 },
    );
  });

  it('on the cases the chunk readers reason about: a repeated key deep in a chunk, \\u escapes, colons and braces in strings', () => {
    const good = (i: number) => `{"step":${i},"a":"x:y","b":[1,{"c":null}],"n":-0}`;
    const odd = [
      '{"step":1,"step":2}',
      '{"k\\u003a":"\\u007b"}',
      '{"a":"{","b":"}"}',
      '{"a":[{}',
      '{}]}',
      '{},{}',
      '{"a":"x',
      'y"}',
      '{"ü":"é:","ü":2}',
      '{"n":9007199254740993}',
      '{"n":1e400}',
    ];
    for (let at = 0; at < odd.length; at++) {
      const all = Array.from({ length: 3000 }, (_, i) => good(i));
      all.splice(1000 + at * 97, 0, odd[at]);
      agree(Buffer.from(`${all.join('\n')}\n`));
    }
    // lines whose keys change order at every line, and a line of 50,000 keys
    agree(Buffer.from(Array.from({ length: 3000 }, (_, i) => (i % 2 ? `{"a":"x${i}","b":${i}}\n` : `{"b":${i},"a":"x${i}"}\n`)).join('')));
    const keys = Array.from({ length: 50000 }, (_, i) => `"k${i}":${i}`);
    agree(Buffer.from(`{${keys.join(',')}}\n{${keys.join(',')},"k7":1}\n`));
  });
});
