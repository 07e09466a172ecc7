import { createRng, type Rng } from '../../derive/stats/rng.js';
import { FAILURE_TARGETS } from './calibration.js';
import type { Gold } from './gold.js';
import type { ItemMeta } from './items.js';
import { ASTRA, type ModelPlan } from './models.js';
import { gumbel, shuffle, weightedIndex } from './rand.js';
import type { Domain } from './taxonomy.js';

type AnsweredFailure = 'wrong_value' | 'structure_only' | 'no_state_fields' | 'error_class' | 'under_error' | 'over_error';
type NoResponse = 'refusal' | 'empty' | 'error' | 'unparseable';

/**
 * What one response should come out as under the grader. The response writer (responses.ts) turns
 * it into a raw response; nothing here is written to the release.
 */
export type Plan =
  | { kind: 'pass'; request: 'primary'; withState: boolean }
  | { kind: 'no_response'; status: NoResponse; request: 'primary' }
  | {
      kind: 'fail';
      type: AnsweredFailure;
      request: 'primary' | 'recovery';
      /** a wrong value the judge finds (every decided field right, the text wrong) */
      viaJudge: boolean;
      /** decision failures (error handling) whose predicted state is nonetheless right */
      stateRight: boolean;
    };

const THREE = ['wrong', 'structure', 'none'] as const;
type Three = (typeof THREE)[number];
const threeOf = (t: AnsweredFailure): Three => (t === 'structure_only' ? 'structure' : t === 'no_state_fields' ? 'none' : 'wrong');

/** Base mix of answered failures by access group (Table 2's direction: open models misvalue, closed ones truncate). */
const BASE: Record<'open' | 'closed', Record<AnsweredFailure, number>> = {
  closed: { wrong_value: 0.4, structure_only: 0.33, no_state_fields: 0.21, error_class: 0.025, under_error: 0.035, over_error: 0.02 },
  open: { wrong_value: 0.5, structure_only: 0.15, no_state_fields: 0.27, error_class: 0.025, under_error: 0.035, over_error: 0.02 },
};
/** Table 23's domain texture: balances are misvalued, code outputs truncated, game narration answered in prose. */
const DOMAIN: Record<Domain, Partial<Record<AnsweredFailure, number>>> = {
  enterprise: { wrong_value: 1.3, structure_only: 0.9, no_state_fields: 0.7 },
  code: { structure_only: 1.45, wrong_value: 0.9 },
  games: { no_state_fields: 1.6, wrong_value: 0.8 },
  math_science: { wrong_value: 1.35, no_state_fields: 0.75 },
  dialogue: { over_error: 3, no_state_fields: 1.2, structure_only: 0.8 },
};

function allowed(it: ItemMeta, t: AnsweredFailure): boolean {
  if (it.outcome === 'error') return t === 'under_error' || t === 'error_class' || t === 'wrong_value' || t === 'structure_only';
  return t === 'over_error' || t === 'wrong_value' || t === 'structure_only' || t === 'no_state_fields';
}

function typeWeights(it: ItemMeta, access: 'open' | 'closed', modelTilt: Record<AnsweredFailure, number>): Record<AnsweredFailure, number> {
  const w = { ...BASE[access] };
  if (it.outcome === 'error') {
    // a blocked action: most misses predict success, or the wrong error
    w.under_error = 0.5;
    w.error_class = 0.3;
    w.wrong_value = 0.12;
    w.structure_only = 0.08;
  }
  if (it.op.kind === 'error' && it.outcome === 'normal') w.over_error = 0.25; // over-blocking siblings
  for (const t of Object.keys(w) as AnsweredFailure[]) w[t] *= (DOMAIN[it.op.domain][t] ?? 1) * modelTilt[t] * (allowed(it, t) ? 1 : 0);
  return w;
}

export interface FailurePlanInput {
  items: ItemMeta[];
  golds: Gold[];
  models: ModelPlan[];
  pass: Uint8Array[];
  seed: number;
}

