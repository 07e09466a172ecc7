// ---
// jupyter:
//   jupytext:
//     text_representation:
//       extension: .ts
//       format_name: percent
//   kernelspec:
//     display_name: TypeScript
//     language: typescript
//     name: tslab
// ---

// %% [markdown]
// # GlobeBench: from an aggregate cell to the responses behind it
//
// Every GlobeBench table is a count over graded responses. This notebook puts all of them in one
// arquero table (each response joined with its item's metadata, its grade, failure type and field
// credit), filters it, opens one cell of Table 23 into its responses, shows a response's
// prediction beside the gold state with what differs, and lists the items where two models differ.
//
// > **The bundled release is synthetic**: a sample made by the workbench's seeded generator,
// > calibrated to the paper's published aggregates. It shows the method, not the paper's data.

// %%
import * as aq from 'arquero';
import { join } from 'node:path';
import { showTable, showFrame, showRecords, showRecord, matchingRecords, loadGlobebench, repoRoot, DEFAULT_SEED } from 'workbench';
import {
  globeExplorer,
  prepareGlobe,
  table23,
  responseFrame,
  filterResponses,
  modelDisagreements,
  type ResponseRow,
} from 'workbench/analysis/globebench/index.js';

const release = loadGlobebench(join(repoRoot(), 'data', 'globebench'));
// the tables here are counts; 200 resamples only feed intervals this notebook does not show
const ctx = prepareGlobe(release, { seed: DEFAULT_SEED, resamples: 200 });

// %% [markdown]
// ## Every response in one frame
//
// One row per (model, item): domain, skill, operator, impact radius, reach-back and its band,
// the item's outcome, the response's status, pass, failure type, who decided it, and field credit
// (matched / decided fields).

// %%
const responses = responseFrame(ctx);
console.log(`${responses.numRows()} responses x ${responses.numCols()} columns`);
// the grade's columns next to the model and item, the item's metadata after them (the table scrolls sideways from there)
showFrame(
  responses.select(
    'model',
    'item_id',
    'pass',
    'failure_type',
    'credit',
    'fields_matched',
    'fields_decided',
    'decided_by',
    'status',
    'outcome',
    'domain',
    'skill',
    'operator',
    'radius',
    'reach_back',
    'band',
    'model_id',
  ),
  { title: 'Responses', view: 'response-frame' },
);

// %% [markdown]
// ## Filters
//
// `filterResponses` selects by model (id or name), item, skill, domain, operator, radius, band
// (`'<=40'`, `'>40'`), outcome, failure type (or `'pass'`) and pass; a list matches any of its
// values. Then any arquero verb: here, long-horizon L3 failures per model and failure type.

// %%
const longL3 = filterResponses(responses, { radius: 'L3', band: '>40', pass: false });
showFrame(
  longL3
    .groupby('model', 'failure_type')
    .count()
    .groupby('model')
    .derive({ share: (d: any) => d.count / aq.op.sum(d.count) })
    .ungroup()
    .orderby('model', aq.desc('count')),
  { title: 'L3, reach-back > 40: failures by model and type', limit: 12 },
);

// %% [markdown]
// ## Open a cell of Table 23
//
// Table 23 counts each domain's answered failures by type. Take one cell (first domain, wrong
// value) and list the responses behind it; their number is the cell.

// %%
const t23 = table23(ctx);
showTable(t23);
const cellRow = t23.rows.find((r) => release.items.some((it) => it.domain === r.domain))!; // the first domain row (not the pooled one)
const cellDomain = String(cellRow.domain);
const cellFilter = { domain: cellDomain, failure_type: 'wrong_value' };
const cell = filterResponses(responses, cellFilter).orderby(aq.desc('credit'), 'item_id', 'model_id');
console.log(`Table 23, ${cellDomain} / wrong value: ${cellRow.wrong_value_n} in the table, ${cell.numRows()} responses in the frame`);
if (cell.numRows() !== cellRow.wrong_value_n) throw new Error('the frame disagrees with Table 23');
showFrame(cell.select('model', 'item_id', 'skill', 'radius', 'reach_back', 'decided_by', 'fields_matched', 'fields_decided', 'credit'), {
  title: `Responses behind Table 23's cell ${JSON.stringify(cellFilter)}, nearest misses first`,
  limit: 10,
  view: 'cell-responses',
});

// %% [markdown]
// ## The explorer's records, here
//
// The report's explorer (`OUT/globebench/explore.html`) lists the same records: `globeExplorer(ctx)`
// gives them to the notebook. `showRecords` lists the records a query selects (fields that must
// have a value, and `q`, text searched in the model, item, skill, operator and domain): the first
// 20, then "show all". The count is the cell's again.

// %%
const records = globeExplorer(ctx);
showRecords(records, { kind: 'response', where: { domain: cellDomain, failure_type: 'wrong_value' } });

// %% [markdown]
// ## One response beside the gold state
//
// The nearest miss of that cell, as the explorer shows it: the raw response beside the gold state,
// each field's outcome (differing fields highlighted, the part that differs marked: the numeric
// distance against the tolerance, a missing field, a type mismatch, set members missing or extra,
// or the sub-paths where an exact value differs), the judge records with their confidences, and
// where each row is in the release (file:line).

// %%
const nearest = cell.object(0) as ResponseRow;
const recordOf = (model_id: string, item_id: string) => matchingRecords(records, { kind: 'response', where: { model_id, item_id } })[0];
showRecord(records, 'response', recordOf(nearest.model_id, nearest.item_id));

// %% [markdown]
// The deterministic steps decide that one, so it has no judge records. A response the judge
// decided shows each judge's verdict, confidence and prompt version, and where the record is:

// %%
const judged = matchingRecords(records, { kind: 'response', where: { decided_by: 'terra' } }).concat(
  matchingRecords(records, { kind: 'response', where: { decided_by: 'sol' } }),
);
if (judged.length) showRecord(records, 'response', judged[0]);
else console.log('no response of this release is decided by a judge');

// %% [markdown]
// A search (the explorer's search box) within a filter: GPT-6 Astra's failures on items whose
// operator, skill, item, domain or model mentions "booking_history"; the first 20 shown, the rest
// behind "show all".

// %%
showRecords(records, { kind: 'response', where: { model: 'GPT-6 Astra', pass: false }, q: 'booking_history' });

// %% [markdown]
// ## Two models: the items where they differ
//
// The leader and the runner-up of Table 1 in the paper. Each row is an item one passes and the
// other fails, with both failure types and field credits; then the first such item, side by side.

// %%
const idOf = (name: string) => release.models.find((m) => m.name === name)?.model_id ?? release.models[0].model_id;
const [A, B] = [idOf('GPT-6 Astra'), idOf('Grok 4.6')];
const differ = modelDisagreements(ctx, A, B);
showTable({ ...differ, rows: differ.rows.slice(0, 15), title: `${differ.title} (first 15)` }, 'model-disagreements');
if (differ.rows.length) {
  const item = String(differ.rows[0].item_id);
  showRecord(records, 'response', recordOf(A, item));
  showRecord(records, 'response', recordOf(B, item));
}
