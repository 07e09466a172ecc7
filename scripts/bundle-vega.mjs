// Bundles what the figure thread draws with into one module, dist/vendor/vega.js: vega, vega-lite's
// compile, and the id reset of the vega-scenegraph copy that vega-view renders with (npm installs
// several copies; the file is the one render-figure.ts resets when it draws without the bundle). Importing vega and vega-lite as packages
// resolves and links hundreds of modules: ~420-520 ms of CPU per thread, against ~130-180 ms for
// the bundle (measured on this 2-core machine). Run by `npm run build` after tsc. Without rolldown
// (a development dependency) it says so and writes nothing: render-figure.ts then imports the
// packages, which draw the same SVG.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const vendor = join(root, 'dist', 'vendor');
const out = join(vendor, 'vega.js');

// a bundle left from an earlier build would no longer match the installed packages: gone before
// anything here can fail
rmSync(out, { force: true });

let rolldown;
try {
  rolldown = await import('rolldown');
} catch (e) {
  console.error(
    `bundle-vega: rolldown cannot be loaded (${e?.message ?? e}); figures will import vega and vega-lite as packages (slower to load, same output)`,
  );
  process.exit(0);
}

// the compiled library (tsc has run) says which copy its renderer uses
const { viewScenegraphFile } = await import(new URL('../dist/src/present/figures/render-figure.js', import.meta.url).href);
const scenegraph = viewScenegraphFile();
if (!existsSync(scenegraph)) throw new Error(`bundle-vega: no vega-scenegraph at ${scenegraph}`);

mkdirSync(vendor, { recursive: true });
const entry = join(vendor, 'vega-entry.mjs');
writeFileSync(
  entry,
  ["export * as vega from 'vega';", "export { compile } from 'vega-lite';", `export { resetSVGDefIds } from ${JSON.stringify(scenegraph)};`, ''].join('\n'),
);
try {
  await rolldown.build({
    input: entry,
    cwd: root,
    platform: 'node',
    logLevel: 'warn',
    output: { file: out, format: 'esm' },
  });
} finally {
  rmSync(entry, { force: true });
}
