import type { Table, TableRow } from '../../../src/present/tables/table.js';
import type { PawmContext } from '../derive/context.js';
import { lexicalStabilityOf, STABILITY_STREAM, type StabilityOptions } from '../derive/lexical-resample.js';
import { cols } from './columns.js';

/** Bootstrap stability of the z_min top-k list (the derived rows of derive/lexical-resample.ts), as a table. */
export function lexicalStability(ctx: PawmContext, opts: StabilityOptions = {}): Table {
  const { topK, resamples: B, candidates, rows: derivedRows } = lexicalStabilityOf(ctx, opts);
  const K = candidates.length;
  const rows: TableRow[] = derivedRows.map((r) => ({ ...r }));
  return {
    id: 'lexical-stability',
    title: `Bootstrap stability of the top-${topK} z_min words`,
    source: 'beyond the paper',
    columns: [
      ...cols('word'),
      { key: 'rank', label: 'Full-data rank', format: 'int' },
      { key: 'z_min', label: 'Full-data z_min', format: 'num' },
      { key: 'top_share', label: `In top ${topK} %`, format: 'pct', help: 'share of bootstrap resamples in which the word is in the top list' },
      { key: 'mean_rank', label: 'Mean rank', format: 'num', help: 'mean z_min rank over resamples, among the candidate words' },
    ],
    rows,
    notes: [
      `${B} bootstrap resamples of the guidance texts within each benchmark (seed ${ctx.opts.seed}, stream "${STABILITY_STREAM}"); run resamples capped at 200 to keep this fast.`,
      `Candidates: the full-data top ${K} words by z_min; rows: the full-data top ${topK} and any word that entered a resample's top ${topK}.`,
      'The paper reports no stability analysis; words near 100% are robust to which guidance texts happened to be logged.',
    ],
  };
}
