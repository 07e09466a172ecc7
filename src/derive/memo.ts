/**
 * A derived value declared once and computed at most once per context: `const cell = derived((ctx) => ...)`,
 * then `cell(ctx)` anywhere (a table and the figure drawn from it) returns the same object. The memo
 * hangs off the context object itself (a WeakMap), so it has no string keys to collide, no casts,
 * and goes when the context goes.
 */
export function derived<C extends object, T>(compute: (ctx: C) => T): (ctx: C) => T {
  const memo = new WeakMap<C, T>();
  return (ctx) => {
    if (memo.has(ctx)) return memo.get(ctx) as T;
    const value = compute(ctx);
    memo.set(ctx, value);
    return value;
  };
}

/**
 * A family of derived values, one per key (a slice name, a threshold): `derivedBy((ctx, k) => ..., keyOf)`.
 * `keyOf` turns the parameter into the memo key; parameters with equal keys share one value.
 */
export function derivedBy<C extends object, P, T>(compute: (ctx: C, p: P) => T, keyOf: (p: P) => string = (p) => JSON.stringify(p)): (ctx: C, p: P) => T {
  const memo = new WeakMap<C, Map<string, T>>();
  return (ctx, p) => {
    let m = memo.get(ctx);
    if (!m) memo.set(ctx, (m = new Map()));
    const k = keyOf(p);
    if (m.has(k)) return m.get(k) as T;
    const value = compute(ctx, p);
    m.set(k, value);
    return value;
  };
}
