import { describe, expect, it } from 'vitest';
import { cohensKappa } from '../../src/derive/stats/cohens-kappa.js';
import { python } from '../helpers/reference.js';

describe("Cohen's kappa against statsmodels.stats.inter_rater.cohens_kappa", () => {
  const tables = [
    [
      [2, 0],
      [1, 2],
    ],
    [
      [1, 2],
      [1, 2],
    ],
    [
      [40, 9],
      [6, 45],
    ],
    [
      [120, 33],
      [17, 230],
    ],
    [
      [5, 1, 0],
      [2, 7, 1],
      [0, 3, 9],
    ],
  ];
  const ref = python(
    `import json, sys
from statsmodels.stats.inter_rater import cohens_kappa
out = []
for t in json.load(sys.stdin):
    r = cohens_kappa(t)
    out.append([r.kappa, r.std_kappa, r.kappa_low, r.kappa_upp])
print(json.dumps(out))`,
    tables,
  ) as number[][];
  it.each(tables.map((t, i) => [JSON.stringify(t), i] as const))('%s', (_, i) => {
    const k = cohensKappa(tables[i]);
    const [kappa, se, low, high] = ref[i];
    expect(k.kappa).toBeCloseTo(kappa, 12);
    expect(k.se).toBeCloseTo(se, 12);
    expect(k.low).toBeCloseTo(low, 8);
    expect(k.high).toBeCloseTo(high, 8);
  });
  it('is undefined when both raters give one same label throughout', () => {
    expect(
      Number.isNaN(
        cohensKappa([
          [4, 0],
          [0, 0],
        ]).kappa,
      ),
    ).toBe(true);
  });
});
