import { COLUMNS, column } from '../../../src/present/tables/columns.js';
import { CUBE_COLUMNS, rateColumn } from './columns.js';
import { formatCell } from '../../../src/present/tables/number-format.js';
import { delta, type Column, type TableRow } from '../../../src/present/tables/table.js';
import type { CubeContext } from '../derive/context.js';
import { passCell, type PassCell } from '../derive/slices.js';
import { PAPER } from '../paper.js';

/**
 * What the three pass-rate tables (exp1-3) share: the long-form row of one derived cell beside its
 * published value, and the pivot into the paper's layout.
 */

const TIERS = ['symbolic', 'visual', 'face', 'vertex'] as const;
export const REWARDS = ['none', 'face', 'sticker', 'heuristic'] as const;
export const AGENTS = ['basic', 'standard_solver', 'ideal_solver'] as const;
/** The paper's agent names; a Map, since a row's agent is a string (own entries only). */
export const AGENT_LABEL: ReadonlyMap<string, string> = new Map([
  ['basic', 'Basic'],
  ['standard_solver', 'Standard-Solver'],
  ['ideal_solver', 'Ideal-Solver'],
]);

/** One cell of a pass-rate table, long form. */
export interface CellRow extends TableRow {
  model: string;
  agent: string;
  reward: string;
  tier: string;
  horizon: string;
  passed: number;
  n: number;
  pass_rate: number;
  ci_low: number;
  ci_high: number;
  paper: number | null;
  delta: number | null;
}

/** The episodes of a cell: the record fields its row's heads give (`all` pools a head). */
const CELL_KEYS = { model: 'model', agent: 'agent', reward: 'reward', tier: 'tier', horizon: 'horizon' };

export const CELL_COLUMNS: Column[] = [
  COLUMNS.model,
  COLUMNS.agent,
  CUBE_COLUMNS.reward,
  CUBE_COLUMNS.tier_or_all,
  CUBE_COLUMNS.horizon_depths,
  column(CUBE_COLUMNS.replayed_passed, { count: { kind: 'episode', by: CELL_KEYS, where: { pass: true }, any: ['all'] } }),
  column(CUBE_COLUMNS.n, { count: { kind: 'episode', by: CELL_KEYS, any: ['all'] } }),
  CUBE_COLUMNS.pass_rate,
  CUBE_COLUMNS.wilson_low,
  CUBE_COLUMNS.wilson_high,
  COLUMNS.paper_where_given,
  COLUMNS.delta,
];

/** The pivoted view's columns: the row heads, the recomputed / paper line label, one rate column per (tier, horizon). */
export function pivotColumns(heads: Column[], columns: { id: string; label: string }[]): Column[] {
  return [...heads, CUBE_COLUMNS.which, ...columns.map(rateColumn)];
}

/** A derived cell as a row of table `analysis`, beside the published value declared for that cell (paper.ts). */
export function cellRow(c: PassCell, analysis: string): CellRow {
  const keys = { model: c.model, agent: c.agent, reward: c.reward, tier: c.tier, horizon: c.horizon };
  const paper = PAPER.at(analysis, 'pass_rate', keys);
  return { ...keys, paper, passed: c.passed, n: c.n, pass_rate: c.pass_rate, ci_low: c.ci_low, ci_high: c.ci_high, delta: delta(c.pass_rate, paper) };
}

/** "75.00 [53.13, 88.81]": a rate with its interval, for the pivoted views. */
export function rateText(r: CellRow | undefined): string {
  if (!r || r.n === 0) return '';
  return `${formatCell(r.pass_rate, 'pct')} [${formatCell(r.ci_low, 'pct')}, ${formatCell(r.ci_high, 'pct')}]`;
}

/** The five columns of Experiments 1 and 2: each tier at short horizon, and all tiers at long. */
export const EXP12_COLUMNS: { id: string; label: string; tier: string; horizon: string }[] = [
  ...TIERS.map((t) => ({ id: `${t}-short`, label: `${t} short`, tier: t, horizon: 'short' })),
  { id: 'all-long', label: 'all long', tier: 'all', horizon: 'long' },
];

/** Rows of table `analysis` for one (model, agent, reward): each tier short and long that has episodes, and pooled long. */
export function rowsFor(ctx: CubeContext, analysis: string, model: string, agent: string, reward: string): CellRow[] {
  const out: CellRow[] = [];
  for (const horizon of ['short', 'medium', 'long']) {
    for (const tier of [...TIERS, 'all']) {
      if (tier === 'all' && horizon !== 'long') continue;
      const c = passCell(ctx, { model, agent, reward, tier, horizon });
      if (!c) continue;
      // the paper prints one 'all long' number per row: paper.ts compares every tier's long cell with it
      out.push(cellRow(c, analysis));
    }
  }
  return out;
}

/** The paper's layout: one line per row key, the rate and interval of each column, and the published line under it. */
export function pivot(
  rows: CellRow[],
  rowKey: (r: CellRow) => string,
  head: (r: CellRow) => TableRow,
  columns: { id: string; label: string; tier: string; horizon: string }[],
  withPaper: boolean,
): TableRow[] {
  const keys: string[] = [];
  const byKey = new Map<string, CellRow[]>();
  for (const r of rows) {
    const k = rowKey(r);
    if (!byKey.has(k)) {
      keys.push(k);
      byKey.set(k, []);
    }
    byKey.get(k)!.push(r);
  }
  const out: TableRow[] = [];
  for (const k of keys) {
    const group = byKey.get(k)!;
    const find = (c: { tier: string; horizon: string }) => group.find((r) => r.tier === c.tier && r.horizon === c.horizon);
    const rec: TableRow = { ...head(group[0]), which: 'recomputed' };
    const pap: TableRow = { ...head(group[0]), which: 'paper' };
    let anyPaper = false;
    for (const c of columns) {
      const r = find(c);
      rec[c.id] = rateText(r);
      if (r && r.paper !== null) {
        pap[c.id] = formatCell(r.paper, 'pct');
        anyPaper = true;
      }
    }
    out.push(rec);
    if (withPaper && anyPaper) out.push(pap);
  }
  return out;
}
