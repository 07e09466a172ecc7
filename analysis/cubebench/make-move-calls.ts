import { sum as ssSum } from 'simple-statistics';
import { median } from '../../src/derive/stats/median.js';
import { compareRatesDescending } from '../../src/derive/stats/compare-fractions.js';
import type { Table } from '../../src/present/tables/table.js';
import { orderModels, type CubeContext } from './context.js';
import { PAPER } from './paper.js';

/**
 * make_move calls per episode, per model (every agent, reward and tier pooled): mean, median,
 * max as the release records them, and the face turns replay counted, which should agree.
 */
export function makeMoveCallsTable(ctx: CubeContext): Table {
  const models = orderModels(ctx.results.map((r) => r.model), Object.keys(PAPER.exp1));
  const rows = models.map((model) => {
    const eps = ctx.results.filter((r) => r.model === model);
    const calls = eps.map((r) => r.make_move_calls);
    const sum = ssSum(calls);
    return {
      model,
      episodes: eps.length,
      mean: sum / eps.length,
      median: median(calls),
      max: Math.max(...calls),
      total: sum,
      replayed_face_turns: eps.reduce((a, r) => a + r.faceTurns, 0),
      mismatched: eps.filter((r) => r.make_move_calls !== r.faceTurns).length,
    };
  });
  // exact means (integer totals over integer counts), ties by name
  rows.sort((a, b) => compareRatesDescending(a.total, a.episodes, b.total, b.episodes) || a.model.localeCompare(b.model));
  return {
    id: 'make-move-calls',
    title: 'make_move calls per episode, by model',
    source: 'CubeBench, tool-use statistics (text)',
    columns: [
      { key: 'model', label: 'Model' },
      { key: 'episodes', label: 'Episodes', format: 'int' },
      { key: 'mean', label: 'Mean', format: 'num' },
      { key: 'median', label: 'Median', format: 'num' },
      { key: 'max', label: 'Max', format: 'int' },
      { key: 'total', label: 'Total', format: 'int' },
      { key: 'replayed_face_turns', label: 'Replayed face turns', format: 'int', help: 'face turns among the recorded actions (rotations are view changes, not make_move)' },
      { key: 'mismatched', label: 'Episodes with calls != face turns', format: 'int' },
    ],
    rows,
    paper: { text: PAPER.makeMove },
    notes: [
      `The paper gives no per-model table, only that ${PAPER.makeMove}.`,
      'make_move_calls is what the release records; the replayed face turns are counted from the actions. A mismatch means the log and the actions disagree.',
    ],
  };
}
