/**
 * The displayed forms' number format, one test per rule; every expected string is written by hand
 * (APA 7th ed. 6.36 for p-values; U+2212 minus, U+2013 en dash).
 */
import { describe, expect, it } from 'vitest';
import { displayColumns } from '../../src/present/tables/display-columns.js';
import {
  displaySymbols,
  formatCell,
  formatInterval,
  formatPValue,
  inPrintedUnit,
  printedDecimals,
  printedForDisplay,
} from '../../src/present/tables/number-format.js';
import { escapeLatex } from '../../src/present/report/render-latex.js';
import { scorecardHtml, scorecardMarkdown, intervalLine } from '../../src/present/report/render-scorecard.js';
import { tableToHtmlFragment, tableToMarkdown } from '../../src/present/report/render-table.js';
import type { ScorecardEntry } from '../../src/present/report/scorecard.js';
import type { Table } from '../../src/present/tables/table.js';

describe('number format of the displayed forms', () => {
  it('p-values: two significant digits, "< 0.001" below 0.001', () => {
    expect(formatPValue(0.6135)).toBe('0.61');
    expect(formatPValue(0.001193)).toBe('0.0012');
    expect(formatPValue(0.04999)).toBe('0.050');
    expect(formatPValue(0.001)).toBe('0.0010');
    expect(formatPValue(0.000999)).toBe('< 0.001');
    expect(formatPValue(6.88e-5)).toBe('< 0.001');
    expect(formatPValue(1e-20)).toBe('< 0.001');
    expect(formatPValue(0.99999)).toBe('1.0');
    expect(formatCell(0.0347, 'p')).toBe('0.035');
  });

  it('thousands separators on every number of four or more integer digits, in every format', () => {
    expect(formatCell(1632, 'int')).toBe('1,632');
    expect(formatCell(22431, 'int')).toBe('22,431');
    expect(formatCell(999, 'int')).toBe('999');
    expect(formatCell(1234.5, 'num')).toBe('1,234.50');
    expect(formatCell(12345.6789, 'num3')).toBe('12,345.679');
    expect(formatCell(-1234.5, 'num')).toBe('\u22121,234.50');
    expect(formatCell(12.5, 'pct')).toBe('1,250.00');
  });

  it('rates as percentages with two decimals, rate differences as signed percentage points', () => {
    expect(formatCell(0.4957, 'pct')).toBe('49.57');
    expect(formatCell(0, 'pct')).toBe('0.00');
    expect(formatCell(1, 'pct')).toBe('100.00');
    expect(formatCell(0.2145, 'pp')).toBe('+21.45');
    expect(formatCell(-0.3084, 'pp')).toBe('\u221230.84');
    expect(formatCell(0, 'pp')).toBe('0.00');
  });

  it('a published number in the unit and with the decimals the paper prints it', () => {
    expect(printedDecimals('49.57%')).toBe(2);
    expect(printedDecimals('about 21%')).toBe(0);
    expect(printedDecimals('0.75')).toBe(2);
    expect(inPrintedUnit(0.75, 'rate', 2)).toBe('0.75');
    expect(inPrintedUnit(0.546, 'pct', 1)).toBe('54.6%');
    expect(inPrintedUnit(0.2145, 'pp', 2, { signed: true })).toBe('+21.45 pp');
    expect(inPrintedUnit(22431, 'count', 0)).toBe('22,431');
    expect(inPrintedUnit(181.14, 'stat', 1)).toBe('181.1');
    expect(inPrintedUnit(0.546, 'pct', 1, { suffix: false })).toBe('54.6');
    expect(printedForDisplay('-30.84 pp')).toBe('\u221230.84 pp');
  });

  it('a missing value is an en dash, never empty and never a number standing for one; NaN says "no data"', () => {
    expect(formatCell(null, 'num')).toBe('\u2013');
    expect(formatCell(undefined, 'pct')).toBe('\u2013');
    expect(formatCell(null, 'text')).toBe('\u2013');
    expect(formatCell(Number.NaN, 'pct')).toBe('no data');
    expect(formatInterval(0.1, null, 'pct')).toBe('\u2013');
  });

  it('the minus sign is U+2212 and no number shows as negative zero', () => {
    expect(formatCell(-0.5, 'num')).toBe('\u22120.50');
    expect(formatCell(-0.001, 'num')).toBe('0.00');
    expect(formatCell(-0.00001, 'pp')).toBe('0.00');
    expect(formatCell(-3, 'int')).toBe('\u22123');
    expect(formatCell(Number.NEGATIVE_INFINITY, 'num')).toBe('\u2212\u221e');
  });

  it('an interval is one token in the column format', () => {
    expect(formatInterval(0.2598, 0.3033, 'pct')).toBe('[25.98, 30.33]');
    expect(formatInterval(0.193, 0.2371, 'pp')).toBe('[+19.30, +23.71]');
    const cols = displayColumns([
      { key: 'success', label: 'Success %', format: 'pct' },
      { key: 'ci_low', label: '95% CI low', format: 'pct' },
      { key: 'ci_high', label: '95% CI high', format: 'pct' },
    ]);
    expect(cols.map((c) => c.label)).toEqual(['Success %', '95% CI']);
    expect(cols[1].cell({ success: 0.28, ci_low: 0.2598, ci_high: 0.3033 })).toBe('[25.98, 30.33]');
  });

  it("proper symbols in the workbench's own words: ± for +- and -+, η² for eta^2", () => {
    expect(displaySymbols('CI: RD_MH -+ 1.96 sqrt(Var)')).toBe('CI: RD_MH \u00b1 1.96 sqrt(Var)');
    expect(displaySymbols('a rate printed 0.75: +-0.005')).toBe('a rate printed 0.75: \u00b10.005');
    expect(displaySymbols('Paper eta^2 %')).toBe('Paper \u03b7\u00b2 %');
    expect(displaySymbols('beta^2 stays')).toBe('beta^2 stays');
    expect(displaySymbols('LLM - human')).toBe('LLM - human');
  });

  it('LaTeX writes the symbols with commands that need no extra package', () => {
    expect(escapeLatex('\u221230.84 \u00b1 1.96, \u2013, \u03b7\u00b2')).toBe('\\textminus{}30.84 \\textpm{} 1.96, --, $\\eta$\\textsuperscript{2}');
  });
});

