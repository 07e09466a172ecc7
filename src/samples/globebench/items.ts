import { createRng, type Rng } from '../../derive/stats/rng.js';
import { BAND_COUNTS, ERROR_ITEMS, L3_DECLARED, L3_LONG, N_ITEMS, RADIUS_COUNTS } from './calibration.js';
import { OPERATORS, type OperatorSpec } from './operators.js';
import { largestRemainder, shuffle } from './rand.js';

type Radius = 'L0' | 'L1' | 'L2' | 'L3';
type Band = 'short' | 'long';

/** An item's construction metadata, before its gold state is drawn. */
export interface ItemMeta {
  /** position in items.jsonl */
  idx: number;
  item_id: string;
  op: OperatorSpec;
  opIndex: number;
  radius: Radius | null;
  radiusSource: 'measured' | 'declared' | null;
  band: Band | null;
  reachBack: number | null;
  outcome: 'normal' | 'error';
}

interface Slot {
  op: OperatorSpec;
  opIndex: number;
  radius: Radius | null;
  radiusSource: 'measured' | 'declared' | null;
  band: Band | null;
  outcome: 'normal' | 'error';
}

/** A shuffled list with `count` copies of each label, dealt onto slots in order. */
function deck<T>(rng: Rng, counts: [T, number][]): T[] {
  const out: T[] = [];
  for (const [label, n] of counts) for (let i = 0; i < n; i++) out.push(label);
  return shuffle(rng, out);
}

/** Splits `total` over operators by size, keeping at least `min` and at most n - `keep` per operator. */
function perOperator(total: number, ops: OperatorSpec[], min: number, keep: number): number[] {
  const out = largestRemainder(
    total,
    ops.map((o) => o.n),
  );
  // move units until every operator respects its bounds (the sizes make this converge quickly)
  for (let guard = 0; guard < 1000; guard++) {
    const low = out.findIndex((v) => v < min);
    const high = out.findIndex((v, i) => v > ops[i].n - keep);
    if (low < 0 && high < 0) return out;
    if (low >= 0) {
      const donor = out.reduce((best, v, i) => (v - min > out[best] - min ? i : best), 0);
      out[donor]--;
      out[low]++;
    } else {
      const taker = out.reduce((best, v, i) => (ops[i].n - keep - v > ops[best].n - keep - out[best] ? i : best), 0);
      out[high]--;
      out[taker]++;
    }
  }
  throw new Error('perOperator: cannot respect bounds');
}

/**
 * Lays out every item's radius, radius source, reach-back band and outcome, operator by operator,
 * so that the published counts hold exactly (radius 552/33/59/977/11, bands 408/1,192/32, 155 error
 * items, 952 L3 items with long reach-back, 953 declared L3 labels, 21 operators on both sides of L3).
 */
