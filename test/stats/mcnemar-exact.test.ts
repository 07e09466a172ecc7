import { expect, it } from 'vitest';
import { mcnemarExact } from '../../src/derive/stats/mcnemar-exact.js';
import { python } from '../helpers/reference.js';

it('equals statsmodels mcnemar(exact=True)', () => {
  const cases: [number, number][] = [
    [0, 0],
    [3, 0],
    [10, 12],
    [25, 5],
    [409, 59],
    [1000, 1010],
    [7, 1],
  ];
  const ref: number[] = python(
    `import sys,json
from statsmodels.stats.contingency_tables import mcnemar
print(json.dumps([float(mcnemar([[0,b],[c,0]], exact=True).pvalue) for b,c in json.load(sys.stdin)]))`,
    cases,
  );
  cases.forEach(([b, c], i) => {
    const p = mcnemarExact(b, c);
    if (ref[i] < 1e-300) expect(p).toBeLessThan(1e-300);
    else expect(p / ref[i]).toBeCloseTo(1, 9);
  });
});
