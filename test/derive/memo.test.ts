import { describe, expect, it } from 'vitest';
import { derived, derivedBy } from '../../src/derive/memo.js';

describe('derived', () => {
  it('computes once per context and apart for another context', () => {
    let calls = 0;
    const cell = derived((ctx: { n: number }) => ({ twice: ctx.n * 2, call: ++calls }));
    const a = { n: 2 },
      b = { n: 5 };
    expect(cell(a)).toBe(cell(a));
    expect(cell(a).twice).toBe(4);
    expect(cell(b).twice).toBe(10);
    expect(calls).toBe(2);
  });
  it('memoises undefined results too', () => {
    let calls = 0;
    const cell = derived((_: object) => {
      calls++;
      return undefined;
    });
    const ctx = {};
    cell(ctx);
    cell(ctx);
    expect(calls).toBe(1);
  });
});

describe('derivedBy', () => {
  it('keys by parameter, sharing equal keys', () => {
    let calls = 0;
    const at = derivedBy((ctx: { base: number }, t: number) => {
      calls++;
      return ctx.base + t;
    });
    const ctx = { base: 1 };
    expect(at(ctx, 1)).toBe(2);
    expect(at(ctx, 1)).toBe(2);
    expect(at(ctx, 3)).toBe(4);
    expect(calls).toBe(2);
  });
  it('a key named like an Object.prototype member is an ordinary key', () => {
    const at = derivedBy(
      (_: object, k: string) => k.length,
      (k) => k,
    );
    expect(at({}, 'constructor')).toBe(11);
  });
});
