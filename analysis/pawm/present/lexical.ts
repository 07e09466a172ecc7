import { delta, type RecordCount, type Table } from '../../../src/present/tables/table.js';
import { BENCHMARKS, BENCHMARK_LABEL, type PawmContext } from '../derive/context.js';
import { lexicalOf } from '../derive/corpus.js';
import { cols, PAWM_COLUMNS } from './columns.js';
import { LEXICAL_NOTE, PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';

/** The row's word among the tokens of one benchmark's guided steps, CHANGED or not: the corpus the counts come from. */
const wordIn = (benchmark: string, changed: boolean): RecordCount => ({
  kind: 'guided-step',
  where: { benchmark, changed },
  tokens: { field: 'guidance', token: 'word' },
});

/** Table 2 / 6: every word seen in both benchmarks, ranked by z_min. */
export function lexicalTable(ctx: PawmContext): Table {
  const lex = lexicalOf(ctx);
  // a Map lookup: a word such as `constructor` finds no published number
  const published = (w: string): number | null => PAPER.at('lexical', 'z_min', { word: w });
  const rows = lex.rows.map((r, i) => ({ rank: i + 1, ...r, paper_z_min: published(r.word), delta_z_min: delta(r.z_min, published(r.word)) }));
  const s = lex.sizes;
  const columns: Table['columns'] = [{ key: 'rank', label: 'Rank', format: 'int' }, PAWM_COLUMNS.word];
  for (const b of BENCHMARKS) {
    const L = BENCHMARK_LABEL[b];
    columns.push(
      { key: `${b}_changed`, label: `${L} CHANGED`, format: 'int', help: 'count of the word in guidance that changed the action', count: wordIn(L, true) },
      { key: `${b}_unchanged`, label: `${L} UNCHANGED`, format: 'int', count: wordIn(L, false) },
      { key: `${b}_log_odds`, label: `${L} log-odds`, format: 'num3', help: 'weighted log-odds ratio, CHANGED over UNCHANGED, informative Dirichlet prior' },
      { key: `${b}_z`, label: `${L} z`, format: 'num' },
    );
  }
  columns.push(...cols('z_min'), { key: 'paper_z_min', label: 'Paper z_min', format: 'num' }, { key: 'delta_z_min', label: 'Δ z_min', format: 'num' });
  return {
    id: 'lexical',
    title: 'Table 2 / 6: words that distinguish guidance that changed the action (weighted log-odds, z_min ranking)',
    source: 'PAWM, Table 2 / Table 6',
    columns,
    rows,
    paper: { ...paperField(PAPER, 'lexical'), note: LEXICAL_NOTE },
    notes: [
      `Corpus: every guided step of the release. CHANGED = final action differs from the tentative one. ScienceWorld ${s.scienceworld.changed_docs} CHANGED / ${s.scienceworld.unchanged_docs} UNCHANGED texts (${s.scienceworld.changed_tokens} / ${s.scienceworld.unchanged_tokens} tokens); WebArena-Lite ${s.webarena_lite.changed_docs} / ${s.webarena_lite.unchanged_docs} texts (${s.webarena_lite.changed_tokens} / ${s.webarena_lite.unchanged_tokens} tokens).`,
      'Tokens: lower-cased runs of a-z, an apostrophe between letters kept, no stemming, no stop-word removal (src/domain/text/tokenize.ts).',
      "Weighted log-odds ratio with an informative Dirichlet prior (Monroe, Colaresi & Quinn 2008), prior a_w = the word's pooled count in both groups (tidylo's default), a_0 = the sum over the vocabulary; z = log-odds / sqrt(variance).",
      "Rows: words seen in both benchmarks, sorted by z_min = min(z ScienceWorld, z WebArena-Lite), descending. The paper's z values come from its own corpus; on a synthetic release only the ranking pattern is comparable.",
    ],
  };
}
