/**
 * Where a value stops being plain data: the path and kind of the first thing in it that is not a
 * string, number, boolean, null, undefined, array or plain object (a function, a symbol, a bigint,
 * a Map, a class instance, ...), or undefined when there is none.
 *
 * A table or figure is plain data by design (CONVENTIONS.md): it is posted to another thread, which
 * cannot clone a function. A release string used as a key of a plain object (`toString`,
 * `constructor`) finds Object.prototype's function; checking what an analysis built names the
 * analysis and the place, where a structured clone would fail later with "function Object() {
 * [native code] } could not be cloned", naming neither.
 */
export function notPlainData(value: unknown, path = ''): string | undefined {
  // an explicit stack: a table's rows are many, a spec is deep
  const stack: [unknown, string][] = [[value, path]];
  while (stack.length > 0) {
    const [v, at] = stack.pop()!;
    if (v === null || v === undefined) continue;
    const t = typeof v;
    if (t === 'string' || t === 'number' || t === 'boolean') continue;
    const where = at === '' ? 'the value' : at;
    if (t !== 'object') return `${where} is a ${t}${t === 'function' ? ` (${describeFunction(v as () => unknown)})` : ''}`;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${at}[${i}]`]);
      continue;
    }
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return `${where} is a ${proto?.constructor?.name ?? 'non-plain object'}, not plain data`;
    const keys = Object.keys(v);
    for (let i = keys.length - 1; i >= 0; i--) stack.push([(v as Record<string, unknown>)[keys[i]], at === '' ? keys[i] : `${at}.${keys[i]}`]);
  }
  return undefined;
}

const describeFunction = (f: () => unknown): string => (f.name ? `function ${f.name}` : 'a function');
