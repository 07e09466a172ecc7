import { COLUMNS } from '../../../src/present/tables/columns.js';
import { toJsonl } from '../../../src/release/io/jsonl.js';
import { responseKey } from '../../../src/release/load/globebench.js';
import type { Artifact } from '../../../src/present/report/write-report.js';
import type { Table } from '../../../src/present/tables/table.js';
import type { GlobeContext } from '../derive/context.js';

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
export function releaseDisagreements(ctx: GlobeContext): Disagreement[] {
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
}

/**
 * Agreement of this regrade with the release's own grading, per model: responses compared with a
 * published verdict (results/<model_id>.jsonl), the share that agree, the two off-diagonal cells of
 * the published x recomputed 2x2, and responses with a judge record that are decided
 * deterministically here. The published verdicts are never an input to any other table.
 */
export function releaseAgreementTable(ctx: GlobeContext): Table {
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
  const row = (model: string, model_id: string | null, t: ReturnType<typeof tally>, unused: number) => ({
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
  const listed = judgedButDeterministic.slice(0, 20).map((j) => `(${j.item_id}, ${j.model_id})`);
  return {
    id: 'release-agreement',
    title: 'Agreement of the regrade with the release\'s own grading',
    source: 'beyond the paper (reproduction check: results/ and judge records against the regrade)',
    columns: [
      COLUMNS.model,
      { key: 'compared', label: 'Responses compared', format: 'int', help: 'responses with a published verdict in results/<model_id>.jsonl' },
      { key: 'agree', label: 'Agree', format: 'int' },
      { key: 'agreement', label: 'Agreement %', format: 'pct' },
      { key: 'both_pass', label: 'Both pass', format: 'int' },
      { key: 'pub_pass_rec_fail', label: 'Published pass, recomputed fail', format: 'int' },
      { key: 'pub_fail_rec_pass', label: 'Published fail, recomputed pass', format: 'int' },
      { key: 'both_fail', label: 'Both fail', format: 'int' },
      { key: 'unused_judge_records', label: 'Judge record, decided deterministically', format: 'int', help: 'responses the release sent to the judge that the deterministic steps decide here (graded deterministically)' },
    ],
    rows,
    notes: [
      results
        ? `Published verdicts: results/ for ${withResults} of ${ctx.models.length} models. They are compared here and are never an input to any other table.`
        : 'This release has no results/ (published verdicts): only the judge-record cases are reported.',
      judgedButDeterministic.length
        ? `${judgedButDeterministic.length} response(s) have a judge record although the deterministic steps decide them here; they are graded deterministically: ${listed.join(', ')}${judgedButDeterministic.length > listed.length ? `, ... (${judgedButDeterministic.length - listed.length} more)` : ''}.`
        : 'No judge record belongs to a response decided deterministically here.',
      'Every disagreeing response (verdict differs, or an unused judge record) is a row of release-disagreements.jsonl; drillDown(release, model_id, item_id) shows its raw response, gold and judge records.',
    ],
  };
}

/** release-disagreements.jsonl: one row per disagreeing response, keys in a fixed order. */
export function releaseDisagreementsArtifact(ctx: GlobeContext): Artifact {
  return { file: 'release-disagreements.jsonl', content: toJsonl(releaseDisagreements(ctx)) };
}
