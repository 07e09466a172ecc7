import type { Figure } from '../../src/present/figures/figure.js';
import type { Table, TableRow } from '../../src/present/tables/table.js';
import { cached, orderModels, type CubeContext, type EpisodeResult } from './context.js';
import { PAPER } from './paper.js';

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

/** Did this stage solve the task? With repeated runs of a task: solved in at least half of them. */
function solves(eps: EpisodeResult[] | undefined): boolean | undefined {
  if (!eps || eps.length === 0) return undefined;
  return eps.filter((e) => e.pass).length * 2 >= eps.length;
}

export function attribute(tier: string, basic: boolean, standard: boolean | undefined, ideal: boolean | undefined): Category {
  if (basic) return 'solved by Basic';
  if (standard === true) return 'planning';
  if (ideal === true) return standard === undefined ? 'planning or translation' : 'translation';
  return PARTIAL.has(tier) ? 'exploration' : 'unresolved';
}

export interface DiagnosisRow extends TableRow {
  model: string;
  tier: string;
  horizon: string;
  tasks: number;
  basic_rate: number;
  standard_rate: number | null;
  ideal_rate: number | null;
  regressions: number;
}

export function diagnosisRows(ctx: CubeContext): DiagnosisRow[] {
  return cached(ctx, 'diagnosis', () => {
    const solverRuns = ctx.results.filter((r) => r.agent !== 'basic' && r.reward === 'none');
    const models = orderModels(solverRuns.map((r) => r.model), PAPER.exp3.map((p) => p.model));
    const rows: DiagnosisRow[] = [];
    for (const model of models) {
      const cells = [...new Set(solverRuns.filter((r) => r.model === model).map((r) => `${r.tier}\u0000${r.horizon}`))];
      const order = ['symbolic', 'visual', 'face', 'vertex'];
      cells.sort((a, b) => {
        const [ta, ha] = a.split('\u0000');
        const [tb, hb] = b.split('\u0000');
        return order.indexOf(ta) - order.indexOf(tb) || hb.localeCompare(ha); // short before long
      });
      for (const c of cells) {
        const [tier, horizon] = c.split('\u0000');
        const byStage = new Map<string, Map<string, EpisodeResult[]>>();
        for (const r of ctx.results) {
          if (r.model !== model || r.tier !== tier || r.horizon !== horizon || r.reward !== 'none') continue;
          const m = byStage.get(r.agent) ?? new Map<string, EpisodeResult[]>();
          m.set(r.task_id, [...(m.get(r.task_id) ?? []), r]);
          byStage.set(r.agent, m);
        }
        const basic = byStage.get('basic');
        if (!basic) continue; // no baseline, nothing to subtract from
        const std = byStage.get('standard_solver');
        const ideal = byStage.get('ideal_solver');
        // tasks every present stage ran
        const tasks = [...basic.keys()].filter((t) => (!std || std.has(t)) && (!ideal || ideal.has(t)));
        const counts = Object.fromEntries(CATEGORIES.map((k) => [k, 0])) as Record<Category, number>;
        let b = 0, s = 0, i = 0, regressions = 0;
        for (const t of tasks) {
          const ob = solves(basic.get(t))!;
          const os = std ? solves(std.get(t)) : undefined;
          const oi = ideal ? solves(ideal.get(t)) : undefined;
          b += ob ? 1 : 0;
          s += os ? 1 : 0;
          i += oi ? 1 : 0;
          counts[attribute(tier, ob, os, oi)]++;
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
          ...Object.fromEntries(CATEGORIES.map((k) => [k, counts[k]])),
          planning_gap: std ? (s - b) / n : null,
          translation_gap: std && ideal ? (i - s) / n : null,
          remaining: ideal ? 1 - i / n : null,
          regressions,
        });
      }
    }
    return rows;
  });
}

export function diagnosisTable(ctx: CubeContext): Table {
  const rows = diagnosisRows(ctx);
  return {
    id: 'solver-diagnosis',
    title: 'Solver diagnosis: each Basic failure attributed to planning, translation or exploration',
    source: 'CubeBench, Experiment 3 (three-step diagnosis)',
    columns: [
      { key: 'model', label: 'Model' },
      { key: 'tier', label: 'Tier' },
      { key: 'horizon', label: 'Horizon' },
      { key: 'tasks', label: 'Tasks', format: 'int' },
      { key: 'basic_rate', label: 'Basic %', format: 'pct' },
      { key: 'standard_rate', label: 'Standard %', format: 'pct' },
      { key: 'ideal_rate', label: 'Ideal %', format: 'pct' },
      ...CATEGORIES.map((k) => ({ key: k, label: k, format: 'int' as const })),
      { key: 'planning_gap', label: 'Planning gap', format: 'pp' as const, help: 'Standard minus Basic (the paper\'s reading by rates)' },
      { key: 'translation_gap', label: 'Translation gap', format: 'pp' as const, help: 'Ideal minus Standard' },
      { key: 'remaining', label: 'Ideal still fails %', format: 'pct' as const, help: 'exploration in partial views' },
      { key: 'regressions', label: 'Regressions', format: 'int' as const, help: 'tasks a more helped agent fails after a less helped one solved them' },
    ],
    rows,
    notes: [
      'Per task, a Basic failure goes to the first step that removes it: Standard-Solver solves it -> planning; only Ideal-Solver -> translation; neither -> exploration (face/vertex views) or unresolved (full views).',
      'The gap columns are the paper\'s rate-difference reading; they can be negative (e.g. Standard above Ideal), which the per-task counts show as regressions rather than negative shares.',
    ],
  };
}

const COLOURS: Record<Category, string> = {
  'solved by Basic': '#cfcfcf',
  planning: '#1f77b4',
  translation: '#ff7f0e',
  'planning or translation': '#8c6d31',
  exploration: '#d62728',
  unresolved: '#9467bd',
};

export function diagnosisFigure(ctx: CubeContext): Figure {
  const values: { cell: string; category: string; tasks: number; order: number }[] = [];
  for (const r of diagnosisRows(ctx)) {
    const label = `${r.model} · ${r.tier} ${r.horizon}`;
    CATEGORIES.forEach((k, order) => {
      const n = r[k] as number;
      if (n > 0) values.push({ cell: label, category: k, tasks: n, order });
    });
  }
  const used = CATEGORIES.filter((k) => values.some((v) => v.category === k));
  return {
    id: 'fig-solver-diagnosis',
    title: 'Three-step solver diagnosis: what each Basic failure is attributed to',
    source: 'CubeBench, Experiment 3',
    spec: {
      title: 'Tasks per cell by the step that fixes the Basic agent\'s failure',
      width: 460,
      height: { step: 22 },
      data: { values },
      mark: { type: 'bar', tooltip: true },
      encoding: {
        y: { field: 'cell', type: 'nominal', title: null, sort: null, axis: { labelLimit: 320 } },
        x: { field: 'tasks', type: 'quantitative', title: 'tasks', stack: 'zero' },
        color: { field: 'category', type: 'nominal', title: 'failure attributed to', legend: { labelLimit: 240, titleLimit: 240 }, scale: { domain: used, range: used.map((k) => COLOURS[k]) } },
        order: { field: 'order', type: 'quantitative' },
      },
    },
    notes: ['Grey: tasks the Basic agent already solves. Blue: planning (fixed by the solver). Orange: translation (fixed when the solver input is translated for the agent). Red: exploration (even the Ideal-Solver fails under partial views). Purple: unresolved (the Ideal-Solver fails with the whole state in view).'],
  };
}
