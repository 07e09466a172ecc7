import { displayView } from './display-columns.js';
import type { Table } from './table.js';

/** One view of a wide table: a name and the keys of the columns it shows beside the row labels. */
export interface TableView {
  name: string;
  keys: readonly string[];
}

const isLabel = (c: { key: string; format?: string }) => (c.format === undefined || c.format === 'text') && c.key !== 'paper' && !c.key.startsWith('paper_');

/**
 * A wide table split into narrower views that each fit a notebook's width: every view repeats the
 * row labels (the table's text columns) and shows its own columns, in the order given, over the
 * same rows; the notes go under the last view. Each view's id and title name the view. A key the
 * table does not show is a programming error (throws), so a view never silently drops a column.
 */
export function tableViews(table: Table, views: readonly TableView[]): Table[] {
  const { columns, rows } = displayView(table);
  const labels = columns.filter(isLabel);
  return views.map((v, i) => {
    const chosen = v.keys.map((k) => {
      const c = columns.find((x) => x.key === k);
      if (!c) throw new Error(`tableViews: ${table.id} shows no column ${JSON.stringify(k)}`);
      return c;
    });
    const shown = [...labels, ...chosen.filter((c) => !labels.includes(c))];
    const { display: _, notes, ...rest } = table;
    return {
      ...rest,
      id: `${table.id}-${i + 1}`,
      title: `${table.title} \u2014 ${v.name}`,
      columns: shown,
      rows,
      ...(i === views.length - 1 && notes ? { notes } : {}),
    };
  });
}
