import { createRng, type Rng } from '../../../src/derive/stats/rng.js';
import { multinomialSample } from '../../../src/derive/stats/multinomial-sample.js';
import { logOddsZ } from '../../../src/derive/stats/log-odds-z.js';
import { derivedBy } from '../../../src/derive/memo.js';
import { BENCHMARKS, type PawmContext } from './context.js';
import { lexicalOf, type Corpus } from './corpus.js';

/** What the resamples found for each candidate word (index = the word's full-data z_min rank - 1). */
export interface LexicalStability {
  topK: number;
  resamples: number;
  /** the full-data top words by z_min that may enter a resample's top list */
  candidates: string[];
  /** resamples in which the word is in the top k */
  inTop: Float64Array;
  /** sum of the word's ranks among the candidates, and the resamples in which it had one */
  rankSum: Float64Array;
  rankN: Float64Array;
  /** the full-data top k and every candidate that entered a resample's top k, most often in the top k first */
  rows: StabilityRow[];
}

/** One word of the stability table. */
interface StabilityRow {
  word: string;
  /** full-data z_min rank */
  rank: number;
  z_min: number;
  /** share of resamples with the word in the top k (null without resamples) */
  top_share: number | null;
  /** mean rank among the candidates over the resamples that ranked it */
  mean_rank: number | null;
}

/** The table's rows from the tallies: the full-data top k and any word that entered a top k, by top share (ties by full-data rank). */
function stabilityRows(
  lex: { rows: { z_min: number }[] },
  candidates: string[],
  topK: number,
  B: number,
  inTop: Float64Array,
  rankSum: Float64Array,
  rankN: Float64Array,
): StabilityRow[] {
  const rows: StabilityRow[] = [];
  for (let w = 0; w < candidates.length; w++) {
    if (w >= topK && inTop[w] === 0) continue;
    rows.push({
      word: candidates[w],
      rank: w + 1,
      z_min: lex.rows[w].z_min,
      top_share: B ? inTop[w] / B : null,
      mean_rank: rankN[w] ? rankSum[w] / rankN[w] : null,
    });
  }
  rows.sort((a, b) => (b.top_share as number) - (a.top_share as number) || a.rank - b.rank);
  return rows;
}

export const STABILITY_STREAM = 'pawm:lexical-stability';

export interface StabilityOptions {
  /** size of the list whose membership is tracked (default 20) */
  topK?: number;
  /** words of the full-data z_min ranking that may enter a resample's top list (default 3 x topK) */
  candidates?: number;
  /** bootstrap resamples (default min(run resamples, 200)) */
  resamples?: number;
}

/**
 * The steps of one benchmark as interchangeable units: steps with the same CHANGED flag, token count
 * and candidate-word counts contribute the same to every count a resample needs, so a resample only
 * has to know how many times it drew each unit. Unit u holds size[u] steps. A resample's counts are
 * kept at slots: slot c is candidate c in CHANGED guidance, K + c in UNCHANGED, 2K the CHANGED token
 * total, 2K + 1 the UNCHANGED one (K candidates); what one step of unit units[k] adds to slot q is
 * counts[k], for k in slotAt[q]..slotAt[q+1) (units ascending within a slot), so each slot's count is
 * one sum over the drawn units' counts, with no stores between. Units are numbered by size, largest
 * first (ties in order of first step): units 0..large-1 hold at least LARGE_UNIT steps each;
 * `smallSteps` lists the steps of the other units, as each step's unit.
 */
interface Units {
  size: Float64Array;
  large: number;
  smallSteps: Int32Array;
  slotAt: Int32Array;
  units: Int32Array;
  counts: Int32Array;
}

// candidateUnits runs once per benchmark over large arrays: each pass is a small function of typed
// arrays, so each is compiled on its own when its loop gets hot, with no code after it left without
// type feedback (one large function was compiled, thrown away and compiled again several times).
function candidateUnits(c: Corpus, candidates: string[]): Units {
  const K = candidates.length;
  const candOf = new Int32Array(c.vocab.length).fill(-1);
  candidates.forEach((w, i) => {
    const id = c.index.get(w);
    if (id !== undefined) candOf[id] = i;
  });
  const found = textCandidates(c.offsets, c.words, c.counts, c.length, candOf);
  const alike = alikePairs(c.pairs, c.pairSteps, c.length, found);
  const order = unitsBySize(alike.size);
  const size = Float64Array.from(order, (u) => alike.size[u]);
  let large = 0;
  while (large < size.length && size[large] >= LARGE_UNIT) large++;
  return { size, large, smallSteps: smallUnitSteps(size, large), ...bySlot(order, alike.text, alike.changed, c.length, found, K) };
}

