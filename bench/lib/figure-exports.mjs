// The PNG and PDF exports of a finished `reproduce` run (at the screen preset, the default), made
// again from its SVGs with the library's own svgToPng and svgToPdf, one figure after another in this
// process: what those exports cost on their own. Each byte string is compared with the file the run
// wrote, so what is timed is the same work the run did. Usage: node bench/lib/figure-exports.mjs
// OUT_DIR. Prints one JSON line: {figures, pngSame, pdfSame, pngCpu, pdfCpu, rsvgCpu} (CPU seconds,
// user + system; pdfCpu counts the rsvg-convert children, rsvgCpu, and this process's spawning of them).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { procCpu } from './proc-cpu.mjs';
import { reportSvgs } from './report-svgs.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const lib = (p) => import(pathToFileURL(join(root, 'dist', 'src', p)).href);
const { svgToPng } = await lib('present/figures/render-figure.js');
const { screenSizes } = await lib('present/figures/render-preset.js');
const { svgToPdf } = await lib('run/svg-to-pdf.js');

// the figures' SVGs (each beside its PNG)
const svgs = reportSvgs(process.argv[2]).filter((p) => existsSync(p.replace(/\.svg$/, '.png')));

/** Makes every figure's export with `make`, then compares each with the run's file: how many are the same, and the CPU of making them. */
function pass(ext, make) {
  const svgText = svgs.map((f) => readFileSync(f, 'utf8'));
  const t = procCpu();
  const made = svgText.map(make);
  const u = procCpu();
  const same = made.filter((b, i) => b.equals(readFileSync(svgs[i].replace(/\.svg$/, ext)))).length;
  return { same, cpu: u.self - t.self + (u.children - t.children), childrenCpu: u.children - t.children };
}

const png = pass('.png', (svg) => svgToPng(svg, screenSizes(svg).png));
const pdf = pass('.pdf', (svg) => svgToPdf(svg, screenSizes(svg).widthIn));
console.log(JSON.stringify({ figures: svgs.length, pngSame: png.same, pdfSame: pdf.same, pngCpu: png.cpu, pdfCpu: pdf.cpu, rsvgCpu: pdf.childrenCpu }));
