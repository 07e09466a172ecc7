import { describe, expect, it } from 'vitest';
import { tableHtml } from '../../src/present/notebook/display.js';
import { tableViews } from '../../src/present/tables/table-views.js';
import type { Table } from '../../src/present/tables/table.js';

const wide: Table = {
  id: 'w',
  title: 'Wide',
  source: 's',
  columns: [
    { key: 'model', label: 'Model' },
    { key: 'task', label: 'Task' },
    { key: 'a', label: 'A %', format: 'pct' },
    { key: 'b', label: 'B', format: 'int' },
    { key: 'c', label: 'C', format: 'num' },
    { key: 'paper_a', label: 'Paper A %', format: 'pct' },
  ],
  rows: [
    { model: 'm1', task: 't1', a: 0.5, b: 3, c: 1.25, paper_a: 0.5 },
    { model: 'm2', task: 't2', a: 0.25, b: 4, c: 2, paper_a: null },
  ],
  notes: ['a note'],
};

describe('a wide table split into views', () => {
  const views = tableViews(wide, [
    { name: 'rates', keys: ['a', 'paper_a'] },
    { name: 'counts', keys: ['b', 'c'] },
  ]);
  it('each view repeats the row labels and shows its own columns, in the order given, over the same rows', () => {
    expect(views.map((v) => v.columns.map((c) => c.key))).toEqual([
      ['model', 'task', 'a', 'paper_a'],
      ['model', 'task', 'b', 'c'],
    ]);
    expect(views.map((v) => v.rows)).toEqual([wide.rows, wide.rows]);
  });
  it('ids and titles name the view; the notes go under the last one', () => {
    expect(views.map((v) => [v.id, v.title, v.notes])).toEqual([
      ['w-1', 'Wide \u2014 rates', undefined],
      ['w-2', 'Wide \u2014 counts', ['a note']],
    ]);
  });
  it('a view shows its cells as the whole table does, and only its columns', () => {
    const html = tableHtml(views[1]);
    expect(html).toContain('<td class="num">1.25</td>');
    expect(html).not.toContain('A %');
    expect(html).toContain('<th>Model</th>');
  });
  it('a key the table does not show is an error, never a dropped column', () => {
    expect(() => tableViews(wide, [{ name: 'x', keys: ['nope'] }])).toThrow(/shows no column "nope"/);
  });
});
