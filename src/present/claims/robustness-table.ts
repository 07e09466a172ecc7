import type { RobustnessCell } from '../../derive/claims/robustness-grid.js';
import type { Table, TableRow } from '../tables/table.js';

/** The robustness grid of a benchmark's claims (`OUT/<bench>/claims-robustness.*`), in long form. */
export function robustnessTable(benchmark: string, grid: readonly RobustnessCell[]): Table {
  const rows: TableRow[] = grid.map((g) => ({ ...g }));
  return {
    id: 'claims-robustness',
    title: `${benchmark}'s claims under each analysis choice`,
    source: 'beyond the paper (the claims table, one choice changed at a time)',
    columns: [
      { key: 'claim_id', label: 'Claim' },
      {
        key: 'choice',
        label: 'Choice',
        help: "the analysis choice changed: the interval method, the seed, or one of the benchmark's own (judge threshold, labeler, cluster unit)",
      },
      { key: 'value', label: 'Value' },
      { key: 'estimate', label: 'Estimate', format: 'num3' },
      { key: 'ci_low', label: '95% CI low', format: 'num3' },
      { key: 'ci_high', label: '95% CI high', format: 'num3' },
      { key: 'verdict', label: 'Verdict' },
    ],
    rows,
    notes: [
      "A claim's `robust` (claims table) is the share of its cells here whose verdict equals its headline verdict.",
      'The seed cells draw the headline interval again with seeds S+1 and S+2 (CR1 does not depend on the seed).',
      "Every other choice's cells use CR1 (estimate ± t(0.975, G − 1) × the cluster-robust SE), or the claim's closed-form interval (Mantel-Haenszel, Wilson, an exact count); a rank or a resampled value has no cells for them, and a choice has cells only for the claims whose data it can change. A benchmark has only the choices its cells name.",
    ],
  };
}
