import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { topLevelString } from '../../src/output/explorer-texts.js';

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
