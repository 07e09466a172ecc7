import { expect, it } from 'vitest';
import { clusterCodes } from '../../src/derive/stats/cluster-codes.js';

it('numbers clusters in order of first appearance and counts their units', () => {
  const r = clusterCodes(['b', 'a', 'b', 'c', 'a', 'b']);
  expect(Array.from(r.codes)).toEqual([0, 1, 0, 2, 1, 0]);
  expect(r.count).toBe(3);
  expect(Array.from(r.sizes)).toEqual([3, 2, 1]);
});

it('labels are data: __proto__, constructor and toString are ordinary; 1 and "1" differ', () => {
  const r = clusterCodes(['__proto__', 'constructor', 'toString', '__proto__', 1, '1', 1]);
  expect(Array.from(r.codes)).toEqual([0, 1, 2, 0, 3, 4, 3]);
  expect(r.count).toBe(5);
  expect(clusterCodes([]).count).toBe(0);
});
