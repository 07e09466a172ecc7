import { describe, expect, it } from 'vitest';
import { weightedLogOdds } from '../../src/derive/stats/weighted-log-odds.js';
import { createRng } from '../../src/derive/stats/rng.js';
import { python } from '../helpers/reference.js';

// Independent reference: Monroe et al. (2008) eqs. 15-22 written directly in numpy.
const NUMPY_REF = `
import sys, json, numpy as np
d = json.load(sys.stdin)
words = sorted(set(d['g1']) | set(d['g2']))
y1 = np.array([d['g1'].get(w, 0) for w in words], dtype=float)
y2 = np.array([d['g2'].get(w, 0) for w in words], dtype=float)
a = (y1 + y2) if d['prior'] == 'pooled' else np.full(len(words), float(d['prior']))
a0 = a.sum(); n1 = y1.sum(); n2 = y2.sum()
delta = np.log((y1 + a) / (n1 + a0 - y1 - a)) - np.log((y2 + a) / (n2 + a0 - y2 - a))
var = 1 / (y1 + a) + 1 / (y2 + a)
z = delta / np.sqrt(var)
print(json.dumps({w: [float(delta[i]), float(z[i])] for i, w in enumerate(words)}))
`;

function randomCounts(seed: number, vocab: number): [Map<string, number>, Map<string, number>] {
  const rng = createRng(seed, 'wlo-test');
  const g1 = new Map<string, number>();
  const g2 = new Map<string, number>();
  for (let i = 0; i < vocab; i++) {
    const w = `w${i}`;
    const base = Math.floor(rng.next() ** 3 * 500);
    const c1 = Math.floor(base * (0.2 + rng.next()));
    const c2 = Math.floor(base * (0.2 + rng.next()) * 3);
    if (c1 > 0) g1.set(w, c1);
    if (c2 > 0) g2.set(w, c2);
    if (c1 === 0 && c2 === 0) g2.set(w, 1);
  }
  return [g1, g2];
}

describe('weightedLogOdds', () => {
  for (const prior of ['pooled', 0.5] as const) {
    it(`matches a numpy implementation of Monroe et al. (prior ${prior})`, () => {
      const [g1, g2] = randomCounts(prior === 'pooled' ? 1 : 2, 300);
      const ours = weightedLogOdds(g1, g2, { prior });
      const ref = python(NUMPY_REF, { g1: Object.fromEntries(g1), g2: Object.fromEntries(g2), prior }) as Record<string, [number, number]>;
      expect(ours.size).toBe(Object.keys(ref).length);
      for (const [w, [delta, z]] of Object.entries(ref)) {
        const o = ours.get(w)!;
        expect(o.logOdds).toBeCloseTo(delta, 10);
        expect(o.z).toBeCloseTo(z, 9);
      }
    });
  }

  it('is antisymmetric in the groups and 0 for a word used at the same rate', () => {
    const g1 = new Map([
      ['a', 10],
      ['b', 30],
      ['c', 60],
    ]);
    const g2 = new Map([
      ['a', 20],
      ['b', 60],
      ['c', 20],
    ]);
    const f = weightedLogOdds(g1, g2);
    const r = weightedLogOdds(g2, g1);
    for (const w of ['a', 'b', 'c']) expect(f.get(w)!.z).toBeCloseTo(-r.get(w)!.z, 12);
    const same = weightedLogOdds(
      new Map([
        ['x', 5],
        ['y', 15],
      ]),
      new Map([
        ['x', 10],
        ['y', 30],
      ]),
    );
    expect(same.get('x')!.logOdds).toBeCloseTo(0, 12);
  });

  it('a hand-worked example', () => {
    // C: {fails: 3, ok: 1}, U: {fails: 1, ok: 5}; a = {fails: 4, ok: 6}, a0 = 10, nC = 4, nU = 6
    const r = weightedLogOdds(
      new Map([
        ['fails', 3],
        ['ok', 1],
      ]),
      new Map([
        ['fails', 1],
        ['ok', 5],
      ]),
    ).get('fails')!;
    const delta = Math.log(7 / (4 + 10 - 7)) - Math.log(5 / (6 + 10 - 5));
    expect(r.logOdds).toBeCloseTo(delta, 14);
    expect(r.variance).toBeCloseTo(1 / 7 + 1 / 5, 14);
    expect(r.z).toBeCloseTo(delta / Math.sqrt(1 / 7 + 1 / 5), 14);
  });
});
