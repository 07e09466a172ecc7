/**
 * The guard against release strings used as keys of plain objects (CONVENTIONS.md): every benchmark
 * is run end to end (load, prepare, every table and figure, the scorecard, every renderer: JSON, CSV,
 * LaTeX, Markdown, HTML, summary.json, README.md, index.html, SVG, PNG, PDF and the Vega-Lite spec)
 * on small valid releases in which every id, name, word and method is a string that means something
 * to JavaScript (`constructor`, `__proto__`, `toString`, `then`, `length`, `0`, `NaN`, ...) or to a
 * renderer (markup, Vega expressions, SQL, a shell, a terminal, a spreadsheet, LaTeX).
 *
 * Each release is built by one function from a naming function, once with plain names and once
 * with the hostile strings (fast-check picks which string goes where, injectively within each kind,
 * so the release stays valid: ids unique, references consistent). A run must finish without an
 * exception; every table, figure and the rendered report must survive a structured clone (what
 * posting it to another thread does); no rendered text may hold an Object.prototype function or an
 * object printed as text (`[native code]`, `[object Object]`); each hostile string must come out as
 * data (a row keyed by it where the tables list that kind); and every count in the long-form tables
 * must be the same as with the plain names (a string that a plain object swallowed would lose its rows).
 * Also: the CLI, run as a process on such a release of each benchmark, exits 0 with a JSON document
 * within a time limit; the readers and renderers keep such keys (CSV, Parquet, JSON, notebook
 * tables); and a table or figure holding a function fails its analysis by name (plain-data.ts).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { BENCHES } from '../helpers/benches.js';
import { drillDown, drillDownHtml, globeExplorer, responseDiff, responseDiffHtml, responseRows } from '../../analysis/globebench/index.js';
import { matchingRecords, recordViewHtml } from '../../src/present/notebook/records.js';
import { drillDownWord, drillDownWordHtml, guidanceRows } from '../../analysis/pawm/index.js';
import { episodeReplayHtml } from '../../analysis/cubebench/index.js';
import { scrambleFacelets } from '../../src/domain/cube/state.js';
import type { Figure } from '../../src/present/figures/figure.js';
import type { Table } from '../../src/present/tables/table.js';
import { beginReport, type Rendered } from '../../src/present/report/write-report.js';
import { tableToJson } from '../../src/present/report/render-table.js';
import { tableText } from '../../src/present/notebook/display.js';
import { frameTable } from '../../src/present/notebook/frame-table.js';
import { parseCsv } from '../../src/release/io/csv.js';
import { parseParquet } from '../../src/release/io/parquet.js';
import { notPlainData } from '../../src/present/plain-data.js';
import { runBench } from '../../src/run/run-bench.js';
import { renderInThisThread } from '../../src/run/figure-thread.js';
import { formatProblem } from '../../src/release/io/problems.js';
import { writeRelease, type ReleaseSpec } from '../../src/samples/write-release.js';

// ------------------------------------------------------------------------------ the strings

/** Words that name something on Object.prototype, Function.prototype, Array.prototype or a thenable. */
const JS_WORDS = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'prototype',
  '__defineGetter__',
  '__lookupSetter__',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  'then',
  'length',
  'name',
  'call',
  'apply',
];
/** Strings that look like numbers or like nothing. */
const ODD_WORDS = ['0', '-1', 'NaN', 'Infinity', '1e400', 'undefined', 'null', 'true', ' ', '\u00a0', '""', '[]', '{}'];
/** Strings that mean something to a renderer or to a reader's tools (no `/`: a model id names a file). */
const RENDERER_WORDS = [
  '<script>alert(1)<\\script>',
  '<img src=x onerror=alert(1)>',
  'datum.x',
  '{{x}}',
  '${x}',
  'a.b',
  'a[0]',
  "'; DROP TABLE items; --",
  '$(touch pwned)',
  '`id`',
  '\u001b[31mred',
  '=1+1',
  '| a | b |',
  '\\textbf{x} & 50% #1 ~_^',
  '[x](javascript:alert(1))',
];
/** Every string a release id or name may be replaced by. */
const ID_POOL = [...JS_WORDS, ...ODD_WORDS, ...RENDERER_WORDS];
/** Object keys inside gold (a field path is a dot path, so no dots; `__proto__` included). */
const KEY_POOL = JS_WORDS.concat(['0', '-1', 'NaN', 'undefined', ' ', '<b>', '{{x}}', 'datum']);
/** Guidance words: as the tokenizer reads them (lower-case a-z), among them the prototype's own `constructor`. */
const WORD_POOL = [
  'constructor',
  'prototype',
  'valueof',
  'hasownproperty',
  'then',
  'length',
  'isprototypeof',
  'definegetter',
  'lookupsetter',
  'name',
  'call',
  'apply',
  'select',
  'nan',
  'undefined',
  'null',
  'infinity',
  'true',
  'if',
  'this',
  'event',
  'width',
  'parent',
];
/** Plain guidance words for the plain release (distinct words, none of the pool's or the texts'). */
const PLAIN_WORDS = new Map(['alpha', 'bravo', 'charlie', 'delta', 'echo'].map((w, i) => [`word-${i + 1}`, w]));
/**
 * Text that every guidance of one kind also carries, whole (its words, `proto`, `tostring`, `datum`,
 * `script`, ..., are not in the pool, so that a pool word never merges with one of them).
 */
