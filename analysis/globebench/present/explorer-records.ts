import type { Item, JudgeRecord } from '../../../src/format/globebench.js';
import type { DetailSection, ExplorerContent, RecordDetail } from '../../../src/present/explore/explorer.js';
import { filterHash } from '../../../src/present/explore/record-filter.js';
import type { Cell } from '../../../src/present/tables/table.js';
import { responseKey } from '../../../src/release/load/globebench.js';
import type { GlobeContext } from '../derive/context.js';
import { fieldDiffs, show } from '../derive/response-diff.js';
import { reachBand } from '../derive/slices.js';
import { MH_SPECS, mhSide } from '../derive/mantel-haenszel.js';

/** What a record shows where the release gives no value (table 20's label for it). */
const NONE = '(none)';

/** The gold state (and gold error) as compact JSON: it is repeated in the detail of every response to the item. */
const goldText = (it: Item) => JSON.stringify(it.gold_error ? { gold: it.gold, gold_error: it.gold_error } : it.gold);

/** A field's value in the outcome table, cut to a glance (the whole gold and raw text are beside it). */
const FIELD_CHARS = 80;
const cut = (s: string) => (s.length > FIELD_CHARS ? `${s.slice(0, FIELD_CHARS)}\u2026 (${s.length.toLocaleString('en-US')} characters)` : s);

const src = (s?: { file: string; line: number }) => (s ? `${s.file}:${s.line}` : 'not in this release');

/**
 * GlobeBench's records for the explorer: every response with its item's metadata and its grade
 * (`ctx.grades`, each field's outcome kept by the loader's grading), and every item with how many
 * models solve it. A response opens into its raw text beside the gold state, each field's outcome,
 * the judge records with their confidences and where each row is in the release; the raw text and
 * the item's history are read from the release when the report is written.
 */
