import type { TopLevelSpec } from 'vega-lite';
import { visibleText } from '../../domain/text/visible-text.js';
import type { FigureSpec } from './figure.js';

/**
 * Release strings reach a Vega-Lite spec as data only. Two things in a spec are not data-only,
 * and both are rewritten here so that any string a release may hold (control characters, quotes,
 * markup, words of Vega's expression language such as `if`, `datum` or `constructor`) draws as text:
 *
 * - A custom sort order given as an array of values (`sort: ["GPT", "if"]`): Vega-Lite compiles it
 *   into expression code that names the values, so a value can break or become code. It is replaced
 *   by a sort on a numeric field (`{field: "__order_0", op: "min"}`) holding each row's position in
 *   the array, computed here from the inline data.
 * - Characters that XML forbids (C0 controls other than tab/newline/return, U+FFFE/U+FFFF, lone
 *   surrogates) and the C1 controls with DEL (a terminal acts on them): SVG cannot hold them, so the
 *   renderers fail on them; bidirectional controls and zero-width characters, which would reorder a
 *   label or hide part of it. They are shown as visible `\uXXXX` escapes, in data and labels alike.
 */

/** A string as it may appear in a figure: forbidden and control characters as visible `\uXXXX`. */
export const figureText = visibleText;

/**
 * Vega groups rows in plain objects in places (its stack transform), so a value that names a property
 * of Object.prototype (`constructor`, `__proto__`, ...) finds an inherited function there and breaks
 * the chart. Such values get an invisible WORD JOINER (U+2060) appended: drawn the same, never a
 * property name.
 */
const PROTO_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));
const dataText = (s: string) => (PROTO_NAMES.has(s) ? `${s}\u2060` : figureText(s));

type Json = unknown;

const isScalarArray = (a: unknown): a is (string | number | boolean | null)[] =>
  Array.isArray(a) && a.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v));

/** The spec as the JSON object it is, for the walks below (they keep its structure). */
const asJsonObject = (spec: FigureSpec): Record<string, unknown> => ({ ...spec });

/**
 * A copy of a Vega-Lite spec with inline data in which array sorts became field sorts and every string
 * is figure text. Still a TopLevelSpec: the rewrite changes strings, adds a numeric field to each row
 * and replaces a sort array by a field sort, all of which the grammar allows where they stand.
 */
export function dataOnlySpec(input: FigureSpec): TopLevelSpec {
  const spec = asJsonObject(input);
  if (hasNoData(spec)) return noDataSpec(spec);
  const orders: { name: string; field: string; order: Map<unknown, number>; size: number }[] = [];
  const byKey = new Map<string, string>();
  const rewrite = (v: Json): Json => {
    if (Array.isArray(v)) return v.map(rewrite);
    if (v === null || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    // fromEntries: any key (`__proto__` too) stays an own field of the copy
    const out: Record<string, unknown> = Object.fromEntries(Object.entries(o).map(([k, x]) => [k, k === 'data' ? x : rewrite(x)]));
    if (typeof o.field === 'string' && isScalarArray(o.sort)) {
      const key = JSON.stringify([o.field, o.sort]);
      let name = byKey.get(key);
      if (name === undefined) {
        name = `__order_${orders.length}`;
        byKey.set(key, name);
        const order = new Map<unknown, number>();
        o.sort.forEach((s, i) => {
          if (!order.has(s)) order.set(s, i);
        });
        orders.push({ name, field: o.field, order, size: o.sort.length });
      }
      out.sort = { field: name, op: 'min', order: 'ascending' };
    }
    return out;
  };
  const rewritten = rewrite(spec) as Record<string, unknown>;
  const data = spec.data as { values?: unknown } | undefined;
  if (data && Array.isArray(data.values)) {
    const values = data.values.map((row) => {
      if (row === null || typeof row !== 'object') return row;
      const r: Record<string, unknown> = { ...(row as Record<string, unknown>) };
      for (const o of orders) r[o.name] = o.order.get(r[o.field]) ?? o.size;
      return r;
    });
    rewritten.data = { ...data, values };
  }
  return textOnly(rewritten) as TopLevelSpec;
}

function textOnly(v: Json): Json {
  if (typeof v === 'string') return dataText(v);
  if (Array.isArray(v)) return v.map(textOnly);
  if (v === null || typeof v !== 'object') return v;
  // a datum's keys may come from a release: fromEntries keeps any key (`__proto__` too) an own field
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, textOnly(x)]));
}

/** The text a figure shows when the release gives it nothing to draw. */
export const NO_DATA = 'no data in this release for this figure';

/** Whether the spec's inline data has no rows (a degenerate but valid release: one benchmark, no guidance, ...). */
function hasNoData(spec: Record<string, unknown>): boolean {
  const data = spec.data as { values?: unknown } | undefined;
  return !!data && Array.isArray(data.values) && data.values.length === 0;
}

/** An explicit "no data" figure with the original title, instead of an empty chart of zero size. */
function noDataSpec(spec: Record<string, unknown>): TopLevelSpec {
  const message: TopLevelSpec = {
    width: 360,
    height: 60,
    data: { values: [{ message: NO_DATA }] },
    mark: { type: 'text', fontSize: 13, color: '#555' },
    encoding: { text: { field: 'message', type: 'nominal' } },
  };
  // the title is the figure's own (a string, lines or a title object): kept as it was given
  return textOnly(spec.title !== undefined ? { title: spec.title, ...message } : message) as TopLevelSpec;
}