const HOSTILE_TEXT = `__proto__ toString() {{x}} datum.x <script>alert(1)</script> '; DROP TABLE t; -- $(rm -rf ~) \u001b[2J`;

/** A naming function: a slot of a release (`model-id-1`) -> the string it holds. */
type Name = (slot: string) => string;
type Pool = 'id' | 'key' | 'word';
/** What a builder declares: which slots it has, of which kind. */
interface Slots {
  id: string[];
  key: string[];
  word: string[];
}
const POOLS: Record<Pool, readonly string[]> = { id: ID_POOL, key: KEY_POOL, word: WORD_POOL };

/** The slots a builder uses, found by building once with a recording naming function. */
function slotsOf(build: (n: Name, k: Name, w: Name) => ReleaseSpec): Slots {
  const seen: Slots = { id: [], key: [], word: [] };
  const rec = (pool: Pool) => (s: string) => {
    if (!seen[pool].includes(s)) seen[pool].push(s);
    return s;
  };
  build(rec('id'), rec('key'), rec('word'));
  return seen;
}

/**
 * An injective assignment of pool strings to a builder's slots, chosen by fast-check. Slots that
 * name a file (a GlobeBench model id names `responses/<model_id>.jsonl`) get no backslash, which a
 * release path may not hold (the format refuses it).
 */
function assignment(slots: Slots): fc.Arbitrary<Record<Pool, Map<string, string>>> {
  const pick = (pool: Pool) =>
    fc
      .shuffledSubarray([...POOLS[pool]], { minLength: slots[pool].length, maxLength: slots[pool].length })
      .map((ws) => new Map(slots[pool].map((s, i) => [s, ws[i]])));
  return fc
    .record({ id: pick('id'), key: pick('key'), word: pick('word') })
    .filter((a) => [...a.id].every(([slot, w]) => !(FILE_NAMING.test(slot) && w.includes('\\'))));
}
const FILE_NAMING = /^model-id-/;

const namer =
  (m: Map<string, string>): Name =>
  (s) =>
    m.get(s) ?? s;

// ------------------------------------------------------------------------------ the releases

/**
 * GlobeBench: 6 items (an error item, a text field, nested gold, every domain but one), 3 models (one
 * with published verdicts, two with judge records), human ratings from 2 annotators and an LLM audit.
 * Names: model ids and names, providers, item ids, skills, operators, backends, error class and
 * referent, annotators, the audit dimension, prompt versions (ids); gold keys and so field paths (keys).
 */
