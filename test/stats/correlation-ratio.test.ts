import { expect, it } from 'vitest';
import { correlationRatio } from '../../src/derive/stats/correlation-ratio.js';
import { createRng } from '../../src/derive/stats/rng.js';
import { python } from '../helpers/reference.js';

it('eta^2 equals the R^2 of a one-way ANOVA in statsmodels', () => {
  const rng = createRng(3, 'eta');
  const groups = Array.from({ length: 300 }, () => `op${rng.int(12)}`);
  const values = groups.map((g) => Number(g.slice(2)) * 0.3 + rng.next() * 2);
  const r2 = python(
    `import sys,json
import pandas as pd, statsmodels.formula.api as smf
d=json.load(sys.stdin); df=pd.DataFrame({"g":d["g"],"y":d["y"]})
print(json.dumps(float(smf.ols("y ~ C(g)", df).fit().rsquared)))`,
    { g: groups, y: values },
  );
  const eta = correlationRatio(groups, values);
  expect(eta * eta).toBeCloseTo(r2, 10);
  expect(eta).toBeGreaterThan(0.5);
});

it('is 0 when the groups have equal means and 1 when each group is constant', () => {
  expect(correlationRatio(['a', 'a', 'b', 'b'], [1, 3, 1, 3])).toBe(0);
  expect(correlationRatio(['a', 'a', 'b', 'b'], [1, 1, 3, 3])).toBe(1);
});
