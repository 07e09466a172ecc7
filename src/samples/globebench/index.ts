import { createRng } from '../../derive/stats/rng.js';
import type { Item, JudgeRecord, Model, Response } from '../../format/globebench.js';
import type { ReleaseSpec } from '../write-release.js';
import { EFFECT_TARGETS } from './calibration.js';
import { planResponses, type Plan } from './failures.js';
import { makeGold, type Gold } from './gold.js';
import { humanStudy } from './human.js';
import { layoutItems, type ItemMeta } from './items.js';
import { itemDifficulty, modelLogits, unsolvableSet } from './latent.js';
import { GROK, MODELS } from './models.js';
import { planPasses } from './pass-plan.js';
import { shuffle } from './rand.js';
import { assignReachBack } from './reach-back.js';
import { buildResponse, type Hint } from './responses.js';
import { SKILLS } from './taxonomy.js';

export const DEFAULT_GLOBEBENCH_SEED = 20261130;

function itemRow(it: ItemMeta, g: Gold): Item {
  return {
    item_id: it.item_id,
    domain: it.op.domain,
    skill: it.op.skill,
    capabilities: SKILLS[it.op.skill],
    operator: it.op.id,
    source: it.op.source,
    backend: it.op.backend,
    // extra field: own library simulator or third-party backend (the paper's 955 of 1,137 own items)
    simulator: it.op.simulator,
    reach_back: it.reachBack,
    impact_radius: it.radius,
    radius_source: it.radiusSource,
    outcome: it.outcome,
    gold: g.gold,
    gold_error: g.goldError,
    fields: g.fields as Item['fields'],
  };
}

/**
 * Pins the paper's worked examples onto responses that already fail the right way: GPT-5.5 off by one
 * on a saga-audit balance (-95 for -94), Grok 4.6 rejecting an allocation after computing capacity 262
 * instead of 89 (weights 4/1/4), and a few raw texts carrying markup a report must escape.
 */
function pinExamples(items: ItemMeta[], golds: Gold[], plans: Plan[][], seed: number): Map<string, Hint> {
  const rng = createRng(seed, 'globebench:examples');
  const hints = new Map<string, Hint>();
  const key = (m: number, i: number) => `${m}/${i}`;
  const gpt55 = MODELS.findIndex((m) => m.model_id === 'gpt-5.5');
  const saga = items.find((it) => {
    const p = plans[gpt55][it.idx];
    return it.op.id === 'ent.saga_audit' && p.kind === 'fail' && p.type === 'wrong_value' && !p.viaJudge;
  });
  if (saga) {
    const accounts = golds[saga.idx].gold.accounts as Record<string, number>;
    const first = Object.keys(accounts)[0];
    accounts[first] = -94;
    hints.set(key(gpt55, saga.idx), { offByOne: `accounts.${first}` });
  }
  const grok = MODELS.findIndex((m) => m.model_id === GROK);
  const alloc = items.find((it) => {
    const p = plans[grok][it.idx];
    return (
      it.op.family === 'allocation' && it.outcome === 'normal' && p.kind === 'fail' && ((p.type === 'wrong_value' && !p.viaJudge) || p.type === 'over_error')
    );
  });
  if (alloc) {
    const g = golds[alloc.idx].gold;
    g.capacity = 89;
    g.weights = [4, 1, 4];
    g.allocated = [39, 9, 39];
    // same Table 2 category (wrong value), now an over-blocking decision
    plans[grok][alloc.idx] = {
      kind: 'fail',
      type: 'over_error',
      request: (plans[grok][alloc.idx] as Extract<Plan, { kind: 'fail' }>).request,
      viaJudge: false,
      stateRight: false,
    };
    hints.set(key(grok, alloc.idx), {
      prediction: { capacity: 262, weights: [4, 1, 4], allocated: [116, 29, 116], error: { class: 'CapacityExceeded', referent: null } },
    });
  }
  const hostile = [
    '<script>alert(1)</script>\n',
    '<img src=x onerror=alert(1)>\n',
    'Result: <b onmouseover="alert(1)">ok</b> & "quoted" <script>alert(1)</script>\n',
  ];
  const cands = shuffle(
    rng,
    items.flatMap((it) => MODELS.map((_, m) => ({ m, i: it.idx }))).filter(({ m, i }) => plans[m][i].kind === 'fail' && !hints.has(key(m, i))),
  ).slice(0, 6);
  cands.forEach(({ m, i }, k) => hints.set(key(m, i), { hostile: hostile[k % hostile.length] }));
  return hints;
}

/**
 * The GlobeBench sample release: items, models, one response per (item, model), the judge records of
 * the responses that reach the judge, the human study and the LLM audit. Raw records only: which
 * responses pass is planned from a latent-difficulty model calibrated to the paper's published
 * aggregates, and each response is written so the workbench's grader grades it that way.
 */
export function generateGlobebench(seed: number = DEFAULT_GLOBEBENCH_SEED): ReleaseSpec {
  const items = layoutItems(seed);
  const rb = assignReachBack(items, seed, EFFECT_TARGETS.operatorR2LogReachBack);
  const delta = itemDifficulty(items, seed);
  const unsolvable = unsolvableSet(items, delta);
  const logits = modelLogits(items, delta, MODELS, unsolvable, seed);
  const { pass } = planPasses(items, MODELS, logits, unsolvable, seed);

  const goldRng = createRng(seed, 'globebench:gold');
  const golds = items.map((it) => makeGold(goldRng, it));
  const plans = planResponses({ items, golds, models: MODELS, pass, seed });
  const hints = pinExamples(items, golds, plans, seed);
  const itemRows = items.map((it) => itemRow(it, golds[it.idx]));

  const files: Record<string, unknown[]> = {
    'items.jsonl': itemRows,
    'models.jsonl': MODELS.map((m): Model => ({ model_id: m.model_id, name: m.name, provider: m.provider, access: m.access, kind: m.kind })),
  };
  MODELS.forEach((model, m) => {
    const rng = createRng(seed, `globebench:responses:${model.model_id}`);
    const responses: Response[] = [];
    const judges: JudgeRecord[] = [];
    for (const it of items) {
      const built = buildResponse(rng, itemRows[it.idx], golds[it.idx], model.model_id, plans[m][it.idx], hints.get(`${m}/${it.idx}`));
      responses.push(built.response);
      judges.push(...built.judges);
    }
    files[`responses/${model.model_id}.jsonl`] = responses;
    if (judges.length > 0) files[`judge/${model.model_id}.jsonl`] = judges;
  });
  const human = humanStudy(items, seed);
  files['human/ratings.jsonl'] = human.ratings;
  files['audit/llm.jsonl'] = human.audit;

  return {
    benchmark: 'globebench',
    version: '1.0.0-sample',
    description:
      'Synthetic GlobeBench sample release (1,632 items x 20 models, judge records, human study, LLM audit) made by a seeded generator; it stands in for the unreachable real release and is calibrated to the published structure and aggregates.',
    extra: {
      calibrated_to: 'GlobeBench paper: published aggregates in TARGETS.md',
      generator: 'src/samples/globebench (generateGlobebench)',
      generator_seed: seed,
      reach_back_spread: Math.round(rb.sigma * 1e6) / 1e6,
    },
    files,
    generatedBy: { seed },
  };
}

/** The sample generator, as the benchmark's entry in the list of benchmarks (analysis/index.ts) finds it. */
export { generateGlobebench as generate };
