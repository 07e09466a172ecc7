import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

/**
 * JupyterLab's renderer for `application/vnd.vegalite.v5+json` compiles with vega-lite 5 and draws
 * with vega 5 (@jupyterlab/vega5-extension depends on vega ^5.20, vega-lite ^5.6, vega-embed ^6; VS
 * Code's and nteract's v5 renderers likewise). Those two live in their own folder, test/v5-renderer
 * (installed by scripts/setup.sh), because vega-lite 5's peer is vega 5 and the workbench uses vega 6.
 */
const folder = resolve(__dirname, '..', 'v5-renderer');
const requireV5 = createRequire(join(folder, 'package.json'));

export const v5RendererInstalled = () => existsSync(join(folder, 'node_modules', 'vega-lite', 'package.json'));

export function v5Versions(): { vega: string; vegaLite: string } {
  return { vega: requireV5('vega/package.json').version, vegaLite: requireV5('vega-lite/package.json').version };
}

/**
 * Compiles a Vega-Lite spec with vega-lite 5 and draws it with vega 5 as SVG, in Node (no browser);
 * every warning either library logs is returned, an error is thrown.
 */
export async function renderWithV5(spec: object): Promise<{ svg: string; warnings: string[] }> {
  const vegaLite = requireV5('vega-lite');
  const vega = requireV5('vega');
  const warnings: string[] = [];
  const logger = {
    level: () => logger,
    warn: (...m: unknown[]) => (warnings.push(m.map(String).join(' ')), logger),
    info: () => logger,
    debug: () => logger,
    error: (...m: unknown[]) => {
      throw new Error(m.map(String).join(' '));
    },
  };
  const compiled = vegaLite.compile(spec, { logger }).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none', logger });
  // as the workbench does: a figure's clip and gradient ids do not depend on what was drawn before it
  vega.resetSVGDefIds();
  const svg: string = await view.toSVG();
  view.finalize();
  return { svg, warnings };
}

/**
 * vega 6 changed one default of the SVG it writes: the root group's stroke-miterlimit (10 in vega 5,
 * 4 in vega 6). With that put back, the same spec drawn by both is expected byte for byte the same.
 */
export const asVega6Svg = (svgFromVega5: string) => svgFromVega5.replace(/^(<svg[^>]*>(?:<rect[^>]*\/>)?<g fill="none" stroke-miterlimit=)"10"/, '$1"4"');
