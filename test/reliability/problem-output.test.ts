/**
 * What `validate` prints about a broken release, run as a person would (the real CLI): release
 * strings are printed with control characters escaped (a newline in an id cannot forge a problem
 * line, ESC cannot reach the terminal), and the output is capped (the first problems of each kind,
 * then a count per kind) so one renamed id does not print tens of thousands of lines.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatProblem, formatProblems, problemKind } from '../../src/release/io/problems.js';
import { tinyGlobebench } from '../helpers/tiny-globebench.js';
import { runCli, STACK_TRACE } from './run-cli.js';
import { tinyPawm, writeTiny } from './tiny-releases.js';

const root = mkdtempSync(join(tmpdir(), 'wb-problems-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('problem lines', () => {
  it('an id holding a newline, ESC and a bidi override prints as one line, with the characters escaped', async () => {
    const dir = join(root, 'forged');
    const spec = tinyGlobebench();
    const items = spec.files['items.jsonl'] as any[];
    const evil = 'x\nitems.jsonl:1: all good\u001b[2J\u202Eevil';
    items[1] = { ...items[1], item_id: items[0].item_id };
    items[0].item_id = evil;
    items[1].item_id = evil;
    writeTiny(dir, spec);
    const r = await runCli(['validate', dir]);
    expect(r.code).toBe(1);
    expect(r.err).not.toMatch(STACK_TRACE);
    // no raw control or bidi character reaches the terminal
    // eslint-disable-next-line no-control-regex
    expect(r.err).not.toMatch(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u202A-\u202E]/);
    expect(r.err).toContain('x\\u000Aitems.jsonl:1: all good\\u001B[2J\\u202Eevil');
    // every line is a problem line or the header: none starts with the forged text
    for (const line of r.err.trimEnd().split('\n')) expect(line).toMatch(/^(release refused: \d+ problem\(s\)|[\w./-]+(:\d+)?: |\.\.\. and )/);
  }, 30_000);

  it('zero-width characters and bidirectional marks and isolates print as escapes too (an id "GPT-5\\u200B" never prints as "GPT-5")', () => {
    const line = formatProblem({
      file: 'models.jsonl',
      line: 2,
      field: 'model_id',
      message: 'no model GPT-5\u200B, \u2066x\u2069 \u200E\u200F\u061C \u200C\u200D\u2060\uFEFF',
    });
    expect(line).toBe('models.jsonl:2: model_id: no model GPT-5\\u200B, \\u2066x\\u2069 \\u200E\\u200F\\u061C \\u200C\\u200D\\u2060\\uFEFF');
  });

  it("validate's summary of a valid release prints release strings (agents, methods) escaped", async () => {
    const dir = join(root, 'summary');
    const spec = tinyPawm();
    for (const f of Object.values(spec.files)) for (const r of f as any[]) r.agent = 'react\u001b]0;pwned\u0007\nfake line';
    writeTiny(dir, spec);
    const r = await runCli(['validate', dir]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    // eslint-disable-next-line no-control-regex
    expect(r.out).not.toMatch(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/);
    expect(r.out).toContain('agents: react\\u001B]0;pwned\\u0007\\u000Afake line');
  }, 30_000);

  it('formatProblem escapes every field, problemKind takes the values out', () => {
    expect(formatProblem({ file: 'a\rb.jsonl', line: 3, field: 'x\t', message: 'bad "\u0085"' })).toBe('a\\u000Db.jsonl:3: x\\u0009: bad "\\u0085"');
    expect(problemKind({ file: 'r.jsonl', line: 7, field: 'steps.12', message: 'unknown model_id "m9" (line 40)' })).toBe(
      'r.jsonl: steps.N: unknown model_id "…" (line N)',
    );
  });

  it('the first 5 problems of each kind are shown, then a count per kind, in the order found', () => {
    const ps = [
      ...Array.from({ length: 12 }, (_, i) => ({ file: 'r.jsonl', line: i + 1, field: 'model_id', message: `unknown model_id "m${i}"` })),
      { file: 'i.jsonl', line: 2, message: 'not valid JSON' },
    ];
    const lines = formatProblems(ps);
    expect(lines).toEqual([
      'r.jsonl:1: model_id: unknown model_id "m0"',
      'r.jsonl:2: model_id: unknown model_id "m1"',
      'r.jsonl:3: model_id: unknown model_id "m2"',
      'r.jsonl:4: model_id: unknown model_id "m3"',
      'r.jsonl:5: model_id: unknown model_id "m4"',
      'i.jsonl:2: not valid JSON',
      '... and 7 more problem(s) of this kind: r.jsonl: model_id: unknown model_id "…"',
    ]);
  });
});

describe('output capped', () => {
  it('many problems of one kind print the first 5 and a count, and every problem is counted', async () => {
    const dir = join(root, 'many');
    const spec = tinyGlobebench();
    // every response row names a status the format does not have: one kind of problem per file, many lines
    for (const [f, rows] of Object.entries(spec.files)) if (f.startsWith('responses/')) for (const r of rows as any[]) r.status = 'timeout';
    const items = spec.files['items.jsonl'] as any[];
    for (let i = 0; i < 300; i++) items.push({ ...items[0], item_id: `extra-${i}`, domain: 'astrology' });
    writeTiny(dir, spec);
    const r = await runCli(['validate', dir]);
    expect(r.code).toBe(1);
    expect(r.err).not.toMatch(STACK_TRACE);
    const total = Number(/release refused: (\d+) problem\(s\)/.exec(r.err)![1]);
    expect(total).toBeGreaterThanOrEqual(200);
    const lines = r.err.trimEnd().split('\n');
    expect(lines.length).toBeLessThan(40);
    expect(r.err).toMatch(/\.\.\. and \d+ more problem\(s\) of this kind: items\.jsonl: domain: /);
    // shown lines plus the counts add up to the total
    const shown = lines.filter((l) => !l.startsWith('release refused') && !l.startsWith('... and ')).length;
    const counted = lines.map((l) => /^\.\.\. and (\d+) more/.exec(l)).reduce((s, m) => s + (m ? Number(m[1]) : 0), 0);
    expect(shown + counted).toBe(total);
  }, 60_000);
});
