/**
 * Seeded pseudo-random numbers: xoshiro128** (Blackman & Vigna 2018), state seeded by splitmix32.
 * Every random choice in the workbench (bootstrap resamples, sample-release generators) draws from
 * one of these, so the same seed gives the same output on every machine.
 */
// Methods are called on the generator (rng.u32()), not detached from it.
export interface Rng {
  /** uniform in [0, 1) with 32 bits of resolution */
  next(): number;
  /** uniform integer in [0, n) */
  int(n: number): number;
  /** the raw 32-bit output */
  u32(): number;
  /**
   * uniform in [0, 1) with 53 random bits, from two outputs: the upper 27 bits of the first and the
   * upper 26 of the second, (a 2^26 + b) / 2^53, as numpy's `next_double`. For samplers that compare
   * uniforms with small probabilities (binomial inversion, BTPE), so 2^-32 steps cannot bias a tail.
   */
  uniform53(): number;
}

function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** Hashes a string into a 32-bit seed (FNV-1a), so streams can be named: rng(seed, 'bootstrap:astra'). */
function hashSeed(seed: number, name = ''): number {
  let h = (0x811c9dc5 ^ (seed >>> 0)) >>> 0;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The four 32-bit state words xoshiro128** starts from for a seed and stream name. */
export function rngState(seed: number, stream = ''): [number, number, number, number] {
  const sm = splitmix32(hashSeed(seed, stream));
  const s: [number, number, number, number] = [sm(), sm(), sm(), sm()];
  if ((s[0] | s[1] | s[2] | s[3]) === 0) s[0] = 1;
  return s;
}

export function createRng(seed: number, stream = ''): Rng {
  const [a, b, c, d] = rngState(seed, stream);
  return new Xoshiro128(a, b, c, d);
}

// A class with int32 fields rather than a closure: V8 inlines its methods and keeps the state
// unboxed, about 4x faster per draw than the closure it replaced (the samplers draw millions).
class Xoshiro128 implements Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  constructor(a: number, b: number, c: number, d: number) {
    this.a = a | 0;
    this.b = b | 0;
    this.c = c | 0;
    this.d = d | 0;
  }
  /** one step; the output as a signed 32-bit integer */
  private step(): number {
    let a = this.a,
      b = this.b,
      c = this.c,
      d = this.d;
    const x = Math.imul(b, 5);
    const result = Math.imul((x << 7) | (x >>> 25), 9);
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = (d << 11) | (d >>> 21);
    this.a = a;
    this.b = b;
    this.c = c;
    this.d = d;
    return result;
  }
  u32(): number {
    return this.step() >>> 0;
  }
  next(): number {
    return (this.step() >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(((this.step() >>> 0) / 4294967296) * n);
  }
  uniform53(): number {
    const hi = this.step() >>> 5;
    const lo = this.step() >>> 6;
    return (hi * 67108864 + lo) / 9007199254740992;
  }
}
