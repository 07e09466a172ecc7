import { describe, expect, it } from 'vitest';
import { etaSquaredOfGroups, groupMoments } from '../../src/derive/stats/eta-squared-of-groups.js';
import { correlationRatio } from '../../src/derive/stats/correlation-ratio.js';
import { createRng } from '../../src/derive/stats/rng.js';

describe('etaSquaredOfGroups', () => {
  it('is SS_between / SS_total, worked by hand', () => {
    // groups {1,2,3} and {4,6}: means 2 and 5, grand mean 16/5 = 3.2;
    // SS_between = 3 (1.2)^2 + 2 (1.8)^2 = 4.32 + 6.48 = 10.8; SS_within = 2 + 2 = 4
    expect(
      etaSquaredOfGroups(
        groupMoments([
          [1, 2, 3],
          [4, 6],
        ]),
      ),
    ).toBeCloseTo(10.8 / 14.8, 14);
  });

  it('counts a group listed twice as two groups, as correlationRatio over the copies does', () => {
    const rng = createRng(7, 'eta');
    const groups = Array.from({ length: 6 }, (_, g) => Array.from({ length: 3 + g }, () => g + 3 * rng.next()));
    const drawn = [0, 0, 3, 5, 5, 5, 2];
    const labels: string[] = [];
    const values: number[] = [];
    drawn.forEach((g, copy) => {
      for (const v of groups[g]) {
        labels.push(String(copy));
        values.push(v);
      }
    });
    const moments = groupMoments(groups);
    expect(etaSquaredOfGroups(drawn.map((g) => moments[g]))).toBeCloseTo(correlationRatio(labels, values) ** 2, 12);
  });

  it('is NaN when nothing varies or there is nothing', () => {
    expect(etaSquaredOfGroups(groupMoments([[2, 2], [2]]))).toBeNaN();
    expect(etaSquaredOfGroups([])).toBeNaN();
  });
});
