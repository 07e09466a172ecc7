/**
 * Smaller copies of the PNG fonts that draw a given text exactly as the full fonts do.
 *
 * Why: resvg-js 2.6.2 keeps a font file as a path (fontdb without memory mapping) and reads the
 * whole file again for every glyph it outlines and every run it shapes, so a figure with 800 labels
 * reads DejaVu Sans (742 KB) some 4,000 times: that copying was 90% of parsing GlobeBench's Figure
 * 7. A copy that keeps every table byte for byte and empties only the outlines no text of this SVG
 * can reach is read as often but is a quarter of the size.
 *
 * The copy keeps glyph ids (outlines are emptied in place, loca is rewritten), so cmap, hmtx, kern,
 * GDEF, GPOS and GSUB, which index glyphs by id, stay as they were: shaping, fallback and metrics
 * are the same, and so are the outlines of every glyph kept. Kept: glyph 0 (.notdef), every glyph a
 * Unicode cmap subtable maps a character of the text to, every glyph the Macintosh subtable maps,
 * and, until nothing is added, every glyph a GSUB lookup can put in for a glyph kept (whatever the
 * lookup's context and feature: a superset of what shaping can produce) and the components of
 * every composite kept.
 */

type Bytes = Uint8Array;

const u16 = (b: Bytes, o: number) => (b[o] << 8) | b[o + 1];
const s16 = (b: Bytes, o: number) => (u16(b, o) << 16) >> 16;
const u32 = (b: Bytes, o: number) => ((b[o] << 24) >>> 0) + ((b[o + 1] << 16) | (b[o + 2] << 8) | b[o + 3]);

interface TableRecord {
  tag: string;
  offset: number;
  length: number;
}

function tableRecords(font: Bytes): Map<string, TableRecord> {
  const n = u16(font, 4);
  const out = new Map<string, TableRecord>();
  for (let i = 0; i < n; i++) {
    const r = 12 + 16 * i;
    const tag = String.fromCharCode(font[r], font[r + 1], font[r + 2], font[r + 3]);
    out.set(tag, { tag, offset: u32(font, r + 8), length: u32(font, r + 12) });
  }
  return out;
}

/** What a font's subsets are made from, worked out once per font file. */
export interface SubsetSource {
  font: Bytes;
  tables: Map<string, TableRecord>;
  numGlyphs: number;
  /** glyph i's outline is glyf[loca[i], loca[i + 1]) */
  loca: Uint32Array;
  /** code point -> glyph, from every Unicode subtable (formats 4 and 12) */
  cmap: Map<number, number[]>;
  /** glyphs kept whatever the text: .notdef and the Macintosh subtable's */
  always: Set<number>;
  /** what GSUB can put in for a glyph (any lookup, any context) */
  substitutes: Map<number, number[]>;
}

/** Reads a TrueType font for subsetting, or null when it has a part this does not read (then use the full font). */
export function subsetSource(font: Bytes): SubsetSource | null {
  const tables = tableRecords(font);
  const head = tables.get('head'),
    maxp = tables.get('maxp'),
    loca = tables.get('loca'),
    glyf = tables.get('glyf'),
    cmap = tables.get('cmap');
  if (u32(font, 0) !== 0x00010000 || !head || !maxp || !loca || !glyf || !cmap) return null;
  const numGlyphs = u16(font, maxp.offset + 4);
  const long = s16(font, head.offset + 50) === 1;
  const offsets = new Uint32Array(numGlyphs + 1);
  for (let i = 0; i <= numGlyphs; i++) offsets[i] = long ? u32(font, loca.offset + 4 * i) : 2 * u16(font, loca.offset + 2 * i);
  if (offsets[numGlyphs] > glyf.length) return null;
  const always = new Set<number>([0]);
  const map = readCmap(font, cmap.offset, always);
  if (!map) return null;
  const substitutes = new Map<number, number[]>();
  const gsub = tables.get('GSUB');
  if (gsub && !addGsubEdges(font, gsub.offset, substitutes)) return null;
  // tables that can name glyphs in other ways (AAT morphing, colour layers, bitmaps) are not read here
  for (const tag of ['morx', 'mort', 'COLR', 'CBDT', 'sbix', 'CFF ', 'CFF2', 'SVG ', 'EBDT']) if (tables.has(tag)) return null;
  return { font, tables, numGlyphs, loca: offsets, cmap: map, always, substitutes };
}

