import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { vi } from 'vitest';
import { prepareGlobe, type GlobeContext } from '../../analysis/globebench/derive/context.js';
import type { Figure } from '../../src/present/figures/figure.js';
import { figureToSvg } from '../../src/present/figures/render-figure.js';
import type { FailureType, Grade } from '../../src/domain/grade/grade-response.js';
import type { GlobeRelease } from '../../src/release/load/globebench.js';
import type { HumanRating, Item, LlmAudit, Model } from '../../src/format/globebench.js';
import { createRng } from '../../src/derive/stats/rng.js';

type Outcome = 'pass' | FailureType;

export interface CtxSpec {
  /** item_id required; the rest defaults to a normal code item, radius L0, reach-back 10 */
  items: (Partial<Item> & { item_id: string })[];
  models: (Partial<Model> & { model_id: string })[];
  /** per model, one outcome per item in items order; a string of 1/0 is shorthand for pass / wrong_value */
  outcomes: Record<string, Outcome[] | string>;
  ratings?: HumanRating[] | null;
  audit?: LlmAudit[] | null;
  resamples?: number;
  seed?: number;
}

export function item(item_id: string, over: Partial<Item> = {}): Partial<Item> & { item_id: string } {
  return { item_id, ...over };
}

/**
 * A GlobeContext straight from hand-made grades (no responses or judge records): enough for every
 * analysis, which reads items, models, grades and the pass vectors only.
 */
export function makeCtx(spec: CtxSpec): GlobeContext {
  const items: Item[] = spec.items.map((it) => ({
    domain: 'code',
    skill: 'sql',
    capabilities: ['state_coherence'],
    operator: 'op-a',
    source: 'own',
    backend: 'sqlite',
    reach_back: 10,
    impact_radius: 'L0',
    radius_source: 'measured',
    outcome: 'normal',
    gold: { x: 1 },
    gold_error: null,
    fields: [{ path: 'x', kind: 'exact' }],
    ...it,
  }));
  const models: Model[] = spec.models.map((m) => ({ name: m.model_id.toUpperCase(), provider: 'p', access: 'open', kind: 'general', ...m }));
  const grades: Grade[] = [];
  for (const m of models) {
    const raw = spec.outcomes[m.model_id];
    if (raw === undefined) throw new Error(`no outcomes for ${m.model_id}`);
    const outs: Outcome[] = typeof raw === 'string' ? [...raw].map((c) => (c === '1' ? 'pass' : 'wrong_value')) : raw;
    if (outs.length !== items.length) throw new Error(`${m.model_id}: ${outs.length} outcomes for ${items.length} items`);
    outs.forEach((o, i) =>
      grades.push({
        item_id: items[i].item_id,
        model_id: m.model_id,
        pass: o === 'pass',
        failure_type: o === 'pass' ? null : o,
        decided_by: 'deterministic',
        fields_matched: 0,
        fields_decided: 1,
        field_outcomes: [o === 'pass' ? 'match' : o === 'no_response' ? 'missing' : 'wrong_value'],
      }),
    );
  }
  const release = {
    benchmark: 'globebench',
    dir: '(test)',
    manifest: { benchmark: 'globebench', version: 'test', synthetic: true, description: 'hand-made', files: {} },
    sha256: {},
    items,
    models,
    responses: [],
    judge: [],
    ratings: spec.ratings ?? null,
    audit: spec.audit ?? null,
    judges: new Map(),
    judgedButDeterministic: [],
    results: null,
    sources: { item: new Map(), response: new Map(), judge: new Map(), result: new Map() },
  } as unknown as GlobeRelease;
  return prepareGlobe(release, { seed: spec.seed ?? 7, resamples: spec.resamples ?? 200 }, grades);
}

/** Renders a figure to SVG the way the CLI does and returns what vega / vega-lite printed as warnings or errors. */
export async function renderWarnings(fig: Figure): Promise<{ svg: string; warnings: string[] }> {
  const warnings: string[] = [];
  const spies = (['warn', 'error', 'log', 'info'] as const).map((k) =>
    vi.spyOn(console, k).mockImplementation((...a: unknown[]) => {
      warnings.push(`${k}: ${a.map(String).join(' ')}`);
    }),
  );
  try {
    const svg = await figureToSvg(fig);
    return { svg, warnings };
  } finally {
    for (const s of spies) s.mockRestore();
  }
}

/** The bundled sample release, once the generator has written it. */
export const SAMPLE_DIR = join(import.meta.dirname, '../../data/globebench');
export const hasSample = existsSync(join(SAMPLE_DIR, 'MANIFEST.json'));

/**
 * A random but seeded context for smoke tests of figures: items spread over domains, skills,
 * operators, radius levels (some null) and reach-backs (some null, up to ~1,500 turns); each model
 * passes an item with a probability that falls with radius and reach-back.
 */
export function randomCtx(opts: { items?: number; models?: number; seed?: number; resamples?: number } = {}): GlobeContext {
  const nItems = opts.items ?? 300,
    nModels = opts.models ?? 6;
  const rng = createRng(opts.seed ?? 1, 'randomCtx');
  const domains = ['code', 'enterprise', 'games', 'math_science', 'dialogue'] as const;
  const radii = ['L0', 'L1', 'L2', 'L3'] as const;
  const items = Array.from({ length: nItems }, (_, i) => {
    const r = rng.next() < 0.03 ? null : radii[rng.int(4)];
    const rb = rng.next() < 0.03 ? null : Math.floor(rng.next() ** 2 * 1500);
    const outcome = rng.next() < 0.1 ? 'error' : 'normal';
    return item(`it${i}`, {
      domain: domains[rng.int(5)],
      skill: `skill-${rng.int(7)}`,
      operator: `op-${rng.int(9)}`,
      impact_radius: r,
      reach_back: rb,
      outcome,
      gold_error: outcome === 'error' ? { class: 'E', referent: null } : null,
    });
  });
  const fails: FailureType[] = ['no_response', 'wrong_value', 'structure_only', 'no_state_fields', 'error_class', 'under_error', 'over_error'];
  const models = Array.from(
    { length: nModels },
    (_, j) =>
      ({
        model_id: `m${j}`,
        name: `Model ${j}`,
        access: j % 2 ? 'open' : 'closed',
        kind: j === nModels - 1 ? 'world_model' : 'general',
        provider: `prov${j % 3}`,
      }) as const,
  );
  const outcomes: Record<string, Outcome[]> = {};
  for (const [j, m] of models.entries()) {
    const skillM = 0.9 - 0.1 * j;
    outcomes[m.model_id] = items.map((it) => {
      const p = skillM * (it.impact_radius === 'L3' ? 0.2 : it.impact_radius === 'L0' ? 0.7 : 0.5) * ((it.reach_back ?? 0) > 40 ? 0.5 : 1);
      return rng.next() < p ? 'pass' : fails[rng.int(fails.length)];
    });
  }
  return makeCtx({ items, models, outcomes, resamples: opts.resamples ?? 200, seed: opts.seed ?? 7 });
}
