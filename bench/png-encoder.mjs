// PNG rendering as svgToPng does it (RGB encoded by encode-png.ts) against resvg given the same font
// files and encoding its own PNG (RGBA): CPU time per figure (the
// least of ROUNDS runs, the two alternating), the pixels compared. Figures: the SVGs of a report folder given as argument, else those of a fresh
// `reproduce --bench all --resamples 200`. Needs `npm run build`.
//   node bench/png-encoder.mjs [REPORT_DIR]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';
import { reportSvgs } from './lib/report-svgs.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { svgToPng } = await import(join(root, 'dist/src/present/figures/render-figure.js'));
const { Resvg } = createRequire(import.meta.url)('@resvg/resvg-js');
const { FONT_FILES } = await import(join(root, 'dist/src/present/figures/figure-fonts.js'));
const ROUNDS = 5;

let dir = process.argv[2];
let made;
if (!dir) {
  made = dir = mkdtempSync(join(tmpdir(), 'png-encoder-'));
  execFileSync(process.execPath, [join(root, 'bin/workbench.js'), 'reproduce', '--bench', 'all', '--resamples', '200', '--quiet', '--out', dir], {
    stdio: 'inherit',
  });
}
const svgs = reportSvgs(dir);

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const resvgPng = (svg, zoom) => {
  const image = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: zoom },
    background: 'white',
    font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' },
  }).render();
  return { png: Buffer.from(image.asPng()), pixels: image.pixels };
};
/** The RGBA pixels of a PNG as encode-png.ts writes it (8-bit RGB, filter none, one IDAT after IHDR). */
const pixelsOf = (png) => {
  const width = png.readUInt32BE(16),
    height = png.readUInt32BE(20);
  const rows = inflateSync(png.subarray(41, 41 + png.readUInt32BE(33)));
  const out = Buffer.alloc(width * height * 4, 255);
  for (let y = 0, o = 0; y < height; y++) for (let x = 0, i = y * (width * 3 + 1) + 1; x < width; x++, i += 3, o += 4) rows.copy(out, o, i, i + 3);
  return out;
};

let full = 0;
let ours = 0;
let differ = 0;
for (const file of svgs) {
  const svg = readFileSync(file, 'utf8');
  const best = [Infinity, Infinity];
  let a, b;
  for (let r = 0; r < ROUNDS; r++) {
    let t = cpuMs();
    a = resvgPng(svg, 2);
    best[0] = Math.min(best[0], cpuMs() - t);
    t = cpuMs();
    b = svgToPng(svg, 2);
    best[1] = Math.min(best[1], cpuMs() - t);
  }
  const same = a.pixels.equals(pixelsOf(b));
  if (!same) differ++;
  full += best[0];
  ours += best[1];
  console.log(
    `${file.slice(dir.length + 1).padEnd(44)} resvg's PNG ${best[0].toFixed(0).padStart(5)} ms  svgToPng ${best[1].toFixed(0).padStart(5)} ms${same ? '' : '  PIXELS DIFFER'}`,
  );
}
console.log(`${svgs.length} figures: resvg's PNG ${full.toFixed(0)} ms, svgToPng ${ours.toFixed(0)} ms of CPU (least of ${ROUNDS} runs each)`);
console.log(`svgToPng (RGB encoding): speed-up ${(full / ours).toFixed(2)}x; PNGs whose pixels differ: ${differ}`);
if (made) rmSync(made, { recursive: true, force: true });
if (differ) process.exit(1);
