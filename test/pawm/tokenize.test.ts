import { describe, expect, it } from 'vitest';
import { tokenize } from '../../src/domain/text/tokenize.js';

describe('tokenize', () => {
  it('lower-cases and keeps runs of a-z', () => {
    expect(tokenize('The Door REMAINS locked.')).toEqual(['the', 'door', 'remains', 'locked']);
  });
  it('keeps an apostrophe between letters, straight or typographic', () => {
    expect(tokenize("Don't click; the agent's plan won\u2019t work")).toEqual(["don't", 'click', 'the', "agent's", 'plan', "won't", 'work']);
  });
  it('drops leading, trailing and doubled apostrophes', () => {
    expect(tokenize("'quoted' o''clock users'")).toEqual(['quoted', 'o', 'clock', 'users']);
  });
  it('splits on digits, punctuation and letters outside a-z', () => {
    expect(tokenize('step-3: 25C/2024 café naïve e-mail')).toEqual(['step', 'c', 'caf', 'na', 've', 'e', 'mail']);
  });
  it('returns no tokens for empty or letter-free text', () => {
    expect(tokenize('')).toEqual([]);
    expect(tokenize('123 -- !!')).toEqual([]);
  });
});
