import type { CubeState } from './state.js';

/**
 * A hash table from cube states to a small non-negative value (a distance), stored flat: the
 * states' 54 bytes side by side in one Uint8Array, open addressing with linear probing. Looking a
 * state up hashes its bytes in place, so the meet-in-the-middle search, which looks up every state
 * it walks through, allocates nothing per lookup (a string key per state cost most of its time).
 * Two independent 32-bit hashes: one picks the slot, the other rejects almost every non-matching
 * slot before the bytes are compared.
 */
export class StateTable {
  private readonly mask: number;
  private readonly states: Uint8Array;
  private readonly values: Int8Array;
  private readonly tags: Int32Array;
  size = 0;

  /** `capacity` is rounded up to a power of two and must stay well above the number of states stored. */
  constructor(capacity: number) {
    let cap = 1;
    while (cap < capacity) cap *= 2;
    this.mask = cap - 1;
    this.states = new Uint8Array(cap * 54);
    this.values = new Int8Array(cap).fill(-1);
    this.tags = new Int32Array(cap);
  }

  /** The slot holding s, or the empty slot where it would go (as -1 - slot). */
  private find(s: CubeState): number {
    let h1 = 0x811c9dc5 | 0;
    let h2 = 0;
    for (let i = 0; i < 54; i++) {
      const b = s[i];
      h1 = Math.imul(h1 ^ b, 0x01000193); // FNV-1a
      h2 = (Math.imul(h2, 31) + b) | 0;
    }
    h1 ^= h1 >>> 16;
    const { mask, states, values, tags } = this;
    let slot = h1 & mask;
    for (;;) {
      if (values[slot] < 0) {
        tags[slot] = h2; // remembered for set()
        return -1 - slot;
      }
      if (tags[slot] === h2) {
        const base = slot * 54;
        let same = true;
        for (let i = 0; i < 54; i++) {
          if (states[base + i] !== s[i]) {
            same = false;
            break;
          }
        }
        if (same) return slot;
      }
      slot = (slot + 1) & mask;
    }
  }

  /** The value stored for s, or undefined. */
  get(s: CubeState): number | undefined {
    const slot = this.find(s);
    return slot >= 0 ? this.values[slot] : undefined;
  }

  has(s: CubeState): boolean {
    return this.find(s) >= 0;
  }

  /** Stores s with value v (0..127) unless s is already there; true when it was added. */
  add(s: CubeState, v: number): boolean {
    const found = this.find(s);
    if (found >= 0) return false;
    if (2 * (this.size + 1) > this.mask + 1) throw new Error('StateTable: over half full; give a larger capacity');
    const slot = -1 - found;
    this.states.set(s.subarray(0, 54), slot * 54);
    this.values[slot] = v;
    this.size++;
    return true;
  }

  /** Every stored value. */
  *valuesStored(): IterableIterator<number> {
    for (let slot = 0; slot <= this.mask; slot++) if (this.values[slot] >= 0) yield this.values[slot];
  }

  /** Every stored state (a copy) with its value. */
  *entries(): IterableIterator<[CubeState, number]> {
    for (let slot = 0; slot <= this.mask; slot++) {
      if (this.values[slot] >= 0) yield [this.states.slice(slot * 54, slot * 54 + 54), this.values[slot]];
    }
  }
}
