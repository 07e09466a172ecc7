import type { DrillDown } from '../derive/drill-down.js';
import { escapeHtml } from '../../../src/present/report/escape-html.js';

const pre = (v: unknown) =>
  `<pre style="white-space:pre-wrap;max-height:20em;overflow:auto">${escapeHtml(typeof v === 'string' ? v : (JSON.stringify(v, null, 2) ?? 'undefined'))}</pre>`;

/** The drill-down as HTML; every string from the release is escaped. */
export function drillDownHtml(d: DrillDown): string {
  const g = d.grade;
  const verdict = g.pass ? 'PASS' : `FAIL (${g.failure_type})`;
  const rows = d.fields
    .map(
      (f) =>
        `<tr><td><code>${escapeHtml(f.path)}</code></td><td>${escapeHtml(f.kind)}</td><td>${escapeHtml(JSON.stringify(f.gold) ?? '')}</td><td>${escapeHtml(JSON.stringify(f.predicted) ?? '(missing)')}</td><td>${escapeHtml(f.outcome)}</td></tr>`,
    )
    .join('');
  const judges = d.judges.length
    ? d.judges
        .map((j) => `<li>${escapeHtml(j.judge)}: ${escapeHtml(j.verdict)} (confidence ${j.confidence}, prompt ${escapeHtml(j.prompt_version)})</li>`)
        .join('')
    : '<li>none (decided deterministically)</li>';
  const unused = d.judge_records_unused
    ? " <strong>Unused here</strong>: the deterministic steps decide this response, so the release's grader sent to the judge a response this one does not."
    : '';
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
