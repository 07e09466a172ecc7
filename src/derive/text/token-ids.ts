/**
 * The tokens of `tokenize` (tokenize.ts), as ids of a growing vocabulary, without making a string
 * per token: a text is lower-cased once, scanned for the same tokens, and each token is looked up
 * in an open-addressing table by a hash of its characters and compared character by character with
 * the vocabulary word it may be. Only a word not seen before is made into a string. For counting
 * the words of many texts (PAWM's lexical analysis tokenises every distinct guidance text).
 */
export class TokenIds {
  /** word by id, in order of first appearance */
  readonly vocab: string[] = [];
  readonly index = new Map<string, number>();
  private table = new Int32Array(1024).fill(-1);
  private hashes: number[] = [];

  /** Calls `onToken(id)` for each token of `text`, in order (the tokens of tokenize(text)). */
  forEachId(text: string, onToken: (id: number) => void): void {
    const s = text.toLowerCase();
    const n = s.length;
    let i = 0;
    while (i < n) {
      if (!isLetter(s.charCodeAt(i))) {
        i++;
        continue;
      }
      // a run of letters, then (apostrophe, run of letters) while an apostrophe stands between two
      const start = i;
      let h = 0x811c9dc5;
      for (;;) {
        const c = s.charCodeAt(i);
        if (isLetter(c)) {
          h = Math.imul(h ^ c, 0x01000193);
          i++;
        } else if (isApostrophe(c) && i + 1 < n && isLetter(s.charCodeAt(i + 1)) && i > start) {
          h = Math.imul(h ^ 0x27, 0x01000193);
          i++;
        } else break;
      }
      onToken(this.idOf(s, start, i, h));
    }
  }

  private idOf(s: string, start: number, end: number, h: number): number {
    const mask = this.table.length - 1;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const id = this.table[slot];
      if (id < 0) return this.add(s, start, end, h, slot);
      if (this.hashes[id] === h && sameWord(this.vocab[id], s, start, end)) return id;
    }
  }

  private add(s: string, start: number, end: number, h: number, slot: number): number {
    let word = s.slice(start, end);
    if (word.indexOf('\u2019') !== -1) word = word.replace(/\u2019/g, "'");
    const id = this.vocab.length;
    this.vocab.push(word);
    this.index.set(word, id);
    this.hashes.push(h);
    this.table[slot] = id;
    if (2 * this.vocab.length > this.table.length) this.grow();
    return id;
  }

  private grow(): void {
    const table = new Int32Array(this.table.length * 2).fill(-1);
    const mask = table.length - 1;
    for (let id = 0; id < this.vocab.length; id++) {
      let slot = this.hashes[id] & mask;
      while (table[slot] >= 0) slot = (slot + 1) & mask;
      table[slot] = id;
    }
    this.table = table;
  }
}

const isLetter = (c: number): boolean => c >= 0x61 && c <= 0x7a;
// tokenize reads the typographic apostrophe U+2019 as a plain one
const isApostrophe = (c: number): boolean => c === 0x27 || c === 0x2019;

/** Whether s[start..end) spells `word`, reading U+2019 in s as `'`. */
function sameWord(word: string, s: string, start: number, end: number): boolean {
  if (word.length !== end - start) return false;
  for (let k = 0; k < word.length; k++) {
    const c = s.charCodeAt(start + k);
    if ((c === 0x2019 ? 0x27 : c) !== word.charCodeAt(k)) return false;
  }
  return true;
}
