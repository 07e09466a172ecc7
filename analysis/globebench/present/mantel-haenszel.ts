import { GLOBE_COLUMNS } from './columns.js';
import { mantelHaenszelRD, type Stratum2x2 } from '../../../src/derive/stats/mantel-haenszel-rd.js';
import type { Item } from '../../../src/format/globebench.js';
import { delta, type Table } from '../../../src/present/tables/table.js';
import type { GlobeContext } from '../derive/context.js';
import { passCounts } from '../derive/slices.js';
import { PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';

/**
 * A stratified comparison: the unit is the response (item x model, success = the grader's pass);
 * `exposed` says which side an item is on (null leaves it out), `stratum` names its stratum.
 */
export interface MhSpec {
  id: `mh-${string}`;
  title: string;
  exposure: string;
  strataBy: string;
  exposed: (it: Item) => boolean | null;
  stratum: (it: Item) => string;
}

export const MH_SPECS: MhSpec[] = [
  {
    id: 'mh-radius-operator',
    title: 'Simpson reversal: impact radius L3 vs L0-L2, pooled and within operator',
    exposure: 'impact radius L3 (vs L0-L2; items without a radius left out)',
    strataBy: 'operator',
    exposed: (it) => (it.impact_radius === null ? null : it.impact_radius === 'L3'),
    stratum: (it) => it.operator,
  },
  {
    id: 'mh-outcome-operator',
    title: 'Outcome of the final action: error vs normal, pooled and within operator',
    exposure: 'outcome error (vs normal)',
    strataBy: 'operator',
    exposed: (it) => it.outcome === 'error',
    stratum: (it) => it.operator,
  },
  {
    id: 'mh-reachback-skill',
    title: 'Reach-back > 40 vs <= 40 turns, pooled and within skill',
    exposure: 'reach-back > 40 turns (vs <= 40; items without reach-back left out)',
    strataBy: 'skill',
    exposed: (it) => (it.reach_back === null ? null : it.reach_back > 40),
    stratum: (it) => it.skill,
  },
];

export interface StratumCounts extends Stratum2x2 {
  stratum: string;
}

/** Per-stratum 2x2 counts over responses, strata in name order. */
export function strataCounts(ctx: GlobeContext, spec: MhSpec): StratumCounts[] {
  const byStratum = new Map<string, StratumCounts>();
  const nModels = ctx.models.length;
  const counts = passCounts(ctx);
  ctx.release.items.forEach((it, i) => {
    const side = spec.exposed(it);
    if (side === null) return;
    const passes = counts[i];
    const key = spec.stratum(it);
    const s = byStratum.get(key) ?? { stratum: key, a: 0, n1: 0, c: 0, n0: 0 };
    if (side) {
      s.a += passes;
      s.n1 += nModels;
    } else {
      s.c += passes;
      s.n0 += nModels;
    }
    byStratum.set(key, s);
  });
  return [...byStratum.values()].sort((x, y) => (x.stratum < y.stratum ? -1 : x.stratum > y.stratum ? 1 : 0));
}

/** One-row table: pooled difference, Mantel-Haenszel stratified difference with its 95% CI. */
export function mhTable(ctx: GlobeContext, spec: MhSpec): Table {
  const strata = strataCounts(ctx, spec);
  const tot = strata.reduce((t, s) => ({ a: t.a + s.a, n1: t.n1 + s.n1, c: t.c + s.c, n0: t.n0 + s.n0 }), { a: 0, n1: 0, c: 0, n0: 0 });
  const pooled = tot.a / tot.n1 - tot.c / tot.n0;
  const mh = mantelHaenszelRD(strata);
  return {
    id: spec.id,
    title: spec.title,
    source: 'GlobeBench, confounding analysis (Mantel-Haenszel stratified risk difference)',
    columns: [
      { key: 'exposure', label: 'Exposure' },
      { key: 'strata_by', label: 'Strata' },
      { key: 'exposed_responses', label: 'Exposed responses', format: 'int' },
      { key: 'unexposed_responses', label: 'Unexposed responses', format: 'int' },
      { key: 'exposed_success', label: 'Exposed success %', format: 'pct' },
      { key: 'unexposed_success', label: 'Unexposed success %', format: 'pct' },
      { key: 'pooled_diff', label: 'Pooled diff (pp)', format: 'pp' },
      { key: 'mh_diff', label: 'MH diff (pp)', format: 'pp', help: 'Mantel-Haenszel stratified risk difference, exposed minus unexposed' },
      GLOBE_COLUMNS.mh_ci_low,
      GLOBE_COLUMNS.mh_ci_high,
      { key: 'strata', label: 'Strata', format: 'int' },
      { key: 'strata_both', label: 'Strata on both sides', format: 'int' },
      { key: 'paper_pooled', label: 'Paper pooled (pp)', format: 'pp' },
      { key: 'paper_mh', label: 'Paper MH (pp)', format: 'pp' },
      { key: 'delta_mh', label: 'Delta MH', format: 'pp' },
      { key: 'paper_strata_both', label: 'Paper strata on both sides', format: 'int' },
    ],
    rows: [
      {
        exposure: spec.exposure,
        strata_by: spec.strataBy,
        exposed_responses: tot.n1,
        unexposed_responses: tot.n0,
        exposed_success: tot.a / tot.n1,
        unexposed_success: tot.c / tot.n0,
        pooled_diff: pooled,
        mh_diff: mh.rd,
        ci_low: mh.low,
        ci_high: mh.high,
        strata: strata.length,
        strata_both: mh.strataUsed,
        paper_pooled: PAPER.at(spec.id, 'pooled_diff', { strata_by: spec.strataBy }),
        paper_mh: PAPER.at(spec.id, 'mh_diff', { strata_by: spec.strataBy }),
        delta_mh: delta(mh.rd, PAPER.at(spec.id, 'mh_diff', { strata_by: spec.strataBy })),
        paper_strata_both: PAPER.at(spec.id, 'strata_both', { strata_by: spec.strataBy }),
      },
    ],
    paper: paperField(PAPER, spec.id),
    notes: [
      'Unit: the response (item x model), success = the grader\'s pass. Strata with responses on only one side carry no weight and drop out.',
      'CI: RD_MH -+ 1.96 sqrt(Var), Var by Sato (1989) / Greenland-Robins (1985), as R metafor::rma.mh(measure = "RD").',
    ],
  };
}

/** The strata behind an MH estimate: each stratum's rates, difference and MH weight share. */
export function mhStrataTable(ctx: GlobeContext, spec: MhSpec): Table {
  const strata = strataCounts(ctx, spec);
  const w = strata.map((s) => (s.n1 > 0 && s.n0 > 0 ? (s.n1 * s.n0) / (s.n1 + s.n0) : 0));
  const W = w.reduce((a, b) => a + b, 0);
  const rows = strata.map((s, i) => ({
    stratum: s.stratum,
    exposed_responses: s.n1,
    unexposed_responses: s.n0,
    exposed_success: s.n1 ? s.a / s.n1 : null,
    unexposed_success: s.n0 ? s.c / s.n0 : null,
    diff: s.n1 && s.n0 ? s.a / s.n1 - s.c / s.n0 : null,
    weight_share: W ? w[i] / W : 0,
  }));
  rows.sort((x, y) => y.weight_share - x.weight_share || (x.stratum < y.stratum ? -1 : 1));
  return {
    id: `${spec.id}-strata`,
    title: `${spec.title}: the strata`,
    source: 'beyond the paper (the strata behind the Mantel-Haenszel estimate)',
    columns: [
      { key: 'stratum', label: spec.strataBy },
      { key: 'exposed_responses', label: 'Exposed', format: 'int' },
      { key: 'unexposed_responses', label: 'Unexposed', format: 'int' },
      { key: 'exposed_success', label: 'Exposed %', format: 'pct' },
      { key: 'unexposed_success', label: 'Unexposed %', format: 'pct' },
      { key: 'diff', label: 'Diff (pp)', format: 'pp' },
      { key: 'weight_share', label: 'MH weight %', format: 'pct' },
    ],
    rows,
    notes: ['Sorted by Mantel-Haenszel weight n1 n0 / N; strata with one side empty have weight 0.'],
  };
}
