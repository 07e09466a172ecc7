import { expect, it } from 'vitest';
import { benjaminiHochbergAdjust } from '../../src/derive/stats/benjamini-hochberg-adjust.js';
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

it('equals R p.adjust(method = "BH") exactly (the same doubles), ties and NA included', () => {
  const input = cases();
  const ref: string[][] = rscript(R_ADJUST('BH'), input);
  input.forEach((p, i) => {
    const ours = benjaminiHochbergAdjust(p);
    expect(ours.map((x) => (Number.isNaN(x) ? 'NA' : x))).toEqual(ref[i].map((x) => (x === 'NA' ? 'NA' : Number(x))));
  });
});

it('hand-worked: (0.01, 0.04, 0.03, 0.005) with m = 4', () => {
  // from the largest: 4/4 (0.04) = 0.04, 4/3 (0.03) = 0.04, 4/2 (0.01) = 0.02, 4/1 (0.005) = 0.02; running minimum
  const r = benjaminiHochbergAdjust([0.01, 0.04, 0.03, 0.005]);
  expect(r[1]).toBeCloseTo(0.04, 15);
  expect(r[2]).toBeCloseTo(0.04, 15);
  expect(r[0]).toBeCloseTo(0.02, 15);
  expect(r[3]).toBeCloseTo(0.02, 15);
  // the running minimum pulls a larger scaled value down: 2/1 (0.03) = 0.06 > 2/2 (0.04)
  expect(benjaminiHochbergAdjust([0.03, 0.04])).toEqual([0.04, 0.04]);
});

it('empty input, all missing, and p-values outside [0, 1]', () => {
  expect(benjaminiHochbergAdjust([])).toEqual([]);
  expect(benjaminiHochbergAdjust([NaN, null, undefined])).toEqual([NaN, NaN, NaN]);
  expect(() => benjaminiHochbergAdjust([0.1, 1.2])).toThrow(RangeError);
  expect(() => benjaminiHochbergAdjust([-0.1])).toThrow(RangeError);
});
