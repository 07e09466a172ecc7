// The PNG and PDF exports of a finished `reproduce` run, made again from its SVGs with the library's
// own svgToPng and svgToPdf, one figure after another in this process: what those exports cost on
// their own. Each byte string is compared with the file the run wrote, so what is timed is the same
// work the run did. Usage: node bench/lib/figure-exports.mjs OUT_DIR (a screen-width run: PNGs at 2x,
// PDF pages as wide as the SVG at 96 px an inch). Prints one JSON line:
// {figures, pngSame, pdfSame, pngCpu, pdfCpu, rsvgCpu} (CPU seconds, user + system; pdfCpu counts the
// rsvg-convert children, rsvgCpu, and this process's spawning of them).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const lib = (p) => import(pathToFileURL(join(root, 'dist', 'src', 'present', 'figures', p)).href);
const { svgToPng } = await lib('render-figure.js');
const { svgToPdf } = await lib('render-preset.js');
const { svgSize } = await lib('figure-presets.js');

const svgs = [];
const walk = (d) => {
  for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const p = join(d, e.name);
    if (e.isDirectory()) walk(p);
    else if (p.endsWith('.svg') && existsSync(p.replace(/\.svg$/, '.png'))) svgs.push(p);
  }
};
walk(process.argv[2]);

/** CPU seconds, user + system, of this process and of its finished children (rsvg-convert), from /proc. */
function cpuNow() {
  const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return { self: (Number(f[11]) + Number(f[12])) / 100, children: (Number(f[13]) + Number(f[14])) / 100 };
}

/** Makes every figure's export with `make`, then compares each with the run's file: how many are the same, and the CPU of making them. */
function pass(ext, make) {
  const svgText = svgs.map((f) => readFileSync(f, 'utf8'));
  const t = cpuNow();
  const made = svgText.map(make);
  const u = cpuNow();
  const same = made.filter((b, i) => b.equals(readFileSync(svgs[i].replace(/\.svg$/, ext)))).length;
  return { same, cpu: u.self - t.self + (u.children - t.children), childrenCpu: u.children - t.children };
}

const png = pass('.png', (svg) => svgToPng(svg, 2));
const pdf = pass('.pdf', (svg) => svgToPdf(svg, svgSize(svg).width / 96));
console.log(JSON.stringify({ figures: svgs.length, pngSame: png.same, pdfSame: pdf.same, pngCpu: png.cpu, pdfCpu: pdf.cpu, rsvgCpu: pdf.childrenCpu }));