function globeRelease(n: Name, k: Name): ReleaseSpec {
  const [k1, k2, k3] = [k('key-1'), k('key-2'), k('key-3')];
  const items = [
    {
      item_id: n('item-1'),
      domain: 'code',
      skill: n('skill-1'),
      op: n('operator-1'),
      reach_back: 3,
      impact_radius: 'L0',
      gold: { [k1]: 3, [k2]: ['a', 'b'] },
      fields: [
        { path: k1, kind: 'numeric', tol: 0 },
        { path: k2, kind: 'set' },
      ],
    },
    {
      item_id: n('item-2'),
      domain: 'enterprise',
      skill: n('skill-2'),
      op: n('operator-2'),
      reach_back: 120,
      impact_radius: 'L3',
      gold: { [k3]: { [k1]: -94 }, [k2]: 10 },
      fields: [
        { path: `${k3}.${k1}`, kind: 'numeric' },
        { path: k2, kind: 'numeric' },
      ],
    },
    {
      item_id: n('item-3'),
      domain: 'games',
      skill: n('skill-1'),
      op: n('operator-1'),
      reach_back: null,
      impact_radius: null,
      gold: { [k1]: 'hall', [k2]: 'the door opens' },
      fields: [
        { path: k1, kind: 'exact' },
        { path: k2, kind: 'text' },
      ],
    },
    {
      item_id: n('item-4'),
      domain: 'code',
      skill: n('skill-2'),
      op: n('operator-2'),
      reach_back: 50,
      impact_radius: 'L1',
      gold: { [k1]: 'abc' },
      fields: [{ path: k1, kind: 'exact' }],
      error: { class: n('error-class'), referent: n('error-referent') },
    },
    {
      item_id: n('item-5'),
      domain: 'dialogue',
      skill: n('skill-1'),
      op: n('operator-2'),
      reach_back: 60,
      impact_radius: 'L3',
      gold: { [k2]: 1 },
      fields: [{ path: k2, kind: 'numeric', tol: 0.5 }],
    },
    {
      item_id: n('item-6'),
      domain: 'math_science',
      skill: n('skill-2'),
      op: n('operator-1'),
      reach_back: 10,
      impact_radius: 'L2',
      gold: { [k1]: { [k2]: 1, [k3]: 2 } },
      fields: [{ path: k1, kind: 'exact' }],
    },
  ].map(({ op, error, ...i }) => ({
    ...i,
    capabilities: ['state_coherence'],
    operator: op,
    source: 'own',
    backend: n(`backend-${i.domain}`),
    radius_source: i.impact_radius === null ? null : 'measured',
    outcome: error ? 'error' : 'normal',
    gold_error: error ?? null,
  }));
  const models = [1, 2, 3].map((i) => ({
    model_id: n(`model-id-${i}`),
    name: n(`model-name-${i}`),
    provider: n(`provider-${i % 2}`),
    access: i === 2 ? 'open' : 'closed',
    kind: i === 3 ? 'world_model' : 'general',
  }));
  // model 1 answers gold (the error item with its error), model 2 gets some wrong, model 3 refuses one
  const predictions = (m: number): (Record<string, unknown> | null)[] =>
    items.map((it, j) => {
      if (it.gold_error) return m === 1 ? { error: { ...it.gold_error } } : { ...it.gold };
      if (m === 3 && j === 0) return null;
      // an exact object field missing one key (the view says which)
      if (m === 3 && j === 5) return { [k1]: { [k3]: 2 } };
      if (m === 2 && j % 2 === 1) return { ...it.gold, [k2]: 'wrong' };
      return structuredClone(it.gold);
    });
  const files: Record<string, unknown[]> = { 'items.jsonl': items, 'models.jsonl': models };
  for (const [mi, model] of models.entries()) {
    const preds = predictions(mi + 1);
    files[`responses/${model.model_id}.jsonl`] = items.map((it, j) => ({
      item_id: it.item_id,
      model_id: model.model_id,
      status: preds[j] === null ? 'refusal' : 'answered',
      prediction: preds[j],
      raw: preds[j] === null ? n('refusal-text') : JSON.stringify(preds[j]),
      request: 'primary',
    }));
    // the text field's item reaches the judge when the exact field is right
    files[`judge/${model.model_id}.jsonl`] = [
      {
        item_id: items[2].item_id,
        model_id: model.model_id,
        judge: mi === 1 ? 'sol' : 'terra',
        verdict: mi === 2 ? 'not_equivalent' : 'equivalent',
        confidence: mi === 1 ? 0.7 : 0.9,
        prompt_version: n('prompt-version'),
      },
    ];
    if (mi === 0) files[`results/${model.model_id}.jsonl`] = items.map((it, j) => ({ item_id: it.item_id, model_id: model.model_id, pass: j !== 1 }));
  }
  files['human/ratings.jsonl'] = items
    .slice(0, 4)
    .flatMap((it, j) =>
      [n('annotator-1'), n('annotator-2')].flatMap((annotator, a) =>
        (['state_coherence', 'constraint_enforcement'] as const).map((dimension) => ({ item_id: it.item_id, annotator, dimension, rating: 5 - ((j + a) % 2) })),
      ),
    );
  files['audit/llm.jsonl'] = items.slice(0, 4).map((it, j) => ({ item_id: it.item_id, dimension: n('audit-dimension'), rating: 4 + (j % 2), pass: j !== 3 }));
  return { benchmark: 'globebench', version: n('version'), description: n('description'), files };
}

/**
 * PAWM: both benchmarks, a main agent and a second one, five methods (three in place of the format
 * page's `none`, `pawm_sft`, `pawm_grpo`, and a base with its `_grpo` version), two gatings, one
 * training ratio, two tasks, three runs, two steps each, labels from two labelers. Names: agents,
 * methods, task ids, labelers, actions (ids); guidance words (words).
 */
function pawmRelease(n: Name, _k: Name, w: Name): ReleaseSpec {
  const main = n('agent-main');
  const other = n('agent-other');
  const [none, sft, grpo, base] = [n('method-none'), n('method-sft'), n('method-grpo'), n('method-base')];
  const configs: { agent: string; method: string; gating: string; train_ratio: number | null }[] = [
    { agent: main, method: none, gating: 'none', train_ratio: null },
    { agent: main, method: sft, gating: 'all', train_ratio: null },
    { agent: main, method: sft, gating: 'pitfall_only', train_ratio: null },
    { agent: main, method: sft, gating: 'all', train_ratio: 0.25 },
    { agent: main, method: grpo, gating: 'all', train_ratio: null },
    { agent: main, method: base, gating: 'all', train_ratio: null },
    { agent: main, method: `${base}_grpo`, gating: 'all', train_ratio: null },
    { agent: other, method: none, gating: 'none', train_ratio: null },
    { agent: other, method: sft, gating: 'all', train_ratio: null },
  ];
  const changed = `${w('word-1')} ${w('word-2')} blocks the ${w('word-3')}; take the ${w('word-1')} first`;
  const unchanged = `${w('word-4')} keep going ${w('word-5')} ${HOSTILE_TEXT}`;
  const episodes: object[] = [];
  const steps: object[] = [];
  const labels: object[] = [];
  let i = 0;
  for (const benchmark of ['scienceworld', 'webarena_lite']) {
    for (const c of configs) {
      for (const task_id of [n('task-1'), n('task-2')]) {
        for (const run of [1, 2, 3]) {
          const key = { benchmark, ...c, task_id, run };
          const guided = c.gating !== 'none';
          const change = guided && i++ % 3 !== 0;
          episodes.push({ ...key, success: (run + task_id.length + c.method.length) % 3 !== 0, steps: 2, wm_calls: guided ? 1 : 0, api_calls: 3 });
          steps.push(
            {
              ...key,
              step: 1,
              tentative_action: n('action-1'),
              guidance: guided ? (change ? changed : unchanged) : null,
              final_action: change ? n('action-2') : n('action-1'),
            },
            { ...key, step: 2, tentative_action: n('action-2'), guidance: null, final_action: n('action-2') },
          );
          if (guided && run === 1)
            for (const [l, labeler] of [n('labeler-1'), n('labeler-2')].entries()) labels.push({ ...key, step: 1, pitfall: change || l === 1, labeler });
        }
      }
    }
  }
  return {
    benchmark: 'pawm',
    version: n('version'),
    description: n('description'),
    files: { 'episodes.jsonl': episodes, 'steps.jsonl': steps, 'guidance_labels.jsonl': labels },
  };
}

