import { derived } from '../../../src/derive/memo.js';
import { responseKey } from '../../../src/release/load/globebench.js';
import type { GlobeContext } from './context.js';

/**
 * One response where this regrade and the release's own grading differ: the published verdict
 * (results/) differs from the recomputed one, or the release holds a judge record for a response
 * that the deterministic steps decide here (the release's grader sent it to the judge).
 */
export interface Disagreement {
  item_id: string;
  model_id: string;
  /** null when the release publishes no verdict for this response */
  published_pass: boolean | null;
  recomputed_pass: boolean;
  recomputed_failure_type: string | null;
  decided_by: string;
  /** the judges whose records the release holds although no judge is needed here */
  unused_judge_records: string[];
}

/** Every disagreeing response, model-major in models.jsonl order, then items.jsonl order. */
export const releaseDisagreements = derived((ctx: GlobeContext): Disagreement[] => {
  const { results, judgedButDeterministic } = ctx.release;
  const unused = new Map(judgedButDeterministic.map((j) => [responseKey(j.model_id, j.item_id), j.judges]));
  const out: Disagreement[] = [];
  for (const g of ctx.grades) {
    const key = responseKey(g.model_id, g.item_id);
    const published = results?.get(key);
    const verdictDiffers = published !== undefined && published.pass !== g.pass;
    const judges = unused.get(key);
    if (!verdictDiffers && !judges) continue;
    out.push({
      item_id: g.item_id,
      model_id: g.model_id,
      published_pass: published ? published.pass : null,
      recomputed_pass: g.pass,
      recomputed_failure_type: g.failure_type,
      decided_by: g.decided_by,
      unused_judge_records: judges ?? [],
    });
  }
  return out;
});

/** Published x recomputed verdicts of one model (or of all), and its responses with an unused judge record. */
export type AgreementRow = {
  model: string;
  model_id: string | null;
  /** responses with a published verdict (results/<model_id>.jsonl) */
  compared: number;
  agree: number;
  agreement: number | null;
  both_pass: number;
  pub_pass_rec_fail: number;
  pub_fail_rec_pass: number;
  both_fail: number;
  unused_judge_records: number;
};

/**
 * Agreement of this regrade with the release's own grading, per model (models.jsonl order) and then
 * for all models: responses compared with a published verdict, the share that agree, the cells of the
 * published x recomputed 2x2, and responses with a judge record decided deterministically here; and
 * how many models have results/ at all.
 */
export const releaseAgreement = derived((ctx: GlobeContext): { rows: AgreementRow[]; modelsWithResults: number } => {
  const { results, judgedButDeterministic } = ctx.release;
  const unusedBy = new Map<string, number>();
  for (const j of judgedButDeterministic) unusedBy.set(j.model_id, (unusedBy.get(j.model_id) ?? 0) + 1);
  const tally = () => ({ compared: 0, agree: 0, pub_pass_rec_fail: 0, pub_fail_rec_pass: 0, both_pass: 0, both_fail: 0 });
  const by = new Map(ctx.models.map((m) => [m.model_id, tally()]));
  const total = tally();
  for (const g of ctx.grades) {
    const p = results?.get(responseKey(g.model_id, g.item_id));
    if (!p) continue;
    for (const t of [by.get(g.model_id)!, total]) {
      t.compared++;
      if (p.pass === g.pass) t.agree++;
      if (p.pass && g.pass) t.both_pass++;
      else if (p.pass) t.pub_pass_rec_fail++;
      else if (g.pass) t.pub_fail_rec_pass++;
      else t.both_fail++;
    }
  }
  const row = (model: string, model_id: string | null, t: ReturnType<typeof tally>, unused: number): AgreementRow => ({
    model,
    model_id,
    compared: t.compared,
    agree: t.agree,
    agreement: t.compared ? t.agree / t.compared : null,
    both_pass: t.both_pass,
    pub_pass_rec_fail: t.pub_pass_rec_fail,
    pub_fail_rec_pass: t.pub_fail_rec_pass,
    both_fail: t.both_fail,
    unused_judge_records: unused,
  });
  const rows = ctx.models.map((m) => row(m.name, m.model_id, by.get(m.model_id)!, unusedBy.get(m.model_id) ?? 0));
  rows.push(row('all models', null, total, judgedButDeterministic.length));
  const withResults = results ? new Set([...results.values()].map((r) => r.model_id)).size : 0;
  return { rows, modelsWithResults: withResults };
});
