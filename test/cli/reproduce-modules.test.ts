/**
 * What a benchmark's worker thread imports: its analyses and the library, but none of the packages
 * that only notebooks (arquero), Parquet releases (hyparquet) or figures (vega, vega-lite, resvg:
 * the run's figure thread draws them) need. Each costs ~0.1-0.45 s of CPU in every thread that
 * imports it (vega and vega-lite ~0.15 s as the build's bundle, dist/vendor/vega.js). Checked on
 * the compiled modules (npm run build), in a fresh process with a module hook that lists every
 * module imported (the lazy loaders `require` theirs on first use, which
 * test/notebook/explore.test.ts and the Parquet tests exercise). And what drawing a figure imports:
 * the bundle, not vega's packages.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'wb-modules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The URLs of every module `code` (an ES module run from the checkout) loads, in a fresh node process. */
function modulesLoadedBy(code: string): string[] {
  const hooks = join(dir, 'hooks.mjs');
  writeFileSync(hooks, `export async function load(url, context, next) { process.stderr.write('LOADED ' + url + '\\n'); return next(url, context); }\n`);
  const register = join(dir, 'register.mjs');
  writeFileSync(register, `import { register } from 'node:module'; register(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
  const r = spawnSync(process.execPath, ['--import', pathToFileURL(register).href, '--input-type=module', '-e', code], { cwd: ROOT, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return r.stderr
    .split('\n')
    .filter((l) => l.startsWith('LOADED '))
    .map((l) => l.slice('LOADED '.length));
}

const packageOf = (url: string) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];

describe("a benchmark thread's modules", () => {
  it.each(['globebench', 'pawm', 'cubebench'])(
    '%s: what its worker imports, and no arquero, hyparquet, vega or resvg',
    (bench) => {
      const urls = modulesLoadedBy(`await import('./dist/src/run/run-bench.js'); await import('./dist/analysis/${bench}/index.js');`);
      const packages = new Set(urls.map(packageOf).filter((p) => p !== undefined));
      // the hook sees the imports: the benchmark's own analyses are there
      expect(urls.some((u) => u.includes(`/dist/analysis/${bench}/present/`))).toBe(true);
      expect(packages.has('zod')).toBe(true);
      for (const p of ['arquero', 'hyparquet', 'hyparquet-compressors', 'vega', 'vega-lite', '@resvg/resvg-js']) expect(packages.has(p), p).toBe(false);
      // vega as the build bundles it is no package
      expect(urls.filter((u) => u.includes('/dist/vendor/'))).toEqual([]);
    },
    60_000,
  );
});

describe("the figure thread's modules", () => {
  it("drawing a figure with the compiled library imports the build's bundle of vega, and none of vega's packages", () => {
    const spec = {
      data: { values: [{ x: 'a', y: 1 }] },
      mark: 'bar',
      encoding: { x: { field: 'x', type: 'nominal' }, y: { field: 'y', type: 'quantitative' } },
    };
    const urls = modulesLoadedBy(
      `const m = await import('./dist/src/present/figures/render-figure.js'); const svg = await m.specToSvg(${JSON.stringify(spec)}); if (!svg.startsWith('<svg')) throw new Error(svg.slice(0, 80));`,
    );
    expect(urls.filter((u) => u.endsWith('/dist/vendor/vega.js'))).toHaveLength(1);
    expect(urls.map(packageOf).filter((p) => p !== undefined && /^vega/.test(p))).toEqual([]);
  }, 60_000);
});
