import type { PawmRelease } from '../../../src/release/load/pawm.js';
import type { Step } from '../../../src/release/schemas/pawm.js';
import { weightedLogOdds } from '../../../src/derive/stats/weighted-log-odds.js';
import { derived } from '../../../src/derive/memo.js';
import { TokenIds } from '../../../src/derive/text/token-ids.js';
import { BENCHMARKS, type PawmBenchmark, type PawmContext } from './context.js';
import { isChanged } from './metrics.js';

/**
 * The guidance texts of one benchmark as sparse word-count vectors. Step i says text[i], one of
 * `texts` distinct guidance texts (the world model often repeats itself); text t holds the distinct
 * word ids words[offsets[t]..offsets[t+1]) with their counts at the same positions, length[t]
 * tokens in all. changed[i] says whether step i's action changed. Ids index `vocab`. Every count a
 * resample needs is a sum of these vectors, so nothing is tokenised again after this.
 */
export interface Corpus {
  benchmark: PawmBenchmark;
  steps: Step[];
  changed: Uint8Array;
  text: Int32Array;
  texts: number;
  length: Int32Array;
  offsets: Int32Array;
  words: Int32Array;
  counts: Int32Array;
  vocab: string[];
  index: Map<string, number>;
}

/** An Int32Array that grows by doubling, for building a column whose length is not known in advance. */
export class IntColumn {
  data = new Int32Array(1024);
  size = 0;
  push(v: number): void {
    if (this.size === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.size++] = v;
  }
  done(): Int32Array {
    return this.data.slice(0, this.size);
  }
}

export interface LexicalOptions {
  /** which guided steps enter the analysis (default: all guided steps of the release) */
  include?: (s: Step) => boolean;
  /** the Dirichlet prior (default 'pooled', see src/derive/stats/weighted-log-odds.ts) */
  prior?: 'pooled' | number;
}

/**
 * Tokenizes every included guided step of one benchmark once (the tokens of src/derive/text/
 * tokenize.ts, as word ids by token-ids.ts, which makes no string per token) into its word-count
 * vector. A text repeated across steps (the world model often says the same thing) is tokenised once
 * and its vector copied.
 */
export function buildCorpus(release: PawmRelease, benchmark: PawmBenchmark, include?: (s: Step) => boolean): Corpus {
  const steps = release.steps.filter((s) => s.benchmark === benchmark && s.guidance !== null && (!include || include(s)));
  const ids = new TokenIds();
  const changed = new Uint8Array(steps.length);
  const text = new Int32Array(steps.length);
  const offsets = new IntColumn();
  const length = new IntColumn();
  const words = new IntColumn();
  const counts = new IntColumn();
  offsets.push(0);
  const textId = new Map<string, number>();
  // per-text counts by word id, and the ids it touched (the vocabulary is small: a dense scratch)
  let scratch = new Int32Array(1024);
  const touched: number[] = [];
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i];
    changed[i] = isChanged(s) ? 1 : 0;
    const known = textId.get(s.guidance!);
    if (known !== undefined) {
      text[i] = known;
      continue;
    }
    text[i] = textId.size;
    textId.set(s.guidance!, textId.size);
    const n = ids.read(s.guidance!);
    const tokens = ids.ids;
    if (ids.vocab.length > scratch.length) {
      const grown = new Int32Array(2 * ids.vocab.length);
      grown.set(scratch);
      scratch = grown;
    }
    touched.length = 0;
    for (let k = 0; k < n; k++) if (scratch[tokens[k]]++ === 0) touched.push(tokens[k]);
    for (const id of touched) {
      words.push(id);
      counts.push(scratch[id]);
      scratch[id] = 0;
    }
    length.push(n);
    offsets.push(words.size);
  }
  return { benchmark, steps, changed, text, texts: textId.size, length: length.done(), offsets: offsets.done(), words: words.done(), counts: counts.done(), vocab: ids.vocab, index: ids.index };
}

/** Word counts in CHANGED and UNCHANGED guidance. */
export function groupCounts(c: Corpus): { changed: Map<string, number>; unchanged: Map<string, number> } {
  const ch = new Float64Array(c.vocab.length);
  const un = new Float64Array(c.vocab.length);
  for (let i = 0; i < c.steps.length; i++) {
    const target = c.changed[i] ? ch : un;
    const t = c.text[i];
    for (let k = c.offsets[t]; k < c.offsets[t + 1]; k++) target[c.words[k]] += c.counts[k];
  }
  const changed = new Map<string, number>();
  const unchanged = new Map<string, number>();
  c.vocab.forEach((w, i) => {
    if (ch[i] > 0) changed.set(w, ch[i]);
    if (un[i] > 0) unchanged.set(w, un[i]);
  });
  return { changed, unchanged };
}

export interface LexicalRow {
  word: string;
  scienceworld_changed: number;
  scienceworld_unchanged: number;
  scienceworld_log_odds: number;
  scienceworld_z: number;
  webarena_lite_changed: number;
  webarena_lite_unchanged: number;
  webarena_lite_log_odds: number;
  webarena_lite_z: number;
  z_min: number;
  [k: string]: string | number;
}

export interface Lexical {
  rows: LexicalRow[];
  corpora: Record<PawmBenchmark, Corpus>;
  /** documents (guided steps) and tokens per group and benchmark */
  sizes: Record<PawmBenchmark, { changed_docs: number; unchanged_docs: number; changed_tokens: number; unchanged_tokens: number; vocabulary: number }>;
}

/** Rows sorted by z_min descending, ties by word. */
export function lexicalAnalysis(release: PawmRelease, opts: LexicalOptions = {}): Lexical {
  const corpora = {} as Record<PawmBenchmark, Corpus>;
  const results = {} as Record<PawmBenchmark, ReturnType<typeof weightedLogOdds>>;
  const sizes = {} as Lexical['sizes'];
  for (const b of BENCHMARKS) {
    corpora[b] = buildCorpus(release, b, opts.include);
    const g = groupCounts(corpora[b]);
    results[b] = weightedLogOdds(g.changed, g.unchanged, { prior: opts.prior ?? 'pooled' });
    let ct = 0;
    let ut = 0;
    for (const v of g.changed.values()) ct += v;
    for (const v of g.unchanged.values()) ut += v;
    let cd = 0;
    for (const x of corpora[b].changed) cd += x;
    sizes[b] = { changed_docs: cd, unchanged_docs: corpora[b].steps.length - cd, changed_tokens: ct, unchanged_tokens: ut, vocabulary: corpora[b].vocab.length };
  }
  const rows: LexicalRow[] = [];
  for (const [word, sw] of results.scienceworld) {
    const wa = results.webarena_lite.get(word);
    if (!wa) continue;
    rows.push({
      word,
      scienceworld_changed: sw.y1,
      scienceworld_unchanged: sw.y2,
      scienceworld_log_odds: sw.logOdds,
      scienceworld_z: sw.z,
      webarena_lite_changed: wa.y1,
      webarena_lite_unchanged: wa.y2,
      webarena_lite_log_odds: wa.logOdds,
      webarena_lite_z: wa.z,
      z_min: Math.min(sw.z, wa.z),
    });
  }
  rows.sort((a, b) => b.z_min - a.z_min || (a.word < b.word ? -1 : 1));
  return { rows, corpora, sizes };
}

/** The lexical analysis of every guided step of the release, once per context. */
export const lexicalOf = derived((ctx: PawmContext): Lexical => lexicalAnalysis(ctx.release));
