/**
 * Seeded pseudo-random numbers: xoshiro128** (Blackman & Vigna 2018), state seeded by splitmix32.
 * Every random choice in the workbench (bootstrap resamples, sample-release generators) draws from
 * one of these, so the same seed gives the same output on every machine.
 */
export interface Rng {
  /** uniform in [0, 1) with 32 bits of resolution */
  next(): number;
  /** uniform integer in [0, n) */
  int(n: number): number;
  /** the raw 32-bit output */
  u32(): number;
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
export function hashSeed(seed: number, name = ''): number {
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
  let [a, b, c, d] = rngState(seed, stream);
  const u32 = (): number => {
    const result = Math.imul(rotl(Math.imul(b, 5) >>> 0, 7), 9) >>> 0;
    const t = (b << 9) >>> 0;
    c ^= a; d ^= b; b ^= c; a ^= d; c ^= t;
    d = rotl(d, 11);
    return result;
  };
  return {
    u32,
    next: () => u32() / 4294967296,
    int: (n: number) => Math.floor((u32() / 4294967296) * n),
  };
}

function rotl(x: number, k: number): number {
  return ((x << k) | (x >>> (32 - k))) >>> 0;
}