/**
 * CubeBench: 3 tasks (depths 2, 4 and 8), 3 models, each with every agent on every task (basic also
 * with a dense reward and a visual tier), some solved, some false claims. Names: models, task ids,
 * the first episode ids (ids).
 */
function cubeRelease(n: Name): ReleaseSpec {
  const tasks = [
    { task_id: n('task-1'), depth: 2, scramble: "R U'", solution: ['U', "R'"] },
    { task_id: n('task-2'), depth: 4, scramble: "F2 L D' B", solution: ["B'", 'D', "L'", 'F2'] },
    { task_id: n('task-3'), depth: 8, scramble: "U R2 F' L B2 D R' U2", solution: [] as string[] },
  ];
  const episodes: object[] = [];
  let e = 0;
  const agents = ['basic', 'standard_solver', 'ideal_solver'] as const;
  for (const m of [1, 2, 3]) {
    const model = n(`model-${m}`);
    for (const [ti, t] of tasks.entries()) {
      for (const [agent, reward, tier] of [
        ...agents.map((a) => [a, 'none', 'symbolic']),
        ['basic', 'face', 'symbolic'],
        ['basic', 'none', 'visual'],
      ] as const) {
        const solves = t.solution.length > 0 && (m + ti + agent.length) % 2 === 0;
        const actions = solves ? t.solution : ['U', 'y'];
        // the first episodes' ids are hostile, the others plain (the pool has fewer strings than episodes)
        const episode_id = ++e <= 8 ? n(`episode-${e}`) : `episode-${e}`;
        episodes.push({
          episode_id,
          model,
          tier,
          agent,
          reward,
          task_id: t.task_id,
          actions,
          claimed_success: solves || e % 7 === 0,
          end: solves ? 'solved' : 'step_limit',
          make_move_calls: actions.length,
          duration_s: 1.5,
        });
      }
    }
  }
  return {
    benchmark: 'cubebench',
    version: n('version'),
    description: n('description'),
    files: { 'tasks.jsonl': tasks.map(({ solution: _s, ...t }) => ({ ...t, state: scrambleFacelets(t.scramble) })), 'episodes.jsonl': episodes },
  };
}

// ------------------------------------------------------------------------------ running a release