function readCmap(font: Bytes, base: number, always: Set<number>): Map<number, number[]> | null {
  const map = new Map<number, number[]>();
  const add = (cp: number, g: number) => {
    if (g === 0) return;
    const gs = map.get(cp);
    if (!gs) map.set(cp, [g]);
    else if (!gs.includes(g)) gs.push(g);
  };
  const n = u16(font, base + 2);
  for (let i = 0; i < n; i++) {
    const platform = u16(font, base + 4 + 8 * i);
    const encoding = u16(font, base + 6 + 8 * i);
    const st = base + u32(font, base + 8 + 8 * i);
    const format = u16(font, st);
    if (platform === 1) {
      // a Macintosh subtable: its glyphs are kept whatever the text (at most 256)
      if (format === 0) for (let c = 0; c < 256; c++) always.add(font[st + 6 + c]);
      else if (format === 6) {
        const count = u16(font, st + 8);
        for (let k = 0; k < count; k++) always.add(u16(font, st + 10 + 2 * k));
      } else return null;
      continue;
    }
    if (!(platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10 || encoding === 0)))) return null;
    if (format === 4) {
      const segX2 = u16(font, st + 6);
      const ends = st + 14,
        starts = ends + segX2 + 2,
        deltas = starts + segX2,
        ranges = deltas + segX2;
      for (let s = 0; s < segX2; s += 2) {
        const end = u16(font, ends + s),
          start = u16(font, starts + s),
          delta = u16(font, deltas + s),
          ro = u16(font, ranges + s);
        for (let c = start; c <= end && c !== 0xffff; c++) {
          let g: number;
          if (ro === 0) g = (c + delta) & 0xffff;
          else {
            const gi = u16(font, ranges + s + ro + 2 * (c - start));
            g = gi === 0 ? 0 : (gi + delta) & 0xffff;
          }
          add(c, g);
        }
      }
    } else if (format === 12) {
      const groups = u32(font, st + 12);
      for (let k = 0; k < groups; k++) {
        const r = st + 16 + 12 * k;
        const start = u32(font, r),
          end = u32(font, r + 4),
          g0 = u32(font, r + 8);
        for (let c = start; c <= end; c++) add(c, g0 + (c - start));
      }
    } else return null;
  }
  return map;
}

function coverageGlyphs(font: Bytes, at: number): number[] | null {
  const format = u16(font, at);
  const out: number[] = [];
  if (format === 1) {
    const n = u16(font, at + 2);
    for (let i = 0; i < n; i++) out.push(u16(font, at + 4 + 2 * i));
  } else if (format === 2) {
    const n = u16(font, at + 2);
    for (let i = 0; i < n; i++) {
      const r = at + 4 + 6 * i;
      for (let g = u16(font, r); g <= u16(font, r + 2); g++) out.push(g);
    }
  } else return null;
  return out;
}

/**
 * What every GSUB subtable can substitute for a glyph it covers (input -> outputs), whatever its
 * context and feature; false for a lookup type or format it does not read.
 */
function addGsubEdges(font: Bytes, base: number, edges: Map<number, number[]>): boolean {
  if (u16(font, base) !== 1) return false;
  const list = base + u16(font, base + 8);
  const lookups = u16(font, list);
  const edge = (from: number, to: number) => {
    const e = edges.get(from);
    if (!e) edges.set(from, [to]);
    else if (!e.includes(to)) e.push(to);
  };
  const glyphArray = (from: number, at: number) => {
    const n = u16(font, at);
    for (let i = 0; i < n; i++) edge(from, u16(font, at + 2 + 2 * i));
  };
  const subtable = (type: number, st: number): boolean => {
    const format = u16(font, st);
    if (type === 5 || type === 6) return format >= 1 && format <= 3; // they call lookups of this list, all read here
    if (type === 7) return format === 1 && subtable(u16(font, st + 2), st + u32(font, st + 4));
    const cov = coverageGlyphs(font, st + u16(font, st + 2));
    if (!cov) return false;
    if (type === 1 && format === 1) {
      const delta = u16(font, st + 4);
      for (const g of cov) edge(g, (g + delta) & 0xffff);
    } else if (type === 1 && format === 2) {
      cov.forEach((g, i) => edge(g, u16(font, st + 6 + 2 * i)));
    } else if ((type === 2 || type === 3) && format === 1) {
      // a sequence (multiple) or an alternate set per covered glyph
      cov.forEach((g, i) => glyphArray(g, st + u16(font, st + 6 + 2 * i)));
    } else if (type === 4 && format === 1) {
      // ligatures starting with the covered glyph (whatever their other components: a superset)
      cov.forEach((g, i) => {
        const set = st + u16(font, st + 6 + 2 * i);
        const ligs = u16(font, set);
        for (let k = 0; k < ligs; k++) edge(g, u16(font, set + u16(font, set + 2 + 2 * k)));
      });
    } else if (type === 8 && format === 1) {
      const back = u16(font, st + 4);
      const ahead = u16(font, st + 6 + 2 * back);
      const subs = st + 8 + 2 * back + 2 * ahead;
      cov.forEach((g, i) => edge(g, u16(font, subs + 2 + 2 * i)));
    } else return false;
    return true;
  };
  for (let i = 0; i < lookups; i++) {
    const lk = list + u16(font, list + 2 + 2 * i);
    const type = u16(font, lk);
    const n = u16(font, lk + 4);
    for (let k = 0; k < n; k++) if (!subtable(type, lk + u16(font, lk + 6 + 2 * k))) return false;
  }
  return true;
}

