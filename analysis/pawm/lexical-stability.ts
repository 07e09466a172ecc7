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

/** Per document: its token count and the candidate words it holds (indices into the candidate list). */
function candidateDocs(c: Corpus, candidates: string[]): { len: Int32Array; offsets: Int32Array; cands: Int32Array } {
  const candOf = new Int32Array(c.vocab.length).fill(-1);
  candidates.forEach((w, i) => {
    const id = c.index.get(w);
    if (id !== undefined) candOf[id] = i;
  });
  const n = c.steps.length;
  const len = new Int32Array(n);
  const offsets = new Int32Array(n + 1);
  const out: number[] = [];
  for (let d = 0; d < n; d++) {
    len[d] = c.offsets[d + 1] - c.offsets[d];
    for (let k = c.offsets[d]; k < c.offsets[d + 1]; k++) if (candOf[c.tokens[k]] >= 0) out.push(candOf[c.tokens[k]]);
    offsets[d + 1] = out.length;
  }
  return { len, offsets, cands: Int32Array.from(out) };
}

/**
 * Bootstrap stability of the z_min top-k list (beyond the paper): the guidance texts of each
 * benchmark are resampled with replacement (each text keeps its CHANGED / UNCHANGED status), the
 * weighted log-odds z-scores and z_min are recomputed, and we count how often each word is in the
 * top k. For speed only the full-data top `candidates` words can enter a resample's list; group
 * totals use every token, and under the pooled prior a_0 = n_CHANGED + n_UNCHANGED, so the z-scores
 * equal those of the full analysis on the resampled texts.
 */
export function lexicalStability(ctx: PawmContext, opts: StabilityOptions = {}): Table {
  const topK = opts.topK ?? 20;
  const lex = lexicalOf(ctx);
  const candidates = lex.rows.slice(0, opts.candidates ?? 3 * topK).map((r) => r.word);
  const K = candidates.length;
  const B = opts.resamples ?? Math.min(ctx.opts.resamples, 200);
  const rng = createRng(ctx.opts.seed, 'pawm:lexical-stability');
  const docs = BENCHMARKS.map((b) => ({ corpus: lex.corpora[b], ...candidateDocs(lex.corpora[b], candidates) }));
  const inTop = new Float64Array(K);
  const rankSum = new Float64Array(K);
  const rankN = new Float64Array(K);
  const zmin = new Float64Array(K);
  const yC = new Float64Array(K);
  const yU = new Float64Array(K);
  for (let b = 0; b < B; b++) {
    zmin.fill(Infinity);
    for (const d of docs) {
      yC.fill(0);
      yU.fill(0);
      let nC = 0;
      let nU = 0;
      const { len, offsets, cands } = d;
      const flags = d.corpus.changed;
      const n = len.length;
      for (let i = 0; i < n; i++) {
        const doc = rng.int(n);
        const end = offsets[doc + 1];
        if (flags[doc] === 1) {
          nC += len[doc];
          for (let k = offsets[doc]; k < end; k++) yC[cands[k]]++;
        } else {
          nU += len[doc];
          for (let k = offsets[doc]; k < end; k++) yU[cands[k]]++;
        }
      }
      for (let w = 0; w < K; w++) {
        const a = yC[w] + yU[w];
        // a word not seen in this benchmark's resample is not "seen in both": it drops out
        const z = a > 0 ? logOddsZ(yC[w], yU[w], nC, nU, a, nC + nU).z : NaN;
        zmin[w] = Number.isNaN(z) || Number.isNaN(zmin[w]) ? NaN : Math.min(zmin[w], z);
      }
    }
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
