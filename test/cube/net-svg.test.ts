import { describe, expect, it } from 'vitest';
import { scrambleFacelets, SOLVED_FACELETS } from '../../src/domain/cube/index.js';
import { cubeNetSvg, FACE_COLOURS } from '../../src/present/cube-net-svg.js';

describe('cubeNetSvg', () => {
  it('draws 54 stickers in the colours of the facelet string, in net positions', () => {
    const svg = cubeNetSvg(scrambleFacelets('R'), { size: 10 });
    const rects = [...svg.matchAll(/<rect x="(\d+)" y="(\d+)"[^>]*fill="([^"]+)"/g)];
    expect(rects).toHaveLength(54);
    // U3 (top-right of U, drawn at column 5 row 0 of the net) shows F's colour after R
    const u3 = rects.find(([, x, y]) => x === String(2 + 5 * 10) && y === String(2))!;
    expect(u3[3]).toBe(FACE_COLOURS.F);
    // F1 (column 3, row 3) is untouched
    const f1 = rects.find(([, x, y]) => x === String(2 + 3 * 10) && y === String(2 + 3 * 10))!;
    expect(f1[3]).toBe(FACE_COLOURS.F);
  });

  it('escapes the caption and refuses anything but facelet letters', () => {
    const svg = cubeNetSvg(SOLVED_FACELETS, { caption: '<b>"x" & y</b>' });
    expect(svg).toContain('&lt;b&gt;&quot;x&quot; &amp; y&lt;/b&gt;');
    expect(svg).not.toContain('<b>');
    expect(() => cubeNetSvg('<script>' + 'U'.repeat(46))).toThrow();
  });
});