/** The components of a composite glyph (none for a simple or empty one), or null for a malformed one. */
function components(src: SubsetSource, g: number): number[] | null {
  const glyf = src.tables.get('glyf')!.offset;
  const start = glyf + src.loca[g],
    end = glyf + src.loca[g + 1];
  if (end - start < 10 || s16(src.font, start) >= 0) return [];
  const out: number[] = [];
  let p = start + 10;
  for (;;) {
    if (p + 4 > end) return null;
    const flags = u16(src.font, p);
    out.push(u16(src.font, p + 2));
    p += 4 + (flags & 0x0001 ? 4 : 2) + (flags & 0x0008 ? 2 : flags & 0x0040 ? 4 : flags & 0x0080 ? 8 : 0);
    if (!(flags & 0x0020)) return out;
  }
}

const checksum = (b: Bytes, off: number, len: number) => {
  let sum = 0;
  for (let i = 0; i < len; i += 4)
    sum = (sum + (((b[off + i] ?? 0) << 24) | ((b[off + i + 1] ?? 0) << 16) | ((b[off + i + 2] ?? 0) << 8) | (b[off + i + 3] ?? 0))) >>> 0;
  return sum;
};

/**
 * The font with only the outlines `text` can reach (see the top of this file), or null when a
 * composite glyph is malformed (then use the full font). Every table other than glyf, loca, head
 * (its loca format) and post (which loses its glyph names) is copied byte for byte.
 */
export function subsetFont(src: SubsetSource, text: Iterable<number>): Bytes | null {
  const keep = new Set<number>(src.always);
  for (const cp of text) for (const g of src.cmap.get(cp) ?? []) keep.add(g);
  const todo = [...keep];
  while (todo.length) {
    const g = todo.pop()!;
    if (g >= src.numGlyphs) continue;
    const cs = components(src, g);
    if (!cs) return null;
    for (const c of [...cs, ...(src.substitutes.get(g) ?? [])]) if (!keep.has(c)) keep.add(c), todo.push(c);
  }
  const { font, tables } = src;
  const glyfRec = tables.get('glyf')!;
  // the new glyf: kept outlines, each padded to 4 bytes
  let glyfLen = 0;
  const loca = new Uint32Array(src.numGlyphs + 1);
  for (let g = 0; g < src.numGlyphs; g++) {
    loca[g] = glyfLen;
    if (keep.has(g)) glyfLen += (src.loca[g + 1] - src.loca[g] + 3) & ~3;
  }
  loca[src.numGlyphs] = glyfLen;
  const glyf = new Uint8Array(glyfLen);
  for (let g = 0; g < src.numGlyphs; g++) {
    if (keep.has(g)) glyf.set(font.subarray(glyfRec.offset + src.loca[g], glyfRec.offset + src.loca[g + 1]), loca[g]);
  }
  // loca in the short format (offsets / 2) when the outlines fit, else the long one
  const short = glyfLen < 0x20000;
  const locaBytes = new Uint8Array((short ? 2 : 4) * (src.numGlyphs + 1));
  for (let i = 0; i <= src.numGlyphs; i++) {
    const v = loca[i];
    if (short) {
      locaBytes[2 * i] = v >>> 9;
      locaBytes[2 * i + 1] = (v >>> 1) & 255;
    } else {
      locaBytes[4 * i] = v >>> 24;
      locaBytes[4 * i + 1] = (v >>> 16) & 255;
      locaBytes[4 * i + 2] = (v >>> 8) & 255;
      locaBytes[4 * i + 3] = v & 255;
    }
  }
  const headRec = tables.get('head')!;
  const head = font.slice(headRec.offset, headRec.offset + headRec.length);
  head[50] = 0;
  head[51] = short ? 0 : 1;
  head.fill(0, 8, 12); // checkSumAdjustment: recomputed below
  // post without its glyph names (version 3: the same header, which is all a renderer reads of it)
  const postRec = tables.get('post');
  const post = postRec && postRec.length >= 32 ? font.slice(postRec.offset, postRec.offset + 32) : undefined;
  if (post) post.set([0, 3, 0, 0], 0);
  // tables in their original order in the directory (sorted by tag, as the format asks)
  const recs = [...tables.values()];
  const replaced: Record<string, Bytes | undefined> = { glyf, loca: locaBytes, head, post };
  const data = recs.map((r) => replaced[r.tag] ?? font.subarray(r.offset, r.offset + r.length));
  const dirLen = 12 + 16 * recs.length;
  let total = dirLen;
  const offsets = data.map((d) => {
    const at = total;
    total += (d.length + 3) & ~3;
    return at;
  });
  const out = new Uint8Array(total);
  out.set(font.subarray(0, 12));
  recs.forEach((r, i) => {
    out.set(data[i], offsets[i]);
    const e = 12 + 16 * i;
    for (let k = 0; k < 4; k++) out[e + k] = r.tag.charCodeAt(k);
    const sum = checksum(out, offsets[i], data[i].length);
    const put = (at: number, v: number) => {
      out[at] = v >>> 24;
      out[at + 1] = (v >>> 16) & 255;
      out[at + 2] = (v >>> 8) & 255;
      out[at + 3] = v & 255;
    };
    put(e + 4, sum);
    put(e + 8, offsets[i]);
    put(e + 12, data[i].length);
  });
  const headAt = offsets[recs.findIndex((r) => r.tag === 'head')];
  const adj = (0xb1b0afba - checksum(out, 0, total)) >>> 0;
  out[headAt + 8] = adj >>> 24;
  out[headAt + 9] = (adj >>> 16) & 255;
  out[headAt + 10] = (adj >>> 8) & 255;
  out[headAt + 11] = adj & 255;
  return out;
}

