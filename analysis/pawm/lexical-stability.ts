import { createRng } from '../../src/derive/stats/rng.js';
import { logOddsZ } from '../../src/derive/stats/log-odds-z.js';
import type { Table, TableRow } from '../../src/present/tables/table.js';
import { BENCHMARKS, type PawmContext } from './context.js';
import { lexicalOf, type Corpus } from './lexical.js';

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
      for (let k = c.offsets[d]; k < c.offsets[d + 1]; k++) if (candOf[c.words[k]] >= 0) pairs.push([candOf[c.words[k]], c.counts[k]]);
      pairs.sort((x, y) => x[0] - y[0]);
      sigOfText[t] = `${c.length[d]} ${pairs.map((p) => `${p[0]}:${p[1]}`).join(',')}`;
      pairsOfText[t] = pairs;
    }
    const sig = `${c.changed[d]} ${sigOfText[t]}`;
    let u = bySignature.get(sig);
    if (u === undefined) {
      u = changed.length;
      bySignature.set(sig, u);
      changed.push(c.changed[d]);
      length.push(c.length[d]);
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
export function lexicalStability(ctx: PawmContext, opts: StabilityOptions = {}): Table {
  const topK = opts.topK ?? 20;
  const lex = lexicalOf(ctx);
  const candidates = lex.rows.slice(0, opts.candidates ?? 3 * topK).map((r) => r.word);
  const K = candidates.length;
  const B = opts.resamples ?? Math.min(ctx.opts.resamples, 200);
  const rng = createRng(ctx.opts.seed, 'pawm:lexical-stability');
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
  const rows: TableRow[] = [];
  for (let w = 0; w < K; w++) {
    if (w >= topK && inTop[w] === 0) continue;
    rows.push({
      word: candidates[w],
      rank: w + 1,
      z_min: lex.rows[w].z_min,
      top_share: B ? inTop[w] / B : null,
      mean_rank: rankN[w] ? rankSum[w] / rankN[w] : null,
    });
  }
  rows.sort((a, b) => (b.top_share as number) - (a.top_share as number) || (a.rank as number) - (b.rank as number));
  return {
    id: 'lexical-stability',
    title: `Bootstrap stability of the top-${topK} z_min words`,
    source: 'beyond the paper',
    columns: [
      { key: 'word', label: 'Word' },
      { key: 'rank', label: 'Full-data rank', format: 'int' },
      { key: 'z_min', label: 'Full-data z_min', format: 'num' },
      { key: 'top_share', label: `In top ${topK} %`, format: 'pct', help: 'share of bootstrap resamples in which the word is in the top list' },
      { key: 'mean_rank', label: 'Mean rank', format: 'num', help: 'mean z_min rank over resamples, among the candidate words' },
    ],
    rows,
    notes: [
      `${B} bootstrap resamples of the guidance texts within each benchmark (seed ${ctx.opts.seed}, stream "pawm:lexical-stability"); run resamples capped at 200 to keep this fast.`,
      `Candidates: the full-data top ${K} words by z_min; rows: the full-data top ${topK} and any word that entered a resample's top ${topK}.`,
      'The paper reports no stability analysis; words near 100% are robust to which guidance texts happened to be logged.',
    ],
  };
}