/**
 * Plans every response: who passes (from the pass plan), which failures are unusable (Claude's
 * refusals, mostly on long-history prompts; a few empties, provider errors and unparseable texts),
 * and the type of every answered failure, with the exact Table 2 split per access group.
 */
export function planResponses({ items, golds, models, pass, seed }: FailurePlanInput): Plan[][] {
  const rng = createRng(seed, 'globebench:failures');
  const plans: Plan[][] = models.map(() => []);
  const answeredFails: { m: number; i: number }[] = [];

  models.forEach((model, m) => {
    const fails = items.filter((it) => !pass[m][it.idx]);
    // unusable responses: refusals lean on long prompts, the rest fall anywhere
    const refusalWeight = (it: ItemMeta) => (it.radius === 'L3' && it.band === 'long' ? 8 : it.band === 'long' ? 3 : 1);
    const byKey = fails.map((it) => ({ it, key: Math.log(refusalWeight(it)) + gumbel(rng) })).sort((a, b) => b.key - a.key || a.it.idx - b.it.idx);
    const refused = new Set(byKey.slice(0, model.refusals).map((x) => x.it.idx));
    const rest = shuffle(
      rng,
      fails.filter((it) => !refused.has(it.idx)),
    );
    const other = new Set(rest.slice(0, model.otherNoResponse).map((it) => it.idx));
    for (const it of items) {
      if (pass[m][it.idx]) {
        // blocked actions: most passing answers also restate the unchanged state
        plans[m][it.idx] = { kind: 'pass', request: 'primary', withState: it.outcome === 'error' ? model.model_id === ASTRA || rng.next() < 0.75 : true };
      } else if (refused.has(it.idx)) {
        plans[m][it.idx] = { kind: 'no_response', status: 'refusal', request: 'primary' };
      } else if (other.has(it.idx)) {
        const status = (['empty', 'error', 'unparseable'] as const)[weightedIndex(rng, [0.35, 0.35, 0.3])];
        plans[m][it.idx] = { kind: 'no_response', status, request: 'primary' };
      } else {
        answeredFails.push({ m, i: it.idx });
      }
    }
  });

  // per-model tilt, so models differ a little in how they fail
  const tilts = models.map(() => {
    const t = {} as Record<AnsweredFailure, number>;
    for (const k of Object.keys(BASE.open) as AnsweredFailure[]) t[k] = Math.exp(0.25 * (rng.next() * 2 - 1));
    return t;
  });
  const types = new Map<number, AnsweredFailure>();
  const keyOf = (m: number, i: number) => m * items.length + i;
  for (const { m, i } of answeredFails) {
    const w = typeWeights(items[i], models[m].access, tilts[m]);
    const ts = Object.keys(w) as AnsweredFailure[];
    types.set(
      keyOf(m, i),
      ts[
        weightedIndex(
          rng,
          ts.map((t) => w[t]),
        )
      ],
    );
  }
  for (const access of ['closed', 'open'] as const)
    fixThreeWay(
      rng,
      access,
      answeredFails.filter(({ m }) => models[m].access === access),
      types,
      items,
      models,
      tilts,
      keyOf,
    );

  for (const { m, i } of answeredFails) {
    const type = types.get(keyOf(m, i))!;
    const hasText = golds[i].texts.length > 0;
    plans[m][i] = { kind: 'fail', type, request: 'primary', viaJudge: type === 'wrong_value' && hasText && rng.next() < 0.55, stateRight: false };
  }
  planRecovery(rng, items, models, plans);
  planDecisionState(rng, items, models, plans);
  return plans;
}