/**
 * Text whose shaping can reach characters it does not hold by means this file does not follow:
 * combining marks (the shaper composes a base and a mark into a precomposed character, and places
 * marks by outline extents where GPOS does not), and right-to-left text (mirrored brackets and
 * signs). A figure with such text is drawn with the full fonts.
 */
const SHAPED_BEYOND_ITS_CHARACTERS =
  /[\p{M}\p{Bidi_Control}\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}\p{Script=Hanifi_Rohingya}\p{Script=Mende_Kikakui}\p{Script=Yezidi}]/u;

/**
 * Every code point an SVG's text can hold or be shaped into: its characters, the characters its
 * numeric character references name, printable ASCII (which covers the named entities and the
 * space that stands in for other spaces), each character's canonical decomposition and composition
 * (what the shaper uses for a character the font lacks) and U+2010 (its stand-in for U+2011); or
 * null for text that font subsets are not for (SHAPED_BEYOND_ITS_CHARACTERS).
 */
export function svgCodePoints(svg: string): Set<number> | null {
  const out = new Set<number>();
  for (let c = 32; c < 127; c++) out.add(c);
  out.add(0x2010);
  // one scan over UTF-16 code units; a code point is added to the set only the first time it is seen
  const seen = new Uint8Array(0x10000);
  const found: number[] = [];
  for (let i = 0; i < svg.length; i++) {
    const c = svg.charCodeAt(i);
    if (c >= 0xd800 && c < 0xdc00 && i + 1 < svg.length) {
      const d = svg.charCodeAt(i + 1);
      if (d >= 0xdc00 && d < 0xe000) {
        found.push(0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00));
        i++;
        continue;
      }
    }
    if (!seen[c]) {
      seen[c] = 1;
      found.push(c);
    }
  }
  for (const m of svg.matchAll(/&#(x[0-9a-fA-F]+|[0-9]+);/g)) {
    const v = m[1][0] === 'x' ? parseInt(m[1].slice(1), 16) : parseInt(m[1], 10);
    if (v <= 0x10ffff) found.push(v);
  }
  for (const cp of found) {
    if (out.has(cp)) continue;
    const ch = String.fromCodePoint(cp);
    if (SHAPED_BEYOND_ITS_CHARACTERS.test(ch)) return null;
    out.add(cp);
    for (const form of [ch.normalize('NFD'), ch.normalize('NFC')]) for (const x of form) out.add(x.codePointAt(0)!);
  }
  return out;
}