describe('the formats in the rendered tables', () => {
  const table: Table = {
    id: 't',
    title: 'T: eta^2',
    source: 's',
    columns: [
      { key: 'model', label: 'Model' },
      { key: 'n', label: 'Responses', format: 'int' },
      { key: 'p', label: 'p', format: 'p' },
      { key: 'paper', label: 'Paper %', format: 'pct' },
    ],
    rows: [
      { model: 'gpt-6-astra', n: 32640, p: 6.88e-5, paper: null },
      { model: 'grok-4.6', n: 1632, p: 0.6135, paper: 0.4957 },
    ],
    notes: ['RD -+ 1.96 sqrt(Var)'],
  };

  it('Markdown: separators, p-values, en dash, symbols', () => {
    const md = tableToMarkdown(table);
    expect(md).toContain('# T: \u03b7\u00b2');
    expect(md).toContain('| gpt-6-astra | 32,640 | &lt; 0.001 | \u2013 |');
    expect(md).toContain('| grok-4.6 | 1,632 | 0.61 | 49.57 |');
    expect(md).toContain('> RD \u00b1 1.96 sqrt(Var)');
  });

  it('HTML: numbers right-aligned, text left, ids in one cell; the same strings', () => {
    const html = tableToHtmlFragment(table);
    expect(html).toContain('<td>gpt-6-astra</td><td class="num">32,640</td><td class="num">&lt; 0.001</td><td class="num">\u2013</td>');
    expect(html).toContain('<th class="num">Responses</th>');
    expect(html).toContain('<th>Model</th>');
  });

  it('HTML: rows beyond the first page and rows of no weight wait behind their toggles', () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({ stratum: `s${i}`, w: i < 22 ? 1 / 22 : 0 }));
    const html = tableToHtmlFragment({
      id: 'st',
      title: 'strata',
      source: 's',
      columns: [
        { key: 'stratum', label: 'Stratum' },
        { key: 'w', label: 'Weight %', format: 'pct' },
      ],
      rows,
      fold: { key: 'w', summary: 'strata with no weight' },
    });
    expect(html.match(/<tr class="wb-extra">/g)?.length).toBe(2);
    expect(html.match(/<tr class="wb-folded">/g)?.length).toBe(3);
    expect(html).toContain('<summary>Show all 22 rows (the first 20 are shown)</summary>');
    expect(html).toContain('<summary>Show the 3 strata with no weight</summary>');
  });
});

describe("the scorecard in the paper's units", () => {
  const entry = (over: Partial<ScorecardEntry>): ScorecardEntry => ({
    id: 'x',
    analysis: 'table01',
    label: 'Grok 4.6: Success %',
    paper: 0.2813,
    printed: '28.13%',
    unit: 'pct',
    approximate: false,
    design_fixed: false,
    tolerance: 0.00005,
    recomputed: 0.28125,
    delta: -0.00005,
    within_rounding: true,
    verdict: 'within rounding',
    paper_column: 'paper',
    recomputed_column: 'success',
    row: 0,
    format: 'pct',
    ...over,
  });

  it('paper as printed, recomputed with its decimals, delta with one more, the interval unwrapped, and how many have one', () => {
    const entries = [
      entry({ ci_low: 0.2598, ci_high: 0.3033, covered: true }),
      entry({ id: 'y', analysis: 'exp1', printed: '0.75', unit: 'rate', paper: 0.75, recomputed: 0.75, delta: 0, format: 'pct' }),
    ];
    const md = scorecardMarkdown('b', entries);
    expect(md).toContain('| table01 | Grok 4.6: Success % | 28.13% | 28.13% | \u22120.005 pp | [25.98, 30.33] | within rounding |');
    expect(md).toContain('| exp1 | Grok 4.6: Success % | 0.75 | 0.75 | 0.000 | \u2013 | within rounding |');
    expect(intervalLine(entries)).toBe('1 of 2 recomputed numbers have a 95% interval (the "95% CI" column); the others are compared by rounding only.');
    expect(scorecardHtml('b', entries)).toContain('<td class="num">[25.98, 30.33]</td>');
  });
});
