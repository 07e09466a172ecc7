import { describe, expect, it } from 'vitest';
import { tableToCsv, csvHeader } from '../../src/present/report/render-csv.js';
import { escapeLatex, tableToLatex } from '../../src/present/report/render-latex.js';
import type { Table } from '../../src/present/tables/table.js';
import { python } from '../helpers/reference.js';

const HOSTILE = ['50% & more_than #1 $5', 'a "quoted", name', 'line\nbreak', '=HYPERLINK("x")', 'back\\slash {x} ~^|<>', ' padded '];

const table: Table = {
  id: 'hostile',
  title: 'Costs: 100% & $ of #_items',
  source: 'Table 9 & co.',
  columns: [
    { key: 'name', label: 'Name_%' },
    { key: 'n', label: 'n', format: 'int' },
    { key: 'rate', label: 'Rate %', format: 'pct' },
    { key: 'ci_low', label: '95% CI low', format: 'pct' },
    { key: 'ci_high', label: '95% CI high', format: 'pct' },
    { key: 'ok', label: 'OK', format: 'bool' },
  ],
  rows: HOSTILE.map((name, i) => ({
    name,
    n: 12345 * (i + 1),
    rate: 1 / (i + 3),
    ci_low: 0.1 / (i + 1),
    ci_high: i === 2 ? null : 0.9,
    ok: i % 2 === 0,
    extra_id: `id-${i}`,
  })),
  notes: ['a note with % and a\nnewline'],
};

describe('CSV', () => {
  it('parses back (Python csv module, an independent RFC 4180 reader) to the JSON rows', () => {
    const csv = tableToCsv(table);
    expect(csv.endsWith('\r\n')).toBe(true);
    const parsed: string[][] = python(
      `import sys,json,csv,io
print(json.dumps(list(csv.reader(io.StringIO(json.load(sys.stdin), newline='')))))`,
      csv,
    );
    expect(parsed[0]).toEqual(['name', 'n', 'rate', 'ci_low', 'ci_high', 'ok', 'extra_id']);
    expect(csvHeader(table)).toEqual(parsed[0]);
    const back = parsed.slice(1).map((cells) => {
      const o: Record<string, unknown> = {};
      parsed[0].forEach((k, i) => {
        const c = cells[i];
        if (k === 'name')
          o[k] = c.startsWith("'=") ? c.slice(1) : c; // the formula guard is the only change
        else if (k === 'ok') o[k] = c === 'true';
        else if (k === 'extra_id') o[k] = c;
        else o[k] = c === '' ? null : Number(c);
      });
      return o;
    });
    expect(back).toEqual(table.rows);
  });
  it('writes numbers in full precision without thousands separators, and guards formulas', () => {
    const csv = tableToCsv(table);
    expect(csv).toContain(',12345,');
    expect(csv).toContain(String(1 / 3));
    expect(csv).not.toMatch(/12,345/);
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv).toContain('"line\nbreak"');
  });
});

describe('LaTeX', () => {
  const tex = tableToLatex(table);
  it('has balanced environments and the booktabs rules in order', () => {
    const begins = [...tex.matchAll(/\\begin\{(\w+)\}/g)].map((m) => m[1]);
    const ends = [...tex.matchAll(/\\end\{(\w+)\}/g)].map((m) => m[1]);
    expect(begins).toEqual(['table', 'tabular']);
    expect(ends).toEqual(['tabular', 'table']);
    const rules = [...tex.matchAll(/\\(toprule|midrule|bottomrule)/g)].map((m) => m[1]);
    expect(rules).toEqual(['toprule', 'midrule', 'bottomrule']);
  });
  it('escapes every special character of release strings, labels and the caption', () => {
    expect(tex).toContain('50\\% \\& more\\_than \\#1 \\$5');
    expect(tex).toContain('back\\textbackslash{}slash \\{x\\} \\textasciitilde{}\\textasciicircum{}\\textbar{}\\textless{}\\textgreater{}');
    expect(tex).toContain('\\caption{Costs: 100\\% \\& \\$ of \\#\\_items (Table 9 \\& co.)}');
    expect(tex).toContain('Name\\_\\%');
    // outside comments, no special is left unescaped
    const body = tex
      .split('\n')
      .filter((l) => !l.startsWith('%'))
      .join('\n');
    const stripped = body
      .replace(/\\(textbackslash|textasciitilde|textasciicircum|textless|textgreater|textbar)\{\}/g, '')
      .replace(/\\[&%$#_{}]/g, '')
      .replace(/\\\\/g, '');
    const structural = stripped.replace(
      /\\(begin|end|caption|label)\{[^{}]*\}|\\begin\{tabular\}\{[lr]+\}|\\(toprule|midrule|bottomrule|centering)|\[htbp\]/g,
      '',
    );
    expect(structural.replace(/ & /g, ' ')).not.toMatch(/[&%$#_^~]/);
    // a note's newline cannot end its comment
    expect(
      tex
        .split('\n')
        .filter((l) => l.includes('newline'))[0]
        .startsWith('% '),
    ).toBe(true);
  });
  it('shows the report formatting and folds CI columns into [lo, hi]', () => {
    expect(tex).toContain('Rate \\% & 95\\% CI & OK');
    expect(tex).toContain('12,345 & 33.33 & [10.00, 90.00] & yes');
    expect(tex).toContain('\\begin{tabular}{lrrrl}');
  });
  it('escapeLatex shows control, bidirectional and zero-width characters as visible \\uXXXX, and makes tab and line ends spaces', () => {
    expect(escapeLatex('a\u0007b\tc\r\nd')).toBe('a\\textbackslash{}u0007b c d');
    expect(escapeLatex('\u202Eevil GPT-5\u200B')).toBe('\\textbackslash{}u202Eevil GPT-5\\textbackslash{}u200B');
  });
});
