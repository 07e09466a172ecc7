import { describe, expect, it } from 'vitest';
import { firstBadMove, MoveString } from '../../src/format/cubebench.js';

/** The check as first written, by splitting and matching each token: the reference for the scan. */
function bySplit(s: string): { index: number; token: string } | null {
  const tokens = s.split(/[ \t\n\r]+/).filter((t) => t !== '');
  const index = tokens.findIndex((m) => !/^([UDLRFBxyz])(['2]?)$/.test(m));
  return index < 0 ? null : { index, token: tokens[index] };
}

describe('firstBadMove', () => {
  it('finds the token the split-and-match check finds, on edge cases and random strings', () => {
    const cases = [
      '',
      ' ',
      'R',
      "R U' F2",
      '  R\tU\n\rF2  ',
      "R U'' F",
      "R2'",
      'Rw',
      'r',
      'U\u00a0R',
      "R  x y2 z'",
      'R U2 M',
      'R\u2028U',
      'UU',
      "'",
      '2',
      'R \u{1F600}',
      "x2 y' z\n",
      "R\r\nU'",
    ];
    for (const s of cases) expect(firstBadMove(s), JSON.stringify(s)).toEqual(bySplit(s));
    // random strings over moves' characters, separators and a few others
    const chars = ['U', 'D', 'L', 'R', 'F', 'B', 'x', 'y', 'z', "'", '2', ' ', ' ', ' ', '\t', '\n', '\r', '\u00a0', '3', 'M', 'u'];
    let seed = 12345;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    for (let k = 0; k < 3000; k++) {
      let s = '';
      const len = rnd(14);
      for (let i = 0; i < len; i++) s += chars[rnd(chars.length)];
      expect(firstBadMove(s), JSON.stringify(s)).toEqual(bySplit(s));
    }
  });

  it('the schema names the first bad move, cut to 20 characters', () => {
    const r = MoveString.safeParse(`R U ${'F'.repeat(30)} Uw`);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].message).toBe(`move 3 "${'F'.repeat(20)}..." is not a move; expected moves like U R' F2 x y' separated by spaces`);
    expect(MoveString.safeParse("R U' F2 x y2 z'").success).toBe(true);
  });
});
