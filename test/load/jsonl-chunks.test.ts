import { describe, expect, it } from 'vitest';
import { parseJsonl, parseJsonlBytes } from '../../src/release/io/jsonl.js';

// parseJsonlBytes parses ~64 KB of lines with one JSON.parse when it can show that each line on its
// own would pass every check, and line by line otherwise. These files are large enough to make many
// such chunks, with the odd lines in the middle of one. Expected rows and offsets are worked out here
// from the lines as written; expected problems are written out by hand.

/** A step-like line of about 200 bytes, its text as written (keys in a fixed order, no spaces). */
const good = (i: number): string =>
  `{"benchmark":"webarena_lite","agent":"a:b","step":${i},"tentative_action":"click [${i}] \\"Orders\\"","guidance":${i % 3 ? 'null' : `"Note: page ${i} [x]"`},"arr":[1,[2,["x:y"]]],"n":-0.5}`;

/** `count` good lines with `odd` put in at line `at` (1-based), as the file's text (every line ends in \n). */
function file(count: number, at: number, odd: string[]): { text: string; lines: string[] } {
  const lines: string[] = [];
  for (let i = 1; i <= count; i++) {
    if (i === at) lines.push(...odd);
    lines.push(good(i));
  }
  return { text: lines.map((l) => `${l}\n`).join(''), lines };
}

/** Each line's byte offset and length, by adding up the lines' UTF-8 lengths. */
function spans(lines: string[]): { offset: number; length: number }[] {
  const out: { offset: number; length: number }[] = [];
  let at = 0;
  for (const l of lines) {
    const length = Buffer.byteLength(l, 'utf8');
    out.push({ offset: at, length });
    at += length + 1;
  }
  return out;
}

const expectRowsOf = (parsed: ReturnType<typeof parseJsonlBytes>, lines: string[], skip: Set<number>): void => {
  const want = spans(lines)
    .map((s, i) => ({ line: i + 1, ...s, value: skip.has(i + 1) ? undefined : JSON.parse(lines[i]) }))
    .filter((r) => !skip.has(r.line));
  expect(parsed.rows.map((r) => ({ line: r.line, offset: r.offset, length: r.length, value: r.value }))).toEqual(want);
};

