import { canonicalJson, jsonType } from '../../../src/domain/grade/canonical-json.js';
import type { FieldResult, Grade } from '../../../src/domain/grade/grade-response.js';
import type { Item, Response } from '../../../src/format/globebench.js';
import { getPath } from '../../../src/domain/grade/get-path.js';
import type { GlobeContext } from './context.js';

/** How one field of a prediction differs from gold. */
export interface FieldDiff {
  path: string;
  kind: string;
  gold: unknown;
  predicted: unknown;
  /** match, wrong_value, wrong_shape, text (left to the judge), missing: the grade's field outcome */
  outcome: FieldResult;
  /** what differs: numeric distance against the tolerance, the JSON types, missing/extra set members, differing sub-paths */
  detail: string;
}

export const show = (v: unknown): string => (v === undefined ? '(missing)' : JSON.stringify(v));

/** Leaf paths where two JSON values differ (at most `limit`). */
function leafDiffs(gold: unknown, pred: unknown, at: string, out: string[], limit = 8): void {
  if (out.length >= limit) return;
  const tg = jsonType(gold),
    tp = jsonType(pred);
  if (tg !== tp) {
    out.push(`${at || '.'}: ${tg} in gold, ${tp} predicted`);
  } else if (tg === 'object') {
    const g = gold as Record<string, unknown>,
      p = pred as Record<string, unknown>;
    for (const k of [...new Set([...Object.keys(g), ...Object.keys(p)])].sort()) {
      const sub = at ? `${at}.${k}` : k;
      // own keys: a gold key `constructor` missing from the prediction is missing, not Object
      if (!Object.hasOwn(p, k)) out.push(`${sub}: missing`);
      else if (!Object.hasOwn(g, k)) out.push(`${sub}: not in gold`);
      else leafDiffs(g[k], p[k], sub, out, limit);
      if (out.length >= limit) return;
    }
  } else if (tg === 'array') {
    const g = gold as unknown[],
      p = pred as unknown[];
    if (g.length !== p.length) out.push(`${at || '.'}: ${g.length} elements in gold, ${p.length} predicted`);
    else g.forEach((v, i) => leafDiffs(v, p[i], `${at}[${i}]`, out, limit));
  } else if (canonicalJson(gold) !== canonicalJson(pred)) {
    out.push(`${at || '.'}: ${show(gold)} in gold, ${show(pred)} predicted`);
  }
}

function detailOf(kind: string, tol: number | undefined, gold: unknown, pred: unknown, found: boolean, outcome: string): string {
  if (!found) return 'missing from the prediction';
  if (outcome === 'match')
    return kind === 'numeric' && typeof pred === 'number'
      ? `|${pred} - ${gold}| = ${+Math.abs(pred - (gold as number)).toPrecision(6)} <= tolerance ${tol ?? 0}`
      : '';
  if (outcome === 'text') return 'text: decided by the judge';
  if (kind === 'numeric') {
    if (typeof pred !== 'number') return `type mismatch: number in gold, ${jsonType(pred)} predicted`;
    return `|${pred} - ${gold}| = ${+Math.abs(pred - (gold as number)).toPrecision(6)} > tolerance ${tol ?? 0}`;
  }
  if (kind === 'set') {
    if (!Array.isArray(pred)) return `type mismatch: array in gold, ${jsonType(pred)} predicted`;
    const g = (gold as unknown[]).map(canonicalJson),
      p = pred.map(canonicalJson);
    const missing = g.filter((x) => !p.includes(x)),
      extra = p.filter((x) => !g.includes(x));
    return [
      missing.length ? `missing ${missing.join(', ')}` : '',
      extra.length ? `extra ${extra.join(', ')}` : '',
      !missing.length && !extra.length ? 'same members, other multiplicities' : '',
    ]
      .filter(Boolean)
      .join('; ');
  }
  if (kind === 'text') return `type mismatch: string expected, ${jsonType(pred)} predicted`;
  const out: string[] = [];
  leafDiffs(gold, pred, '', out);
  return out.join('; ');
}

/**
 * Each field of one response beside gold, with what differs: the outcome is the one grading recorded
 * (the response's grade in ctx.grades, `field_outcomes`); the detail explains it.
 */
export function responseDiff(ctx: GlobeContext, model_id: string, item_id: string): FieldDiff[] {
  const i = ctx.itemIndex.get(item_id);
  if (i === undefined) throw new Error(`no item ${JSON.stringify(item_id)} in this release`);
  const item = ctx.release.items[i];
  const response = ctx.release.responses.find((r) => r.model_id === model_id && r.item_id === item_id);
  if (!response) throw new Error(`no response of model ${JSON.stringify(model_id)} to item ${JSON.stringify(item_id)}`);
  const grade = ctx.grades.find((x) => x.model_id === model_id && x.item_id === item_id);
  if (!grade) throw new Error(`no grade of model ${JSON.stringify(model_id)} on item ${JSON.stringify(item_id)} in this context`);
  return fieldDiffs(item, response, grade);
}

/** Each field of a response beside its item's gold, as `responseDiff` gives it, for a response and grade in hand. */
export function fieldDiffs(item: Item, response: Response, grade: Grade): FieldDiff[] {
  const pred = response.prediction ?? {};
  return item.fields.map((f, k) => {
    const g = getPath(item.gold, f.path);
    const p = getPath(pred, f.path);
    const outcome = grade.field_outcomes[k];
    return {
      path: f.path,
      kind: f.kind,
      gold: g.value,
      predicted: p.found ? p.value : undefined,
      outcome,
      detail: detailOf(f.kind, f.tol, g.value, p.value, p.found, outcome),
    };
  });
}
