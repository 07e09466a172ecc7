import { describe, expect, it } from 'vitest';
import { chiSquare2x2 } from '../../src/derive/stats/chi-square-2x2.js';
import { python } from '../helpers/reference.js';

const SCIPY_REF = `
import sys, json
from scipy.stats import chi2_contingency
out = []
for t in json.load(sys.stdin):
    a = chi2_contingency(t, correction=False)
    b = chi2_contingency(t, correction=True)
    out.append([float(a[0]), float(a[1]), float(b[0]), float(b[1])])
print(json.dumps(out))
`;

const TABLES: [[number, number], [number, number]][] = [
  [
    [229, 69],
    [170, 417],
  ],
  [
    [10, 20],
    [30, 40],
  ],
  [
    [1, 2],
    [3, 4],
  ],
  [
    [5, 0],
    [0, 5],
  ],
  [
    [100, 100],
    [100, 100],
  ],
  [
    [50, 1],
    [1, 50],
  ],
  [
    [3, 7],
    [3, 8],
  ], // |O - E| < 0.5: Yates must clamp at 0, not overshoot
  [
    [1200, 800],
    [900, 1100],
  ],
];

describe('chiSquare2x2', () => {
  it('matches scipy.stats.chi2_contingency with and without the continuity correction', () => {
    const ref = python(SCIPY_REF, TABLES) as number[][];
    TABLES.forEach((t, i) => {
      const r = chiSquare2x2(t);
      const [chi2, p, chi2Y, pY] = ref[i];
      expect(r.chi2).toBeCloseTo(chi2, 9);
      expect(r.chi2Yates).toBeCloseTo(chi2Y, 9);
      expect(r.p / p).toBeCloseTo(1, 9);
      expect(r.pYates / pY).toBeCloseTo(1, 9);
    });
  });

  it('gives NaN for a table with an empty row or column', () => {
    const r = chiSquare2x2([
      [0, 0],
      [3, 4],
    ]);
    expect(r.chi2).toBeNaN();
    expect(r.p).toBeNaN();
  });
});
