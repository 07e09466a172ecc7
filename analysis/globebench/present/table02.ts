import { COLUMNS, column } from '../../../src/present/tables/columns.js';
import { GLOBE_COLUMNS } from './columns.js';
import { delta, type Column, type RecordCount, type Table, type TableRow } from '../../../src/present/tables/table.js';
import type { GlobeContext } from '../derive/context.js';
import { closedNoResponse, failuresByGroup, TABLE02_GROUPS } from '../derive/failures.js';
import { PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';

type Measure = 'answered_failures' | 'no_response' | 'wrong_value' | 'structure_only' | 'no_state_fields';
const PUBLISHED: Measure[] = ['answered_failures', 'no_response', 'wrong_value', 'structure_only', 'no_state_fields'];

/** A row's group, when it is every model. */
const ALL = 'all';

/** The responses of the row's group (named by its `records_field` and `records_value` cells), with more fields to match. */
const groupResponses = (where?: RecordCount['where']): RecordCount => ({
  kind: 'response',
  named: { field: 'records_field', value: 'records_value' },
  any: [ALL],
  ...(where ? { where } : {}),
});

/**
 * Table 2: failure types by model group (failuresByGroup). Per group: responses, success and no
 * usable response as shares of the group's responses, and the answered failures split three ways
 * (wrong value, which folds in error_class / under_error / over_error, structure only, no state
 * fields) as shares of the group's answered failures.
 */
export function table02(ctx: GlobeContext): Table {
  const rows: TableRow[] = failuresByGroup(ctx).map((g) => {
    // which responses the group's counts count: the explorer's record field and value (every one: ALL)
    const records = TABLE02_GROUPS.find((x) => x.id === g.group_id)?.records ?? null;
    const row: TableRow = { ...g, records_field: records?.[0] ?? ALL, records_value: records?.[1] ?? ALL };
    for (const m of PUBLISHED) {
      const paper = PAPER.at('table02', m, row);
      row[`paper_${m}`] = paper;
      row[`delta_${m}`] = delta(g[m], paper);
    }
    return row;
  });

  // who the unusable closed-model responses come from (the paper: almost all Claude refusals, 3,696)
  const closedNr = closedNoResponse(ctx);
  const count = (pred: (m: (typeof ctx.models)[number]) => boolean) => ctx.models.filter(pred).length;

  const pctCol = (key: string, label: string, help?: string): Column => ({ key, label, format: 'pct', ...(help ? { help } : {}) });
  const columns: Column[] = [
    { key: 'group', label: 'Group' },
    { key: 'models', label: 'Models', format: 'int', count: { ...groupResponses(), distinct: 'model_id' } },
    column(COLUMNS.responses, { count: groupResponses() }),
    COLUMNS.passed,
    pctCol('success', 'Success %', "share of the group's responses that pass"),
    { key: 'no_response_n', label: 'No response', format: 'int', help: 'refusal, empty, error status or no parsed prediction' },
    pctCol('no_response', 'No response %', "share of the group's responses"),
    column(GLOBE_COLUMNS.answered_failures, { count: groupResponses({ answered_failure: true }) }),
    { key: 'wrong_value_n', label: 'Wrong value', format: 'int', help: 'wrong_value + error_class + under_error + over_error' },
    { key: 'structure_only_n', label: 'Structure only', format: 'int' },
    { key: 'no_state_fields_n', label: 'No state fields', format: 'int' },
    pctCol('wrong_value', 'Wrong value %', 'share of answered failures'),
    pctCol('structure_only', 'Structure only %', 'share of answered failures'),
    pctCol('no_state_fields', 'No state fields %', 'share of answered failures'),
    GLOBE_COLUMNS.paper_answered_failures,
    GLOBE_COLUMNS.delta_answered_failures,
    pctCol('paper_no_response', 'Paper no response %'),
    { key: 'delta_no_response', label: 'Delta no response', format: 'pp' },
    pctCol('paper_wrong_value', 'Paper wrong value %'),
    { key: 'delta_wrong_value', label: 'Delta wrong value', format: 'pp' },
    pctCol('paper_structure_only', 'Paper structure only %'),
    { key: 'delta_structure_only', label: 'Delta structure only', format: 'pp' },
    pctCol('paper_no_state_fields', 'Paper no state fields %'),
    { key: 'delta_no_state_fields', label: 'Delta no state fields', format: 'pp' },
  ];
  // the rendered view: recomputed shares with the published value beside each
  const displayKeys = [
    'group',
    'models',
    'responses',
    'success',
    'no_response',
    'paper_no_response',
    'answered_failures',
    'paper_answered_failures',
    'wrong_value',
    'paper_wrong_value',
    'structure_only',
    'paper_structure_only',
    'no_state_fields',
    'paper_no_state_fields',
  ];
  return {
    id: 'table02',
    title: 'Table 2: failure types by model group',
    source: 'GlobeBench, Table 2',
    columns,
    rows,
    display: { columns: displayKeys.map((k) => columns.find((c) => c.key === k)!), rows },
    paper: paperField(PAPER, 'table02'),
    notes: [
      `Groups: open / closed by models.jsonl access (${count((m) => m.access === 'open')} open, ${count((m) => m.access === 'closed')} closed models); world models are kind = world_model (${count((m) => m.kind === 'world_model')} models). A world model counts in its access group and again in its own row, so the rows overlap; "all models" is every response once.`,
      "Success and no response are shares of the group's responses; wrong value / structure only / no state fields are shares of its answered failures (failures other than no response). Wrong value folds in the error-handling failures error_class, under_error and over_error (threeWay), as the paper's three-way split does; Table 23 keeps them apart.",
      closedNr.top
        ? `Unusable closed-model responses: ${closedNr.total}; the most from provider "${closedNr.top.provider}" (${closedNr.top.n}). The paper attributes almost all to Claude refusals (${PAPER.byId('table02/claude-refusals').value.toLocaleString('en-US')}).`
        : 'No closed-model response is unusable.',
    ],
  };
}
