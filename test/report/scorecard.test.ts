import { describe, expect, it } from 'vitest';
import {
  approx,
  count,
  indexPublished,
  pct,
  pp,
  printedText,
  printedValue,
  publish,
  rate,
  stat,
  tolerance,
  type ComparedCell,
} from '../../src/present/report/published.js';
import { scorecardHtml, scorecardMarkdown } from '../../src/present/report/render-scorecard.js';
import { buildScorecard, scorecardCounts, sortedByDelta, verdictLine, verdictOf } from '../../src/present/report/scorecard.js';
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
    // 0.49574 rounds to the paper's 49.57% (two decimals of a percentage: +-0.00005)
    { model: 'A', success: 0.49574, ci_low: 0.47, ci_high: 0.52, paper: 0.4957, items: 10, paper_items: 10, paper_best: true },
    // 30% vs 28%: not within rounding, inside [25%, 35%]
    { model: 'B', success: 0.3, ci_low: 0.25, ci_high: 0.35, paper: 0.28, items: 12, paper_items: 11, paper_best: false },
    // outside both
    { model: 'C', success: 0.1, ci_low: 0.05, ci_high: 0.15, paper: 0.2, items: 5, paper_items: null, paper_best: false },
    { model: 'constructor', success: 0.1, ci_low: 0.05, ci_high: 0.15, paper: null, items: 5, paper_items: null, paper_best: false },
  ],
};
const success = (model: string): ComparedCell => ({ analysis: 't', row: { model }, column: 'success', paper: 'paper', ci: ['ci_low', 'ci_high'] });
const items = (model: string): ComparedCell => ({ analysis: 't', row: { model }, column: 'items', paper: 'paper_items' });
const published = [
  publish('t/success/A', 'Table 1', 'A', pct('49.57'), { compare: [success('A')] }),
  publish('t/success/B', 'Table 1', 'B', pct('28.00'), { compare: [success('B')] }),
  publish('t/success/C', 'Table 1', 'C', pct('20.00'), { compare: [success('C')] }),
  publish('t/success/D', 'Table 1', 'D, absent from the release', pct('12.00'), { compare: [success('D')] }),
  publish('t/items/A', 'Table 1', 'A items', count('10'), { design_fixed: true, compare: [items('A')] }),
  publish('t/items/B', 'Table 1', 'B items', count('11'), { design_fixed: true, compare: [items('B')] }),
];

describe('the tolerance of "within rounding" comes from the printed text and its unit', () => {
  it('rate 0.75 -> +-0.005; a 0.00 rate is +-0.005, not +-0.5', () => {
    expect(printedValue(rate('0.75'))).toBe(0.75);
    expect(tolerance(rate('0.75'))).toBe(0.005);
    expect(tolerance(rate('0.00'))).toBe(0.005);
    expect(tolerance(rate('1.00'))).toBe(0.005);
  });
  it('pct 49.57 -> 0.4957 +-0.00005 (0.005 points); 100% -> 1 +-0.005; one decimal -> +-0.0005', () => {
    expect(printedValue(pct('49.57'))).toBe(0.4957);
    expect(tolerance(pct('49.57'))).toBe(0.00005);
    expect(printedValue(pct('100'))).toBe(1);
    expect(tolerance(pct('100'))).toBe(0.005);
    expect(printedValue(pct('5.21'))).toBe(0.0521);
    expect(printedValue(pct('0.6'))).toBe(0.006);
    expect(tolerance(pct('54.6'))).toBe(0.0005);
  });
  it('percentage points keep their sign: +21.45 -> 0.2145, -38.38 -> -0.3838, +-0.00005', () => {
    expect(printedValue(pp('+21.45'))).toBe(0.2145);
    expect(printedValue(pp('-38.38'))).toBe(-0.3838);
    expect(tolerance(pp('+37.00'))).toBe(0.00005);
  });
  it('counts are exact (thousands separators as printed); statistics in their own units', () => {
    expect(printedValue(count('22,431'))).toBe(22431);
    expect(tolerance(count('631'))).toBe(0);
    expect(printedValue(stat('181.1'))).toBe(181.1);
    expect(tolerance(stat('181.1'))).toBe(0.05);
    expect(tolerance(stat('4.73'))).toBe(0.005);
  });
  it('approximate numbers have no rounding tolerance, only a stated band', () => {
    expect(tolerance(approx(pct('21')))).toBeNull();
    expect(tolerance(approx(pct('21'), '1'))).toBe(0.01);
    expect(printedText(approx(pct('21')))).toBe('about 21%');
    expect(printedText(pp('+21.45'))).toBe('+21.45 pp');
  });
  it('refuses a number that is not given as the printed text', () => {
    expect(() => rate(0.75 as unknown as string)).toThrow(/printed text as a string/);
    expect(() => rate('0.7.5')).toThrow(/not a number/);
    expect(() => count('1.5')).toThrow(/not a number/);
    expect(() => pct('49,57')).toThrow(/not a number/);
    // an approximate number needs a CI or a stated band to be judged
    expect(() => publish('x', 'w', 'x', approx(pct('21')), { compare: [items('A')] })).toThrow(/approximate/);
    expect(() => publish('x', 'w', 'x', pct('21'))).toThrow(/compared nowhere/);
  });
});

