import { createRequire } from 'node:module';
import fc from 'fast-check';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { encodeOpaquePng, encodePng, encodePngPlain, withResolution } from '../../src/present/figures/encode-png.js';
import { svgToPng } from '../../src/present/figures/render-figure.js';
import { python } from '../helpers/reference.js';

const { Resvg } = createRequire(import.meta.url)('@resvg/resvg-js');
const FONTS = ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'];

/**
 * An independent PNG decoder (Python's zlib and struct, written from the PNG spec): checks the
 * signature, every chunk's CRC, and undoes filter types 0-4 of 8-bit RGB or RGBA, giving the pixels
 * as RGBA hex. It reads resvg's own PNGs (which use filters) as well as ours.
 */
const DECODE = `
import json, struct, sys, zlib
out = []
for b64 in json.load(sys.stdin):
    import base64
    b = base64.b64decode(b64)
    assert b[:8] == bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    pos, idat, ihdr, types, filters = 8, b'', None, [], set()
    while pos < len(b):
        n, = struct.unpack('>I', b[pos:pos+4]); t = b[pos+4:pos+8]; d = b[pos+8:pos+8+n]
        assert struct.unpack('>I', b[pos+8+n:pos+12+n])[0] == zlib.crc32(t + d), 'CRC'
        types.append(t.decode())
        if t == b'IHDR': ihdr = struct.unpack('>IIBBBBB', d)
        if t == b'IDAT': idat += d
        pos += 12 + n
    w, h, depth, colour, _, _, interlace = ihdr
    assert depth == 8 and colour in (2, 6) and interlace == 0
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(idat); stride = w * bpp
    assert len(raw) == h * (stride + 1)
    prev = bytearray(stride); rgba = bytearray()
    for y in range(h):
        f = raw[y * (stride + 1)]; filters.add(f)
        row = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = row[i - bpp] if i >= bpp else 0; up = prev[i]; c = prev[i - bpp] if i >= bpp else 0
            if f == 1: row[i] = (row[i] + a) & 255
            elif f == 2: row[i] = (row[i] + up) & 255
            elif f == 3: row[i] = (row[i] + (a + up) // 2) & 255
            elif f == 4:
                p = a + up - c; pa, pb, pc = abs(p - a), abs(p - up), abs(p - c)
                row[i] = (row[i] + (a if pa <= pb and pa <= pc else up if pb <= pc else c)) & 255
            else: assert f == 0
        for x in range(w):
            rgba += row[x * bpp:x * bpp + 3] + (bytes([row[x * bpp + 3]]) if bpp == 4 else b'\\xff')
        prev = row
    out.append({'width': w, 'height': h, 'colour': colour, 'chunks': types, 'filters': sorted(filters), 'rgba': rgba.hex()})
print(json.dumps(out))
`;

type Decoded = { width: number; height: number; colour: number; chunks: string[]; filters: number[]; rgba: string };
const decode = (pngs: Uint8Array[]): Decoded[] =>
  python(
    DECODE,
    pngs.map((p) => Buffer.from(p).toString('base64')),
  );

const draw = (svg: string) =>
  new Resvg(svg, {
    fitTo: { mode: 'zoom', value: 2 },
    background: 'white',
    font: { fontFiles: FONTS, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' },
  }).render();

/** A small figure-like SVG: text, antialiased lines and circles, a translucent fill over white. */
const FIGURE = `<svg xmlns="http://www.w3.org/2000/svg" width="57" height="31"><text x="2" y="12" font-family="DejaVu Sans" font-size="9px">Pass ≤ 25%</text><line x1="1" y1="29" x2="55" y2="17" stroke="#4c78a8" stroke-width="1.3"/><circle cx="44" cy="9" r="5.5" fill="#e45756" fill-opacity="0.4"/></svg>`;

describe('encodeOpaquePng', () => {
  it("svgToPng's PNG holds exactly the pixels resvg draws, as RGB without filters, decoded by an independent decoder", () => {
    const image = draw(FIGURE);
    const [ours, resvgs] = decode([svgToPng(FIGURE, 2), image.asPng()]);
    // resvg's own PNG, decoded the same way, is what resvg drew: the decoder reads filtered PNGs right
    expect(resvgs.colour).toBe(6);
    expect(resvgs.filters.some((f) => f !== 0)).toBe(true);
    expect(resvgs.rgba).toBe(Buffer.from(image.pixels).toString('hex'));
    expect(ours).toMatchObject({ width: 114, height: 62, colour: 2, chunks: ['IHDR', 'IDAT', 'IEND'], filters: [0] });
    expect(ours.rgba).toBe(resvgs.rgba);
    // the picture is not blank: antialiasing and the translucent fill give many colours
    expect(new Set(ours.rgba.match(/.{8}/g)).size).toBeGreaterThan(20);
  });

  it('odd sizes, a one-pixel image and pixels at an offset that is not a multiple of 4 round-trip', () => {
    const cases: { w: number; h: number; px: Uint8Array }[] = [];
    let seed = 12345;
    const byte = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) & 255;
    for (const [w, h] of [
      [1, 1],
      [3, 7],
      [17, 2],
    ]) {
      const px = new Uint8Array(w * h * 4).map((_, i) => (i % 4 === 3 ? 255 : byte()));
      cases.push({ w, h, px });
    }
    const shifted = new Uint8Array(1 + 5 * 3 * 4).subarray(1);
    shifted.set(cases[1].px.subarray(0, 60));
    cases.push({ w: 5, h: 3, px: shifted });
    const pngs = cases.map((c) => encodeOpaquePng(c.w, c.h, c.px)!);
    const decoded = decode(pngs);
    cases.forEach((c, i) => {
      expect(decoded[i]).toMatchObject({ width: c.w, height: c.h, colour: 2 });
      expect(decoded[i].rgba).toBe(Buffer.from(c.px).toString('hex'));
    });
  });

  it('a pixel that is not fully opaque gives undefined (the caller writes RGBA), and a wrong length throws', () => {
    const px = new Uint8Array(4 * 6).fill(255);
    expect(encodeOpaquePng(3, 2, px)).toBeInstanceOf(Buffer);
    px[4 * 5 + 3] = 254;
    expect(encodeOpaquePng(3, 2, px)).toBeUndefined();
    expect(() => encodeOpaquePng(3, 3, px)).toThrow(/24 bytes for 3x3/);
    // pixels are read four at a time, then one at a time at a row's end: any one of them counts
    const width = 7,
      height = 3;
    for (let at = 0; at < width * height; at++) {
      const image = new Uint8Array(4 * width * height).fill(255);
      image[4 * at + 3] = 0;
      expect(encodeOpaquePng(width, height, image), `pixel ${at}`).toBeUndefined();
    }
  });
});