const root = mkdtempSync(join(tmpdir(), 'wb-keys-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let runNo = 0;

interface Run {
  rendered: Rendered;
  tables: Table[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  ctx: any;
}

/**
 * What `reproduce` does for one benchmark (src/run/run-bench.ts), in this process: load, prepare,
 * every analysis, the report with its scorecard; each table and figure is structured-cloned (a
 * figure is posted to the figure thread, a table's cells end in the rendered report posted to the
 * main thread), and so is the rendered report.
 */
async function reproduce(spec: ReleaseSpec, resamples = 20): Promise<Run> {
  const dir = join(root, `r${++runNo}`);
  writeRelease(dir, spec, { gzip: false });
  const bench = BENCHES.find((b) => b.benchmark === spec.benchmark)!;
  const release = bench.load(dir);
  const opts = { resamples, seed: 1 };
  const ctx = bench.prepare(release, opts);
  const tables: Table[] = [];
  const figures: Figure[] = [];
  for (const a of bench.analyses) {
    const built = a.build(ctx);
    expect(() => structuredClone(built), `${a.id} can be posted to another thread`).not.toThrow();
    if (a.kind === 'table') tables.push(built as Table);
    else figures.push(built as Figure);
  }
  const artifacts = bench.artifacts ? bench.artifacts(ctx) : [];
  const rendered = await (
    await beginReport({
      benchmark: bench.benchmark,
      provenance: bench.provenance(release, opts),
      tables,
      figures,
      artifacts,
      published: bench.published,
      renders: figures.map((f) => renderInThisThread(f, 'screen')),
    })
  ).done;
  expect(() => structuredClone(rendered), 'the rendered report can be posted to another thread').not.toThrow();
  return { rendered, tables, ctx };
}

/** A notebook view's HTML: no JavaScript value printed as text. */
function expectNoLeakIn(html: string, what: string): void {
  expect(html, what).not.toMatch(/\[native code\]|function Object\(|\[object Object\]|\[object Function\]/);
}

/** Every rendered text file (tables in every format, the scorecard, pages, SVGs, Vega-Lite specs). */
function textOutputs(r: Rendered): [string, string][] {
  const texts: [string, string][] = [];
  for (const [name, v] of r.report) texts.push([name, String(v)]);
  for (const [name, v] of r.figures) if (/\.(svg|vl\.json)$/.test(name)) texts.push([name, String(v)]);
  return texts;
}

/** No function or object of JavaScript's reached any output as text. */
function expectNoLeak(r: Rendered): void {
  for (const [name, text] of textOutputs(r)) {
    expectNoLeakIn(text, name);
  }
  for (const e of r.scorecard)
    for (const v of [e.paper, e.recomputed, e.delta]) expect(v === null || typeof v === 'number', `${e.analysis}: ${e.label}`).toBe(true);
}

/** Every string value of every long-form row of the JSON tables and JSONL artifacts. */
function dataStrings(r: Rendered): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  for (const [name, v] of r.report) {
    if (name.endsWith('.jsonl')) for (const line of String(v).split('\n').filter(Boolean)) walk(JSON.parse(line));
    else if (name.endsWith('.json') && name !== 'summary.json') walk(JSON.parse(String(v)).rows);
  }
  return out;
}

/** The JSON rows of one table. */
function rowsOf(r: Rendered, id: string): Record<string, unknown>[] {
  const text = r.report.get(`${id}.json`);
  expect(text, `${id}.json`).toBeDefined();
  return JSON.parse(String(text)).rows;
}

/** A row of table `id` whose `key` is exactly `value`. */
function expectRow(r: Rendered, id: string, key: string, value: string): void {
  const rows = rowsOf(r, id);
  expect(
    rows.some((row) => Object.hasOwn(row, key) && row[key] === value),
    `${id} has a row with ${key} = ${JSON.stringify(value)}; it has ${JSON.stringify(rows.map((row) => row[key]))}`,
  ).toBe(true);
}

/**
 * A datum of figure `id`'s Vega-Lite spec (as written to `<id>.vl.json`) whose `field` is `value`: as
 * it is, or, for a name of Object.prototype, with the WORD JOINER that data-only-spec.ts appends so
 * that Vega's own plain objects never take it for a property (drawn the same).
 */
function expectDatum(r: Rendered, id: string, field: string, value: string): void {
  const text = r.figures.get(`${id}.vl.json`);
  expect(text, `${id}.vl.json`).toBeDefined();
  const found: unknown[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      if (Object.hasOwn(v, field)) found.push((v as Record<string, unknown>)[field]);
      Object.values(v).forEach(walk);
    }
  };
  walk(JSON.parse(String(text)));
  const shown = Object.getOwnPropertyNames(Object.prototype).includes(value) ? `${value}\u2060` : value;
  expect(found.includes(shown), `${id}.vl.json has a datum with ${field} = ${JSON.stringify(value)}; it has ${JSON.stringify(found)}`).toBe(true);
}

/**
 * Counts (integer cells) of every long-form table, per table as a sorted list: the same with any
 * names, since no count depends on what a string is; and the number of rows of each table's pivoted
 * view. Columns that a name decides (the best and worst model of a skill, ties broken by name, ranks,
 * which labeler of a pair is `a`) or that random streams named for a slice decide (interval bounds)
 * are left out.
 */
function counts(tables: Table[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const t of tables) {
    const rows = t.rows.map((row) =>
      Object.keys(row)
        .filter((c) => Number.isInteger(row[c]) && !/rank|best|worst|ties|ci_|_ci|low|high|^[ab]_only$/.test(c))
        .sort()
        .map((c) => `${c}=${row[c]}`)
        .join(','),
    );
    out.set(t.id, rows.sort());
    if (t.display) out.set(`${t.id} (display)`, [`rows=${t.display.rows.length}`]);
  }
  return out;
}

// ------------------------------------------------------------------------------ the properties

/** Random assignments per benchmark after the fixed first one (KEYS_RUNS=40 for a longer hunt). */
const NUM_RUNS = Number(process.env.KEYS_RUNS ?? 3);
const plainRuns = new Map<string, Promise<Run>>();
const plain = (bench: string, spec: () => ReleaseSpec) => {
  if (!plainRuns.has(bench)) plainRuns.set(bench, reproduce(spec()));
  return plainRuns.get(bench)!;
};

/**
 * The assignment each property tries first (fast-check's `examples`): the cases the issue names in
 * the slots it names, the other slots filled from the rest of the pool in order.
 */
function example(slots: Slots, first: Partial<Record<Pool, Record<string, string>>>): Record<Pool, Map<string, string>> {
  const out = {} as Record<Pool, Map<string, string>>;
  for (const pool of ['id', 'key', 'word'] as const) {
    const fixed = first[pool] ?? {};
    const used = new Set(Object.values(fixed));
    const rest = POOLS[pool].filter((s) => !used.has(s));
    out[pool] = new Map(slots[pool].map((s) => [s, Object.hasOwn(fixed, s) ? fixed[s] : rest.shift()!]));
  }
  return out;
}

/** The CLI as a process (`node bin/workbench.js ARGS`), killed if it has not exited within `ms`. */
function runCliWithin(args: string[], ms: number): Promise<{ code: number | null; out: string; err: string; timedOut: boolean }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(import.meta.dirname, '../../bin/workbench.js'), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, ms);
    child.stdout.setEncoding('utf8').on('data', (t: string) => (out += t));
    child.stderr.setEncoding('utf8').on('data', (t: string) => (err += t));
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, out, err, timedOut });
    });
  });
}

