// PNG rendering with font subsets (svgToPng) against resvg given the full font files, as svgToPng
// did before: CPU time per figure (the least of ROUNDS runs, the two alternating), the PNG bytes
// compared. Figures: the SVGs of a report folder given as argument, else those of a fresh
// `reproduce --bench all --resamples 200`. Needs `npm run build`.
//   node bench/png-fonts.mjs [REPORT_DIR]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { svgToPng } = await import(join(root, 'dist/src/present/figures/render-figure.js'));
const { Resvg } = createRequire(import.meta.url)('@resvg/resvg-js');
const FONT_FILES = ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'];
const ROUNDS = 5;

let dir = process.argv[2];
let made;
if (!dir) {
  made = dir = mkdtempSync(join(tmpdir(), 'png-fonts-'));
  execFileSync(process.execPath, [join(root, 'bin/workbench.js'), 'reproduce', '--bench', 'all', '--resamples', '200', '--quiet', '--out', dir], { stdio: 'inherit' });
}
const svgs = [];
const walk = (d) => {
  for (const f of readdirSync(d, { withFileTypes: true })) {
    const p = join(d, f.name);
    if (f.isDirectory()) walk(p);
    else if (p.endsWith('.svg')) svgs.push(p);
  }
};
walk(dir);
svgs.sort();

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const fullFonts = (svg, zoom) =>
  Buffer.from(new Resvg(svg, { fitTo: { mode: 'zoom', value: zoom }, background: 'white', font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' } }).render().asPng());

let full = 0;
let subset = 0;
let differ = 0;
for (const file of svgs) {
  const svg = readFileSync(file, 'utf8');
  const best = [Infinity, Infinity];
  let a, b;
  for (let r = 0; r < ROUNDS; r++) {
    let t = cpuMs();
    a = fullFonts(svg, 2);
    best[0] = Math.min(best[0], cpuMs() - t);
    t = cpuMs();
    b = svgToPng(svg, 2);
    best[1] = Math.min(best[1], cpuMs() - t);
  }
  if (!a.equals(b)) differ++;
  full += best[0];
  subset += best[1];
  console.log(`${file.slice(dir.length + 1).padEnd(44)} full fonts ${best[0].toFixed(0).padStart(5)} ms  subsets ${best[1].toFixed(0).padStart(5)} ms${a.equals(b) ? '' : '  PNG BYTES DIFFER'}`);
}
console.log(`${svgs.length} figures: full fonts ${full.toFixed(0)} ms, subsets ${subset.toFixed(0)} ms of CPU (least of ${ROUNDS} runs each)`);
console.log(`PNG with font subsets: speed-up ${(full / subset).toFixed(2)}x; PNGs differing: ${differ}`);
if (made) rmSync(made, { recursive: true, force: true });
if (differ) process.exit(1);
