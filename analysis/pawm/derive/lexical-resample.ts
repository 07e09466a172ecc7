import { createRng } from '../../../src/derive/stats/rng.js';
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
 * has to know how many times it drew each unit. unitOf[step] is the step's unit; unit u has `changed`,
 * `length` and candidate counts cands/counts[offsets[u]..offsets[u+1]).
 */
interface Units {
  unitOf: Int32Array;
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
  const unitOf = new Int32Array(n);
  const bySignature = new Map<string, number>();
  const changed: number[] = [];
  const length: number[] = [];
  const offsets: number[] = [0];
  const cands: number[] = [];
  const counts: number[] = [];
  // a text's candidate counts, as a signature and as pairs, worked out once per distinct text
  const sigOfText: (string | undefined)[] = new Array(c.texts);
  const pairsOfText: [number, number][][] = new Array(c.texts);
  for (let d = 0; d < n; d++) {
    const t = c.text[d];
    if (sigOfText[t] === undefined) {
      const pairs: [number, number][] = [];
      for (let k = c.offsets[t]; k < c.offsets[t + 1]; k++) if (candOf[c.words[k]] >= 0) pairs.push([candOf[c.words[k]], c.counts[k]]);
      pairs.sort((x, y) => x[0] - y[0]);
      sigOfText[t] = `${c.length[t]} ${pairs.map((p) => `${p[0]}:${p[1]}`).join(',')}`;
      pairsOfText[t] = pairs;
    }
    const sig = `${c.changed[d]} ${sigOfText[t]}`;
    let u = bySignature.get(sig);
    if (u === undefined) {
      u = changed.length;
      bySignature.set(sig, u);
      changed.push(c.changed[d]);
      length.push(c.length[t]);
      for (const [w, k] of pairsOfText[t]) {
        cands.push(w);
        counts.push(k);
      }
      offsets.push(cands.length);
    }
    unitOf[d] = u;
  }
  return { unitOf, changed: Uint8Array.from(changed), length: Int32Array.from(length), offsets: Int32Array.from(offsets), cands: Int32Array.from(cands), counts: Int32Array.from(counts) };
}

/**
 * Bootstrap stability of the z_min top-k list (beyond the paper): the guidance texts of each
 * benchmark are resampled with replacement (each text keeps its CHANGED / UNCHANGED status), the
 * weighted log-odds z-scores and z_min are recomputed, and we count how often each word is in the
 * top k. For speed only the full-data top `candidates` words can enter a resample's list; group
 * totals use every token, and under the pooled prior a_0 = n_CHANGED + n_UNCHANGED, so the z-scores
 * equal those of the full analysis on the resampled texts. Each resample only counts how often it
 * drew each unit of identical steps (`candidateUnits`) and sums those units' word counts; the draws
 * (one `rng.int(n)` per resampled step, benchmark after benchmark) are those of resampling the texts.
 */
function resampleStability(ctx: PawmContext, opts: StabilityOptions): LexicalStability {
  const topK = opts.topK ?? 20;
  const lex = lexicalOf(ctx);
  const candidates = lex.rows.slice(0, opts.candidates ?? 3 * topK).map((r) => r.word);
  const K = candidates.length;
  const B = opts.resamples ?? Math.min(ctx.opts.resamples, 200);
  const rng = createRng(ctx.opts.seed, STABILITY_STREAM);
  const units = BENCHMARKS.map((b) => ({ n: lex.corpora[b].steps.length, ...candidateUnits(lex.corpora[b], candidates) }));
  const drawn = units.map((u) => new Int32Array(u.length.length));
  const inTop = new Float64Array(K);
  const rankSum = new Float64Array(K);
  const rankN = new Float64Array(K);
  const zmin = new Float64Array(K);
  const yC = new Float64Array(K);
  const yU = new Float64Array(K);
  for (let b = 0; b < B; b++) {
    zmin.fill(Infinity);
    units.forEach((u, j) => {
      // n steps drawn with replacement, as draws of their units: the same draws, fewer sums
      const w = drawn[j];
      w.fill(0);
      const { n, unitOf } = u;
      for (let i = 0; i < n; i++) w[unitOf[rng.int(n)]]++;
      yC.fill(0);
      yU.fill(0);
      let nC = 0;
      let nU = 0;
      for (let v = 0; v < w.length; v++) {
        const times = w[v];
        if (times === 0) continue;
        const y = u.changed[v] === 1 ? yC : yU;
        if (u.changed[v] === 1) nC += times * u.length[v];
        else nU += times * u.length[v];
        for (let k = u.offsets[v]; k < u.offsets[v + 1]; k++) y[u.cands[k]] += times * u.counts[k];
      }
      for (let c = 0; c < K; c++) {
        const a = yC[c] + yU[c];
        // a word not seen in this benchmark's resample is not "seen in both": it drops out
        const z = a > 0 ? logOddsZ(yC[c], yU[c], nC, nU, a, nC + nU).z : NaN;
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