/** Moves failures between the three Table 2 categories until each access group has its published counts. */
function fixThreeWay(
  rng: Rng,
  access: 'open' | 'closed',
  fails: { m: number; i: number }[],
  types: Map<number, AnsweredFailure>,
  items: ItemMeta[],
  models: ModelPlan[],
  tilts: Record<AnsweredFailure, number>[],
  keyOf: (m: number, i: number) => number,
): void {
  const target = FAILURE_TARGETS[access];
  const want: Record<Three, number> = { wrong: target.wrong, structure: target.structure, none: target.none };
  if (fails.length !== want.wrong + want.structure + want.none)
    throw new Error(`globebench failures: ${access} models have ${fails.length} answered failures, expected ${want.wrong + want.structure + want.none}`);
  const count = (c: Three) => fails.filter(({ m, i }) => threeOf(types.get(keyOf(m, i))!) === c).length;
  const have: Record<Three, number> = { wrong: count('wrong'), structure: count('structure'), none: count('none') };
  const order = shuffle(rng, [...fails]);
  for (let guard = 0; guard < 100; guard++) {
    const over = THREE.find((c) => have[c] > want[c]);
    if (!over) return;
    const under = THREE.filter((c) => have[c] < want[c]);
    for (const f of order) {
      if (have[over] <= want[over]) break;
      const t = types.get(keyOf(f.m, f.i))!;
      if (threeOf(t) !== over) continue;
      const w = typeWeights(items[f.i], models[f.m].access, tilts[f.m]);
      const options = (Object.keys(w) as AnsweredFailure[]).filter((x) => w[x] > 0 && under.includes(threeOf(x)) && have[threeOf(x)] < want[threeOf(x)]);
      if (options.length === 0) continue;
      const next =
        options[
          weightedIndex(
            rng,
            options.map((x) => w[x]),
          )
        ];
      types.set(keyOf(f.m, f.i), next);
      have[over]--;
      have[threeOf(next)]++;
    }
  }
  throw new Error(`globebench failures: cannot reach the ${access} three-way split`);
}

/** 628 recovery requests (re-asked at a lower reasoning tier after a timeout), all failed, mostly long prompts. */
function planRecovery(rng: Rng, items: ItemMeta[], models: ModelPlan[], plans: Plan[][]): void {
  models.forEach((model, m) => {
    if (model.recovery === 0) return;
    const cands = items
      .filter((it) => plans[m][it.idx].kind === 'fail')
      .map((it) => ({ it, key: Math.log(it.band === 'long' ? 6 : 1) + gumbel(rng) }))
      .sort((a, b) => b.key - a.key || a.it.idx - b.it.idx)
      .slice(0, model.recovery);
    if (cands.length < model.recovery) throw new Error(`globebench failures: ${model.model_id} has too few answered failures for its recovery requests`);
    for (const { it } of cands) (plans[m][it.idx] as Extract<Plan, { kind: 'fail' }>).request = 'recovery';
  });
}

/**
 * Decision given a correct state: on the error-handling operators, some decision failures (a blocked
 * action predicted to succeed, or the reverse) come with a fully right state. Peers keep 61-91% of
 * their right states with right decisions; Astra's decision failures never have the state right.
 */
function planDecisionState(rng: Rng, items: ItemMeta[], models: ModelPlan[], plans: Plan[][]): void {
  models.forEach((model, m) => {
    if (model.model_id === ASTRA) return;
    const eItems = items.filter((it) => it.op.kind === 'error');
    const rightState = eItems.filter((it) => {
      const p = plans[m][it.idx];
      return p.kind === 'pass' && p.withState;
    }).length;
    const failsOf = (f: (p: Extract<Plan, { kind: 'fail' }>) => boolean) =>
      shuffle(
        rng,
        eItems.filter((it) => {
          const p = plans[m][it.idx];
          return p.kind === 'fail' && f(p);
        }),
      );
    const decision = failsOf((p) => p.type === 'under_error' || p.type === 'over_error');
    // other wrong-value-category failures can become decision failures without moving Table 2
    const convertible = failsOf((p) => (p.type === 'wrong_value' && !p.viaJudge) || p.type === 'error_class');
    const q = 0.64 + rng.next() * 0.24; // share of right states that come with right decisions
    const want = Math.round((rightState * (1 - q)) / q);
    const chosen = [...decision, ...convertible].slice(0, want);
    for (const it of chosen) {
      const p = plans[m][it.idx] as Extract<Plan, { kind: 'fail' }>;
      p.type = it.outcome === 'error' ? 'under_error' : 'over_error';
      p.stateRight = true;
    }
  });
}
