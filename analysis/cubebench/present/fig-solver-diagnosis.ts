import type { TopLevelSpec } from 'vega-lite';
import type { Figure } from '../../../src/present/figures/figure.js';
import type { CubeContext } from '../derive/context.js';
import { CATEGORIES, categoryCount, diagnosisRows, type Category } from '../derive/diagnosis.js';

const COLOURS: Record<Category, string> = {
  'solved by Basic': '#cfcfcf',
  planning: '#1f77b4',
  translation: '#ff7f0e',
  'planning or translation': '#8c6d31',
  exploration: '#d62728',
  unresolved: '#9467bd',
};

/** One bar segment: the tasks of one diagnosis row in one category (the same derived row the table prints). */
export interface DiagnosisBar {
  cell: string;
  model: string;
  tier: string;
  horizon: string;
  category: Category;
  tasks: number;
  /** the cell's tasks in every category (the row's task count) */
  cell_tasks: number;
  order: number;
}

export function diagnosisBars(ctx: CubeContext): DiagnosisBar[] {
  const values: DiagnosisBar[] = [];
  for (const r of diagnosisRows(ctx)) {
    const cell = `${r.model} · ${r.tier} ${r.horizon}`;
    CATEGORIES.forEach((k, order) => {
      const tasks = categoryCount(r, k);
      if (tasks > 0) values.push({ cell, model: r.model, tier: r.tier, horizon: r.horizon, category: k, tasks, cell_tasks: r.tasks, order });
    });
  }
  return values;
}

export function diagnosisFigure(ctx: CubeContext): Figure {
  const bars = diagnosisBars(ctx);
  const values = bars.map((b) => ({ cell: b.cell, category: b.category, tasks: b.tasks, cell_tasks: b.cell_tasks, order: b.order }));
  const used = CATEGORIES.filter((k) => values.some((v) => v.category === k));
  const spec: TopLevelSpec = {
    title: "Tasks per cell by the step that fixes the Basic agent's failure",
    width: 460,
    height: { step: 22 },
    data: { values },
    mark: { type: 'bar' },
    encoding: {
      y: { field: 'cell', type: 'nominal', title: null, sort: null, axis: { labelLimit: 320 } },
      x: { field: 'tasks', type: 'quantitative', title: 'tasks', stack: 'zero' },
      color: {
        field: 'category',
        type: 'nominal',
        title: 'failure attributed to',
        legend: { labelLimit: 240, titleLimit: 240 },
        scale: { domain: used, range: used.map((k) => COLOURS[k]) },
      },
      order: { field: 'order', type: 'quantitative' },
      tooltip: [
        { field: 'cell', type: 'nominal', title: 'model · tier horizon' },
        { field: 'category', type: 'nominal', title: 'failure attributed to' },
        { field: 'tasks', type: 'quantitative', title: 'tasks' },
        { field: 'cell_tasks', type: 'quantitative', title: 'n (tasks in the cell)' },
      ],
    },
  };
  return {
    id: 'fig-solver-diagnosis',
    title: 'Three-step solver diagnosis: what each Basic failure is attributed to',
    source: 'CubeBench, Experiment 3',
    spec,
    notes: [
      'Grey: tasks the Basic agent already solves. Blue: planning (fixed by the solver). Orange: translation (fixed when the solver input is translated for the agent). Red: exploration (even the Ideal-Solver fails under partial views). Purple: unresolved (the Ideal-Solver fails with the whole state in view).',
    ],
  };
}
