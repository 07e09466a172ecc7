import { GLOBE_COLUMNS } from './columns.js';
import { delta, type RecordCount, type Table } from '../../../src/present/tables/table.js';
import type { GlobeContext } from '../derive/context.js';
import { mhEstimate, mhStrata, type MhSpec } from '../derive/mantel-haenszel.js';
import { PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';

/**
 * The responses on one side of a comparison (the explorer's record field named by the spec's id),
 * within the row's stratum when `stratum` names the row's column; none for a spec without a stratum field.
 */
function sideCount(spec: MhSpec, side: 'exposed' | 'unexposed', stratum?: string): { count: RecordCount } | Record<string, never> {
  if (spec.stratumField === undefined) return {};
  const where = Object.fromEntries([[spec.id, side]]);
  return { count: { kind: 'response', where, ...(stratum ? { by: Object.fromEntries([[spec.stratumField, stratum]]) } : {}) } };
}

/** One-row table: pooled difference, Mantel-Haenszel stratified difference with its 95% CI. */
export function mhTable(ctx: GlobeContext, spec: MhSpec): Table {
  const e = mhEstimate(ctx, spec);
  const mh = e.mh;
  const table: Table = {
    id: spec.id,
    title: spec.title,
    source: 'GlobeBench, confounding analysis (Mantel-Haenszel stratified risk difference)',
    columns: [
      { key: 'exposure', label: 'Exposure' },
      { key: 'strata_by', label: 'Strata' },
      { key: 'exposed_responses', label: 'Exposed responses', format: 'int', ...sideCount(spec, 'exposed') },
      { key: 'unexposed_responses', label: 'Unexposed responses', format: 'int', ...sideCount(spec, 'unexposed') },
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
        exposed_responses: e.exposed.n,
        unexposed_responses: e.unexposed.n,
        exposed_success: e.exposed_success,
        unexposed_success: e.unexposed_success,
        pooled_diff: e.pooled_diff,
        mh_diff: mh.rd,
        ci_low: mh.low,
        ci_high: mh.high,
        strata: e.strata,
        strata_both: mh.strataUsed,
        paper_pooled: PAPER.at(spec.id, 'pooled_diff', { strata_by: spec.strataBy }),
        paper_mh: PAPER.at(spec.id, 'mh_diff', { strata_by: spec.strataBy }),
        delta_mh: delta(mh.rd, PAPER.at(spec.id, 'mh_diff', { strata_by: spec.strataBy })),
        paper_strata_both: PAPER.at(spec.id, 'strata_both', { strata_by: spec.strataBy }),
      },
    ],
    paper: paperField(PAPER, spec.id),
    notes: [
      "Unit: the response (item x model), success = the grader's pass. Strata with responses on only one side carry no weight and drop out.",
      'CI: RD_MH -+ 1.96 sqrt(Var), Var by Sato (1989) / Greenland-Robins (1985), as R metafor::rma.mh(measure = "RD").',
    ],
  };
  // two columns are labelled "Strata" (what the strata are, and how many): the pages tell them apart
  const shownLabel = new Map([
    ['strata_by', 'Stratified by'],
    ['strata', 'Strata (n)'],
  ]);
  const columns = table.columns.map((c) => (shownLabel.has(c.key) ? { ...c, label: shownLabel.get(c.key)! } : c));
  return { ...table, display: { columns, rows: table.rows } };
}

/** The strata behind an MH estimate: each stratum's rates, difference and MH weight share. */
export function mhStrataTable(ctx: GlobeContext, spec: MhSpec): Table {
  const rows = [...mhStrata(ctx, spec)];
  return {
    id: `${spec.id}-strata`,
    title: `${spec.title}: the strata`,
    source: 'beyond the paper (the strata behind the Mantel-Haenszel estimate)',
    columns: [
      { key: 'stratum', label: spec.strataBy },
      { key: 'exposed_responses', label: 'Exposed', format: 'int', ...sideCount(spec, 'exposed', 'stratum') },
      { key: 'unexposed_responses', label: 'Unexposed', format: 'int', ...sideCount(spec, 'unexposed', 'stratum') },
      { key: 'exposed_success', label: 'Exposed %', format: 'pct' },
      { key: 'unexposed_success', label: 'Unexposed %', format: 'pct' },
      { key: 'diff', label: 'Diff (pp)', format: 'pp' },
      { key: 'weight_share', label: 'MH weight %', format: 'pct' },
    ],
    rows,
    notes: ['Sorted by Mantel-Haenszel weight n1 n0 / N; strata with one side empty have weight 0.'],
    fold: { key: 'weight_share', summary: 'strata with no weight (one side empty)' },
  };
}
