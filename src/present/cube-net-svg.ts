import { escapeHtml } from './report/escape-html.js';
import { FACES } from '../domain/cube/moves.js';
import { faceletsOf, type CubeState } from '../domain/cube/state.js';

/** Sticker colours (the common Western scheme: white top, green front). */
export const FACE_COLOURS: Record<string, string> = {
  U: '#ffffff',
  R: '#c41e3a',
  F: '#009e60',
  D: '#ffd500',
  L: '#ff5800',
  B: '#0051ba',
};

/** Where each face sits in the unfolded net, in sticker units: the usual cross with U on top. */
export const NET_ORIGIN: Record<string, [number, number]> = { U: [3, 0], L: [0, 3], F: [3, 3], R: [6, 3], B: [9, 3], D: [3, 6] };

export interface NetOptions {
  /** sticker edge in pixels (default 16) */
  size?: number;
  /** a caption drawn under the net (escaped) */
  caption?: string;
  /** write each face's letter on its centre sticker (default true) */
  labels?: boolean;
}

/**
 * Draws a cube state as an unfolded net (SVG). Each facelet is placed exactly as docs/release-format.md
 * numbers it (face by face, row by row as seen from outside), so the picture is a direct reading
 * of the 54-character string.
 */
export function cubeNetSvg(state: string | CubeState, opts: NetOptions = {}): string {
  const facelets = typeof state === 'string' ? state : faceletsOf(state);
  if (!/^[URFDLB]{54}$/.test(facelets)) throw new Error('cubeNetSvg: expected 54 facelet letters from URFDLB');
  const size = opts.size ?? 16;
  const pad = 2;
  const captionH = opts.caption ? 18 : 0;
  // DejaVu Sans at 12 px averages under 7 px a character: widen the picture so a caption fits
  const width = Math.max(12 * size + 2 * pad, opts.caption ? Math.ceil(opts.caption.length * 7) + 2 * pad : 0);
  const height = 9 * size + 2 * pad + captionH;
  const parts: string[] = [];
  FACES.forEach((face, f) => {
    const [ox, oy] = NET_ORIGIN[face];
    for (let k = 0; k < 9; k++) {
      const letter = facelets[f * 9 + k];
      const x = pad + (ox + (k % 3)) * size;
      const y = pad + (oy + Math.floor(k / 3)) * size;
      parts.push(
        `<rect x="${x}" y="${y}" width="${size}" height="${size}" fill="${FACE_COLOURS[letter]}" stroke="#222" stroke-width="1"><title>${face}${k + 1}: ${letter}</title></rect>`,
      );
    }
    if (opts.labels ?? true) {
      const cx = pad + (ox + 1.5) * size;
      const cy = pad + (oy + 1.5) * size + size * 0.18;
      parts.push(
        `<text x="${cx}" y="${cy}" font-size="${Math.round(size * 0.55)}" font-family="DejaVu Sans, sans-serif" text-anchor="middle" fill="#444">${face}</text>`,
      );
    }
  });
  if (opts.caption) {
    parts.push(`<text x="${pad}" y="${height - 5}" font-size="12" font-family="DejaVu Sans, sans-serif" fill="#222">${escapeHtml(opts.caption)}</text>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}
