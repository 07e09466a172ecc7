import { describe, expect, it } from 'vitest';
import { canonicalJson, equalAsCanonicalJson } from '../../src/domain/grade/canonical-json.js';
import { createRng, type Rng } from '../../src/derive/stats/rng.js';

/** A random JSON value from a small alphabet, so that equal and nearly equal pairs are common. */
function value(rng: Rng, depth: number): unknown {
  const k = rng.int(depth > 2 ? 6 : 8);
  if (k === 0) return null;
  if (k === 1) return rng.int(2) === 1;
  if (k === 2) return [0, -0, 1, 2.5, 1e21][rng.int(5)];
  if (k === 3) return ['a', 'b', '', '1', '\ud800'][rng.int(5)];
  if (k === 4) return rng.int(3);
  if (k === 5) return 'a';
  if (k === 6) return Array.from({ length: rng.int(3) }, () => value(rng, depth + 1));
  const o: Record<string, unknown> = {};
  for (const key of ['x', 'y', '__proto__', 'z'].slice(0, rng.int(4)))
    Object.defineProperty(o, key, { value: value(rng, depth + 1), enumerable: true, writable: true, configurable: true });
  return o;
}

/** The same value with every object's keys in reverse order. */
function reordered(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(reordered);
  if (v === null || typeof v !== 'object') return v;
  const o: Record<string, unknown> = {};
  for (const key of Object.keys(v).reverse())
    Object.defineProperty(o, key, { value: reordered((v as Record<string, unknown>)[key]), enumerable: true, writable: true, configurable: true });
  return o;
}

describe('equalAsCanonicalJson', () => {
  it('agrees with comparing the canonicalJson strings, over random pairs', () => {
    const rng = createRng(7, 'canonical-json-test');
    let equal = 0;
    for (let t = 0; t < 20000; t++) {
      const a = value(rng, 0);
      const b = rng.int(3) === 0 ? reordered(a) : value(rng, 0);
      const expected = canonicalJson(a) === canonicalJson(b);
      if (expected) equal++;
      expect(equalAsCanonicalJson(a, b)).toBe(expected);
      expect(equalAsCanonicalJson(b, a)).toBe(expected);
    }
    expect(equal).toBeGreaterThan(5000); // the pairs exercise both answers
  });
  it('by hand: key order never matters, JSON types do, -0 is 0, a JSON-less value is null', () => {
    expect(equalAsCanonicalJson({ a: 1, b: [1, { c: 2, d: 3 }] }, { b: [1, { d: 3, c: 2 }], a: 1 })).toBe(true);
    expect(equalAsCanonicalJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(equalAsCanonicalJson({ a: 1, c: 2 }, { a: 1, b: 2 })).toBe(false);
    expect(equalAsCanonicalJson([1, 2], [2, 1])).toBe(false);
    expect(equalAsCanonicalJson([], {})).toBe(false);
    expect(equalAsCanonicalJson({ 0: 'x' }, ['x'])).toBe(false);
    expect(equalAsCanonicalJson(1, '1')).toBe(false);
    expect(equalAsCanonicalJson(-0, 0)).toBe(true);
    expect(equalAsCanonicalJson({ a: undefined }, { a: null })).toBe(true);
    expect(equalAsCanonicalJson(NaN, null)).toBe(true);
    expect(equalAsCanonicalJson(JSON.parse('{"__proto__":1}'), JSON.parse('{"__proto__":2}'))).toBe(false);
    expect(equalAsCanonicalJson(JSON.parse('{"__proto__":1}'), {})).toBe(false);
  });
});
