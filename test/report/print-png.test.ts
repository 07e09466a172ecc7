/**
 * PNGs at the print presets are printed at the preset's width, like the PDFs: `--figure-width
 * column` (3.3 in) gives PNGs exactly 990 pixels wide and `page` (6.8 in) 2,040, each with a pHYs
 * chunk saying 300 dpi (11,811 pixels per metre), whatever width the SVG was laid out at (a figure
 * whose labels do not fit is scaled to the preset, as its PDF is). Read by an independent parser
 * (Python's struct and zlib, from the PNG spec) and compared with the PDF pages (pdfinfo).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeOpaquePng, withResolution } from '../../src/present/figures/encode-png.js';
import { python } from '../helpers/reference.js';
import { tinyCubebench, writeTiny } from '../reliability/tiny-releases.js';
import { runCli } from '../reliability/run-cli.js';

const root = mkdtempSync(join(tmpdir(), 'wb-print-png-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every chunk's type (each CRC checked), the IHDR size, and the pHYs fields if there is one. */
const CHUNKS = `
import base64, json, struct, sys, zlib
out = []
for b64 in json.load(sys.stdin):
    b = base64.b64decode(b64)
    assert b[:8] == bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    pos, types, size, phys, idat = 8, [], None, None, b''
    while pos < len(b):
        n, = struct.unpack('>I', b[pos:pos+4]); t = b[pos+4:pos+8]; d = b[pos+8:pos+8+n]
        assert struct.unpack('>I', b[pos+8+n:pos+12+n])[0] == zlib.crc32(t + d), 'CRC'
        types.append(t.decode())
        if t == b'IHDR': size = list(struct.unpack('>II', d[:8]))
        if t == b'pHYs': phys = list(struct.unpack('>IIB', d))
        if t == b'IDAT': idat += d
        pos += 12 + n
    out.append({'chunks': types, 'size': size, 'phys': phys, 'pixels': zlib.decompress(idat).hex()})
print(json.dumps(out))
`;
type Parsed = { chunks: string[]; size: [number, number]; phys: [number, number, number] | null; pixels: string };
const parse = (pngs: Buffer[]): Parsed[] =>
  python(
    CHUNKS,
    pngs.map((p) => p.toString('base64')),
  );

function pdfPageSize(file: string): [number, number] {
  const r = spawnSync('pdfinfo', [file], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  const m = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(r.stdout)!;
  return [Number(m[1]), Number(m[2])];
}

describe('withResolution', () => {
  it('adds one pHYs chunk right after IHDR: 300 dpi is 11,811 pixels per metre both ways, unit metre; the pixels are unchanged', () => {
    const px = new Uint8Array(4 * 3 * 2).fill(255);
    px[0] = 12; // one pixel not white
    const plain = encodeOpaquePng(3, 2, px)!;
    const [before, after] = parse([plain, withResolution(plain, 300)]);
    expect(before.chunks).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(after.chunks).toEqual(['IHDR', 'pHYs', 'IDAT', 'IEND']);
    // 300 / 0.0254 = 11811.02
    expect(after.phys).toEqual([11811, 11811, 1]);
    expect(after.size).toEqual([3, 2]);
    expect(after.pixels).toBe(before.pixels);
  });
});

describe('reproduce --figure-width column and page', () => {
  const release = join(root, 'release');
  writeTiny(release, tinyCubebench());
  for (const [width, inches] of [
    ['column', 3.3],
    ['page', 6.8],
  ] as const) {
    it(`${width}: every PNG is ${Math.round(inches * 300)} pixels wide at 300 dpi, and as tall as its PDF page at 300 dpi`, async () => {
      const out = join(root, width);
      const r = await runCli(['reproduce', '--bench', 'cubebench', '--data', release, '--out', out, '--resamples', '200', '--figure-width', width, '--quiet']);
      expect(r.code, r.err).toBe(0);
      const dir = join(out, 'cubebench', 'figures');
      const ids = readdirSync(dir)
        .filter((f) => f.endsWith('.png'))
        .map((f) => f.replace(/\.png$/, ''));
      expect(ids.length).toBeGreaterThan(0);
      const parsed = parse(ids.map((id) => readFileSync(join(dir, `${id}.png`))));
      for (const [i, id] of ids.entries()) {
        const { size, phys } = parsed[i];
        expect(size[0], id).toBe(Math.round(inches * 300));
        expect(phys, id).toEqual([11811, 11811, 1]);
        const [w, h] = pdfPageSize(join(dir, `${id}.pdf`));
        expect(w, id).toBeCloseTo(inches * 72, 1);
        // the same picture: the PNG's height in inches is the PDF page's, to a pixel
        expect(Math.abs(size[1] - (h / 72) * 300), id).toBeLessThanOrEqual(1);
      }
    }, 60_000);
  }

  it('screen: PNGs stay at twice the CSS pixels, with no stated resolution', async () => {
    const out = join(root, 'screen');
    const r = await runCli(['reproduce', '--bench', 'cubebench', '--data', release, '--out', out, '--resamples', '200', '--quiet']);
    expect(r.code, r.err).toBe(0);
    const dir = join(out, 'cubebench', 'figures');
    const ids = readdirSync(dir)
      .filter((f) => f.endsWith('.png'))
      .map((f) => f.replace(/\.png$/, ''));
    const parsed = parse(ids.map((id) => readFileSync(join(dir, `${id}.png`))));
    for (const [i, id] of ids.entries()) {
      const svgWidth = Number(/^<svg[^>]*\swidth="([\d.]+)"/.exec(readFileSync(join(dir, `${id}.svg`), 'utf8'))![1]);
      expect(parsed[i].size[0], id).toBe(Math.ceil(svgWidth * 2));
      expect(parsed[i].phys, id).toBeNull();
    }
  }, 60_000);
});