/** A PNG decoded by pngjs (a decoder independent of the code under test): size, straight RGBA pixels, chunk types in order. */
const decodeWithPngjs = (png: Buffer) => {
  const image = PNG.sync.read(png);
  const types: string[] = [];
  for (let pos = 8; pos < png.length; pos += 12 + png.readUInt32BE(pos)) types.push(png.toString('latin1', pos + 4, pos + 8));
  return { width: image.width, height: image.height, rgba: Buffer.from(image.data), chunks: types };
};

/** Pixels as resvg renders them: premultiplied RGBA, mostly opaque (figures have a white background), or with some alpha. */
const pixelsArb = fc
  .record({ width: fc.integer({ min: 1, max: 23 }), height: fc.integer({ min: 1, max: 9 }), opaque: fc.boolean(), offset: fc.integer({ min: 0, max: 3 }) })
  .chain(({ width, height, opaque, offset }) =>
    fc.uint8Array({ minLength: width * height * 4, maxLength: width * height * 4 }).map((bytes) => {
      const px = new Uint8Array(offset + bytes.length).subarray(offset);
      px.set(bytes);
      for (let i = 0; i < px.length; i += 4) {
        // premultiplied: no channel above its alpha
        if (opaque) px[i + 3] = 255;
        for (let c = 0; c < 3; c++) px[i + c] = Math.min(px[i + c], px[i + 3]);
      }
      return { width, height, px };
    }),
  );

describe('encodePng agrees with its plain twin', () => {
  it('on random pixels (odd sizes, unaligned, opaque or not): the same bytes, and pngjs decodes the pixels given', () => {
    fc.assert(
      fc.property(pixelsArb, fc.constantFrom(undefined, 300, 72), ({ width, height, px }, dpi) => {
        const atDpi = (png: Buffer) => (dpi === undefined ? png : withResolution(png, dpi));
        const fast = atDpi(encodePng(width, height, px));
        const plain = atDpi(encodePngPlain(width, height, px));
        expect(fast.equals(plain)).toBe(true);
        const a = decodeWithPngjs(fast);
        expect(a).toEqual(decodeWithPngjs(plain));
        expect([a.width, a.height]).toEqual([width, height]);
        expect(a.chunks).toEqual(dpi === undefined ? ['IHDR', 'IDAT', 'IEND'] : ['IHDR', 'pHYs', 'IDAT', 'IEND']);
        // straight RGBA, premultiplied again, is the input to within the rounding of 8 bits
        for (let i = 0; i < px.length; i += 4) {
          expect(a.rgba[i + 3]).toBe(px[i + 3]);
          for (let c = 0; c < 3; c++) expect(Math.abs(Math.round((a.rgba[i + c] * px[i + 3]) / 255) - px[i + c])).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 300, seed: 20261202 },
    );
  });

  it('the pHYs chunk says the dpi as pixels per metre, read byte by byte: 300 dpi is 11,811 a metre', () => {
    const png = withResolution(encodePng(1, 1, new Uint8Array([1, 2, 3, 255])), 300);
    const at = png.indexOf('pHYs', 0, 'latin1');
    expect([png.readUInt32BE(at + 4), png.readUInt32BE(at + 8), png[at + 12]]).toEqual([11811, 11811, 1]);
  });
});
