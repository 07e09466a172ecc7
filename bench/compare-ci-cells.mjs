// Largest change of a confidence-interval bound between two report directories (e.g. reproduce
// before and after a change of the bootstrap draw): every table JSON under both, rows matched by
// position, every numeric cell whose key names a CI bound (ci_low, ci_high, diff_ci_low, ...),
// plus, for context, the largest change of any other numeric cell (should be 0 when only the
// bootstrap changed). Usage: node bench/compare-ci-cells.mjs BEFORE_DIR AFTER_DIR
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';

const [before, after] = process.argv.slice(2);
if (!before || !after) {
  console.error('usage: node bench/compare-ci-cells.mjs BEFORE_DIR AFTER_DIR');
  process.exit(2);
}
// paper_ci_* are published bounds and kappa_* analytic ones: they change only if something is wrong
const isBound = (key) => /(^|_)ci_(low|high)(_|$)|^(low|high)$/.test(key) && !key.startsWith('paper_');

function* jsonFiles(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* jsonFiles(p);
    else if (e.name.endsWith('.json') && !e.name.endsWith('.vl.json')) yield p;
  }
}

let bounds = 0;
let cells = 0;
const largest = { bound: { d: 0 }, other: { d: 0 } };
for (const a of jsonFiles(after)) {
  const rel = relative(after, a);
  const b = join(before, rel);
  if (!existsSync(b)) continue;
  const ra = JSON.parse(readFileSync(a, 'utf8')).rows;
  const rb = JSON.parse(readFileSync(b, 'utf8')).rows;
  if (!Array.isArray(ra) || !Array.isArray(rb)) continue;
  for (let i = 0; i < Math.min(ra.length, rb.length); i++) {
    for (const [key, va] of Object.entries(ra[i])) {
      const vb = rb[i][key];
      if (typeof va !== 'number' || typeof vb !== 'number') continue;
      const d = Math.abs(va - vb);
      const kind = isBound(key) ? 'bound' : 'other';
      if (kind === 'bound') bounds++;
      else cells++;
      if (d > largest[kind].d) largest[kind] = { d, rel, row: i, key, before: vb, after: va, label: ra[i].model ?? ra[i].model_id ?? ra[i].label ?? '' };
    }
  }
}
const show = (x) => (x.rel ? `${x.rel} row ${x.row} ${x.label ? `(${x.label}) ` : ''}${x.key}: ${x.before} -> ${x.after}` : 'none');
console.log(`CI bounds compared: ${bounds}; largest change ${(largest.bound.d * 100).toFixed(3)} percentage points: ${show(largest.bound)}`);
console.log(`other numeric cells compared: ${cells}; largest change ${largest.other.d}: ${show(largest.other)}`);
