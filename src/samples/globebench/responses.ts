import type { Rng } from '../../derive/stats/rng.js';
import { getPath } from '../../domain/grade/get-path.js';
import { gradeResponse, JudgeMissingError, type JudgePair } from '../../domain/grade/grade-response.js';
import type { Item, JudgeRecord, Response } from '../../format/globebench.js';
import type { Plan } from './failures.js';
import type { FieldSpec, Gold } from './gold.js';
import { judgeRecords } from './judge.js';
import { pick, shuffle } from './rand.js';

/** Special cases the paper describes, pinned onto particular responses (see index.ts). */
export interface Hint {
  /** wrong_value on exactly this numeric field, off by -1 (GPT-5.5: -95 vs -94) */
  offByOne?: string;
  /** replace the prediction outright (Grok's capacity 262 vs 89) */
  prediction?: Record<string, unknown>;
  /** prepend hostile markup to the raw text (reports must escape it) */
  hostile?: string;
}

const clone = <T>(v: T): T => structuredClone(v);

/** Sets a dot path that exists in `root` (the gold shape guarantees it does). */
function setPath(root: unknown, path: string, value: unknown): void {
  const segs = path.split('.');
  let v = root as Record<string, unknown>;
  for (const s of segs.slice(0, -1)) v = (Array.isArray(v) ? (v as unknown[])[Number(s)] : v[s]) as Record<string, unknown>;
  const last = segs[segs.length - 1];
  if (Array.isArray(v)) (v as unknown[])[Number(last)] = value;
  else v[last] = value;
}

/** Deletes the key at a dot path (array elements are never deleted: indices would shift). */
function deletePath(root: unknown, path: string): boolean {
  const segs = path.split('.');
  let v = root as Record<string, unknown>;
  for (const s of segs.slice(0, -1)) v = (Array.isArray(v) ? (v as unknown[])[Number(s)] : v[s]) as Record<string, unknown>;
  if (Array.isArray(v)) return false;
  delete v[segs[segs.length - 1]];
  return true;
}

/** A value of the same JSON shape as `g` that the field's comparison rejects. */
function wrongValue(rng: Rng, spec: FieldSpec, g: unknown, offByOne = false): unknown {
  if (spec.kind === 'numeric') {
    const tol = spec.tol ?? 0;
    if (offByOne || Number.isInteger(g)) return (g as number) + (offByOne ? -1 : pick(rng, [-1, 1, -2, 2, 5, -10, 100]));
    return Math.round(((g as number) + (rng.next() < 0.5 ? -1 : 1) * (tol * 10 + Math.abs(g as number) * 0.03 + 0.01)) * 10000) / 10000;
  }
  if (spec.kind === 'set') {
    const arr = g as unknown[];
    if (arr.length === 0) return ['unknown'];
    return rng.next() < 0.5 ? arr.slice(1) : [...arr.slice(1), `${String(arr[0])}_x`];
  }
  // exact: keep the shape (sameShape), change the content
  if (typeof g === 'string') return wrongString(rng, g);
  if (typeof g === 'number') return g + 1;
  if (typeof g === 'boolean') return !g;
  if (Array.isArray(g)) {
    const out = clone(g) as unknown[];
    // change one leaf of the first element that can be changed
    const k = rng.int(out.length);
    const e = out[k];
    if (Array.isArray(e)) {
      const inner = [...e];
      inner[0] = typeof inner[0] === 'number' ? (inner[0] as number) + 1 : `${String(inner[0])}_x`;
      out[k] = inner;
    } else out[k] = typeof e === 'number' ? e + 1 : `${String(e)}_x`;
    return out;
  }
  return g;
}

/** Vocabularies the gold strings come from: a wrong answer is usually another word of the same kind. */
const VOCABS: string[][] = [
  ['pending', 'shipped', 'cancelled', 'refunded', 'on_hold', 'delivered'],
  ['confirmed', 'cancelled', 'changed', 'waitlisted', 'refunded'],
  ['open', 'closed', 'locked'],
  ['ongoing', 'draw', 'x_wins', 'o_wins'],
  ['x', 'o'],
  ['mol', 'g', 'mL', 'K', 'kPa', 'J', 'mg', 'L'],
  ['/repo', '/repo/src', '/home/dev/app', '/srv/app'],
  [
    'kitchen',
    'cellar',
    'attic',
    'library',
    'hallway',
    'garden',
    'study',
    'pantry',
    'vault',
    'chapel',
    'armory',
    'gallery',
    'forge',
    'crypt',
    'lab',
    'greenhouse',
  ],
  ['main', 'develop', 'feature-auth', 'feature-cache', 'hotfix-12', 'release-21', 'exp-batch', 'feature-ui', 'fix-race', 'docs'],
];

