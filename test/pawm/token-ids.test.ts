import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { TokenIds } from '../../src/domain/text/token-ids.js';
import { tokenize } from '../../src/domain/text/tokenize.js';

/** The tokens TokenIds finds in each text, as words. */
function wordsOf(texts: string[]): { words: string[][]; ids: TokenIds } {
  const ids = new TokenIds();
  const words = texts.map((t) => {
    const out: number[] = [];
    ids.forEachId(t, (id) => out.push(id));
    return out.map((id) => ids.vocab[id]);
  });
  return { words, ids };
}

describe('TokenIds gives the tokens of tokenize, as ids of a vocabulary in order of first appearance', () => {
  it('edge cases of the rule: apostrophes straight and typographic, case, letters outside a-z', () => {
    const texts = [
      "Don't click; the agent's plan won\u2019t work",
      "'quoted' o''clock users' a'b'c ''x'' y\u2019\u2019z \u2019lead trail\u2019",
      'step-3: 25C/2024 café naïve e-mail',
      'The Door REMAINS locked. DON\u2019T',
      '\u212Aelvin \u0130stanbul STRASSE \u00DF',
      '',
      '123 -- !!',
      'a',
      "it's IT'S it\u2019s",
      // a character outside ASCII after words not seen before: the text is read again lower-cased,
      // and those words keep their place in the vocabulary
      'zeta omega \u0130x alpha',
      "ab'\u0130c de'\u212A fg'\u00E9 hi\u2019\u0130",
      'ZETA Omega',
    ];
    const { words, ids } = wordsOf(texts);
    expect(words).toEqual(texts.map(tokenize));
    // one id per distinct word, whichever apostrophe it was written with
    expect(new Set(ids.vocab).size).toBe(ids.vocab.length);
    expect(ids.vocab.filter((w) => w === "it's")).toHaveLength(1);
    // ids in order of first appearance
    expect(ids.vocab).toEqual([...new Set(texts.flatMap(tokenize))]);
    ids.vocab.forEach((w, i) => expect(ids.index.get(w)).toBe(i));
  });

  it('every guidance text of the PAWM sample, and enough words to grow the trie several times', () => {
    const lines = gunzipSync(readFileSync('data/pawm/steps.jsonl.gz')).toString('utf8').split('\n').filter(Boolean);
    const texts = [
      ...new Set(
        lines
          .slice(0, 60000)
          .map((l) => JSON.parse(l).guidance)
          .filter((g): g is string => g !== null),
      ),
    ];
    let seed = 1;
    const letters = "abcdefghijklmnopqrstuvwxyz'\u2019 ";
    const random = Array.from({ length: 300 }, () =>
      Array.from({ length: 200 }, () => letters[(seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % letters.length]).join(''),
    );
    const all = [...texts, ...random];
    const { words, ids } = wordsOf(all);
    expect(words).toEqual(all.map(tokenize));
    expect(ids.vocab).toEqual([...new Set(all.flatMap(tokenize))]);
    // the trie starts with 256 states and doubles when full: more than 2,048 words (each at least one state) grow it four times
    expect(ids.vocab.length).toBeGreaterThan(2048);
  });
});
