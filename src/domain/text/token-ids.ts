/**
 * The tokens of `tokenize` (tokenize.ts), as ids of a growing vocabulary, without making a string
 * per token and without lower-casing a copy of the text: a token is read by walking a trie of the
 * vocabulary's words, one table step per character (upper- and lower-case letters take the same
 * step), and the state it ends in names its word. Only a word not seen before is made into a string.
 * A text with characters outside ASCII (bar U+2019) is lower-cased first, as tokenize does, since
 * lower-casing can turn such a character into letters a-z (U+0130 gives "i" and a combining dot,
 * the Kelvin sign U+212A gives "k"). For counting the words of many texts (PAWM's lexical analysis
 * tokenises every distinct guidance text).
 */
export class TokenIds {
  /** word by id, in order of first appearance */
  readonly vocab: string[] = [];
  readonly index = new Map<string, number>();
  /** the ids of the tokens of the last text given to `read`, at 0..(what it returned) */
  ids = new Int32Array(256);
  // the trie: state s goes on symbol y to next[s * SYMBOLS + y] (0: no such state yet; the root is
  // state 0, which no step enters); wordOf[s] is the id of the word spelled by s, or -1
  private next = new Int32Array(256 * SYMBOLS);
  private wordOf = new Int32Array(256).fill(-1);
  private states = 1;

  /** Calls `onToken(id)` for each token of `text`, in order (the tokens of tokenize(text)). */
  forEachId(text: string, onToken: (id: number) => void): void {
    const n = this.read(text);
    const ids = this.ids;
    for (let k = 0; k < n; k++) onToken(ids[k]);
  }

  /** The tokens of tokenize(text), in order, as ids at this.ids[0..returned count). */
  read(text: string): number {
    const n = this.scan(text, ASCII);
    return n >= 0 ? n : this.scan(text.toLowerCase(), LOWERED);
  }

  /**
   * Reads the tokens of `s` into this.ids, or returns -1 as soon as it meets a character outside
   * ASCII (bar U+2019) when `mode` is ASCII (before any word after that character is added, so the
   * vocabulary's order stays that of first appearance). In LOWERED mode (`s` is lower-cased) such a
   * character only separates tokens.
   */
  private scan(s: string, mode: number): number {
    const n = s.length;
    const outside = mode === ASCII ? -1 : 0;
    let ids = this.ids;
    let next = this.next;
    let wordOf = this.wordOf;
    let m = 0;
    let i = 0;
    while (i < n) {
      let c = s.charCodeAt(i);
      let y = c < 128 ? SYMBOL[c] : c === 0x2019 ? APOSTROPHE : outside;
      if (y <= 0 || y === APOSTROPHE) {
        if (y < 0) return -1;
        i++;
        continue;
      }
      // a run of letters, then (apostrophe, run of letters) while an apostrophe stands between two
      const start = i;
      let state = 0;
      for (;;) {
        let to = next[state * SYMBOLS + y];
        if (to === 0) {
          to = this.addState(state, y);
          next = this.next;
          wordOf = this.wordOf;
        }
        state = to;
        if (++i === n) break;
        c = s.charCodeAt(i);
        y = c < 128 ? SYMBOL[c] : c === 0x2019 ? APOSTROPHE : outside;
        if (y < 0) return -1;
        if (y === 0) break;
        if (y === APOSTROPHE) {
          if (i + 1 === n) break;
          const d = s.charCodeAt(i + 1);
          const after = d < 128 ? SYMBOL[d] : d === 0x2019 ? APOSTROPHE : outside;
          if (after < 0) return -1;
          if (after === 0 || after === APOSTROPHE) break;
        }
      }
      let id = wordOf[state];
      if (id < 0) id = this.addWord(state, s.slice(start, i));
      if (m === ids.length) {
        const grown = new Int32Array(2 * m);
        grown.set(ids);
        this.ids = ids = grown;
      }
      ids[m++] = id;
    }
    return m;
  }

  private addState(state: number, y: number): number {
    if (this.states === this.wordOf.length) {
      const next = new Int32Array(2 * this.next.length);
      next.set(this.next);
      this.next = next;
      const wordOf = new Int32Array(2 * this.wordOf.length).fill(-1);
      wordOf.set(this.wordOf);
      this.wordOf = wordOf;
    }
    const to = this.states++;
    this.next[state * SYMBOLS + y] = to;
    return to;
  }

  private addWord(state: number, spelled: string): number {
    // the trie's step for a letter is that of either case, and for U+2019 that of `'`
    let word = spelled.toLowerCase();
    if (word.indexOf('\u2019') !== -1) word = word.replace(/\u2019/g, "'");
    const id = this.vocab.length;
    this.vocab.push(word);
    this.index.set(word, id);
    this.wordOf[state] = id;
    return id;
  }
}

const ASCII = 0;
const LOWERED = 1;
/** the trie's symbols: 1-26 the letters, 27 the apostrophe (0 is unused: it marks a separator) */
const SYMBOLS = 28;
const APOSTROPHE = 27;
/** the symbol of each ASCII character: its letter's (either case), APOSTROPHE for `'`, 0 for a separator */
const SYMBOL = new Uint8Array(128);
for (let k = 0; k < 26; k++) SYMBOL[0x61 + k] = SYMBOL[0x41 + k] = k + 1;
SYMBOL[0x27] = APOSTROPHE;
