import { describe, expect, it } from 'vitest';
import { quantileSelect } from '../../src/derive/stats/quantile-select.js';
import { createRng } from '../../src/derive/stats/rng.js';
import { python } from '../helpers/reference.js';

describe('quantileSelect', () => {
  it('equals numpy.percentile (type 7), with many ties and without, and leaves a permutation', () => {
    const rng = createRng(9, 'select');
    const sets = [
      Array.from({ length: 1001 }, () => rng.next()),
      Array.from({ length: 10000 }, () => Math.floor(rng.next() * 7) / 20), // a bootstrap of shares: heavy ties
      Array.from({ length: 2 }, () => rng.next()),
      [3],
      Array.from({ length: 500 }, () => 0.25),
    ];
    const ps = [0, 0.025, 0.3, 0.5, 0.975, 1];
    const ref: number[][] = python(
      'import sys,json,numpy as np; d=json.load(sys.stdin); print(json.dumps([[float(np.percentile(x, p*100)) for p in d["p"]] for x in d["sets"]]))',
      { sets, p: ps },
    );
    sets.forEach((xs, s) => {
      const data = Float64Array.from(xs);
      ps.forEach((p, i) => expect(quantileSelect(data, p)).toBeCloseTo(ref[s][i], 12));
      expect(Array.from(data).sort()).toEqual([...xs].sort());
    });
  });
  it('is NaN on no data', () => {
    expect(quantileSelect(new Float64Array(0), 0.5)).toBeNaN();
  });
});
