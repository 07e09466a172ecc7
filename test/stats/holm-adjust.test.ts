import { expect, it } from 'vitest';
import { holmAdjust } from '../../src/derive/stats/holm-adjust.js';
import { createRng } from '../../src/derive/stats/rng.js';
import { rscript } from '../helpers/reference.js';

/** R's p.adjust on each vector (null for NA), every value printed to 17 significant digits. */
const R_ADJUST = (method: string) => `
cases <- jsonlite::fromJSON(file("stdin"), simplifyVector = FALSE)
out <- lapply(cases, function(p) {
  p <- sapply(p, function(x) if (is.null(x)) NA_real_ else x)
  r <- p.adjust(p, method = "${method}")
  ifelse(is.na(r), "NA", sprintf("%.17g", r))
})
cat(jsonlite::toJSON(out))`;

function cases(): (number | null)[][] {
  const rng = createRng(51, 'p-values');
  const random = Array.from({ length: 40 }, () => rng.next() ** 3);
  return [
    [0.01, 0.02, 0.03, 0.04, 0.05],
    [0.04, 0.01, 0.04, 0.2, 0.01, 0.5, 0.04], // ties, unsorted
    [0.001, null, 0.02, 0.5, null, 0.03], // NA: kept, not counted
    [0.3], // one p-value: unchanged
    [1e-300, 1, 0, 0.9, 0.9, 0.9],
    random,
    [0.011, 0.012, 0.013, 0.5, 0.6, 0.7, 0.045, 0.046, 0.046, 0.002, 0.5, 0.6],
  ];
}

it('equals R p.adjust(method = "holm") exactly (the same doubles), ties and NA included', () => {
  const input = cases();
  const ref: string[][] = rscript(R_ADJUST('holm'), input);
  input.forEach((p, i) => {
    const ours = holmAdjust(p);
    expect(ours.map((x) => (Number.isNaN(x) ? 'NA' : x))).toEqual(ref[i].map((x) => (x === 'NA' ? 'NA' : Number(x))));
  });
});

it('hand-worked: (0.01, 0.04, 0.03, 0.005) with m = 4', () => {
  // sorted 0.005, 0.01, 0.03, 0.04 -> 4(0.005) = 0.02, 3(0.01) = 0.03, 2(0.03) = 0.06, 1(0.04) -> max 0.06
  const r = holmAdjust([0.01, 0.04, 0.03, 0.005]);
  expect(r[3]).toBeCloseTo(0.02, 15);
  expect(r[0]).toBeCloseTo(0.03, 15);
  expect(r[2]).toBeCloseTo(0.06, 15);
  expect(r[1]).toBeCloseTo(0.06, 15); // the running maximum carries 0.06 past 0.04
  expect(holmAdjust([0.5, 0.6])).toEqual([1, 1]);
});

it('empty input, all missing, and p-values outside [0, 1]', () => {
  expect(holmAdjust([])).toEqual([]);
  expect(holmAdjust([NaN, null, undefined])).toEqual([NaN, NaN, NaN]);
  expect(() => holmAdjust([0.1, 1.2])).toThrow(RangeError);
  expect(() => holmAdjust([-0.1])).toThrow(RangeError);
});
