import { existsSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Figure } from '../present/figures/figure.js';
import { figureToSvg } from '../present/figures/render-figure.js';
import { displayBundle, figureBundle, vegaBundleFile } from '../present/notebook/display.js';

/**
 * Writes the vega bundle file (`vegaBundleFile`) into `dir` unless a complete copy is there (its name
 * is its content's hash, so a file of that name and size is that code). Written to a temporary name
 * and renamed, so a page never loads half a file. False when the folder cannot take it.
 */
export function writeVegaBundle(dir: string): boolean {
  const { name, text } = vegaBundleFile();
  const path = join(dir, name);
  try {
    if (existsSync(path) && statSync(path).size === Buffer.byteLength(text)) return true;
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, text);
    renameSync(tmp, path);
    return true;
  } catch {
    return false;
  }
}

let inlined = false;

/**
 * Shows a figure in a notebook: one display message (see `figureBundle`). The kernel runs in the
 * notebook's folder, which the Notebook server serves, so the vega bundle file is written there and
 * every figure's HTML loads it by a relative URL: the saved notebook holds no library code, and
 * each figure works on its own (a rerun of one cell included). Where the folder is read-only, the
 * bundles go inline with the first figure of the kernel session instead.
 */
export async function showFigure(fig: Figure): Promise<void> {
  const svg = await figureToSvg(fig);
  const beside = writeVegaBundle(process.cwd());
  displayBundle(figureBundle(fig, svg, !beside && !inlined));
  if (!beside) inlined = true;
}
