import { column, COLUMNS } from '../../../src/present/tables/columns.js';
import type { Column } from '../../../src/present/tables/table.js';

/**
 * The columns several CubeBench tables share, each declared once; the columns every benchmark
 * shares come from COLUMNS (src/present/tables/columns.ts).
 */
export const CUBE_COLUMNS = {
  reward: { key: 'reward', label: 'Reward' },
  tier: { key: 'tier', label: 'Tier' },
  horizon: { key: 'horizon', label: 'Horizon' },
  n: { key: 'n', label: 'n', format: 'int' },
  pass_rate: { key: 'pass_rate', label: 'Pass rate %', format: 'pct' },
  /** the Wilson interval of a pass-rate cell (the shared ci columns describe a bootstrap) */
  wilson_low: column(COLUMNS.ci_low, { help: 'Wilson score interval' }),
  wilson_high: column(COLUMNS.ci_high, { help: 'Wilson score interval' }),
  /** the pivoted views' line label: 'recomputed' or 'paper' */
  which: { key: 'which', label: '' },
} as const satisfies Record<string, Column>;

/** A pivoted view's column of one (tier, horizon): the rate and its interval as text. */
export function rateColumn(c: { id: string; label: string }): Column {
  return { key: c.id, label: c.label, help: 'pass rate % [Wilson 95% CI]' };
}
