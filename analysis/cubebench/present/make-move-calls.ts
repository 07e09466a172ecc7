import { COLUMNS, column } from '../../../src/present/tables/columns.js';
import type { Table } from '../../../src/present/tables/table.js';
import type { CubeContext } from '../derive/context.js';
import { toolUseByMean } from '../derive/episode-counts.js';
import { PAPER, TOOL_USE_TEXT } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';

/**
 * make_move calls per episode, per model (every agent, reward and tier pooled): mean, median,
 * max as the release records them, and the face turns replay counted, which should agree.
 */
export function makeMoveCallsTable(ctx: CubeContext): Table {
  // by exact mean, ties by name (derived)
  const rows = toolUseByMean(ctx).map((u) => ({
    model: u.model,
    episodes: u.episodes,
    mean: u.mean,
    median: u.median,
    max: u.max,
    total: u.total,
    replayed_face_turns: u.replayedFaceTurns,
    mismatched: u.mismatched,
  }));
  return {
    id: 'make-move-calls',
    title: 'make_move calls per episode, by model',
    source: 'CubeBench, tool-use statistics (text)',
    columns: [
      COLUMNS.model,
      column(COLUMNS.episodes, { count: { kind: 'episode', by: { model: 'model' } } }),
      { key: 'mean', label: 'Mean', format: 'num' },
      { key: 'median', label: 'Median', format: 'num' },
      { key: 'max', label: 'Max', format: 'int' },
      { key: 'total', label: 'Total', format: 'int' },
      {
        key: 'replayed_face_turns',
        label: 'Replayed face turns',
        format: 'int',
        help: 'face turns among the recorded actions (rotations are view changes, not make_move)',
      },
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
