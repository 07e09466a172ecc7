import { COLUMNS } from '../../../src/present/tables/columns.js';
import { CUBE_COLUMNS } from './columns.js';
import type { Table } from '../../../src/present/tables/table.js';
import type { CubeContext } from '../derive/context.js';
import { CATEGORIES, diagnosisRows } from '../derive/diagnosis.js';

/** The three-step diagnosis as a table: per (model, tier, horizon), each stage's rate and the tasks per category. */
export function diagnosisTable(ctx: CubeContext): Table {
  return {
    id: 'solver-diagnosis',
    title: 'Solver diagnosis: each Basic failure attributed to planning, translation or exploration',
    source: 'CubeBench, Experiment 3 (three-step diagnosis)',
    columns: [
      COLUMNS.model,
      CUBE_COLUMNS.tier,
      CUBE_COLUMNS.horizon,
      { key: 'tasks', label: 'Tasks', format: 'int' },
      { key: 'basic_rate', label: 'Basic %', format: 'pct' },
      { key: 'standard_rate', label: 'Standard %', format: 'pct' },
      { key: 'ideal_rate', label: 'Ideal %', format: 'pct' },
      ...CATEGORIES.map((k) => ({ key: k, label: k, format: 'int' as const })),
      { key: 'planning_gap', label: 'Planning gap', format: 'pp' as const, help: "Standard minus Basic (the paper's reading by rates)" },
      { key: 'translation_gap', label: 'Translation gap', format: 'pp' as const, help: 'Ideal minus Standard' },
      { key: 'remaining', label: 'Ideal still fails %', format: 'pct' as const, help: 'exploration in partial views' },
      { key: 'regressions', label: 'Regressions', format: 'int' as const, help: 'tasks a more helped agent fails after a less helped one solved them' },
    ],
    rows: diagnosisRows(ctx),
    notes: [
      'Per task, a Basic failure goes to the first step that removes it: Standard-Solver solves it -> planning; only Ideal-Solver -> translation; neither -> exploration (face/vertex views) or unresolved (full views).',
      "The gap columns are the paper's rate-difference reading; they can be negative (e.g. Standard above Ideal), which the per-task counts show as regressions rather than negative shares.",
    ],
  };
}