export function layoutItems(seed: number): ItemMeta[] {
  const rng = createRng(seed, 'globebench:layout');
  const slots: Slot[] = [];
  const ops = OPERATORS.map((op, opIndex) => ({ op, opIndex }));
  const ofKind = (k: OperatorSpec['kind']) => ops.filter((o) => o.op.kind === k);

  // audits: L3, long, declared; 5 of them without a reach-back (32 - 7 - 12 - 8)
  const auditSlots: Slot[] = [];
  for (const { op, opIndex } of ofKind('audit'))
    for (let i = 0; i < op.n; i++) auditSlots.push({ op, opIndex, radius: 'L3', radiusSource: 'declared', band: 'long', outcome: 'normal' });
  for (const s of shuffle(rng, [...auditSlots]).slice(0, 5)) s.band = null;
  slots.push(...auditSlots);

  // mixed: 125 L3 (105 long, 20 short; 24 measured), 187 others
  const mixed = ofKind('mixed');
  const shortOps = mixed.filter((o) => o.op.band === 'short');
  const longOps = mixed.filter((o) => o.op.band === 'long');
  const l3Short = perOperator(
    20,
    shortOps.map((o) => o.op),
    1,
    1,
  );
  const l3Long = perOperator(
    105,
    longOps.map((o) => o.op),
    1,
    1,
  );
  const mixedOther: Slot[] = [];
  const mixedL3: Slot[] = [];
  const longOther: Slot[] = [];
  const addMixed = (group: typeof mixed, l3: number[]) =>
    group.forEach(({ op, opIndex }, k) => {
      for (let i = 0; i < op.n; i++) {
        const isL3 = i < l3[k];
        const s: Slot = { op, opIndex, radius: isL3 ? 'L3' : null, radiusSource: isL3 ? 'declared' : null, band: op.band, outcome: 'normal' };
        (isL3 ? mixedL3 : mixedOther).push(s);
        if (!isL3 && op.band === 'long') longOther.push(s);
      }
    });
  addMixed(shortOps, l3Short);
  addMixed(longOps, l3Long);
  for (const s of shuffle(rng, [...mixedL3]).slice(0, 24)) s.radiusSource = 'measured';
  dealRadius(rng, mixedOther, [
    ['L0', 100],
    ['L1', 28],
    ['L2', 55],
    [null, 4],
  ]);
  const longBands = deck<Band | null>(rng, [
    ['long', 90],
    [null, 7],
  ]);
  longOther.forEach((s, i) => (s.band = longBands[i]));
  slots.push(...mixedL3, ...mixedOther);

  // error: 155 error items (L0, the action is blocked and nothing changes) and 122 normal siblings
  const errorOps = ofKind('error');
  const nErr = perOperator(
    ERROR_ITEMS,
    errorOps.map((o) => o.op),
    2,
    2,
  );
  const errNormal: Slot[] = [];
  const errShort: Slot[] = [];
  errorOps.forEach(({ op, opIndex }, k) => {
    for (let i = 0; i < op.n; i++) {
      const isErr = i < nErr[k];
      const s: Slot = { op, opIndex, radius: isErr ? 'L0' : null, radiusSource: isErr ? 'measured' : null, band: op.band, outcome: isErr ? 'error' : 'normal' };
      slots.push(s);
      if (!isErr) errNormal.push(s);
      if (op.band === 'short') errShort.push(s);
    }
  });
  dealRadius(rng, errNormal, [
    ['L0', 116],
    ['L1', 2],
    ['L2', 2],
    [null, 2],
  ]);
  const errBands = deck<Band | null>(rng, [
    ['short', 180],
    [null, 12],
  ]);
  errShort.forEach((s, i) => (s.band = errBands[i]));

  // probes
  const probeSlots: Slot[] = [];
  const probeShort: Slot[] = [];
  for (const { op, opIndex } of ofKind('probe'))
    for (let i = 0; i < op.n; i++) {
      const s: Slot = { op, opIndex, radius: null, radiusSource: null, band: op.band, outcome: 'normal' };
      probeSlots.push(s);
      if (op.band === 'short') probeShort.push(s);
    }
  dealRadius(rng, probeSlots, [
    ['L0', 181],
    ['L1', 3],
    ['L2', 2],
    [null, 5],
  ]);
  const probeBands = deck<Band | null>(rng, [
    ['short', 118],
    [null, 8],
  ]);
  probeShort.forEach((s, i) => (s.band = probeBands[i]));
  slots.push(...probeSlots);

  // ids in a shuffled order, so the files are not sorted by operator
  const order = shuffle(
    rng,
    slots.map((_, i) => i),
  );
  const items: ItemMeta[] = order.map((slotIndex, idx) => {
    const s = slots[slotIndex];
    return {
      idx,
      item_id: `gb-${String(idx + 1).padStart(4, '0')}`,
      op: s.op,
      opIndex: s.opIndex,
      radius: s.radius,
      radiusSource: s.radiusSource,
      band: s.band,
      reachBack: null,
      outcome: s.outcome,
    };
  });
  checkLayout(items);
  return items;
}

function dealRadius(rng: Rng, slots: Slot[], counts: [Radius | null, number][]): void {
  const labels = deck(rng, counts);
  if (labels.length !== slots.length) throw new Error(`dealRadius: ${labels.length} labels for ${slots.length} slots`);
  slots.forEach((s, i) => {
    s.radius = labels[i];
    s.radiusSource = labels[i] === null ? null : 'measured';
  });
}

/** The layout is the calibration: fail loudly if an edit to operators.ts breaks a published count. */
function checkLayout(items: ItemMeta[]): void {
  const count = (f: (it: ItemMeta) => boolean) => items.filter(f).length;
  const expect = (label: string, got: number, want: number) => {
    if (got !== want) throw new Error(`globebench layout: ${label} is ${got}, expected ${want}`);
  };
  expect('items', items.length, N_ITEMS);
  for (const r of ['L0', 'L1', 'L2', 'L3'] as const)
    expect(
      `radius ${r}`,
      count((it) => it.radius === r),
      RADIUS_COUNTS[r],
    );
  expect(
    'radius none',
    count((it) => it.radius === null),
    RADIUS_COUNTS.none,
  );
  expect(
    'band short',
    count((it) => it.band === 'short'),
    BAND_COUNTS.short,
  );
  expect(
    'band long',
    count((it) => it.band === 'long'),
    BAND_COUNTS.long,
  );
  expect(
    'band none',
    count((it) => it.band === null),
    BAND_COUNTS.none,
  );
  expect(
    'error items',
    count((it) => it.outcome === 'error'),
    ERROR_ITEMS,
  );
  expect(
    'L3 long',
    count((it) => it.radius === 'L3' && it.band === 'long'),
    L3_LONG,
  );
  expect(
    'L3 declared',
    count((it) => it.radius === 'L3' && it.radiusSource === 'declared'),
    L3_DECLARED,
  );
}