/** A plausible wrong string: a sibling word, a neighbouring seat, a commit hash one digit off, a changed coefficient. */
function wrongString(rng: Rng, g: string): string {
  const vocab = VOCABS.find((v) => v.includes(g));
  if (vocab)
    return pick(
      rng,
      vocab.filter((x) => x !== g),
    );
  if (/^[0-9a-f]{7}$/.test(g)) return g.slice(0, 6) + (g[6] === '0' ? '1' : '0');
  const seat = /^(\d+)([A-F])$/.exec(g);
  if (seat) return `${Number(seat[1]) + pick(rng, [-1, 1, 2])}${seat[2]}`;
  if (/^[xo./]+$/.test(g)) {
    // a board with one cell misplayed
    const cells = [...g];
    const k = cells.indexOf('.');
    if (k >= 0) cells[k] = 'x';
    else cells[cells.findIndex((c) => c !== '/')] = cells[0] === 'x' ? 'o' : 'x';
    return cells.join('');
  }
  const digit = /\d/.exec(g);
  if (digit) return g.slice(0, digit.index) + String((Number(digit[0]) + 1) % 10) + g.slice(digit.index + 1);
  return `${g}_prev`;
}

/** A value of a different JSON type, which the grader counts as structure only. */
function wrongShape(spec: FieldSpec, g: unknown): unknown {
  if (spec.kind === 'numeric') return String(g);
  if (spec.kind === 'set') return (g as unknown[]).join(', ');
  if (spec.kind === 'text') return [g];
  if (typeof g === 'string') return { value: g };
  if (typeof g === 'number') return String(g);
  if (Array.isArray(g)) return JSON.stringify(g);
  return String(g);
}

const decided = (gold: Gold) => gold.fields.filter((f) => f.kind !== 'text');

/** The gold state a model would write, with free text reworded as a faithful model would. */
function faithfulState(rng: Rng, gold: Gold): Record<string, unknown> {
  const pred = clone(gold.gold);
  for (const t of gold.texts) if (rng.next() < 0.8) setPath(pred, t.path, t.paraphrase);
  // numeric answers within tolerance need not be digit-identical
  for (const f of gold.fields)
    if (f.kind === 'numeric' && (f.tol ?? 0) >= 1e-3 && rng.next() < 0.3)
      setPath(pred, f.path, Math.round(((getPath(gold.gold, f.path).value as number) + (f.tol ?? 0) * 0.4) * 1e6) / 1e6);
  return pred;
}

function perturb(rng: Rng, gold: Gold, pred: Record<string, unknown>, hint: Hint): void {
  const fields = decided(gold);
  if (hint.offByOne) {
    const spec = fields.find((f) => f.path === hint.offByOne)!;
    setPath(pred, spec.path, wrongValue(rng, spec, getPath(gold.gold, spec.path).value, true));
    return;
  }
  // long audits: most fields right, a few wrong (74-93% right); short items: one or two wrong
  const k = fields.length >= 10 ? Math.max(1, Math.round(fields.length * (0.07 + rng.next() * 0.19))) : rng.next() < 0.8 ? 1 : Math.min(2, fields.length);
  for (const spec of shuffle(rng, [...fields]).slice(0, k)) setPath(pred, spec.path, wrongValue(rng, spec, getPath(gold.gold, spec.path).value));
}

function breakStructure(rng: Rng, gold: Gold, pred: Record<string, unknown>): void {
  const fields = decided(gold);
  const deletable = fields.filter((f) => !/\.\d+$/.test(f.path));
  if (fields.length >= 2 && deletable.length >= 1 && rng.next() < 0.65) {
    // a truncated answer: the trailing fields are missing; at least one decided field survives
    const drop = Math.min(deletable.length, fields.length - 1, Math.max(1, Math.round(fields.length * (0.1 + rng.next() * 0.3))));
    const order = fields.length >= 6 ? deletable.slice(-drop) : shuffle(rng, [...deletable]).slice(0, drop);
    for (const f of order) deletePath(pred, f.path);
    return;
  }
  const spec = pick(rng, fields);
  setPath(pred, spec.path, wrongShape(spec, getPath(gold.gold, spec.path).value));
}

const PROSE = [
  'The command runs and the environment updates as expected.',
  'Nothing visible changes; the system acknowledges the action.',
  'The action succeeds. All records are consistent with the previous turn.',
  'The tool returns successfully and the state is updated accordingly.',
  'You do that. The room looks the same as before.',
];

function noStateFields(rng: Rng, gold: Gold): Record<string, unknown> {
  const mode = rng.next();
  let pred: Record<string, unknown>;
  if (mode < 0.35) pred = { next_state: clone(gold.gold) };
  else if (mode < 0.55) pred = Object.fromEntries(Object.entries(clone(gold.gold)).map(([k, v]) => [k.charAt(0).toUpperCase() + k.slice(1), v]));
  else pred = { observation: pick(rng, PROSE) };
  if (gold.fields.some((f) => getPath(pred, f.path).found)) pred = { observation: pick(rng, PROSE) };
  return pred;
}

const REFUSALS = [
  "I'm sorry, but I can't help with simulating this system's internal records.",
  "I can't continue with this request.",
  "I'm not able to produce that output. If you have another question, I'm happy to help.",
  'I need to decline this one: reconstructing the hidden state from this history is outside what I can do here.',
];

