import { visibleText } from './visible-text.js';

/**
 * How a label looks once shown: its visible text (control, bidirectional and zero-width characters
 * as visible `\uXXXX`) under Unicode NFKC, which makes one text of canonically equal spellings (NFC
 * and NFD `café`) and of compatibility forms drawn alike (the ligature `ﬁ` and `fi`, `K` and the
 * KELVIN SIGN).
 */
const looks = (s: string): string => visibleText(s).normalize('NFKC');

/**
 * Labels that tell apart things with display names that look equal: a name that looks like another
 * key's (the same string, or the same once shown: see `looks`) gets the key in brackets (`GPT [m1]`,
 * `GPT [m2]`), so a reader can tell them apart and charts that key marks on the label never merge
 * them. Names that look unique stay as they are.
 */
export function uniqueLabels<T>(entries: readonly T[], key: (t: T) => string, name: (t: T) => string): Map<string, string> {
  const count = new Map<string, number>();
  for (const e of entries) count.set(looks(name(e)), (count.get(looks(name(e))) ?? 0) + 1);
  const out = new Map<string, string>();
  const used = new Set<string>();
  for (const e of entries) {
    let label = count.get(looks(name(e)))! > 1 ? `${name(e)} [${key(e)}]` : name(e);
    // a name that happens to look like another's disambiguated label
    for (let i = 2; used.has(looks(label)); i++) label = `${name(e)} [${key(e)}] (${i})`;
    used.add(looks(label));
    out.set(key(e), label);
  }
  return out;
}
