import { derived, derivedBy } from '../../../src/derive/memo.js';
import type { FailureType } from '../../../src/domain/grade/grade-response.js';
import type { GlobeContext } from './context.js';
import { partialCredit } from './partial-credit.js';
import { reachBand } from './slices.js';

/**
 * Exploration of a regraded GlobeBench release, for notebooks: one row per response joined with its
 * item's metadata and its grade (every aggregate table is a count over these rows, so a table cell
 * can be opened into the responses behind it), and the items where two models differ.
 */

/** One response with everything a table slices on. */
export interface ResponseRow {
  model_id: string;
  model: string;
  item_id: string;
  domain: string;
  skill: string;
  operator: string;
  radius: string | null;
  reach_back: number | null;
  /** '<=40' or '>40' (the paper's long-horizon cut), null without a reach-back */
  band: string | null;
  outcome: string;
  status: string;
  pass: boolean;
  /** null when the response passed */
  failure_type: FailureType | null;
  decided_by: string;
  fields_matched: number;
  fields_decided: number;
  /** fields_matched / fields_decided, null without decided fields */
  credit: number | null;
}

/** Every graded response (ctx.grades order) with its item's metadata, status, grade and field credit. */
export const responseRows = derived((ctx: GlobeContext): ResponseRow[] => {
  const { release } = ctx;
  const names = new Map(release.models.map((m) => [m.model_id, m.name]));
  const status = new Map(release.responses.map((r) => [`${r.model_id}\u0000${r.item_id}`, r.status]));
  return ctx.grades.map((g) => {
    const it = release.items[ctx.itemIndex.get(g.item_id)!];
    return {
      model_id: g.model_id,
      model: names.get(g.model_id) ?? g.model_id,
      item_id: g.item_id,
      domain: it.domain,
      skill: it.skill,
      operator: it.operator,
      radius: it.impact_radius,
      reach_back: it.reach_back,
      band: reachBand(it.reach_back),
      outcome: it.outcome,
      status: status.get(`${g.model_id}\u0000${g.item_id}`) ?? '',
      pass: g.pass,
      failure_type: g.failure_type,
      decided_by: g.decided_by,
      fields_matched: g.fields_matched,
      fields_decided: g.fields_decided,
      credit: partialCredit(g),
    };
  });
});

/** One item where two models' grades differ (pass vs fail). */
export type ModelDisagreement = {
  item_id: string;
  skill: string;
  domain: string;
  radius: string | null;
  reach_back: number | null;
  a_pass: boolean;
  b_pass: boolean;
  /** the failure type, or 'pass' */
  a_failure: string;
  b_failure: string;
  a_credit: number | null;
  b_credit: number | null;
};

/**
 * The items (items.jsonl order) where models a and b (by model_id) differ, pass against fail, with
 * each one's failure type and field credit; how many of them each model passes.
 */
export const disagreeingItems = derivedBy(
  (ctx: GlobeContext, { a, b }: { a: string; b: string }): { rows: ModelDisagreement[]; onlyA: number; onlyB: number } => {
    const all = responseRows(ctx);
    const by = (m: string) => new Map(all.filter((r) => r.model_id === m).map((r) => [r.item_id, r]));
    const ra = by(a),
      rb = by(b);
    if (ra.size === 0 || rb.size === 0) throw new Error(`no responses of ${JSON.stringify(ra.size ? b : a)} in this release`);
    const rows = ctx.release.items
      .filter((it) => ra.get(it.item_id)!.pass !== rb.get(it.item_id)!.pass)
      .map((it) => {
        const x = ra.get(it.item_id)!,
          y = rb.get(it.item_id)!;
        return {
          item_id: it.item_id,
          skill: it.skill,
          domain: it.domain,
          radius: it.impact_radius,
          reach_back: it.reach_back,
          a_pass: x.pass,
          b_pass: y.pass,
          a_failure: x.failure_type ?? 'pass',
          b_failure: y.failure_type ?? 'pass',
          a_credit: x.credit,
          b_credit: y.credit,
        };
      });
    const onlyA = rows.filter((r) => r.a_pass).length;
    return { rows, onlyA, onlyB: rows.length - onlyA };
  },
  ({ a, b }) => JSON.stringify([a, b]),
);
