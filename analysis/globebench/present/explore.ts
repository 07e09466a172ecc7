import { column } from '../../../src/present/tables/columns.js';
import { GLOBE_COLUMNS } from './columns.js';
import type * as aq from 'arquero';
import { arquero } from '../../../src/present/notebook/arquero.js';
import { canonicalJson, jsonType } from '../../../src/domain/grade/canonical-json.js';
import { compareField } from '../../../src/domain/grade/compare-field.js';
import { getPath } from '../../../src/domain/grade/get-path.js';
import type { FailureType } from '../../../src/domain/grade/grade-response.js';
import { escapeHtml } from '../../../src/present/report/escape-html.js';
import type { Table } from '../../../src/present/tables/table.js';
import type { GlobeContext } from '../derive/context.js';
import { partialCredit } from '../derive/partial-credit.js';
import { reachBand } from '../derive/slices.js';

/**
 * Exploration of a regraded GlobeBench release, for notebooks: one row per response joined with its
 * item's metadata and its grade, filters over it, one response's prediction beside its gold with
 * the differing fields explained, and the items where two models differ. Every aggregate table is a
 * count over these rows, so a table cell can be opened into the responses behind it.
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

export function responseRows(ctx: GlobeContext): ResponseRow[] {
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
}

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
    has(f.item, r.item_id) && has(f.skill, r.skill) && has(f.domain, r.domain) && has(f.operator, r.operator) &&
    has(f.radius, r.radius) && has(f.band, r.band) && has(f.outcome, r.outcome) &&
    has(f.failure_type, r.failure_type ?? 'pass') && (f.pass === undefined || f.pass === r.pass)
  );
}

/** The responses of a frame that a filter selects (an arquero table again). */
export function filterResponses(frame: aq.ColumnTable, f: ResponseFilter): aq.ColumnTable {
  // arquero's own filter would compile a string into an expression; an escaped closure keeps values as data
  return frame.filter(arquero().escape((d: ResponseRow) => matchesFilter(d, f))).reify();
}

/** How one field of a prediction differs from gold. */
export interface FieldDiff {
  path: string;
  kind: string;
  gold: unknown;
  predicted: unknown;
  /** match, wrong_value, wrong_shape, text (left to the judge), missing */
  outcome: string;
  /** what differs: numeric distance against the tolerance, the JSON types, missing/extra set members, differing sub-paths */
  detail: string;
}

const show = (v: unknown): string => (v === undefined ? '(missing)' : JSON.stringify(v));

/** Leaf paths where two JSON values differ (at most `limit`). */
function leafDiffs(gold: unknown, pred: unknown, at: string, out: string[], limit = 8): void {
  if (out.length >= limit) return;
  const tg = jsonType(gold), tp = jsonType(pred);
  if (tg !== tp) {
    out.push(`${at || '.'}: ${tg} in gold, ${tp} predicted`);
  } else if (tg === 'object') {
    const g = gold as Record<string, unknown>, p = pred as Record<string, unknown>;
    for (const k of [...new Set([...Object.keys(g), ...Object.keys(p)])].sort()) {
      const sub = at ? `${at}.${k}` : k;
      // own keys: a gold key `constructor` missing from the prediction is missing, not Object
      if (!Object.hasOwn(p, k)) out.push(`${sub}: missing`);
      else if (!Object.hasOwn(g, k)) out.push(`${sub}: not in gold`);
      else leafDiffs(g[k], p[k], sub, out, limit);
      if (out.length >= limit) return;
    }
  } else if (tg === 'array') {
    const g = gold as unknown[], p = pred as unknown[];
    if (g.length !== p.length) out.push(`${at || '.'}: ${g.length} elements in gold, ${p.length} predicted`);
    else g.forEach((v, i) => leafDiffs(v, p[i], `${at}[${i}]`, out, limit));
  } else if (canonicalJson(gold) !== canonicalJson(pred)) {
    out.push(`${at || '.'}: ${show(gold)} in gold, ${show(pred)} predicted`);
  }
}