function rawText(rng: Rng, pred: Record<string, unknown>): string {
  const json = JSON.stringify(pred);
  const r = rng.next();
  if (r < 0.7) return json;
  if (r < 0.85) return '```json\n' + json + '\n```';
  return pick(rng, ['Next state:\n', 'Here is the predicted next state.\n\n', 'After executing the action, the environment returns:\n']) + json;
}

export interface Built {
  response: Response;
  judges: JudgeRecord[];
}

/**
 * Writes one response that the hybrid grader will grade as planned, with the judge records it needs,
 * and checks that with the grader itself: a mismatch is a generator bug and throws.
 */
export function buildResponse(rng: Rng, item: Item, gold: Gold, model_id: string, plan: Plan, hint: Hint = {}): Built {
  const base = { item_id: item.item_id, model_id, request: plan.request };
  let response: Response;
  let judgeVerdict: 'equivalent' | 'not_equivalent' | null = null;
  if (plan.kind === 'no_response') {
    const raw =
      plan.status === 'refusal'
        ? pick(rng, REFUSALS)
        : plan.status === 'empty'
          ? ''
          : plan.status === 'error'
            ? pick(rng, ['provider error: 529 overloaded', 'provider error: 504 gateway timeout', 'provider error: context length exceeded'])
            : pick(rng, [
                '{"accounts": {"A-1',
                'Let me think step by step about the ledger. First, the saga at turn 12',
                '```json\n{"state": ',
                'The next state is probably similar to before, but I am not certain.',
              ]);
    response = { ...base, status: plan.status === 'unparseable' ? 'answered' : plan.status, prediction: null, raw };
  } else {
    let pred: Record<string, unknown>;
    const ge = item.gold_error;
    if (plan.kind === 'pass') {
      if (item.outcome === 'error') pred = plan.withState ? { ...faithfulState(rng, gold), error: { ...ge! } } : { error: { ...ge! } };
      else pred = faithfulState(rng, gold);
      if (gold.texts.length > 0 && (item.outcome === 'normal' || plan.withState)) judgeVerdict = 'equivalent';
    } else {
      switch (plan.type) {
        case 'wrong_value':
          pred = faithfulState(rng, gold);
          if (plan.viaJudge) {
            for (const t of gold.texts) setPath(pred, t.path, t.contradiction);
            judgeVerdict = 'not_equivalent';
          } else perturb(rng, gold, pred, hint);
          if (ge) pred.error = { ...ge };
          break;
        case 'structure_only':
          pred = faithfulState(rng, gold);
          breakStructure(rng, gold, pred);
          if (ge) pred.error = { ...ge };
          // a structurally broken answer whose text is intact never reaches the judge
          break;
        case 'no_state_fields':
          pred = noStateFields(rng, gold);
          break;
        case 'over_error':
          pred = plan.stateRight
            ? faithfulState(rng, gold)
            : rng.next() < 0.5
              ? {}
              : (() => {
                  const p = faithfulState(rng, gold);
                  perturb(rng, gold, p, {});
                  return p;
                })();
          pred.error = { class: pick(rng, gold.wrongClasses), referent: null };
          break;
        case 'under_error':
          pred = faithfulState(rng, gold);
          if (!plan.stateRight) perturb(rng, gold, pred, {});
          break;
        case 'error_class': {
          const wrongRef = ge!.referent !== null && rng.next() < 0.3;
          pred = { error: { class: wrongRef ? ge!.class : pick(rng, gold.wrongClasses), referent: wrongRef ? `${ge!.referent}_other` : ge!.referent } };
          break;
        }
      }
    }
    if (hint.prediction) pred = hint.prediction;
    const raw = (hint.hostile ?? '') + rawText(rng, pred);
    response = { ...base, status: 'answered', prediction: pred, raw };
  }
  const judges = judgeVerdict ? judgeRecords(rng, item.item_id, model_id, judgeVerdict) : [];
  check(item, response, judges, plan);
  return { response, judges };
}

/** Grades the response with the workbench's grader and compares with the plan. */
function check(item: Item, response: Response, judges: JudgeRecord[], plan: Plan): void {
  const pair: JudgePair = {};
  for (const j of judges) pair[j.judge] = j;
  let grade: ReturnType<typeof gradeResponse>;
  try {
    grade = gradeResponse(item, response, pair);
  } catch (e) {
    if (e instanceof JudgeMissingError)
      throw new Error(`globebench generator: ${item.item_id}/${response.model_id} reaches the judge without records (plan ${JSON.stringify(plan)})`);
    throw e;
  }
  const want = plan.kind === 'pass' ? null : plan.kind === 'no_response' ? 'no_response' : plan.type;
  const judged = grade.decided_by !== 'deterministic';
  if (grade.pass !== (plan.kind === 'pass') || grade.failure_type !== want || judged !== judges.length > 0) {
    throw new Error(
      `globebench generator: ${item.item_id}/${response.model_id} grades as ${JSON.stringify(grade)}, planned ${JSON.stringify(plan)}; prediction ${JSON.stringify(response.prediction)}`,
    );
  }
}