/** Each text's candidates (ascending) at cands[at[t]..at[t+1]) with their counts at the same places, and a hash of those and the text's token count. */
interface TextCandidates {
  at: Int32Array;
  cands: Int32Array;
  counts: Int32Array;
  hash: Int32Array;
}

function textCandidates(offsets: Int32Array, words: Int32Array, counts: Int32Array, length: Int32Array, candOf: Int32Array): TextCandidates {
  const texts = offsets.length - 1;
  const at = new Int32Array(texts + 1);
  // grown as needed: most words of a text are not candidates
  let cands = new Int32Array(1024);
  let found = new Int32Array(1024);
  const hash = new Int32Array(texts);
  let m = 0;
  for (let t = 0; t < texts; t++) {
    const from = m;
    if (m + offsets[t + 1] - offsets[t] > cands.length) {
      const size = 2 * (m + offsets[t + 1] - offsets[t]);
      const c = new Int32Array(size);
      c.set(cands.subarray(0, m));
      cands = c;
      const f = new Int32Array(size);
      f.set(found.subarray(0, m));
      found = f;
    }
    for (let k = offsets[t]; k < offsets[t + 1]; k++) {
      const cand = candOf[words[k]];
      if (cand < 0) continue;
      // inserted in order (a text holds few candidates)
      let i = m++;
      for (; i > from && cands[i - 1] > cand; i--) {
        cands[i] = cands[i - 1];
        found[i] = found[i - 1];
      }
      cands[i] = cand;
      found[i] = counts[k];
    }
    at[t + 1] = m;
    let h = Math.imul(length[t] + 1, 0x9e3779b1);
    for (let i = from; i < m; i++) h = Math.imul(Math.imul(h ^ cands[i], 0x01000193) ^ found[i], 0x01000193);
    hash[t] = h;
  }
  return { at, cands, counts: found, hash };
}

/**
 * The (text, CHANGED) pairs grouped into units of alike steps (equal CHANGED flag, token count and
 * candidate counts), in order of first step: for each unit a text standing for it, its flag and its
 * steps. Found by hash (open addressing), then compared.
 */
function alikePairs(
  pairs: Int32Array,
  pairSteps: Int32Array,
  length: Int32Array,
  found: TextCandidates,
): { text: Int32Array; changed: Uint8Array; size: Int32Array } {
  const { at, cands, counts, hash } = found;
  const unitText = new Int32Array(pairs.length);
  const unitChanged = new Uint8Array(pairs.length);
  const unitSize = new Int32Array(pairs.length);
  const unitHash = new Int32Array(pairs.length);
  let units = 0;
  let mask = 1;
  while (mask < 2 * pairs.length) mask <<= 1;
  const table = new Int32Array(mask).fill(-1);
  mask -= 1;
  for (let q = 0; q < pairs.length; q++) {
    const p = pairs[q];
    const t = p >> 1;
    const changed = p & 1;
    const h = Math.imul(hash[t] ^ changed, 0x85ebca6b);
    const len = at[t + 1] - at[t];
    let slot = (h ^ (h >>> 15)) & mask;
    let u = -1;
    for (; table[slot] >= 0; slot = (slot + 1) & mask) {
      const v = table[slot];
      if (unitHash[v] !== h || unitChanged[v] !== changed) continue;
      const o = unitText[v];
      if (length[o] !== length[t] || at[o + 1] - at[o] !== len) continue;
      let i = 0;
      while (i < len && cands[at[o] + i] === cands[at[t] + i] && counts[at[o] + i] === counts[at[t] + i]) i++;
      if (i === len) {
        u = v;
        break;
      }
    }
    if (u >= 0) unitSize[u] += pairSteps[p];
    else {
      table[slot] = units;
      unitText[units] = t;
      unitChanged[units] = changed;
      unitSize[units] = pairSteps[p];
      unitHash[units] = h;
      units++;
    }
  }
  return { text: unitText.subarray(0, units), changed: unitChanged.subarray(0, units), size: unitSize.subarray(0, units) };
}

