import { describe, expect, it } from 'vitest';
import { buildScorecard, printedDecimals, scorecardCounts, sortedByDelta, verdictLine, withinRounding } from '../../src/present/report/scorecard.js';
import type { Table } from '../../src/present/tables/table.js';

const table: Table = {
  id: 't',
  title: 't',
  source: 's',
  columns: [
    { key: 'model', label: 'Model' },
    { key: 'success', label: 'Success %', format: 'pct' },
    { key: 'ci_low', label: 'low', format: 'pct' },
    { key: 'ci_high', label: 'high', format: 'pct' },
    { key: 'paper', label: 'Paper %', format: 'pct' },
    { key: 'items', label: 'Items', format: 'int' },
    { key: 'paper_items', label: 'Paper items', format: 'int' },
    { key: 'paper_best', label: 'Paper best', format: 'bool' },
  ],
  rows: [
    // 0.49574 rounds to the paper's 0.4957 (4 decimals)
    { model: 'A', success: 0.49574, ci_low: 0.47, ci_high: 0.52, paper: 0.4957, items: 10, paper_items: 10, paper_best: true },
    // 0.30 vs 0.28: not within rounding, inside [0.25, 0.35]
    { model: 'B', success: 0.3, ci_low: 0.25, ci_high: 0.35, paper: 0.28, items: 12, paper_items: 11, paper_best: false },
    // outside both
    { model: 'C', success: 0.1, ci_low: 0.05, ci_high: 0.15, paper: 0.2, items: 5, paper_items: null, paper_best: false },
    { model: 'D', success: 0.1, ci_low: 0.05, ci_high: 0.15, paper: null, items: 5, paper_items: null, paper_best: false },
  ],
};
const spec = { t: { comparisons: [{ paper: 'paper', recomputed: 'success', ci: ['ci_low', 'ci_high'] as [string, string] }] } };

describe('scorecard', () => {
  const { entries, warnings } = buildScorecard([table], spec);
  it('has one entry per published number (booleans are not numbers), paired by declaration or by name', () => {
    expect(warnings).toEqual([]);
    expect(entries.map((e) => [e.label, e.paper_column, e.recomputed_column])).toEqual([
      ['A: Success %', 'paper', 'success'],
      ['B: Success %', 'paper', 'success'],
      ['C: Success %', 'paper', 'success'],
      ['A: Items', 'paper_items', 'items'],
      ['B: Items', 'paper_items', 'items'],
    ]);
  });
  it('delta is recomputed minus paper; covered is worked out by hand', () => {
    expect(entries.map((e) => e.delta)).toEqual([0.49574 - 0.4957, 0.3 - 0.28, 0.1 - 0.2, 0, 1]);
    expect(entries.map((e) => e.covered)).toEqual([true, true, false, undefined, undefined]);
    expect(entries.map((e) => e.within_rounding)).toEqual([true, false, false, true, false]);
    expect(scorecardCounts(entries)).toEqual({ published: 5, within_rounding: 2, within_ci: 1, outside: 2, not_recomputed: 0 });
  });
  it('sorts by |delta| as shown (percentage points for rates) and says so in one line', () => {
    expect(sortedByDelta(entries).map((e) => e.label)).toEqual(['C: Success %', 'B: Success %', 'B: Items', 'A: Success %', 'A: Items']);
    expect(verdictLine('x', entries)).toBe('x: 3 of 5 published numbers reproduced (2 within rounding, 1 more within their 95% CI); 2 outside; largest miss: t C: Success % (-10.00).');
  });
  it('warns about a paper column nothing is compared with', () => {
    const t2: Table = { ...table, id: 'u' };
    expect(buildScorecard([t2], {}).warnings).toEqual(['u: no recomputed column is declared for paper column "paper"']);
  });
  it('rounding follows the digits the paper prints', () => {
    expect([0.4957, 181.1, 631, 0.21, 5e-7, 1.5e-10].map(printedDecimals)).toEqual([4, 1, 0, 2, 7, 11]);
    expect(withinRounding(181.149, 181.1)).toBe(true);
    expect(withinRounding(181.151, 181.1)).toBe(false);
    expect(withinRounding(631, 631)).toBe(true);
    expect(withinRounding(632, 631)).toBe(false);
  });
});
