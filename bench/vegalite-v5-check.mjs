// Checks that every figure's spec, as sent under the application/vnd.vegalite.v5+json MIME type,
// compiles and renders with Vega-Lite 5 and Vega 5 (what JupyterLab's, VS Code's and nteract's
// renderers bundle), printing each figure's warnings. Not a test: it needs vega-lite@5 and vega@5,
// which the project does not depend on. Install them in a scratch folder and point VL5_DIR at it:
//   (mkdir /tmp/vl5 && cd /tmp/vl5 && npm init -y && npm i vega-lite@5.23.0 vega@5.33.0)
//   npm run build && VL5_DIR=/tmp/vl5 node bench/vegalite-v5-check.mjs
import { createRequire } from 'node:module';
import { join } from 'node:path';
import '../dist/analysis/index.js';
import { benchmarks, loadBench, sampleDirOf } from '../dist/src/benchmark/registry.js';
import { repoRoot, vegaLiteV5Spec } from '../dist/src/index.js';

const dir = process.env.VL5_DIR;
if (!dir) throw new Error('set VL5_DIR to a folder with vega-lite@5 and vega@5 installed');
const req = createRequire(join(dir, 'package.json'));
const vl = req('vega-lite');
const vega = req('vega');
console.log(`vega-lite ${vl.version}, vega ${vega.version}`);
let n = 0,
  bad = 0;
for (const entry of benchmarks()) {
  const bench = await loadBench(entry);
  const ctx = bench.prepare(bench.load(join(repoRoot(), sampleDirOf(entry))), { seed: 1, resamples: 200 });
  for (const a of bench.analyses.filter((a) => a.kind === 'figure')) {
    const spec = vegaLiteV5Spec(a.build(ctx));
    const warnings = [];
    const logger = {
      level() {
        return this;
      },
      warn: (...m) => warnings.push(m.join(' ')),
      info() {},
      debug() {},
      error: (...m) => warnings.push('ERROR ' + m.join(' ')),
    };
    try {
      const view = new vega.View(vega.parse(vl.compile(spec, { logger }).spec), { renderer: 'none' });
      const svg = await view.toSVG();
      view.finalize();
      if (!svg.includes('<svg')) warnings.push('no SVG');
    } catch (e) {
      warnings.push(`ERROR ${e.message}`);
    }
    n++;
    if (warnings.length) bad++;
    console.log(`${bench.benchmark}/${a.id}: ${warnings.length ? warnings.join(' | ') : 'ok'}`);
  }
}
console.log(`${n} figures, ${bad} with warnings or errors under Vega-Lite 5`);