function detailOf(kind: string, tol: number | undefined, gold: unknown, pred: unknown, found: boolean, outcome: string): string {
  if (!found) return 'missing from the prediction';
  if (outcome === 'match') return kind === 'numeric' && typeof pred === 'number' ? `|${pred} - ${gold}| = ${+Math.abs(pred - (gold as number)).toPrecision(6)} <= tolerance ${tol ?? 0}` : '';
  if (outcome === 'text') return 'text: decided by the judge';
  if (kind === 'numeric') {
    if (typeof pred !== 'number') return `type mismatch: number in gold, ${jsonType(pred)} predicted`;
    return `|${pred} - ${gold}| = ${+Math.abs(pred - (gold as number)).toPrecision(6)} > tolerance ${tol ?? 0}`;
  }
  if (kind === 'set') {
    if (!Array.isArray(pred)) return `type mismatch: array in gold, ${jsonType(pred)} predicted`;
    const g = (gold as unknown[]).map(canonicalJson), p = pred.map(canonicalJson);
    const missing = g.filter((x) => !p.includes(x)), extra = p.filter((x) => !g.includes(x));
    return [missing.length ? `missing ${missing.join(', ')}` : '', extra.length ? `extra ${extra.join(', ')}` : '', !missing.length && !extra.length ? 'same members, other multiplicities' : '']
      .filter(Boolean)
      .join('; ');
  }
  if (kind === 'text') return `type mismatch: string expected, ${jsonType(pred)} predicted`;
  const out: string[] = [];
  leafDiffs(gold, pred, '', out);
  return out.join('; ');
}

/** Each field of one response beside gold, with what differs. */
export function responseDiff(ctx: GlobeContext, model_id: string, item_id: string): FieldDiff[] {
  const i = ctx.itemIndex.get(item_id);
  if (i === undefined) throw new Error(`no item ${JSON.stringify(item_id)} in this release`);
  const item = ctx.release.items[i];
  const response = ctx.release.responses.find((r) => r.model_id === model_id && r.item_id === item_id);
  if (!response) throw new Error(`no response of model ${JSON.stringify(model_id)} to item ${JSON.stringify(item_id)}`);
  const pred = response.prediction ?? {};
  return item.fields.map((f) => {
    const g = getPath(item.gold, f.path);
    const p = getPath(pred, f.path);
    const outcome = p.found ? compareField(f, g.value, p.value) : 'missing';
    return { path: f.path, kind: f.kind, gold: g.value, predicted: p.found ? p.value : undefined, outcome, detail: detailOf(f.kind, f.tol, g.value, p.value, p.found, outcome) };
  });
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
    `<table class="wb-table"><thead><tr><th>field</th><th>kind</th><th>gold</th><th>predicted</th><th>outcome</th><th>what differs</th></tr></thead><tbody>${rows}</tbody></table></div>`
  );
}

/** The items where two models' grades differ (pass vs fail), with each one's failure type and credit. */
export function modelDisagreements(ctx: GlobeContext, a: string, b: string): Table {
  const rows = responseRows(ctx);
  const by = (m: string) => new Map(rows.filter((r) => r.model_id === m).map((r) => [r.item_id, r]));
  const ra = by(a), rb = by(b);
  if (ra.size === 0 || rb.size === 0) throw new Error(`no responses of ${JSON.stringify(ra.size ? b : a)} in this release`);
  const out = ctx.release.items
    .filter((it) => ra.get(it.item_id)!.pass !== rb.get(it.item_id)!.pass)
    .map((it) => {
      const x = ra.get(it.item_id)!, y = rb.get(it.item_id)!;
      return {
        item_id: it.item_id, skill: it.skill, domain: it.domain, radius: it.impact_radius, reach_back: it.reach_back,
        a_pass: x.pass, b_pass: y.pass, a_failure: x.failure_type ?? 'pass', b_failure: y.failure_type ?? 'pass', a_credit: x.credit, b_credit: y.credit,
      };
    });
  const onlyA = out.filter((r) => r.a_pass).length;
  return {
    id: 'model-disagreements',
    title: `Items where ${a} and ${b} differ: ${onlyA} passed by ${a} only, ${out.length - onlyA} by ${b} only`,
    source: 'exploration',
    columns: [
      { key: 'item_id', label: 'item' }, column(GLOBE_COLUMNS.skill, { label: 'skill' }), column(GLOBE_COLUMNS.domain, { label: 'domain' }), column(GLOBE_COLUMNS.radius, { label: 'radius' }),
      { key: 'reach_back', label: 'reach-back', format: 'int' },
      { key: 'a_pass', label: `${a} passes`, format: 'bool' }, { key: 'b_pass', label: `${b} passes`, format: 'bool' },
      { key: 'a_failure', label: `${a} failure` }, { key: 'b_failure', label: `${b} failure` },
      { key: 'a_credit', label: `${a} field credit (%)`, format: 'pct' }, { key: 'b_credit', label: `${b} field credit (%)`, format: 'pct' },
    ],
    rows: out,
  };
}
