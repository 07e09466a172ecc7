import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { explorerTextFiles, topLevelString } from '../../src/output/explorer-texts.js';
import type { TextChunkPlan } from '../../src/present/explore/explorer.js';

/** What JSON.parse makes of the span, or undefined when there is none. */
const spanValue = (line: string, key: string) => {
  const b = Buffer.from(line);
  const s = topLevelString(b, key);
  return s === undefined ? undefined : (JSON.parse(b.subarray(s[0], s[1]).toString('utf8')) as unknown);
};

describe('a top-level string field taken from a JSONL line as its literal', () => {
  it('is the value JSON.parse gives the line, with escapes, nesting and duplicate keys', () => {
    const cases = [
      '{"raw":"plain"}',
      ' { "a" : {"raw":"inner"} , "raw" : "outer \\" quote \\\\" } ',
      '{"raw":"first","raw":"last"}',
      '{"x":[1,{"raw":"no"},"]}"],"raw":"yes\\\\","y":null}',
      '{"raw":"line\\nbreak \\u2028 \\ud83d\\ude00 é"}\r',
    ];
    for (const line of cases) expect(spanValue(line, 'raw'), line).toBe((JSON.parse(line) as { raw: string }).raw);
  });

  it('gives nothing when only JSON.parse can say: an escaped key, a value that is not a string, a missing key', () => {
    expect(spanValue('{"r\\u0061w":"b"}', 'raw')).toBeUndefined();
    expect(spanValue('{"raw":"a","raw":1}', 'raw')).toBeUndefined();
    expect(spanValue('{"raw":{"t":"x"}}', 'raw')).toBeUndefined();
    expect(spanValue('{"other":"x"}', 'raw')).toBeUndefined();
  });

  it('agrees with JSON.parse on any object it finds the field in', () => {
    const key = fc.oneof(fc.constantFrom('raw', 'history', 'a'), fc.string());
    fc.assert(
      fc.property(fc.array(fc.tuple(key, fc.jsonValue()), { maxLength: 8 }), fc.boolean(), (entries, spaced) => {
        const line = `{${entries.map(([k, v]) => `${JSON.stringify(k)}${spaced ? ' : ' : ':'}${JSON.stringify(v, null, spaced ? 1 : 0)}`).join(spaced ? ' , ' : ',')}}`;
        const parsed = JSON.parse(line) as Record<string, unknown>;
        const got = spanValue(line, 'raw');
        if (got !== undefined) expect(got).toBe(parsed.raw);
        else if (typeof parsed.raw === 'string') expect(entries.some(([k]) => JSON.stringify(k).includes('\\'))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe("a detail chunk made from the release's lines", () => {
  const lines = ['{"id":"a","raw":"first \\"quoted\\"\\nline"}', '{"r\\u0061w":"escaped key","id":"b"}', '{"id":"c","raw":{"not":"a string"}}'];
  const setUp = () => {
    const dir = mkdtempSync(join(tmpdir(), 'wb-texts-'));
    const text = `${lines.join('\n')}\n`;
    writeFileSync(join(dir, 'r.jsonl'), text);
    const st = statSync(join(dir, 'r.jsonl'));
    let offset = 0;
    const texts = lines.map((l, i) => {
      const src = { file: 'r.jsonl', line: i + 1, offset, length: Buffer.byteLength(l), field: 'raw' };
      offset += Buffer.byteLength(l) + 1;
      return [['raw', src]] as [string, typeof src][];
    });
    const detail = Buffer.from('{"sections":[]}');
    const plan: TextChunkPlan = {
      release: {
        dir,
        sha256: { 'r.jsonl': createHash('sha256').update(text).digest('hex') },
        stamps: new Map([['r.jsonl', { size: st.size, mtimeMs: st.mtimeMs }]]),
      },
      chunks: [
        { file: 'explore-files/details-0000.js', index: 0, details: deflateRawSync(Buffer.concat([detail, detail, detail])), ends: [15, 30, 45], texts },
      ],
      maxText: 1000,
    };
    return { dir, plan };
  };
  const slotsOf = (script: string) => {
    let got: unknown;
    new Function('wbExplorerDetails', script)((_i: number, slots: unknown) => {
      got = slots;
    });
    return got as { d: unknown; t: [string, string][] }[];
  };

  it("holds each text as JSON.parse reads it from the line, whether taken as the line's literal or parsed", () => {
    const { dir, plan } = setUp();
    try {
      const slots = slotsOf(explorerTextFiles(plan).get('explore-files/details-0000.js')!().toString('utf8'));
      expect(slots.map((s) => s.d)).toEqual([{ sections: [] }, { sections: [] }, { sections: [] }]);
      expect(slots.map((s) => s.t)).toEqual([
        [['raw', 'first "quoted"\nline']],
        [['raw', 'escaped key']],
        [['raw', JSON.stringify({ not: 'a string' }, null, 2)]],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a file changed since it was loaded, also when its size is the same', () => {
    const { dir, plan } = setUp();
    try {
      // same size, other bytes, a later modification time: hashed again, and the hash differs
      writeFileSync(join(dir, 'r.jsonl'), `${lines.join('\n').replace('first', 'FIRST')}\n`);
      utimesSync(join(dir, 'r.jsonl'), new Date(), new Date(Date.now() + 5000));
      expect(() => explorerTextFiles(plan).get('explore-files/details-0000.js')!()).toThrow(/changed on disk since the release was loaded/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
