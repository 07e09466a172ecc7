import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeWidth, decodeColumn, encodeColumn } from '../../src/present/explore/column-codes.js';

describe("the explorer's list index, a column at a time", () => {
  it('gives each code as many characters as its dictionary needs (91 code characters)', () => {
    // 91 = the 92 characters from '#' to '~' without the backslash; 91^2 = 8281
    expect([1, 91, 92, 8281, 8282].map(codeWidth)).toEqual([1, 1, 2, 2, 3]);
  });

  it('decodes every column it encodes, release strings and types kept apart, and its codes need no JSON escape', () => {
    const value = fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', '"', '\\', '1'), fc.integer(), fc.boolean(), fc.constant(null));
    fc.assert(
      fc.property(fc.array(value, { maxLength: 300 }), (values) => {
        const { dict, codes } = encodeColumn(values);
        expect(decodeColumn(dict, codes, values.length)).toEqual(values);
        expect(JSON.stringify(codes)).toBe(`"${codes}"`);
      }),
    );
  });

  it('takes two characters a record once a column has more than 91 values, and refuses a column of the wrong length', () => {
    const values = Array.from({ length: 200 }, (_, i) => `v${i % 100}`);
    const { dict, codes } = encodeColumn(values);
    expect(dict).toHaveLength(100);
    expect(codes).toHaveLength(400);
    expect(decodeColumn(dict, codes, 200)).toEqual(values);
    expect(() => decodeColumn(dict, codes, 199)).toThrow(/code characters/);
  });
});
