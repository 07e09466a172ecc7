import type { PawmRelease } from '../../../src/release/load/pawm.js';
import type { Step } from '../../../src/format/pawm.js';
import { weightedLogOdds } from '../../../src/derive/stats/weighted-log-odds.js';
import { derived } from '../../../src/derive/memo.js';
import { TokenIds } from '../../../src/domain/text/token-ids.js';
import { BENCHMARKS, type PawmBenchmark, type PawmContext } from './context.js';
import { isChanged } from './metrics.js';

/**
 * The guidance texts of one benchmark as sparse word-count vectors. Step i says text[i], one of
 * `texts` distinct guidance texts (the world model often repeats itself); text t holds the distinct
 * word ids words[offsets[t]..offsets[t+1]) with their counts at the same positions, length[t]
 * tokens in all. changed[i] says whether step i's action changed. `pairs` lists the (text, CHANGED)
 * pairs the steps make, as 2 text + changed, in order of their first step, and pairSteps[2 t + changed]
 * counts the steps of each. Ids index `vocab`. Every count a resample needs is a sum of these
 * vectors, so nothing is tokenised again after this.
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
  pairs: Int32Array;
  pairSteps: Int32Array;
  vocab: string[];
  index: Map<string, number>;
}

/** An Int32Array that grows by doubling, for building a column whose length is not known in advance. */
class IntColumn {
  data = new Int32Array(1024);
  size = 0;
  push(v: number): void {
    if (this.size === this.data.length) this.reserve(1);
    this.data[this.size++] = v;
  }
  /** makes room for `more` values past `size` */
  reserve(more: number): void {
    if (this.size + more <= this.data.length) return;
    const grown = new Int32Array(Math.max(2 * this.data.length, this.size + more));
    grown.set(this.data.subarray(0, this.size));
    this.data = grown;
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
 * The word-count vectors of distinct texts, appended one text at a time: the tokens of tokenize
 * (as word ids by token-ids.ts, which makes no string per token), each distinct word once with its
 * count, in order of first appearance in the text.
 */
class TextVectors {
  readonly ids = new TokenIds();
  readonly offsets = new IntColumn();
  readonly length = new IntColumn();
  readonly words = new IntColumn();
  readonly counts = new IntColumn();
  // per-word counts of the text being added (the vocabulary is small: a dense scratch, zero between texts)
  private scratch = new Int32Array(1024);

  constructor() {
    this.offsets.push(0);
  }

  add(text: string): void {
    const n = this.ids.read(text);
    const tokens = this.ids.ids;
    if (this.ids.vocab.length > this.scratch.length) {
      const grown = new Int32Array(2 * this.ids.vocab.length);
      grown.set(this.scratch);
      this.scratch = grown;
    }
    this.words.reserve(n);
    this.counts.reserve(n);
    const from = this.words.size;
    this.words.size = this.counts.size = countWords(tokens, n, this.scratch, this.words.data, this.counts.data, from);
    this.length.push(n);
    this.offsets.push(this.words.size);
  }
}

/** Writes the distinct ids of tokens[0..n) from `at` on, in order of first appearance, with their counts; returns the end. `scratch` is zero before and after. */
function countWords(tokens: Int32Array, n: number, scratch: Int32Array, words: Int32Array, counts: Int32Array, at: number): number {
  const from = at;
  for (let k = 0; k < n; k++) {
    const id = tokens[k];
    if (scratch[id]++ === 0) words[at++] = id;
  }
  for (let k = from; k < at; k++) {
    counts[k] = scratch[words[k]];
    scratch[words[k]] = 0;
  }
  return at;
}

/** The (text, CHANGED) pairs of the steps, as 2 text + changed, in order of first step, and the steps of each. */
function textPairs(text: Int32Array, changed: Uint8Array, texts: number): { pairs: Int32Array; pairSteps: Int32Array } {
  const pairSteps = new Int32Array(2 * texts);
  const pairs = new Int32Array(text.length);
  let m = 0;
  for (let d = 0; d < text.length; d++) {
    const p = 2 * text[d] + changed[d];
    if (pairSteps[p]++ === 0) pairs[m++] = p;
  }
  return { pairs: pairs.slice(0, m), pairSteps };
}

/**
 * Tokenizes every included guided step of one benchmark once into its word-count vector. A text
 * repeated across steps (the world model often says the same thing) is tokenised once and its
 * vector shared.
 */
export function buildCorpus(release: PawmRelease, benchmark: PawmBenchmark, include?: (s: Step) => boolean): Corpus {
  return corpusOf(
    benchmark,
    release.steps.filter((s) => s.benchmark === benchmark && s.guidance !== null && (!include || include(s))),
  );
}

/** The included guided steps of each benchmark, in release order (one pass over the steps). */
function guidedSteps(release: PawmRelease, include?: (s: Step) => boolean): Record<PawmBenchmark, Step[]> {
  const out = Object.fromEntries(BENCHMARKS.map((b) => [b, [] as Step[]])) as Record<PawmBenchmark, Step[]>;
  for (const s of release.steps)
    if (s.guidance !== null && Object.hasOwn(out, s.benchmark) && (!include || include(s))) out[s.benchmark as PawmBenchmark].push(s);
  return out;
}

/** The corpus of one benchmark's included guided steps. */
function corpusOf(benchmark: PawmBenchmark, steps: Step[]): Corpus {
  const vectors = new TextVectors();
  const changed = new Uint8Array(steps.length);
  const text = new Int32Array(steps.length);
  const textId = new Map<string, number>();
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i];
    changed[i] = isChanged(s) ? 1 : 0;
    const g = s.guidance!;
    let t = textId.get(g);
    if (t === undefined) {
      textId.set(g, (t = textId.size));
      vectors.add(g);
    }
    text[i] = t;
  }
  const { ids } = vectors;
  const { pairs, pairSteps } = textPairs(text, changed, textId.size);
  return {
    benchmark,
    steps,
    changed,
    text,
    texts: textId.size,
    length: vectors.length.done(),
    offsets: vectors.offsets.done(),
    words: vectors.words.done(),
    counts: vectors.counts.done(),
    pairs,
    pairSteps,
    vocab: ids.vocab,
    index: ids.index,
  };
}

