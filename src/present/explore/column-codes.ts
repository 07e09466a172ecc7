/**
 * The explorer's list index, one column at a time: a column's values as a dictionary (its distinct
 * values, in order of first appearance) and a string of fixed-width codes, one per record. Most list
 * fields take a few distinct values (a model, a verdict, a failure type), so a record costs one or
 * two characters per field instead of its JSON: the first view of a real-size GlobeBench release
 * loads about a tenth of what a JSON array of its records takes. One module for both sides: the
 * writer encodes (explorer.ts) and the page decodes (page/explorer-app.ts).
 */

/** Code characters: printable ASCII without '"' and '\\', so a code string needs no escaping in JSON. */
const ALPHABET = Array.from({ length: 0x7f - 0x23 }, (_, i) => String.fromCharCode(0x23 + i))
  .filter((c) => c !== '\\')
  .join('');
const BASE = ALPHABET.length;

/** A column's values: plain JSON values, compared by identity of type and value. */
type Value = string | number | boolean | null;

/** How many characters each code of a dictionary of `size` values takes. */
export function codeWidth(size: number): number {
  let w = 1;
  for (let cap = BASE; cap < size; cap *= BASE) w++;
  return w;
}

/** Encodes one column: its dictionary and one code per value, each `codeWidth(dict.length)` characters. */
export function encodeColumn(values: readonly Value[]): { dict: Value[]; codes: string } {
  // a Map: values are release strings (never keys of a plain object); 1 and '1' stay apart
  const index = new Map<Value, number>();
  const dict: Value[] = [];
  const ids = values.map((v) => {
    let i = index.get(v);
    if (i === undefined) {
      i = dict.length;
      index.set(v, i);
      dict.push(v);
    }
    return i;
  });
  const w = codeWidth(dict.length);
  const out: string[] = [];
  for (const id of ids) {
    let code = '';
    for (let k = 0, x = id; k < w; k++, x = Math.floor(x / BASE)) code = ALPHABET[x % BASE] + code;
    out.push(code);
  }
  return { dict, codes: out.join('') };
}

/** Decodes `n` values of a column encoded by `encodeColumn`. */
export function decodeColumn(dict: readonly Value[], codes: string, n: number): Value[] {
  const w = codeWidth(dict.length);
  if (codes.length !== n * w) throw new Error(`a column of ${n} records has ${codes.length} code characters, expected ${n * w}`);
  const out: Value[] = new Array(n);
  for (let r = 0; r < n; r++) {
    let id = 0;
    for (let k = 0; k < w; k++) {
      const d = codes.charCodeAt(r * w + k) - 0x23;
      id = id * BASE + (d > 0x5c - 0x23 ? d - 1 : d);
    }
    if (id >= dict.length) throw new Error(`code ${id} is outside its dictionary of ${dict.length}`);
    out[r] = dict[id];
  }
  return out;
}
