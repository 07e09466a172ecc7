import { column } from '../../../src/present/tables/columns.js';
import { GLOBE_COLUMNS } from './columns.js';
import type * as aq from 'arquero';
import { arquero } from '../../../src/present/notebook/arquero.js';
import { escapeHtml } from '../../../src/present/report/escape-html.js';
import type { Table } from '../../../src/present/tables/table.js';
import type { GlobeContext } from '../derive/context.js';
import { responseDiff, show } from '../derive/response-diff.js';
import { disagreeingItems, responseRows, type ResponseRow } from '../derive/response-rows.js';

/**
 * Exploration of a regraded GlobeBench release, for notebooks: the responses as one frame
 * (responseRows), filters over it, one response's prediction beside its gold with the differing
 * fields explained (responseDiff), and the items where two models differ (disagreeingItems).
 */

/** Every response of the release as one arquero table (columns of `ResponseRow`). */
export function responseFrame(ctx: GlobeContext): aq.ColumnTable {
  return arquero().from(responseRows(ctx));
}

type OneOrMany<T> = T | readonly T[];

/** A selection of responses; each given key must match (a list matches any of its values). */
export interface ResponseFilter {
  model?: OneOrMany<string>; // model_id or display name
  item?: OneOrMany<string>;
  skill?: OneOrMany<string>;
  domain?: OneOrMany<string>;
  operator?: OneOrMany<string>;
  radius?: OneOrMany<string>;
  band?: OneOrMany<string>;
  outcome?: OneOrMany<string>;
  /** a failure type, or 'pass' for the passing responses */
  failure_type?: OneOrMany<string>;
  pass?: boolean;
}

const has = (v: OneOrMany<string> | undefined, x: string | null): boolean => v === undefined || (typeof v === 'string' ? v === x : v.includes(x as string));

/** Whether a row is selected by a filter (values are compared as data, never parsed as expressions). */
export function matchesFilter(r: ResponseRow, f: ResponseFilter): boolean {
  return (
    (f.model === undefined || has(f.model, r.model_id) || has(f.model, r.model)) &&
    has(f.item, r.item_id) &&
    has(f.skill, r.skill) &&
    has(f.domain, r.domain) &&
    has(f.operator, r.operator) &&
    has(f.radius, r.radius) &&
    has(f.band, r.band) &&
    has(f.outcome, r.outcome) &&
    has(f.failure_type, r.failure_type ?? 'pass') &&
    (f.pass === undefined || f.pass === r.pass)
  );
}

/** The responses of a frame that a filter selects (an arquero table again). */
export function filterResponses(frame: aq.ColumnTable, f: ResponseFilter): aq.ColumnTable {
  // arquero's own filter would compile a string into an expression; an escaped closure keeps values as data
  return frame.filter(arquero().escape((d: ResponseRow) => matchesFilter(d, f))).reify();
}

/** The side-by-side view as HTML: differing fields highlighted; every release string escaped. */
export function responseDiffHtml(ctx: GlobeContext, model_id: string, item_id: string): string {
  const diffs = responseDiff(ctx, model_id, item_id);
  const g = ctx.grades.find((x) => x.model_id === model_id && x.item_id === item_id);
  const response = ctx.release.responses.find((r) => r.model_id === model_id && r.item_id === item_id)!;
  const item = ctx.release.items[ctx.itemIndex.get(item_id)!];
  const verdict = g ? (g.pass ? 'pass' : `fail: ${g.failure_type}`) : '';
  const rows = diffs
    .map((d) => {
      const cls = d.outcome === 'match' ? 'wb-same' : d.outcome === 'text' ? '' : 'wb-diff';
      return `<tr class="${cls}"><td><code>${escapeHtml(d.path)}</code></td><td>${escapeHtml(d.kind)}</td><td><code>${escapeHtml(show(d.gold))}</code></td><td><code>${escapeHtml(show(d.predicted))}</code></td><td>${escapeHtml(d.outcome)}</td><td>${escapeHtml(d.detail)}</td></tr>`;
    })
    .join('');
  const errorRow =
    item.gold_error || (response.prediction && Object.hasOwn(response.prediction, 'error'))
      ? `<p>error: gold <code>${escapeHtml(show(item.gold_error ?? null))}</code>, predicted <code>${escapeHtml(show(response.prediction?.error ?? null))}</code></p>`
      : '';
  return (
    `<div data-wb-view="response-diff"><h4>${escapeHtml(model_id)} on ${escapeHtml(item_id)}: ${escapeHtml(verdict)} (status ${escapeHtml(response.status)})</h4>${errorRow}` +
    `<div class="wb-scroll" role="region" tabindex="0" aria-label="fields"><table class="wb-table"><thead><tr><th>field</th><th>kind</th><th>gold</th><th>predicted</th><th>outcome</th><th>what differs</th></tr></thead><tbody>${rows}</tbody></table></div></div>`
  );
}

/** The items where two models' grades differ (pass vs fail), with each one's failure type and credit. */
export function modelDisagreements(ctx: GlobeContext, a: string, b: string): Table {
  const d = disagreeingItems(ctx, { a, b });
  return {
    id: 'model-disagreements',
    title: `Items where ${a} and ${b} differ: ${d.onlyA} passed by ${a} only, ${d.onlyB} by ${b} only`,
    source: 'exploration',
    columns: [
      { key: 'item_id', label: 'item' },
      column(GLOBE_COLUMNS.skill, { label: 'skill' }),
      column(GLOBE_COLUMNS.domain, { label: 'domain' }),
      column(GLOBE_COLUMNS.radius, { label: 'radius' }),
      { key: 'reach_back', label: 'reach-back', format: 'int' },
      { key: 'a_pass', label: `${a} passes`, format: 'bool' },
      { key: 'b_pass', label: `${b} passes`, format: 'bool' },
      { key: 'a_failure', label: `${a} failure` },
      { key: 'b_failure', label: `${b} failure` },
      { key: 'a_credit', label: `${a} field credit (%)`, format: 'pct' },
      { key: 'b_credit', label: `${b} field credit (%)`, format: 'pct' },
    ],
    rows: [...d.rows],
  };
}