/** Word counts in CHANGED and UNCHANGED guidance. */
export function groupCounts(c: Corpus): { changed: Map<string, number>; unchanged: Map<string, number> } {
  const ch = new Float64Array(c.vocab.length);
  const un = new Float64Array(c.vocab.length);
  sumByGroup(c.offsets, c.words, c.counts, c.pairSteps, ch, un);
  const changed = new Map<string, number>();
  const unchanged = new Map<string, number>();
  c.vocab.forEach((w, i) => {
    if (ch[i] > 0) changed.set(w, ch[i]);
    if (un[i] > 0) unchanged.set(w, un[i]);
  });
  return { changed, unchanged };
}

/** Each text's counts times its CHANGED steps into ch, times its UNCHANGED steps into un (sums of integers: exact in any order). */
function sumByGroup(offsets: Int32Array, words: Int32Array, counts: Int32Array, pairSteps: Int32Array, ch: Float64Array, un: Float64Array): void {
  for (let t = 0; t + 1 < offsets.length; t++) {
    const c = pairSteps[2 * t + 1];
    const u = pairSteps[2 * t];
    for (let k = offsets[t]; k < offsets[t + 1]; k++) {
      ch[words[k]] += c * counts[k];
      un[words[k]] += u * counts[k];
    }
  }
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
  const guided = guidedSteps(release, opts.include);
  for (const b of BENCHMARKS) {
    corpora[b] = corpusOf(b, guided[b]);
    const g = groupCounts(corpora[b]);
    results[b] = weightedLogOdds(g.changed, g.unchanged, { prior: opts.prior ?? 'pooled' });
    let ct = 0;
    let ut = 0;
    for (const v of g.changed.values()) ct += v;
    for (const v of g.unchanged.values()) ut += v;
    let cd = 0;
    for (const x of corpora[b].changed) cd += x;
    sizes[b] = {
      changed_docs: cd,
      unchanged_docs: corpora[b].steps.length - cd,
      changed_tokens: ct,
      unchanged_tokens: ut,
      vocabulary: corpora[b].vocab.length,
    };
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
