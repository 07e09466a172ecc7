import { crc32, deflateSync } from 'node:zlib';

/**
 * The zlib level of a figure's pixels. Figures are mostly flat colour: level 2 with no filter gives
 * files ~10% smaller than resvg's own encoder (`asPng`: RGBA, filtered, level 6) in about a quarter
 * of its time (the bundled samples' 15 figures: 2.15 MB against 2.38 MB).
 */
const LEVEL = 2;

/** whether a Uint32Array over RGBA bytes holds red in its low byte (every machine node supports today) */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk: length, type, data, and the CRC-32 of type and data (PNG spec, section 5.3). */
function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * RGBA pixels (row by row, 4 bytes a pixel) -> an 8-bit RGB PNG, or undefined when a pixel is not
 * fully opaque or the machine is big-endian (`encodePng` then writes it with `encodePngPlain`). With every alpha at 255,
 * premultiplied and straight RGBA are the same bytes, so the PNG's pixels are exactly the input's.
 * Each row is written with filter type 0 (none) into a single IDAT chunk (PNG spec, sections 7.2
 * and 9.2; ISO/IEC 15948:2003).
 */
export function encodeOpaquePng(width: number, height: number, rgba: Uint8Array): Buffer | undefined {
  if (rgba.length !== width * height * 4) throw new Error(`encodeOpaquePng: ${rgba.length} bytes for ${width}x${height} RGBA pixels`);
  if (!LITTLE_ENDIAN) return undefined;
  // one 32-bit word a pixel (little-endian: red in the low byte, alpha in the high one)
  const words = rgba.byteOffset % 4 === 0 ? new Uint32Array(rgba.buffer, rgba.byteOffset, width * height) : new Uint32Array(rgba.slice().buffer);
  const stride = width * 3 + 1;
  const rows = new Uint8Array(stride * height);
  // A row's RGB bytes are made in an aligned scratch row, four pixels (16 bytes) into three words
  // (12 bytes) at a time, then copied after the row's filter byte (rows[y * stride], left 0: none).
  const quads = width >>> 2;
  const scratch = new Uint32Array(Math.ceil((width * 3) / 4) + 1);
  const scratchBytes = new Uint8Array(scratch.buffer, 0, width * 3);
  for (let y = 0, w = 0; y < height; y++) {
    let o = 0;
    for (let q = 0; q < quads; q++, w += 4) {
      const p0 = words[w],
        p1 = words[w + 1],
        p2 = words[w + 2],
        p3 = words[w + 3];
      if ((p0 & p1 & p2 & p3) >>> 24 !== 0xff) return undefined;
      // little-endian words: r g b | r, then g b | r g, then b | r g b
      scratch[o++] = (p0 & 0xffffff) | (p1 << 24);
      scratch[o++] = ((p1 >>> 8) & 0xffff) | (p2 << 16);
      scratch[o++] = ((p2 >>> 16) & 0xff) | (p3 << 8);
    }
    for (let x = quads * 4, b = quads * 12; x < width; x++, w++) {
      const v = words[w];
      if (v >>> 24 !== 0xff) return undefined;
      scratchBytes[b++] = v;
      scratchBytes[b++] = v >>> 8;
      scratchBytes[b++] = v >>> 16;
    }
    rows.set(scratchBytes, y * stride + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  // bit depth 8, colour type 2 (truecolour), deflate, adaptive filtering method 0, no interlace
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: LEVEL })), chunk('IEND', new Uint8Array(0))]);
}

/**
 * The plain twin of `encodeOpaquePng`, and the encoder for pixels that are not all opaque: one pixel
 * at a time, 8-bit RGB when every alpha is 255 (the same bytes as `encodeOpaquePng`), else 8-bit
 * RGBA (colour type 6), each row with filter type 0 into a single IDAT chunk. The input is
 * premultiplied, as resvg renders it; a PNG's RGBA is straight, so a pixel that is not opaque is
 * divided by its alpha (an opaque one is the same either way).
 */
export function encodePngPlain(width: number, height: number, rgba: Uint8Array): Buffer {
  if (rgba.length !== width * height * 4) throw new Error(`encodePngPlain: ${rgba.length} bytes for ${width}x${height} RGBA pixels`);
  let opaque = true;
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) opaque = false;
  const channels = opaque ? 3 : 4;
  const stride = width * channels + 1;
  const rows = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      const alpha = rgba[p + 3];
      for (let c = 0; c < channels; c++) {
        const v = rgba[p + c];
        rows[y * stride + 1 + x * channels + c] = c === 3 || alpha === 255 ? v : alpha === 0 ? 0 : Math.min(255, Math.round((v * 255) / alpha));
      }
    }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, opaque ? 2 : 6, 0, 0, 0], 8);
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: LEVEL })), chunk('IEND', new Uint8Array(0))]);
}

/**
 * RGBA pixels (as resvg renders them) -> a PNG: the one function figures are encoded with. Its fast
 * path, `encodeOpaquePng`, writes the same bytes as `encodePngPlain` (test/report/encode-png.test.ts).
 */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  return encodeOpaquePng(width, height, rgba) ?? encodePngPlain(width, height, rgba);
}

/** Metres per inch: a pHYs chunk counts pixels per metre (PNG spec, section 11.3.5.3). */
const METRES_PER_INCH = 0.0254;

/**
 * A PNG with a pHYs chunk saying it is `dpi` pixels per inch both ways (stored as whole pixels per
 * metre, unit 1: 300 dpi is 11,811 per metre), put right after IHDR, where the PNG spec allows it
 * (before IDAT). Programs that place an image by its physical size (LaTeX, word processors) then
 * print it at the size it was drawn for.
 */
export function withResolution(png: Buffer, dpi: number): Buffer {
  if (!png.subarray(0, 8).equals(SIGNATURE) || png.toString('latin1', 12, 16) !== 'IHDR') throw new Error('withResolution: not a PNG starting with IHDR');
  const afterIhdr = 8 + 12 + png.readUInt32BE(8);
  const perMetre = Math.round(dpi / METRES_PER_INCH);
  const data = Buffer.alloc(9);
  data.writeUInt32BE(perMetre, 0);
  data.writeUInt32BE(perMetre, 4);
  data[8] = 1; // unit: the metre
  return Buffer.concat([png.subarray(0, afterIhdr), chunk('pHYs', data), png.subarray(afterIhdr)]);
}