describe('release strings that mean something to JavaScript or a renderer are data', () => {
  it('GlobeBench', async () => {
    const build = (a: Record<Pool, Map<string, string>>) => globeRelease(namer(a.id), namer(a.key));
    const slots = slotsOf((n, k) => globeRelease(n, k));
    const base = await plain('globebench', () =>
      globeRelease(
        (s) => s,
        (s) => s,
      ),
    );
    const first = example(slots, {
      id: {
        'model-id-1': '__proto__',
        'model-name-1': 'toString',
        'model-id-2': 'constructor',
        'model-name-2': '__proto__',
        'skill-1': 'hasOwnProperty',
        'skill-2': '__proto__',
        'operator-1': 'constructor',
        'operator-2': 'valueOf',
        'annotator-1': '__proto__',
        'annotator-2': 'constructor',
        'item-1': '__proto__',
        'item-2': 'toString',
      },
      key: { 'key-1': '__proto__', 'key-2': 'constructor', 'key-3': 'toString' },
    });
    await fc.assert(
      fc.asyncProperty(assignment(slots), async (a) => {
        const run = await reproduce(build(a));
        const r = run.rendered;
        expectNoLeak(r);
        const name = (s: string) => a.id.get(s)!;
        for (const i of [1, 2, 3]) {
          expectRow(r, 'table01', 'model', name(`model-name-${i}`));
          expectRow(r, 'table01', 'model_id', name(`model-id-${i}`));
          expectRow(r, 'partial-credit', 'model_id', name(`model-id-${i}`));
        }
        for (const i of [1, 2]) expectRow(r, 'table18', 'skill', name(`skill-${i}`));
        // the notebooks' views: every response found by its model and item id, shown without a leak;
        // a gold key missing from a prediction is said to be missing
        expect(responseDiff(run.ctx, name('model-id-3'), name('item-6'))[0].detail).toBe(`${a.key.get('key-2')}: missing`);
        const explored = responseRows(run.ctx);
        expect(explored.length).toBe(18);
        const records = globeExplorer(run.ctx);
        for (const m of [1, 2, 3]) {
          for (const i of [1, 2, 3, 4, 5, 6]) {
            const [model_id, item_id] = [name(`model-id-${m}`), name(`item-${i}`)];
            expect(explored.filter((x) => x.model_id === model_id && x.item_id === item_id).length).toBe(1);
            const d = drillDown(run.ctx.release, model_id, item_id);
            expect([d.response.model_id, d.item.item_id, d.fields.length]).toEqual([model_id, item_id, d.item.fields.length]);
            expectNoLeakIn(drillDownHtml(d), `drill-down ${m} ${i}`);
            expectNoLeakIn(responseDiffHtml(run.ctx, model_id, item_id), `response diff ${m} ${i}`);
            // the explorer's record view as a notebook shows it, found by the record's own fields
            const found = matchingRecords(records, { kind: 'response', where: { model_id, item_id } });
            expect(found.length, `record ${m} ${i}`).toBe(1);
            expectNoLeakIn(recordViewHtml(records, 'response', found[0]), `record view ${m} ${i}`);
          }
        }
        // one graded row per response, each naming its item and model
        const grades = String(r.report.get('grades.jsonl'))
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l));
        expect(grades.length).toBe(18);
        for (const i of [1, 2, 3, 4, 5, 6]) expect(grades.filter((g) => g.item_id === name(`item-${i}`)).length, `item-${i}`).toBe(3);
        const data = dataStrings(r);
        for (const slot of slots.id.filter((s) => /^(item|model|skill)-/.test(s)))
          expect(data.has(name(slot)), `${slot} = ${JSON.stringify(name(slot))} is in the outputs`).toBe(true);
        expect(counts(run.tables)).toEqual(counts((await base).tables));
      }),
      { numRuns: NUM_RUNS, examples: [[first]], endOnFailure: true },
    );
  }, 300_000);

  it('PAWM', async () => {
    const build = (a: Record<Pool, Map<string, string>>) => pawmRelease(namer(a.id), namer(a.key), namer(a.word));
    const slots = slotsOf(pawmRelease);
    const base = await plain('pawm', () =>
      pawmRelease(
        (s) => s,
        (s) => s,
        namer(PLAIN_WORDS),
      ),
    );
    const first = example(slots, {
      id: {
        'method-none': 'toString',
        'method-sft': 'constructor',
        'method-grpo': '__proto__',
        'method-base': 'hasOwnProperty',
        'agent-main': '__proto__',
        'agent-other': 'toString',
        'task-1': 'constructor',
        'task-2': '__proto__',
        'labeler-1': 'constructor',
        'labeler-2': '__proto__',
      },
      word: { 'word-1': 'constructor', 'word-2': 'prototype', 'word-3': 'hasownproperty' },
    });
    await fc.assert(
      fc.asyncProperty(assignment(slots), async (a) => {
        const run = await reproduce(build(a));
        const r = run.rendered;
        expectNoLeak(r);
        const name = (s: string) => a.id.get(s)!;
        // a method id that is not the format page's gets its own rows
        for (const m of ['method-none', 'method-sft', 'method-grpo', 'method-base']) expectRow(r, 'table04', 'method', name(m));
        // and one with a "+ GRPO" id of its own is a family of Figure 2
        for (const m of [name('method-base'), `${name('method-base')}_grpo`]) expectRow(r, 'fig02-data', 'method', m);
        for (const w of ['word-1', 'word-2', 'word-3', 'word-4', 'word-5']) expectRow(r, 'lexical', 'word', a.word.get(w)!);
        expectDatum(r, 'lexical-top', 'word', a.word.get('word-1')!);
        expectDatum(r, 'wordcloud', 'word', a.word.get('word-1')!);
        const data = dataStrings(r);
        for (const slot of ['agent-main', 'agent-other', 'labeler-1', 'labeler-2'])
          expect(data.has(name(slot)), `${slot} = ${JSON.stringify(name(slot))} is in the outputs`).toBe(true);
        // the notebooks' views: task ids (in no report table) and the drill-down from a word
        const guided = guidanceRows(run.ctx);
        for (const t of ['task-1', 'task-2'])
          expect(
            guided.some((g) => g.task_id === name(t)),
            t,
          ).toBe(true);
        const word = a.word.get('word-1')!;
        const d = drillDownWord(run.ctx, word);
        expect(d.counts.scienceworld.changed).toBeGreaterThan(0);
        expectNoLeakIn(drillDownWordHtml(d), `drill-down ${word}`);
        expect(counts(run.tables)).toEqual(counts((await base).tables));
      }),
      { numRuns: NUM_RUNS, examples: [[first]], endOnFailure: true },
    );
  }, 300_000);

  it('CubeBench', async () => {
    const build = (a: Record<Pool, Map<string, string>>) => cubeRelease(namer(a.id));
    const slots = slotsOf(cubeRelease);
    const base = await plain('cubebench', () => cubeRelease((s) => s));
    const first = example(slots, {
      id: { 'model-1': 'toString', 'model-2': '__proto__', 'model-3': 'constructor', 'task-1': '__proto__', 'task-2': 'hasOwnProperty', 'task-3': 'toString' },
    });
    await fc.assert(
      fc.asyncProperty(assignment(slots), async (a) => {
        const run = await reproduce(build(a));
        const r = run.rendered;
        expectNoLeak(r);
        const name = (s: string) => a.id.get(s)!;
        for (const m of [1, 2, 3])
          for (const t of ['exp1', 'exp3', 'audit', 'make-move-calls', 'solver-diagnosis']) expectRow(r, t, 'model', name(`model-${m}`));
        for (const t of [1, 2, 3]) expectRow(r, 'depth-check', 'task_id', name(`task-${t}`));
        const data = dataStrings(r);
        for (const slot of slots.id.filter((s) => s.startsWith('episode-'))) {
          expect(data.has(name(slot)), `${slot} = ${JSON.stringify(name(slot))} is in the outputs`).toBe(true);
          expectNoLeakIn(episodeReplayHtml(run.ctx, name(slot)), `replay of ${slot}`);
        }
        expect(counts(run.tables)).toEqual(counts((await base).tables));
      }),
      { numRuns: NUM_RUNS, examples: [[first]], endOnFailure: true },
    );
  }, 300_000);
});

