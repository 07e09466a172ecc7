/**
 * Tokens for the lexical analysis of guidance texts (PAWM Table 2 / 6).
 *
 * The rule, chosen to be simple to state and to reproduce in any language:
 * 1. lower-case the text (`String.prototype.toLowerCase`) and read the typographic apostrophe
 *    U+2019 as a plain `'`;
 * 2. a token is a maximal run of the letters a-z, where a single apostrophe between two letters is
 *    kept inside the token (`don't`, `agent's`); regex `[a-z]+(?:'[a-z]+)*`;
 * 3. everything else separates tokens: digits, punctuation, whitespace, other apostrophes (leading,
 *    trailing or doubled), and letters outside a-z (so `café` gives `caf`).
 *
 * No stemming and no stop-word removal: `fails` and `failure` stay different words, and function
 * words are kept, as in the paper's analysis (Monroe et al. 2008 argue that the informative prior,
 * not a stop list, is what keeps frequent words from dominating).
 */
export function tokenize(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/\u2019/g, "'")
      .match(TOKEN) ?? []
  );
}

const TOKEN = /[a-z]+(?:'[a-z]+)*/g;