/** The indices of `size` ordered by size, largest first, ties by index (a stable counting sort: sizes are step counts). */
function unitsBySize(size: Int32Array): Int32Array {
  let max = 0;
  for (let u = 0; u < size.length; u++) if (size[u] > max) max = size[u];
  // start[s]: where the units of size s begin in the order (larger sizes first)
  const start = new Int32Array(max + 2);
  for (let u = 0; u < size.length; u++) start[size[u]]++;
  let at = 0;
  for (let s = max; s >= 0; s--) {
    const k = start[s];
    start[s] = at;
    at += k;
  }
  const order = new Int32Array(size.length);
  for (let u = 0; u < size.length; u++) order[start[size[u]]++] = u;
  return order;
}

/** Unit v (= order[v]'s pair group) adds its text's candidate counts and token count at the slots of its CHANGED flag (see Units). */
function bySlot(
  order: Int32Array,
  unitText: Int32Array,
  unitChanged: Uint8Array,
  length: Int32Array,
  found: TextCandidates,
  K: number,
): { slotAt: Int32Array; units: Int32Array; counts: Int32Array } {
  const { at, cands, counts } = found;
  // entries per slot, then where each slot's entries start
  const slotAt = new Int32Array(2 * K + 3);
  for (let u = 0; u < order.length; u++) {
    const t = unitText[u];
    const shift = unitChanged[u] === 1 ? 0 : K;
    for (let i = at[t]; i < at[t + 1]; i++) slotAt[cands[i] + shift + 1]++;
    slotAt[2 * K + 1 + (unitChanged[u] === 1 ? 0 : 1)]++;
  }
  for (let q = 0; q < 2 * K + 2; q++) slotAt[q + 1] += slotAt[q];
  const fill = slotAt.slice(0, 2 * K + 2);
  const entryUnit = new Int32Array(slotAt[2 * K + 2]);
  const entryCount = new Int32Array(slotAt[2 * K + 2]);
  for (let v = 0; v < order.length; v++) {
    const u = order[v];
    const t = unitText[u];
    const shift = unitChanged[u] === 1 ? 0 : K;
    for (let i = at[t]; i < at[t + 1]; i++) {
      const e = fill[cands[i] + shift]++;
      entryUnit[e] = v;
      entryCount[e] = counts[i];
    }
    const e = fill[2 * K + (unitChanged[u] === 1 ? 0 : 1)]++;
    entryUnit[e] = v;
    entryCount[e] = length[t];
  }
  return { slotAt, units: entryUnit, counts: entryCount };
}

/** The steps of units large.. (by size), as each step's unit. */
function smallUnitSteps(size: Float64Array, large: number): Int32Array {
  let small = 0;
  for (let v = large; v < size.length; v++) small += size[v];
  const steps = new Int32Array(small);
  for (let v = large, from = 0; v < size.length; v++) steps.fill(v, from, (from += size[v]));
  return steps;
}

/**
 * Units at least this large get a binomial draw of their own; the steps of smaller units are drawn
 * one by one. A binomial draw costs about as much as several uniform step draws, and most units hold
 * one or two steps (in the release, ~48k units of 213k guided steps; 1,248 hold 16 steps or more).
 */
const LARGE_UNIT = 16;

/**
 * How many times each unit is drawn when n steps are drawn with replacement, into `w`: a draw of
 * Multinomial(n; size_u / n). In two stages, which is the same law (a multinomial's counts given the
 * total of a group of its categories are multinomial within the group): one multinomial over the
 * large units and the small units taken together (multinomialSample, exact), then the steps of the
 * small units, as many as that gave them, each drawn uniformly among the small units' steps.
 */
function drawUnits(rng: Rng, n: number, u: Units, weights: Float64Array, stage: Float64Array, w: Int32Array): Int32Array {
  multinomialSample(rng, n, weights, stage);
  const { large, smallSteps } = u;
  for (let v = 0; v < large; v++) w[v] = stage[v];
  w.fill(0, large);
  // a count (below n) read as an integer, so the loop's bound is one from its first run
  const m = stage[large] | 0;
  const s = smallSteps.length;
  for (let i = 0; i < m; i++) w[smallSteps[rng.int(s)]]++;
  return w;
}

/** A resample's counts by slot (see Units): the candidates' counts in CHANGED guidance at y[c], in UNCHANGED at y[K + c], the token totals at y[2K], y[2K + 1]. */
function slotSums(slotAt: Int32Array, units: Int32Array, counts: Int32Array, w: Int32Array, y: Float64Array): void {
  for (let q = 0; q < y.length; q++) {
    let sum = 0;
    for (let k = slotAt[q], end = slotAt[q + 1]; k < end; k++) sum += w[units[k]] * counts[k];
    y[q] = sum;
  }
}