describe('the readers and renderers keep own keys only', () => {
  it('a table row keyed by `__proto__` or `constructor` keeps the key in JSON', () => {
    const row = Object.fromEntries([
      ['__proto__', 1],
      ['constructor', 'x'],
    ]);
    const json = JSON.parse(tableToJson({ id: 't', title: 't', source: 's', columns: [], rows: [row] }));
    expect(json.rows[0]).toEqual(JSON.parse('{"__proto__": 1, "constructor": "x"}'));
    expect(Object.hasOwn(json.rows[0], '__proto__')).toBe(true);
  });

  it('a row without a column named `constructor` shows an empty cell in the notebook text', () => {
    const text = tableText({
      id: 't',
      title: 't',
      source: 's',
      columns: [
        { key: 'constructor', label: 'c' },
        { key: 'toString', label: 's' },
      ],
      rows: [{}],
    });
    expect(text).not.toMatch(/native code|function/);
  });

  it('frameTable: formats and labels given per key are looked up as own entries', () => {
    const t = frameTable([{ constructor: 0.5, toString: 'a' }, { valueOf: 1 }], { formats: {}, labels: {} });
    expect(t.columns).toEqual([
      { key: 'constructor', label: 'constructor', format: 'num' },
      { key: 'toString', label: 'toString', format: 'text' },
      { key: 'valueOf', label: 'valueOf', format: 'int' },
    ]);
    expect(t.rows[1]).toEqual({ constructor: undefined, toString: undefined, valueOf: 1 });
  });

  it('a CSV header `__proto__` is a column like any other', () => {
    const { rows, problems } = parseCsv('__proto__,constructor\r\na,b\r\n', 'x.csv');
    expect(problems).toEqual([]);
    expect(Object.hasOwn(rows[0].value, '__proto__')).toBe(true);
    expect(rows[0].value).toEqual(JSON.parse('{"__proto__": "a", "constructor": "b"}'));
  });

  it('Parquet: a struct field named `__proto__` is refused, naming it (the reader would drop it); `constructor` is read', async () => {
    const inst = await DuckDBInstance.create(':memory:');
    const c = await inst.connect();
    const file = join(root, 'proto.parquet');
    await c.run(`COPY (SELECT {'__proto__': 1, 'k': 2} AS gold, 'a' AS item_id) TO '${file}' (FORMAT parquet)`);
    expect(parseParquet(readFileSync(file), 'items.parquet').problems.map(formatProblem)).toEqual([
      'items.parquet: gold.__proto__: a nested field named "__proto__" cannot be read from Parquet (the name is reserved by JavaScript objects); give this column as JSON text',
    ]);
    await c.run(`COPY (SELECT {'constructor': 1, 'toString': 'x'} AS gold) TO '${file}' (FORMAT parquet)`);
    c.closeSync();
    inst.closeSync();
    const { rows, problems } = parseParquet(readFileSync(file), 'items.parquet');
    expect(problems).toEqual([]);
    expect(rows[0].value).toEqual({ gold: { constructor: 1, toString: 'x' } });
  });
});

