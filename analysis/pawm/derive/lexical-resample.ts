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
 * has to know how many times it drew each unit. Unit u holds size[u] steps and has `changed`,
 * `length` and candidate counts cands/counts[offsets[u]..offsets[u+1]). Units are numbered by size,
 * largest first (ties in order of first step): units 0..large-1 hold at least LARGE_UNIT steps each;
 * `smallSteps` lists the steps of the other units, as each step's unit.
 */
interface Units {
  size: Float64Array;
  large: number;
  smallSteps: Int32Array;
  changed: Uint8Array;
  length: Int32Array;
  offsets: Int32Array;
  cands: Int32Array;
  counts: Int32Array;
}

function candidateUnits(c: Corpus, candidates: string[]): Units {
  const candOf = new Int32Array(c.vocab.length).fill(-1);
  candidates.forEach((w, i) => {
    const id = c.index.get(w);
    if (id !== undefined) candOf[id] = i;
  });
  const n = c.steps.length;
  // the steps per (text, CHANGED) pair, in order of first step: a unit is one or more such pairs
  const pairSize = new Int32Array(2 * c.texts);
  const pairs: number[] = [];
  for (let d = 0; d < n; d++) {
    const p = 2 * c.text[d] + c.changed[d];
    if (pairSize[p]++ === 0) pairs.push(p);
  }
  const byHash = new Map<number, number[]>();
  const sizeOf: number[] = [];
  const changedOf: number[] = [];
  const textOf: number[] = [];
  // a text's candidate ids (ascending), each followed by its count
  const candsOfText: (number[] | undefined)[] = new Array(c.texts);
  const countOf = new Int32Array(candidates.length);
  for (const p of pairs) {
    const t = p >> 1;
    let pairsOfText = candsOfText[t];
    if (pairsOfText === undefined) {
      // the text's candidates, sorted by insertion (a text holds few of them)
      const found: number[] = [];
      for (let k = c.offsets[t]; k < c.offsets[t + 1]; k++) {
        const cand = candOf[c.words[k]];
        if (cand < 0) continue;
        countOf[cand] = c.counts[k];
        let i = found.length;
        found.push(cand);
        for (; i > 0 && found[i - 1] > cand; i--) found[i] = found[i - 1];
        found[i] = cand;
      }
      pairsOfText = new Array<number>(2 * found.length);
      for (let i = 0; i < found.length; i++) {
        pairsOfText[2 * i] = found[i];
        pairsOfText[2 * i + 1] = countOf[found[i]];
      }
      candsOfText[t] = pairsOfText;
    }
    // steps of the same unit have equal CHANGED, token count and candidate pairs: hashed, then compared
    const changedHere = p & 1;
    const len = c.length[t];
    let h = Math.imul(changedHere + 1, 0x9e3779b1) ^ len;
    for (let i = 0; i < pairsOfText.length; i++) h = Math.imul(h ^ pairsOfText[i], 0x01000193);
    let bucket = byHash.get(h);
    if (bucket === undefined) byHash.set(h, (bucket = []));
    let u = -1;
    for (const v of bucket) {
      if (changedOf[v] !== changedHere || c.length[textOf[v]] !== len) continue;
      const other = candsOfText[textOf[v]]!;
      if (other.length !== pairsOfText.length) continue;
      let i = 0;
      while (i < other.length && other[i] === pairsOfText[i]) i++;
      if (i === other.length) {
        u = v;
        break;
      }
    }
    if (u >= 0) sizeOf[u] += pairSize[p];
    else {
      bucket.push(sizeOf.length);
      sizeOf.push(pairSize[p]);
      changedOf.push(changedHere);
      textOf.push(t);
    }
  }
  const order = sizeOf.map((_, u) => u).sort((x, y) => sizeOf[y] - sizeOf[x] || x - y);
  const size = new Float64Array(order.length);
  const changed = new Uint8Array(order.length);
  const length = new Int32Array(order.length);
  const offsets = new Int32Array(order.length + 1);
  const cands: number[] = [];
  const counts: number[] = [];
  order.forEach((u, v) => {
    size[v] = sizeOf[u];
    changed[v] = changedOf[u];
    length[v] = c.length[textOf[u]];
    const pairsOfText = candsOfText[textOf[u]]!;
    for (let i = 0; i < pairsOfText.length; i += 2) {
      cands.push(pairsOfText[i]);
      counts.push(pairsOfText[i + 1]);
    }
    offsets[v + 1] = cands.length;
  });
  let large = 0;
  while (large < size.length && size[large] >= LARGE_UNIT) large++;
  let small = 0;
  for (let v = large; v < size.length; v++) small += size[v];
  const smallSteps = new Int32Array(small);
  for (let v = large, at = 0; v < size.length; v++) smallSteps.fill(v, at, (at += size[v]));
  return { size, large, smallSteps, changed, length, offsets, cands: Int32Array.from(cands), counts: Int32Array.from(counts) };
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
  const m = stage[large];
  const s = smallSteps.length;
  for (let i = 0; i < m; i++) w[smallSteps[rng.int(s)]]++;
  return w;
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
  const y = new Float64Array(2 * K);
  for (let b = 0; b < B; b++) {
    zmin.fill(Infinity);
    units.forEach((u, j) => {
      // n steps drawn with replacement, as how many times each unit was drawn
      const w = drawUnits(rng, u.n, u, weights[j], stages[j], drawn[j]);
      // the candidates' counts in CHANGED guidance at y[c], in UNCHANGED at y[K + c] (cand + K * !changed)
      y.fill(0);
      let nC = 0;
      let nU = 0;
      const { changed, length, offsets, cands, counts } = u;
      for (let v = 0; v < w.length; v++) {
        const times = w[v];
        if (times === 0) continue;
        let at = 0;
        if (changed[v] === 1) nC += times * length[v];
        else {
          nU += times * length[v];
          at = K;
        }
        for (let k = offsets[v], end = offsets[v + 1]; k < end; k++) y[at + cands[k]] += times * counts[k];
      }
      for (let c = 0; c < K; c++) {
        const a = y[c] + y[K + c];
        // a word not seen in this benchmark's resample is not "seen in both": it drops out
        const z = a > 0 ? logOddsZ(y[c], y[K + c], nC, nU, a, nC + nU).z : NaN;
        zmin[c] = Number.isNaN(z) || Number.isNaN(zmin[c]) ? NaN : Math.min(zmin[c], z);
      }
    });
    const order = [...zmin.keys()].filter((w) => !Number.isNaN(zmin[w])).sort((x, y) => zmin[y] - zmin[x] || x - y);
    order.forEach((w, r) => {
      rankSum[w] += r + 1;
      rankN[w]++;
      if (r < topK) inTop[w]++;
    });
  }
  return { topK, resamples: B, candidates, inTop, rankSum, rankN };
}

/** The stability cell of one option set (the defaults unless a notebook asks otherwise), once per context. */
export const lexicalStabilityOf = derivedBy(resampleStability, (o: StabilityOptions) => JSON.stringify([o.topK ?? null, o.candidates ?? null, o.resamples ?? null]));