describe('the scorecard is driven by the declared numbers', () => {
  const { entries, warnings } = buildScorecard([table], published);
  it('lists every declared comparison, a missing row as not recomputed, named in a warning', () => {
    expect(entries.map((e) => [e.id, e.label, e.row, e.verdict])).toEqual([
      ['t/success/A', 'A: Success %', 0, 'within rounding'],
      ['t/success/B', 'B: Success %', 1, 'within CI'],
      ['t/success/C', 'C: Success %', 2, 'outside'],
      ['t/success/D', 'D: Success %', null, 'not recomputed'],
      ['t/items/A', 'A: Items', 0, 'within rounding'],
      ['t/items/B', 'B: Items', 1, 'outside'],
    ]);
    expect(warnings).toEqual(['1 published number not recomputed (no such row or value in the recomputed table): t D: Success %']);
  });
  it('delta, covered and the counts are worked out by hand', () => {
    expect(entries.map((e) => e.delta)).toEqual([0.49574 - 0.4957, 0.3 - 0.28, 0.1 - 0.2, null, 0, 1]);
    expect(entries.map((e) => e.covered)).toEqual([true, true, false, null, undefined, undefined]);
    expect(scorecardCounts(entries)).toEqual({
      published: 6,
      within_rounding: 2,
      within_approximation: 0,
      within_ci: 1,
      outside: 2,
      not_recomputed: 1,
      design_fixed: 2,
    });
  });
  it('sorts by |delta| as shown and says so in one line, with the numbers fixed by design counted apart', () => {
    expect(sortedByDelta(entries).map((e) => e.label)).toEqual(['C: Success %', 'B: Success %', 'B: Items', 'A: Success %', 'A: Items', 'D: Success %']);
    expect(verdictLine('x', entries)).toBe(
      "x: 3 of 6 published numbers reproduced (2 within rounding, 1 more within their 95% CI); 2 outside; 1 not recomputed; largest miss: t C: Success % (-10.00); 2 of them fixed by the release's design (1 of those differ).",
    );
  });
  it('a 0.00 rate is not "within rounding" of 0.40 (the tolerance is never inferred from a float)', () => {
    const t: Table = {
      ...table,
      rows: [{ model: 'A', success: 0.4, ci_low: 0.2188, ci_high: 0.6134, paper: 0, items: 1, paper_items: null, paper_best: false }],
    };
    const { entries: e } = buildScorecard([t], [publish('a', 'w', 'a', rate('0.00'), { compare: [success('A')] })]);
    expect(e.map(verdictOf)).toEqual(['outside']);
  });
  it('an approximate number: within its stated band, else by its CI, never within rounding', () => {
    const t: Table = {
      ...table,
      rows: [{ model: 'A', success: 0.2149, ci_low: 0.2, ci_high: 0.23, paper: 0.21, items: 1, paper_items: null, paper_best: false }],
    };
    const judge = (p: ReturnType<typeof pct>) => buildScorecard([t], [publish('a', 'w', 'a', p, { compare: [success('A')] })]).entries[0];
    expect(judge(approx(pct('21'), '1')).verdict).toBe('within its approximation');
    expect(judge(approx(pct('21'))).verdict).toBe('within CI');
    expect(judge(approx(pct('25'))).verdict).toBe('outside');
    expect(judge(approx(pct('21'))).within_rounding).toBe(false);
  });
  it('warns where a table shows a paper number that disagrees with, or is not in, the declarations', () => {
    const t: Table = { ...table, rows: table.rows.map((r) => ({ ...r, paper_items: r.model === 'C' ? 4 : r.paper_items })) };
    const w = buildScorecard([t], published.slice(0, 4)).warnings;
    expect(w).toContain('t: row 0 shows a published number in paper_items that no declaration compares');
    expect(w).toContain('t: row 2 shows a published number in paper_items that no declaration compares');
    const wrong = buildScorecard([table], [publish('t/success/A', 'w', 'A', pct('49.58'), { compare: [success('A')] })]).warnings;
    expect(wrong[0]).toBe('t: row 0 shows 0.4957 in paper, but t/success/A is declared as 0.4958');
  });
});

