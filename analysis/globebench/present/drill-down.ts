import { gradeResponse, type Grade } from '../../../src/domain/grade/grade-response.js';
import { getPath } from '../../../src/domain/grade/get-path.js';
import { compareField } from '../../../src/domain/grade/compare-field.js';
import { responseKey, type GlobeRelease } from '../../../src/release/load/globebench.js';
import { readResponseRaw } from '../../../src/release/load/reread.js';
import type { Item, JudgeRecord, PublishedResult, Response } from '../../../src/format/globebench.js';
import { escapeHtml } from '../../../src/present/report/escape-html.js';

/** Everything behind one grade: the item, the raw response, its judge records, and the grade. */
export interface DrillDown {
  item: Item;
  response: Response;
  judges: JudgeRecord[];
  grade: Grade;
  /** per field: gold, predicted, and how it compared */
  fields: { path: string; kind: string; gold: unknown; predicted: unknown; outcome: string }[];
  source: { item: string; response: string };
  /** the release's published verdict (results/<model_id>.jsonl) and where it is; null when it has none */
  published: { result: PublishedResult; source: string } | null;
  /** the release holds judge records for this response although the deterministic steps decide it here */
  judge_records_unused: boolean;
}

export function drillDown(release: GlobeRelease, model_id: string, item_id: string): DrillDown {
  const item = release.items.find((i) => i.item_id === item_id);
  if (!item) throw new Error(`no item ${JSON.stringify(item_id)} in this release`);
  const at = release.responses.findIndex((r) => r.model_id === model_id && r.item_id === item_id);
  const response = release.responses[at];
  if (!response) throw new Error(`no response of model ${JSON.stringify(model_id)} to item ${JSON.stringify(item_id)}`);
  const pair = release.judges.get(responseKey(model_id, item_id)) ?? {};
  const pred = response.prediction ?? {};
  const fields = item.fields.map((f) => {
    const g = getPath(item.gold, f.path);
    const p = getPath(pred, f.path);
    return { path: f.path, kind: f.kind, gold: g.value, predicted: p.found ? p.value : undefined, outcome: p.found ? compareField(f, g.value, p.value) : 'missing' };
  });
  const src = (s?: { file: string; line: number }) => (s ? `${s.file}:${s.line}` : '');
  const judges = [pair.terra, pair.sol].filter((j): j is JudgeRecord => !!j);
  // the loader's grade of this response; a release assembled without grades regrades this one response
  const grade = release.grades?.[at] ?? gradeResponse(item, response, pair);
  const key = responseKey(model_id, item_id);
  const result = release.results?.get(key);
  return {
    item,
    // the loaded release keeps raw text on disk; the drill-down reads this one again
    response: { ...response, raw: readResponseRaw(release, model_id, item_id) },
    judges,
    grade,
    fields,
    source: { item: src(release.sources.item.get(item_id)), response: src(release.sources.response.get(key)) },
    published: result ? { result, source: src(release.sources.result.get(key)) } : null,
    judge_records_unused: judges.length > 0 && grade.decided_by === 'deterministic',
  };
}

const pre = (v: unknown) => `<pre style="white-space:pre-wrap;max-height:20em;overflow:auto">${escapeHtml(typeof v === 'string' ? v : JSON.stringify(v, null, 2) ?? 'undefined')}</pre>`;

/** The drill-down as HTML; every string from the release is escaped. */
export function drillDownHtml(d: DrillDown): string {
  const g = d.grade;
  const verdict = g.pass ? 'PASS' : `FAIL (${g.failure_type})`;
  const rows = d.fields
    .map((f) => `<tr><td><code>${escapeHtml(f.path)}</code></td><td>${escapeHtml(f.kind)}</td><td>${escapeHtml(JSON.stringify(f.gold) ?? '')}</td><td>${escapeHtml(JSON.stringify(f.predicted) ?? '(missing)')}</td><td>${escapeHtml(f.outcome)}</td></tr>`)
    .join('');
  const judges = d.judges.length
    ? d.judges.map((j) => `<li>${escapeHtml(j.judge)}: ${escapeHtml(j.verdict)} (confidence ${j.confidence}, prompt ${escapeHtml(j.prompt_version)})</li>`).join('')
    : '<li>none (decided deterministically)</li>';
  const unused = d.judge_records_unused ? ' <strong>Unused here</strong>: the deterministic steps decide this response, so the release\'s grader sent to the judge a response this one does not.' : '';
  const p = d.published;
  const published = p
    ? `<p>Published verdict (<code>${escapeHtml(p.source)}</code>): ${p.result.pass ? 'PASS' : `FAIL${p.result.failure_type ? ` (${escapeHtml(p.result.failure_type)})` : ''}`}` +
      `${p.result.decided_by ? `, decided by ${escapeHtml(p.result.decided_by)}` : ''}; ${p.result.pass === g.pass ? 'agrees with' : '<strong>differs from</strong>'} this regrade.</p>`
    : '';
  return (
    `<h4>${escapeHtml(d.response.model_id)} on ${escapeHtml(d.item.item_id)}: ${escapeHtml(verdict)}, decided by ${escapeHtml(g.decided_by)}, ` +
    `${g.fields_matched}/${g.fields_decided} decided fields matched</h4>` +
    `<p>${escapeHtml(d.item.domain)} / ${escapeHtml(d.item.skill)} / operator ${escapeHtml(d.item.operator)}; radius ${escapeHtml(String(d.item.impact_radius))}, reach-back ${escapeHtml(String(d.item.reach_back))}, outcome ${escapeHtml(d.item.outcome)}. ` +
    `Item at <code>${escapeHtml(d.source.item)}</code>, response at <code>${escapeHtml(d.source.response)}</code>; status ${escapeHtml(d.response.status)}, request ${escapeHtml(d.response.request)}.</p>` +
    `<table class="wb-table"><thead><tr><th>field</th><th>kind</th><th>gold</th><th>predicted</th><th>outcome</th></tr></thead><tbody>${rows}</tbody></table>` +
    published +
    `<p>Judge records:${unused}</p><ul>${judges}</ul>` +
    `<details><summary>raw response text</summary>${pre(d.response.raw)}</details>` +
    `<details><summary>gold state${d.item.gold_error ? ' and gold error' : ''}</summary>${pre({ gold: d.item.gold, gold_error: d.item.gold_error })}</details>`
  );
}
