import { COLUMNS } from '../../../src/present/tables/columns.js';
import { toJsonl } from '../../../src/release/io/jsonl.js';
import type { Artifact } from '../../../src/present/report/write-report.js';
import type { Table } from '../../../src/present/tables/table.js';
import type { GlobeContext } from '../derive/context.js';
import { releaseAgreement, releaseDisagreements } from '../derive/release-agreement.js';

/**
 * Agreement of this regrade with the release's own grading, per model: responses compared with a
 * published verdict (results/<model_id>.jsonl), the share that agree, the two off-diagonal cells of
 * the published x recomputed 2x2, and responses with a judge record that are decided
 * deterministically here. The published verdicts are never an input to any other table.
 */
export function releaseAgreementTable(ctx: GlobeContext): Table {
  const { judgedButDeterministic, results } = ctx.release;
  const { rows: agreement, modelsWithResults: withResults } = releaseAgreement(ctx);
  const rows = [...agreement];
  const listed = judgedButDeterministic.slice(0, 20).map((j) => `(${j.item_id}, ${j.model_id})`);
  return {
    id: 'release-agreement',
    title: "Agreement of the regrade with the release's own grading",
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
      {
        key: 'unused_judge_records',
        label: 'Judge record, decided deterministically',
        format: 'int',
        help: 'responses the release sent to the judge that the deterministic steps decide here (graded deterministically)',
      },
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
