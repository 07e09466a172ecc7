/**
 * A figure's PDF is drawn with the same two font files as its PNG (figure-fonts.ts), whatever family
 * its text asks for and whatever else the machine has installed: rsvg-convert reads a fontconfig
 * file (pdf-fonts.conf) that accepts only them.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FONT_FILES, pdfFontsConf } from '../../src/present/figures/figure-fonts.js';
import { svgToPdf } from '../../src/run/svg-to-pdf.js';
import { rsvgEnv } from '../../src/run/rsvg-convert.js';

/** The fonts a PDF embeds, as pdffonts (poppler-utils) names them, without the subset prefix. */
function embeddedFonts(pdf: Buffer): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-fonts-'));
  try {
    const file = join(dir, 'f.pdf');
    writeFileSync(file, pdf);
    const r = spawnSync('pdffonts', [file], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    // two header lines, then one line per font: its name first
    return r.stdout
      .trim()
      .split('\n')
      .slice(2)
      .map((l) => l.split(/\s+/)[0].replace(/^[A-Z]{6}\+/, ''))
      .filter((n, i, all) => all.indexOf(n) === i)
      .sort();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const text = (family: string, y: number, weight = 'normal') =>
  `<text x="4" y="${y}" font-family="${family}" font-weight="${weight}" font-size="12">${family} Å 0123</text>`;

describe('the fonts of a PDF', () => {
  it('the fontconfig file accepts exactly the PNG font files, from their folder', () => {
    const conf = readFileSync(pdfFontsConf()!, 'utf8');
    const accepted = [...conf.match(/<acceptfont>([\s\S]*?)<\/acceptfont>/)![1].matchAll(/<glob>([^<]*)<\/glob>/g)].map((m) => m[1]);
    expect(accepted).toEqual(FONT_FILES);
    expect([...conf.matchAll(/<dir>([^<]*)<\/dir>/g)].map((m) => m[1])).toEqual([...new Set(FONT_FILES.map((f) => dirname(f)))]);
    // everything else is refused
    expect(conf).toMatch(/<rejectfont>\s*<glob>\*<\/glob>\s*<\/rejectfont>/);
    expect(rsvgEnv().FONTCONFIG_FILE).toBe(pdfFontsConf());
  });

  it('text in any family is drawn in DejaVu Sans, bold in DejaVu Sans Bold', () => {
    // families this machine's system fonts would give other faces for (DejaVu Serif, DejaVu Sans
    // Mono, MathJax's own), one not installed, and a name that means something to fontconfig's syntax
    const families = ['serif', 'monospace', 'MathJax_Main', 'Arial', 'sans-serif', 'DejaVu Serif', 'Noto:style=Italic'];
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="${20 * families.length + 40}">${families.map((f, i) => text(f, 16 + 20 * i)).join('')}${text('DejaVu Sans', 20 * families.length + 20, 'bold')}</svg>`;
    expect(embeddedFonts(svgToPdf(svg, 3))).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
  });
});