/** zmin[c] = min(zmin[c], this benchmark's z of candidate c), NaN once a benchmark's resample lacks the word. */
function lowerZmin(y: Float64Array, K: number, zmin: Float64Array): void {
  const nC = y[2 * K];
  const nU = y[2 * K + 1];
  for (let c = 0; c < K; c++) {
    const a = y[c] + y[K + c];
    // a word not seen in this benchmark's resample is not "seen in both": it drops out
    const z = a > 0 ? logOddsZ(y[c], y[K + c], nC, nU, a, nC + nU).z : NaN;
    zmin[c] = Number.isNaN(z) || Number.isNaN(zmin[c]) ? NaN : Math.min(zmin[c], z);
  }
}

/** One resample's ranking of the candidates by z_min (descending, ties by full-data rank), added to the tallies. */
function rankCandidates(zmin: Float64Array, topK: number, inTop: Float64Array, rankSum: Float64Array, rankN: Float64Array): void {
  const order = [...zmin.keys()].filter((w) => !Number.isNaN(zmin[w])).sort((x, y) => zmin[y] - zmin[x] || x - y);
  order.forEach((w, r) => {
    rankSum[w] += r + 1;
    rankN[w]++;
    if (r < topK) inTop[w]++;
  });
}

/**
 * Bootstrap stability of the z_min top-k list (beyond the paper): the guidance texts of each
 * benchmark are resampled with replacement (each text keeps its CHANGED / UNCHANGED status), the
 * weighted log-odds z-scores and z_min are recomputed, and we count how often each word is in the
 * top k. For speed only the full-data top `candidates` words can enter a resample's list; group
 * totals use every token, and under the pooled prior a_0 = n_CHANGED + n_UNCHANGED, so the z-scores
 * equal those of the full analysis on the resampled texts. A resample needs only how often it drew
 * each unit of identical steps (`candidateUnits`), and drawing n steps with replacement draws those
 * counts from Multinomial(n; size_u / n): so each benchmark's resample is one multinomial draw
 * (src/derive/stats/multinomial-sample.ts, exact), benchmark after benchmark, and sums the drawn
 * units' word counts. The same law as n draws of one step each, for far fewer random numbers.
 */
function resampleStability(ctx: PawmContext, opts: StabilityOptions): LexicalStability {
  const topK = opts.topK ?? 20;
  const lex = lexicalOf(ctx);
  const candidates = lex.rows.slice(0, opts.candidates ?? 3 * topK).map((r) => r.word);
  const K = candidates.length;
  const B = opts.resamples ?? Math.min(ctx.opts.resamples, 200);
  const rng = createRng(ctx.opts.seed, STABILITY_STREAM);
  const units = BENCHMARKS.map((b) => ({ n: lex.corpora[b].steps.length, ...candidateUnits(lex.corpora[b], candidates) }));
  const drawn = units.map((u) => new Int32Array(u.size.length));
  // the multinomial's categories: each large unit, then the small units together
  const weights = units.map((u) => Float64Array.from([...u.size.subarray(0, u.large), u.smallSteps.length]));
  const stages = weights.map((w) => new Float64Array(w.length));
  const inTop = new Float64Array(K);
  const rankSum = new Float64Array(K);
  const rankN = new Float64Array(K);
  const zmin = new Float64Array(K);
  const y = new Float64Array(2 * K + 2);
  for (let b = 0; b < B; b++) {
    zmin.fill(Infinity);
    for (let j = 0; j < units.length; j++) {
      const u = units[j];
      // n steps drawn with replacement, as how many times each unit was drawn
      const w = drawUnits(rng, u.n, u, weights[j], stages[j], drawn[j]);
      slotSums(u.slotAt, u.units, u.counts, w, y);
      lowerZmin(y, K, zmin);
    }
    rankCandidates(zmin, topK, inTop, rankSum, rankN);
  }
  return { topK, resamples: B, candidates, inTop, rankSum, rankN, rows: stabilityRows(lex, candidates, topK, B, inTop, rankSum, rankN) };
}

/** The stability cell of one option set (the defaults unless a notebook asks otherwise), once per context. */
export const lexicalStabilityOf = derivedBy(resampleStability, (o: StabilityOptions) =>
  JSON.stringify([o.topK ?? null, o.candidates ?? null, o.resamples ?? null]),
);
