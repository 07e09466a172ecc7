import { COLUMNS } from '../../../src/present/tables/columns.js';
import { compareRatesDescending } from '../../../src/derive/stats/compare-fractions.js';
import type { Table } from '../../../src/present/tables/table.js';
import { orderModels, type CubeContext } from '../derive/context.js';
import { toolUse } from '../derive/episode-counts.js';
import { MODEL_ORDER, PAPER, TOOL_USE_TEXT } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';

/**
 * make_move calls per episode, per model (every agent, reward and tier pooled): mean, median,
 * max as the release records them, and the face turns replay counted, which should agree.
 */
export function makeMoveCallsTable(ctx: CubeContext): Table {
  const byModel = toolUse(ctx);
  const models = orderModels(byModel.keys(), MODEL_ORDER);
  const rows = models.map((model) => {
    const u = byModel.get(model)!;
    return {
      model,
      episodes: u.episodes,
      mean: u.total / u.episodes,
      median: u.median,
      max: u.max,
      total: u.total,
      replayed_face_turns: u.replayedFaceTurns,
      mismatched: u.mismatched,
    };
  });
  // exact means (integer totals over integer counts), ties by name
  rows.sort((a, b) => compareRatesDescending(a.total, a.episodes, b.total, b.episodes) || a.model.localeCompare(b.model));
  return {
    id: 'make-move-calls',
    title: 'make_move calls per episode, by model',
    source: 'CubeBench, tool-use statistics (text)',
    columns: [
      COLUMNS.model,
      COLUMNS.episodes,
      { key: 'mean', label: 'Mean', format: 'num' },
      { key: 'median', label: 'Median', format: 'num' },
      { key: 'max', label: 'Max', format: 'int' },
      { key: 'total', label: 'Total', format: 'int' },
      { key: 'replayed_face_turns', label: 'Replayed face turns', format: 'int', help: 'face turns among the recorded actions (rotations are view changes, not make_move)' },
      { key: 'mismatched', label: 'Episodes with calls != face turns', format: 'int' },
    ],
    rows,
    paper: { text: TOOL_USE_TEXT, ...paperField(PAPER, 'make-move-calls') },
    notes: [
      `The paper gives no per-model table, only that ${TOOL_USE_TEXT}.`,
      'make_move_calls is what the release records; the replayed face turns are counted from the actions. A mismatch means the log and the actions disagree.',
    ],
  };
}