describe('parseJsonlBytes, many lines per JSON.parse', () => {
  it('gives every row its line, value, offset and length across chunk borders', () => {
    const { text, lines } = file(3000, 0, []);
    expect(text.length).toBeGreaterThan(5 * 64 * 1024);
    const parsed = parseJsonlBytes(Buffer.from(text), 'f.jsonl');
    expect(parsed.problems).toEqual([]);
    expectRowsOf(parsed, lines, new Set());
    // a row's span holds exactly its line's bytes
    const data = Buffer.from(text);
    for (const r of [parsed.rows[0], parsed.rows[330], parsed.rows[331], parsed.rows[2999]])
      expect(data.toString('utf8', r.offset, r.offset + r.length)).toBe(lines[r.line - 1]);
  });

  it('a bad line among good ones gives exactly its problem, with its line number', () => {
    const at = 1234;
    const cases: [string[], { line: number; field?: string; message: string }[]][] = [
      [[''], [{ line: at, message: 'empty line (expected one JSON object per line)' }]],
      [['   '], [{ line: at, message: 'empty line (expected one JSON object per line)' }]],
      [['[1,2]'], [{ line: at, message: 'expected a JSON object' }]],
      [
        ['{"a":1,"b":{"c":1,"c":2}}'],
        [{ line: at, field: 'b.c', message: 'key "c" appears twice in one object (JSON readers disagree on which value counts)' }],
      ],
      [['{"step":1,"step":2}'], [{ line: at, field: 'step', message: 'key "step" appears twice in one object (JSON readers disagree on which value counts)' }]],
      // the same in a chunk that is not ASCII
      [['{"ü":"é:","ü":2}'], [{ line: at, field: 'ü', message: 'key "ü" appears twice in one object (JSON readers disagree on which value counts)' }]],
      // the escaped colon in the first key makes up for the colon of the repeated key
      [
        ['{"a\\u003a":1,"b":2,"b":3}'],
        [{ line: at, field: 'b', message: 'key "b" appears twice in one object (JSON readers disagree on which value counts)' }],
      ],
      [
        ['{"n":9007199254740993}'],
        [
          {
            line: at,
            field: 'n',
            message:
              'integer 9007199254740993 is beyond 2^53 and cannot be held exactly (it reads as the same number as 9007199254740992 and its neighbours); give it as a string',
          },
        ],
      ],
      [[`{"a":${'['.repeat(1001)}${']'.repeat(1001)}}`], [{ line: at, message: 'arrays/objects nested more than 1000 levels deep (expected at most 1000)' }]],
      // two objects on one line, and one object over two lines: together as many values as lines
      [['{"a":[{}', '{}]}', '{},{}'], [0, 1, 2].map((k) => ({ line: at + k, message: expect.stringMatching(/^not valid JSON \(/) as unknown as string }))],
      [['{"a":"x', 'y"}', '{},{}'], [0, 1, 2].map((k) => ({ line: at + k, message: expect.stringMatching(/^not valid JSON \(/) as unknown as string }))],
    ];
    for (const [odd, problems] of cases) {
      const { text, lines } = file(2500, at, odd);
      const parsed = parseJsonlBytes(Buffer.from(text), 'f.jsonl');
      expect(parsed.problems, odd.join(' / ')).toEqual(problems.map((p) => ({ file: 'f.jsonl', ...p })));
      expectRowsOf(parsed, lines, new Set(problems.map((p) => p.line)));
    }
  });

  it('with no colon inside any string (the keys alone account for the colons), a repeated key is still found at its line', () => {
    const plain = (i: number) => `{"step":${i},"a":"x y","b":[1,{"c":null}]}`;
    const lines = Array.from({ length: 3000 }, (_, i) => plain(i + 1));
    for (const [at, odd, key] of [
      [17, '{"step":17,"a":"x","a":"y"}', 'a'],
      [2222, '{"step":2222,"b":[{"c":1,"c":2}]}', 'b.0.c'],
    ] as const) {
      const withOdd = lines.map((l, i) => (i + 1 === at ? odd : l));
      const text = withOdd.map((l) => `${l}\n`).join('');
      const bytes = parseJsonlBytes(Buffer.from(text), 'f.jsonl');
      expect(bytes.problems).toEqual(parseJsonl(text, 'f.jsonl').problems);
      expect(bytes.problems.map((p) => [p.line, p.field])).toEqual([[at, key]]);
      expectRowsOf(bytes, withOdd, new Set([at]));
    }
  });

  it('keeps the rows a line-by-line read keeps: a line with \\u escapes, a repeated key deep in a chunk, CRLF, colons and braces in strings', () => {
    const odd = ['{"k\\u003a":"\\u007b"}', '{"a":"{","b":"}"}', '{"a":"::","b":[":"]}', '{"__proto__":{"x":1}}', '{"é":"ü:ö","k":"—:"}'];
    const { text } = file(2500, 900, odd);
    for (const t of [text, text.replaceAll('\n', '\r\n'), `\ufeff${text}`, text.slice(0, -1)]) {
      const bytes = parseJsonlBytes(Buffer.from(t), 'f.jsonl');
      const lines = parseJsonl(t, 'f.jsonl');
      expect(bytes.problems).toEqual(lines.problems);
      expect(bytes.rows.map((r) => ({ line: r.line, value: r.value }))).toEqual(lines.rows);
      expect(bytes.rows.length).toBe(2505);
    }
  });

  it('stops at maxProblems as a line-by-line read does', () => {
    const { text } = file(2500, 1500, ['x', '{"a":1,"a":2}', '', 'y']);
    for (const max of [1, 2, 3, 200]) {
      const bytes = parseJsonlBytes(Buffer.from(text), 'f.jsonl', max);
      const lines = parseJsonl(text, 'f.jsonl', max);
      expect(bytes.problems).toEqual(lines.problems);
      expect(bytes.problems.length).toBe(Math.min(max, 4));
      expect(bytes.rows.map((r) => ({ line: r.line, value: r.value }))).toEqual(lines.rows);
    }
  });

  it('offloads and accepts each row of a chunk as it does line by line', () => {
    const { text, lines } = file(2000, 0, []);
    const seen: number[] = [];
    const parsed = parseJsonlBytes(Buffer.from(text), 'f.jsonl', 200, ['guidance'], (v) => {
      seen.push(v.step as number);
      return (v.step as number) % 2 ? { step: v.step, has: 'guidance' in v } : undefined;
    });
    expect(seen).toEqual(lines.map((_, i) => i + 1));
    const guided = (i: number) => i % 3 === 0;
    parsed.rows.forEach((r, k) => {
      const i = k + 1;
      expect(r.offloaded).toEqual(guided(i) ? ['guidance'] : undefined);
      if (i % 2) expect(r).toMatchObject({ value: { step: i, has: !guided(i) } });
      else expect(r.refused).toBe(true);
    });
  });
});
