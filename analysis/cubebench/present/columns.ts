import { COLUMNS } from '../../../src/present/tables/columns.js';
import type { Column } from '../../../src/present/tables/table.js';

/**
 * The columns several CubeBench tables share, each declared once; the columns every benchmark
 * shares come from COLUMNS (src/present/tables/columns.ts).
 */
const BASE = {
  reward: { key: 'reward', label: 'Reward' },
  tier: { key: 'tier', label: 'Tier' },
  horizon: { key: 'horizon', label: 'Horizon' },
} as const satisfies Record<string, Column>;

export const CUBE_COLUMNS = {
  ...BASE,
  n: { key: 'n', label: 'n', format: 'int' },
  pass_rate: { key: 'pass_rate', label: 'Pass rate %', format: 'pct' },
  /** the Wilson interval of a pass-rate cell (the shared ci columns describe a bootstrap) */
  wilson_low: { ...COLUMNS.ci_low, help: 'Wilson score interval' },
  wilson_high: { ...COLUMNS.ci_high, help: 'Wilson score interval' },
  /** the reward column of the dense-reward experiment, with what each reward is */
  reward_kinds: { ...BASE.reward, help: 'none = sparse; face = solved faces; sticker = stickers in place; heuristic = minus a distance estimate' },
  /** the pass-rate tables' tier, which has the pooled 'all' besides the four */
  tier_or_all: { ...BASE.tier, help: "'all' pools the four tiers (the paper's 'all long' column)" },
  /** the pass-rate tables' horizon, with its depths */
  horizon_depths: { ...BASE.horizon, help: 'short = depth <= 4, long = depth >= 8' },
  /** episodes that pass on replay */
  replayed_passed: { ...COLUMNS.passed, help: 'episodes whose replayed actions leave every face one colour' },
  /** the pivoted views' line label: 'recomputed' or 'paper' */
  which: { key: 'which', label: '' },
} as const satisfies Record<string, Column>;

/** A pivoted view's column of one (tier, horizon): the rate and its interval as text. */
export function rateColumn(c: { id: string; label: string }): Column {
  return { key: c.id, label: c.label, help: 'pass rate % [Wilson 95% CI]' };
}
