import type { Artifact } from '../../../src/present/report/write-report.js';
import { toJsonl } from '../../../src/release/io/jsonl.js';
import type { GlobeContext } from '../derive/context.js';

/** grades.jsonl: one row per response, keys in a fixed order. Every table aggregates these rows. */
export function gradesArtifact(ctx: GlobeContext): Artifact {
  const rows = ctx.grades.map((g) => ({
    item_id: g.item_id,
    model_id: g.model_id,
    pass: g.pass,
    failure_type: g.failure_type,
    decided_by: g.decided_by,
    fields_matched: g.fields_matched,
    fields_decided: g.fields_decided,
  }));
  return { file: 'grades.jsonl', content: toJsonl(rows) };
}