describe('the CLI on such releases', () => {
  // the cases: `constructor` among the top guidance words, methods named `toString`,
  // `constructor`, `__proto__`, `hasOwnProperty`; models named `toString`, `__proto__`
  const pawm = pawmRelease(
    namer(
      new Map([
        ['method-none', 'toString'],
        ['method-sft', 'constructor'],
        ['method-grpo', '__proto__'],
        ['method-base', 'hasOwnProperty'],
        ['agent-main', '__proto__'],
        ['task-1', 'constructor'],
        ['labeler-1', 'toString'],
      ]),
    ),
    (s) => s,
    namer(
      new Map([
        ['word-1', 'constructor'],
        ['word-2', 'prototype'],
      ]),
    ),
  );
  const cube = cubeRelease(
    namer(
      new Map([
        ['model-1', 'toString'],
        ['model-2', '__proto__'],
        ['model-3', 'constructor'],
        ['task-1', '__proto__'],
      ]),
    ),
  );
  const globe = globeRelease(
    namer(
      new Map([
        ['model-id-1', '__proto__'],
        ['model-name-1', 'toString'],
        ['model-id-2', 'constructor'],
        ['skill-1', '__proto__'],
        ['item-1', 'constructor'],
      ]),
    ),
    namer(
      new Map([
        ['key-1', '__proto__'],
        ['key-2', 'constructor'],
      ]),
    ),
  );
  for (const spec of [pawm, cube, globe]) {
    it(`reproduce --bench ${spec.benchmark} --json exits 0 with a JSON document, within a time limit`, async () => {
      const dir = join(root, `cli-${spec.benchmark}`);
      writeRelease(join(dir, 'release'), spec, { gzip: false });
      const r = await runCliWithin(
        ['reproduce', '--bench', spec.benchmark, '--data', join(dir, 'release'), '--out', join(dir, 'out'), '--resamples', '50', '--json'],
        150_000,
      );
      expect(r.timedOut, `the run did not exit within the time limit; stderr:\n${r.err}`).toBe(false);
      expect(r.code, r.err).toBe(0);
      const doc = JSON.parse(r.out);
      expect(doc.ok).toBe(true);
      const written = readFileSync(join(dir, 'out', spec.benchmark, 'README.md'), 'utf8');
      expect(written).not.toMatch(/\[native code\]|\[object Object\]/);
    }, 180_000);
  }
});

describe('what a benchmark posts to another thread is plain data', () => {
  it('notPlainData names the first function, symbol or non-plain object and where it is', () => {
    expect(notPlainData({ rows: [{ a: 1, b: 'x', c: null, d: undefined, e: [true, NaN] }], nested: Object.create(null) })).toBeUndefined();
    expect(notPlainData({ rows: [{ a: 1 }, { method: 'toString', label: Object.prototype.toString }] })).toBe(
      'rows[1].label is a function (function toString)',
    );
    expect(notPlainData({ spec: { data: { values: [{ paper: Object }] } } })).toBe('spec.data.values[0].paper is a function (function Object)');
    expect(notPlainData({ m: new Map() })).toBe('m is a Map, not plain data');
    expect(notPlainData(Symbol('s'))).toBe('the value is a symbol');
  });

  it('an analysis that builds a function into a figure fails as that analysis, naming the place', async () => {
    const leaky = {
      benchmark: 'pawm',
      load: () => ({}),
      prepare: () => ({}),
      provenance: () => {
        throw new Error('not reached');
      },
      summary: () => [],
      analyses: [
        {
          id: 'leaky',
          kind: 'figure' as const,
          build: () => ({ id: 'leaky', title: 't', source: 's', spec: { data: { values: [{ word: 'constructor', paper: Object }] }, mark: 'bar' } as never }),
        },
      ],
    };
    const progress = { step: () => {}, detail: () => {}, stepsDone: () => {} };
    await expect(
      runBench(
        leaky,
        { benchmark: 'pawm', module: 'none', cpuSeconds: 1, dataDir: 'none', opts: { seed: 1, resamples: 1 }, figureWidth: 'screen' },
        progress,
        renderInThisThread,
      ),
    ).rejects.toThrow('pawm: leaky: spec.data.values[0].paper is a function (function Object)');
  });
});
