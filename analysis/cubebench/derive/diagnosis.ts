import { derived } from '../../../src/derive/memo.js';
import type { Row } from '../../../src/derive/row.js';
import { MODEL_ORDER } from './model-order.js';
import { orderModels, type CubeContext } from './context.js';
import { episodeColumns, sliceEpisodes } from './slices.js';

/**
 * Where each failure comes from, task by task, following the paper's subtraction design: a task
 * the Basic agent fails but the Standard-Solver agent solves failed on planning (handing over the
 * solver fixed it); one that only the Ideal-Solver solves failed on translation (perceived state
 * into the solver's format); one even the Ideal-Solver fails failed on exploration in the
 * partial-view tiers (face, vertex), and is left 'unresolved' under full views, where exploration
 * is not needed. Without a Standard-Solver run the middle step is 'planning or translation'.
 */
export const CATEGORIES = ['solved by Basic', 'planning', 'translation', 'planning or translation', 'exploration', 'unresolved'] as const;
export type Category = (typeof CATEGORIES)[number];

const PARTIAL = new Set(['face', 'vertex']);
const TIER_ORDER = ['symbolic', 'visual', 'face', 'vertex'];

export function attribute(tier: string, basic: boolean, standard: boolean | undefined, ideal: boolean | undefined): Category {
  if (basic) return 'solved by Basic';
  if (standard === true) return 'planning';
  if (ideal === true) return standard === undefined ? 'planning or translation' : 'translation';
  return PARTIAL.has(tier) ? 'exploration' : 'unresolved';
}

/** One (model, tier, horizon) of the diagnosis: each stage's rate over the tasks every stage ran, and the tasks per category. */
export interface DiagnosisRow extends Row {
  model: string;
  tier: string;
  horizon: string;
  tasks: number;
  basic_rate: number;
  standard_rate: number | null;
  ideal_rate: number | null;
  planning_gap: number | null;
  translation_gap: number | null;
  remaining: number | null;
  regressions: number;
}

/**
 * Per stage, each task's verdict: solved when at least half of its runs pass (one run per task in
 * the sample). Undefined when the stage did not run in this cell.
 */
function verdictsByTask(ctx: CubeContext, model: string, agent: string, tier: string, horizon: string): Map<string, boolean> | undefined {
  const eps = sliceEpisodes(ctx, { model, agent, reward: 'none', tier, horizon });
  if (eps.length === 0) return undefined;
  const { pass, task } = episodeColumns(ctx);
  const counts = new Map<string, [number, number]>();
  for (const i of eps) {
    const t = task.labels[task.codes[i]];
    const c = counts.get(t) ?? [0, 0];
    c[0] += pass[i];
    c[1]++;
    counts.set(t, c);
  }
  return new Map([...counts].map(([t, [passed, n]]) => [t, passed * 2 >= n]));
}

/** Every (model, tier, horizon) that has solver runs and a Basic baseline; models in the paper's order. */
export const diagnosisRows = derived((ctx: CubeContext): DiagnosisRow[] => {
  const solverRuns = ctx.results.filter((r) => r.agent !== 'basic' && r.reward === 'none');
  const models = orderModels(
    solverRuns.map((r) => r.model),
    MODEL_ORDER,
  );
  const rows: DiagnosisRow[] = [];
  for (const model of models) {
    const cells = [
      ...new Map(solverRuns.filter((r) => r.model === model).map((r) => [JSON.stringify([r.tier, r.horizon]), [r.tier, r.horizon] as const])).values(),
    ];
    cells.sort(([ta, ha], [tb, hb]) => TIER_ORDER.indexOf(ta) - TIER_ORDER.indexOf(tb) || hb.localeCompare(ha)); // short before long
    for (const [tier, horizon] of cells) {
      const basic = verdictsByTask(ctx, model, 'basic', tier, horizon);
      if (!basic) continue; // no baseline, nothing to subtract from
      const std = verdictsByTask(ctx, model, 'standard_solver', tier, horizon);
      const ideal = verdictsByTask(ctx, model, 'ideal_solver', tier, horizon);
      // tasks every present stage ran
      const tasks = [...basic.keys()].filter((t) => (!std || std.has(t)) && (!ideal || ideal.has(t)));
      const counts = new Map<Category, number>(CATEGORIES.map((k) => [k, 0]));
      let b = 0,
        s = 0,
        i = 0,
        regressions = 0;
      for (const t of tasks) {
        const ob = basic.get(t)!;
        const os = std?.get(t);
        const oi = ideal?.get(t);
        b += ob ? 1 : 0;
        s += os ? 1 : 0;
        i += oi ? 1 : 0;
        const cat = attribute(tier, ob, os, oi);
        counts.set(cat, counts.get(cat)! + 1);
        // a later (more helped) stage failing a task an earlier one solved
        const seq = [ob, os, oi].filter((x) => x !== undefined) as boolean[];
        if (seq.some((x, k) => x && seq.slice(k + 1).some((y) => !y))) regressions++;
      }
      const n = tasks.length;
      rows.push({
        model,
        tier,
        horizon,
        tasks: n,
        basic_rate: b / n,
        standard_rate: std ? s / n : null,
        ideal_rate: ideal ? i / n : null,
        ...Object.fromEntries(CATEGORIES.map((k) => [k, counts.get(k)!])),
        planning_gap: std ? (s - b) / n : null,
        translation_gap: std && ideal ? (i - s) / n : null,
        remaining: ideal ? 1 - i / n : null,
        regressions,
      });
    }
  }
  return rows;
});

/** Tasks of a diagnosis row in one category. */
export const categoryCount = (row: DiagnosisRow, k: Category): number => row[k] as number;
