/**
 * The fonts figures are drawn with outside a browser: PNGs load these files explicitly (resvg), and
 * PDFs are drawn by rsvg-convert with a fontconfig file that accepts only them (pdf-fonts.conf), so
 * a figure's text is in the same font in both, whatever else the machine has installed. Debian's
 * fonts-dejavu-core, installed by scripts/setup.sh. Only node builtins are imported here (the PDF
 * converter process imports this module, and stays small).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../repo-root.js';

export const FONT_FILES = ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'];

let pdfConf: string | null | undefined;

/**
 * The fontconfig file for rsvg-convert (FONTCONFIG_FILE) that lets it use only FONT_FILES, or null
 * when one of them is missing (a machine without Debian's DejaVu: rsvg-convert then uses the
 * system's fonts, as PNGs do). Kept in the sources (src/present/figures/pdf-fonts.conf), so the
 * compiled library reads it from there too.
 */
export function pdfFontsConf(): string | null {
  if (pdfConf === undefined) {
    let conf: string | null = null;
    try {
      conf = join(repoRoot(), 'src', 'present', 'figures', 'pdf-fonts.conf');
    } catch {
      // the library copied away from its checkout: no file to point at, the system's fonts draw
    }
    pdfConf = conf !== null && FONT_FILES.every((f) => existsSync(f)) && existsSync(conf) ? conf : null;
  }
  return pdfConf;
}