export function globeExplorer(ctx: GlobeContext): ExplorerContent {
  const { release } = ctx;
  const models = new Map(ctx.models.map((m) => [m.model_id, m]));
  const responseAt = new Map(release.responses.map((r, i) => [responseKey(r.model_id, r.item_id), i]));
  const solvedBy = release.items.map((_, i) => [...ctx.pass.values()].reduce((s, v) => s + v[i], 0));
  // an item's fields, shared by its record and those of its responses (made once per item)
  const itemFieldsOf = new Map<number, Record<string, Cell>>();
  const itemFields = (i: number): Record<string, Cell> => {
    const known = itemFieldsOf.get(i);
    if (known) return known;
    const it = release.items[i];
    const fields = {
      // each stratified comparison's side (its id names the field), for the counts of its tables
      ...Object.fromEntries(MH_SPECS.map((spec) => [spec.id, mhSide(spec, it) ?? NONE])),
      item_id: it.item_id,
      domain: it.domain,
      skill: it.skill,
      operator: it.operator,
      impact_radius: it.impact_radius ?? NONE,
      reach_back: reachBand(it.reach_back) ?? NONE,
      reach_back_steps: it.reach_back,
      outcome: it.outcome,
    };
    itemFieldsOf.set(i, fields);
    return fields;
  };
  const responses: Record<string, Cell>[] = [];
  for (const g of ctx.grades) {
    const i = ctx.itemIndex.get(g.item_id)!;
    const response = release.responses[responseAt.get(responseKey(g.model_id, g.item_id))!];
    const m = models.get(g.model_id);
    responses.push({
      model: m?.name ?? g.model_id,
      model_id: g.model_id,
      access: m?.access ?? null,
      model_kind: m?.kind ?? null,
      ...itemFields(i),
      status: response.status,
      pass: g.pass,
      failure_type: g.failure_type ?? 'pass',
      // a failure with a usable response (Tables 2 and 23's answered failures)
      answered_failure: !g.pass && g.failure_type !== 'no_response',
      decided_by: g.decided_by,
      fields_matched: g.fields_matched,
      fields_decided: g.fields_decided,
    });
  }
  // a response's detail, made when the explorer is rendered (one at a time: a real-size release has tens of thousands)
  const responseDetail = (index: number): RecordDetail => {
    const g = ctx.grades[index];
    const item = release.items[ctx.itemIndex.get(g.item_id)!];
    const key = responseKey(g.model_id, g.item_id);
    const response = release.responses[responseAt.get(key)!];
    const m = models.get(g.model_id);
    const pair = release.judges.get(key) ?? {};
    const judges = [pair.terra, pair.sol].filter((j): j is JudgeRecord => j !== undefined);
    const published = release.results?.get(key);
    const loc = release.locations.response.get(key)!;
    const sections: DetailSection[] = [
      {
        type: 'facts',
        title: `${m?.name ?? g.model_id} on ${g.item_id}`,
        facts: [
          ['verdict', g.pass ? 'pass' : `fail: ${g.failure_type}`],
          ['decided by', g.decided_by],
          ['fields matched', `${g.fields_matched} of ${g.fields_decided} decided`],
          ['status', response.status],
          ['request', response.request],
          [
            'item',
            `${item.domain} / ${item.skill} / operator ${item.operator}; radius ${item.impact_radius ?? NONE}, reach-back ${item.reach_back ?? NONE}, outcome ${item.outcome}`,
          ],
          ['response at', src(release.sources.response.get(key))],
          ['item at', src(release.sources.item.get(g.item_id))],
          [
            'published verdict',
            published
              ? `${published.pass ? 'pass' : `fail${published.failure_type ? ` (${published.failure_type})` : ''}`} at ${src(release.sources.result.get(key))}; ${published.pass === g.pass ? 'agrees with' : 'differs from'} this regrade`
              : 'none in this release',
          ],
        ],
      },
      {
        type: 'side',
        title: 'Response beside gold',
        left: { title: 'raw response', textOf: 'raw' },
        right: { title: item.gold_error ? 'gold state and gold error' : 'gold state', text: goldText(item) },
      },
      {
        type: 'fields',
        title: "Each field's outcome",
        rows: fieldDiffs(item, response, g).map((d) => ({
          path: d.path,
          kind: d.kind,
          gold: cut(show(d.gold)),
          // a matching field's prediction is the gold value (within its tolerance): not repeated
          predicted: d.outcome === 'match' ? '' : cut(show(d.predicted)),
          outcome: d.outcome,
          same: d.outcome === 'match',
          detail: cut(d.detail),
        })),
      },
      {
        type: 'table',
        title: judges.length ? 'Judge records' : 'Judge records (none: decided without the judge)',
        columns: ['judge', 'verdict', 'confidence', 'prompt', 'at'],
        rows: judges.map((j) => [j.judge, j.verdict, String(j.confidence), j.prompt_version, src(release.sources.judge.get(`${key}\u0000${j.judge}`))]),
      },
      { type: 'records', title: 'Related', links: [{ label: `item ${g.item_id}`, hash: filterHash({ kind: 'item', fields: [['item_id', g.item_id]] }) }] },
    ];
    return { sections, texts: [['raw', { ...loc, field: 'raw' }]] };
  };
  const items = release.items.map((it, i): Record<string, Cell> => ({ ...itemFields(i), fields: it.fields.length, solved_by: solvedBy[i] }));
  const itemDetail = (i: number): RecordDetail => {
    const it = release.items[i];
    const loc = release.locations.item.get(it.item_id)!;
    return {
      sections: [
        {
          type: 'facts',
          title: `Item ${it.item_id}`,
          facts: [
            ['domain / skill', `${it.domain} / ${it.skill}`],
            ['operator', it.operator],
            ['impact radius', it.impact_radius ?? NONE],
            ['reach-back', it.reach_back === null ? NONE : String(it.reach_back)],
            ['outcome', it.outcome],
            ['solved by', `${solvedBy[i]} of ${ctx.models.length} models`],
            ['at', src(release.sources.item.get(it.item_id))],
          ],
        },
        { type: 'text', title: 'Gold state', text: { title: 'gold', text: goldText(it) } },
        {
          type: 'table',
          title: 'Graded fields',
          columns: ['field', 'kind', 'tolerance'],
          rows: it.fields.map((f) => [f.path, f.kind, f.tol === undefined ? '' : String(f.tol)]),
        },
        { type: 'text', title: 'History', text: { title: 'history', textOf: 'history' } },
        {
          type: 'records',
          title: 'Related',
          links: [{ label: `the ${ctx.models.length} responses to ${it.item_id}`, hash: filterHash({ kind: 'response', fields: [['item_id', it.item_id]] }) }],
        },
      ],
      texts: [['history', { ...loc, field: 'history' }]],
    };
  };
  const common = ['domain', 'skill', 'operator', 'impact_radius', 'reach_back', 'outcome'];
  return {
    release: { dir: release.dir, sha256: release.sha256, ...(release.stamps ? { stamps: release.stamps } : {}) },
    kinds: [
      {
        kind: {
          kind: 'response',
          label: 'Responses',
          columns: [
            { key: 'model', label: 'model' },
            { key: 'item_id', label: 'item' },
            { key: 'skill', label: 'skill' },
            { key: 'impact_radius', label: 'radius' },
            { key: 'status', label: 'status' },
            { key: 'pass', label: 'pass' },
            { key: 'failure_type', label: 'failure type' },
            { key: 'fields_matched', label: 'fields matched' },
            { key: 'fields_decided', label: 'of decided' },
          ],
          facets: ['model', 'access', ...common, 'status', 'pass', 'failure_type', 'answered_failure', 'decided_by', ...MH_SPECS.map((spec) => spec.id)],
          search: ['model', 'model_id', 'item_id', 'skill', 'operator', 'domain'],
        },
        rows: responses,
        detailOf: responseDetail,
      },
      {
        kind: {
          kind: 'item',
          label: 'Items',
          columns: [
            { key: 'item_id', label: 'item' },
            { key: 'domain', label: 'domain' },
            { key: 'skill', label: 'skill' },
            { key: 'operator', label: 'operator' },
            { key: 'impact_radius', label: 'radius' },
            { key: 'reach_back_steps', label: 'reach-back' },
            { key: 'solved_by', label: 'solved by' },
          ],
          facets: [...common, 'solved_by'],
          search: ['item_id', 'skill', 'operator', 'domain'],
        },
        rows: items,
        detailOf: itemDetail,
      },
    ],
  };
}