describe('each row shows its number in the unit the paper prints, and its label says that unit', () => {
  // a table of 0-1 rates shown as percentages, "Pass rate %", "Diff (pp)", "Mean", "eta^2 %"
  const rates: Table = {
    id: 'r',
    title: 'r',
    source: 's',
    columns: [
      { key: 'arm', label: 'Arm' },
      { key: 'pass', label: 'Pass rate %', format: 'pct' },
      { key: 'lo', label: 'low', format: 'pct' },
      { key: 'hi', label: 'high', format: 'pct' },
      { key: 'diff', label: 'Diff (pp)', format: 'pp' },
      { key: 'ci_low', label: '95% CI low', format: 'pp' },
      { key: 'sd', label: '\u00b1 sd', format: 'pct' },
      { key: 'eta2', label: 'eta^2 %', format: 'pct' },
      { key: 'mean', label: 'Mean', format: 'num' },
    ],
    rows: [{ arm: 'a', pass: 0.4, lo: 0.2188, hi: 0.6134, diff: 0.2145, ci_low: 0.1912, sd: 0.019, eta2: 0.8164, mean: 0.4 }],
  };
  const at = (column: string, ci?: readonly [string, string]): ComparedCell => ({
    analysis: 'r',
    row: { arm: 'a' },
    column,
    paper: null,
    ...(ci ? { ci } : {}),
  });
  const list = [
    publish('r/pass', 'w', 'pass rate', rate('0.40'), { compare: [at('pass', ['lo', 'hi'])] }),
    publish('r/diff', 'w', 'difference', pp('+21.45'), { compare: [at('diff')] }),
    publish('r/low', 'w', 'its low bound', pp('+19.12'), { compare: [at('ci_low')] }),
    publish('r/sd', 'w', 'spread', pct('1.9'), { compare: [at('sd')] }),
    publish('r/eta2', 'w', 'eta squared', pct('81.64'), { compare: [at('eta2')] }),
  ];
  const { entries, warnings } = buildScorecard([rates], list);
  const row = (md: string, label: string) => md.split('\n').find((l) => l.startsWith(`| r | ${label} |`));

  it('a rate printed 0.40 is shown as 0.40 under a label that says 0-1, never under "Pass rate %"', () => {
    expect(warnings).toEqual([]);
    const md = scorecardMarkdown('b', entries);
    expect(md).not.toContain('Pass rate %');
    // by hand: 0.40 as printed, recomputed 0.4 -> 0.40, delta 0 with one decimal more, Wilson bounds 0.2188 and 0.6134 at two decimals
    expect(row(md, 'a: Pass rate (0\u20131)')).toBe('| r | a: Pass rate (0\u20131) | 0.40 | 0.40 | 0.000 | [0.22, 0.61] | within rounding |');
    const html = scorecardHtml('b', entries);
    expect(html).not.toContain('Pass rate %');
    expect(html).toContain('Pass rate <span class="nw">(0\u20131)</span></td><td class="num">0.40</td><td class="num">0.40</td>');
  });
  it('percentages keep their %, points say pp, and the symbols are the proper ones', () => {
    const md = scorecardMarkdown('b', entries);
    expect(row(md, 'a: Diff (pp)')).toBe('| r | a: Diff (pp) | +21.45 pp | +21.45 pp | 0.000 pp | \u2013 | within rounding |');
    expect(row(md, 'a: 95% CI low (pp)')).toContain('| +19.12 pp | +19.12 pp |');
    expect(row(md, 'a: \u00b1 sd %')).toContain('| 1.9% | 1.9% |');
    expect(row(md, 'a: \u03b7\u00b2 %')).toContain('| 81.64% | 81.64% |');
  });
  it("summary.json keeps the table's label (its rates are 0-1 like every JSON)", () => {
    expect(entries[0]).toMatchObject({ label: 'a: Pass rate %', column_label: 'Pass rate %', paper: 0.4, recomputed: 0.4 });
  });
  it('a number compared with a column of another unit is never a match, though the floats agree', () => {
    // 40.00% against a mean of 0.40, 0.40 (a rate) against points, 0.40 (a statistic) against a rate
    const wrong = [
      publish('x/pct-vs-mean', 'w', 'x', pct('40.00'), { compare: [at('mean')] }),
      publish('x/rate-vs-pp', 'w', 'x', rate('0.21'), { compare: [at('diff')] }),
      publish('x/stat-vs-rate', 'w', 'x', stat('0.40'), { compare: [at('pass', ['lo', 'hi'])] }),
    ];
    const judged = buildScorecard([rates], wrong);
    expect(judged.entries.map((e) => [e.recomputed, e.paper])).toEqual([
      [0.4, 0.4],
      [0.2145, 0.21],
      [0.4, 0.4],
    ]);
    expect(judged.entries.map((e) => [e.within_rounding, e.covered, e.verdict])).toEqual([
      [false, undefined, 'outside'],
      [false, undefined, 'outside'],
      [false, null, 'outside'],
    ]);
    expect(judged.warnings).toEqual([
      'published numbers compared with a column of another unit (never within rounding or CI): x/pct-vs-mean (printed as pct, compared with r mean in format num); x/rate-vs-pp (printed as rate, compared with r diff in format pp); x/stat-vs-rate (printed as stat, compared with r pass in format pct)',
    ]);
  });
});

describe('published numbers are found by Map, never by a plain object key', () => {
  const index = indexPublished(published);
  it('a row value such as constructor, __proto__ or toString finds nothing', () => {
    for (const model of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) expect(index.at('t', 'success', { model })).toBeNull();
    expect(index.at('t', 'success', { model: 'A' })).toBe(0.4957);
    expect(index.at('t', 'items', { model: 'B', success: 0.3 })).toBe(11);
    expect(() => index.byId('constructor')).toThrow(/no published number/);
  });
  it('refuses two declarations of one id, or of one cell', () => {
    expect(() => indexPublished([published[0], published[0]])).toThrow(/share the id/);
    expect(() => indexPublished([published[0], publish('other', 'w', 'A again', pct('49.57'), { compare: [success('A')] })])).toThrow(/both compared/);
  });
});
