import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeOpaquePng } from '../../src/present/figures/encode-png.js';
import { subsetFont, subsetSource, svgCodePoints } from '../../src/present/figures/font-subset.js';
import { svgToPng, svgToPngFullFonts } from '../../src/present/figures/render-figure.js';

const { Resvg } = createRequire(import.meta.url)('@resvg/resvg-js');
const FONTS = ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'];

/** The PNG of what resvg draws from the full font files, encoded as svgToPng encodes: what it made before it used subsets. */
const withFullFonts = (svg: string, zoom: number) => {
  const image = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: zoom },
    background: 'white',
    font: { fontFiles: FONTS, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' },
  }).render();
  return encodeOpaquePng(image.width, image.height, image.pixels)!;
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Texts that exercise shaping: ligature candidates, kerning pairs, decomposable and composable characters, odd spaces and hyphens, characters DejaVu Sans lacks. */
const TEXTS = [
  'office ffi fl fi AV To Wa Ty LT',
  'ı í ì î ï ǰ ǅ ǈ ǋ ﬁ ﬂ ﬃ \u212B\u2126 Å Ω',
  'Ελληνικά ά ᾶ',
  'Кириллица й ё',
  'ქართული',
  'Հայերեն',
  '∑∫√∞ ≤ ≥ ± µ ‰ € ₿ ① ² ½',
  '中文 日本語 한국어 ＡＢＣ',
  '😀 🧊 \uE000',
  'non\u2011breaking soft\u00ADhyphen em\u2003space zw\u200Dj zw\u200Cnj \uFFFD',
  'tab\there',
  'ᴀʙᴄ ʰʲ',
  '“quotes” ‘single’ — – … «»',
  "apostrophe's & <tags> [x] (y) {z}",
];
/** Texts drawn with the full fonts (svgCodePoints gives null): combining marks, right-to-left text. */
const FULL_FONT_TEXTS = ['i\u0301 j\u0301 a\u0308 n\u0303 e\u0323\u0302', 'עברית שָׁלוֹם', 'العربية لا', 'left \u202Eright ≤ (x)'];

const svgOf = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="420" height="40"><rect width="420" height="40" fill="white"/>${inner}</svg>`;
const textOf = (t: string, weight: string) => `<text x="4" y="18" font-family="DejaVu Sans" font-weight="${weight}" font-size="13px">${esc(t)}</text>`;

describe('PNG font subsets', () => {
  it('each text draws the same PNG bytes as with the full font files, regular and bold, at two zooms', () => {
    for (const t of [...TEXTS, ...FULL_FONT_TEXTS]) {
      for (const weight of ['normal', 'bold']) {
        const svg = svgOf(textOf(t, weight));
        // the texts above take the subsets, those below the full fonts
        expect(svgCodePoints(svg) === null, JSON.stringify(t)).toBe(FULL_FONT_TEXTS.includes(t));
        for (const zoom of [2, 300 / 72])
          expect(svgToPng(svg, zoom).equals(withFullFonts(svg, zoom)), `${JSON.stringify(t)} ${weight} zoom ${zoom}`).toBe(true);
      }
    }
  });

  it('a text given only by numeric character references draws the same PNG bytes', () => {
    const svg = svgOf('<text x="4" y="18" font-family="DejaVu Sans" font-size="12px">&#x3A9;&#937;&#x1F600;&#x0416;&#x42f;</text>');
    expect(svgCodePoints(svg)).not.toBeNull();
    expect(svgToPng(svg, 2).equals(withFullFonts(svg, 2))).toBe(true);
  });

  it('a subset keeps every table but glyf, loca, head and post byte for byte, the outlines it keeps, and is much smaller', () => {
    const full = readFileSync(FONTS[0]);
    const src = subsetSource(full)!;
    expect(src).not.toBeNull();
    const sub = subsetFont(src, svgCodePoints('<svg><text>Success (%) 0.25</text></svg>')!)!;
    const tables = (b: Uint8Array) => {
      const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
      const out = new Map<string, Uint8Array>();
      for (let i = 0; i < v.getUint16(4); i++) {
        const r = 12 + 16 * i;
        out.set(String.fromCharCode(...b.subarray(r, r + 4)), b.subarray(v.getUint32(r + 8), v.getUint32(r + 8) + v.getUint32(r + 12)));
      }
      return out;
    };
    const a = tables(full),
      b = tables(sub);
    expect([...b.keys()]).toEqual([...a.keys()]);
    for (const [tag, bytes] of a)
      if (!['glyf', 'loca', 'head', 'post'].includes(tag)) expect(Buffer.from(b.get(tag)!).equals(Buffer.from(bytes)), tag).toBe(true);
    // the post header (all but the version) is the same
    expect(Buffer.from(b.get('post')!.subarray(4, 32)).equals(Buffer.from(a.get('post')!.subarray(4, 32)))).toBe(true);
    expect(sub.length).toBeLessThan(full.length / 3);
  });

  it('svgToPng agrees with its plain twin (the full font files) on random text: accents, combining marks, CJK and emoji DejaVu lacks, bidi and zero-width controls', () => {
    // characters drawn from each kind, so that most strings mix several
    const pools = [
      'abcXYZ 0123 .,;:%()-',
      'éèêëàâäçñøåæœßÉÀÇÑ',
      '\u0301\u0308\u0303\u0323',
      'αβγΩДжЯ',
      '中文日本語한국어',
      '😀🧊\uE000\uFFFD',
      '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C',
      '\u200B\u200C\u200D\u2060\uFEFF\u00AD\u2011\u2003\t',
      'שָׁלוֹםالعربية',
      'ﬁﬂffiAVToWa',
    ];
    const charArb = fc.constantFrom(...pools).chain((p) => fc.constantFrom(...Array.from(p)));
    const outcome = (f: () => Buffer) => {
      try {
        return f().toString('base64');
      } catch (e) {
        return `error: ${(e as Error).message}`;
      }
    };
    fc.assert(
      fc.property(
        fc.array(charArb, { minLength: 1, maxLength: 24 }),
        fc.constantFrom('normal', 'bold'),
        fc.constantFrom(2, 300 / 72),
        (chars, weight, zoom) => {
          const svg = svgOf(textOf(chars.join(''), weight));
          expect(outcome(() => svgToPng(svg, zoom))).toBe(outcome(() => svgToPngFullFonts(svg, zoom)));
        },
      ),
      { numRuns: 40, seed: 20261202 },
    );
  });
});
