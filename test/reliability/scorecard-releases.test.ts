/**
 * The scorecard on releases edited at test time, run as a user runs it (the CLI as a process, with
 * a time limit): it never certifies a miss, and a published number never vanishes. Every expected
 * verdict is worked out by hand from the edit (see each test) and the sample's own scorecard,
 * where every published number but GlobeBench's two paired-CI bounds is within rounding.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { invertMoves } from '../../src/domain/cube/moves.js';
import type { ScorecardEntry } from '../../src/present/report/scorecard.js';
import { readText, tinyCubebench, tinyPawm, writeText, writeTiny } from './tiny-releases.js';

const REPO = resolve(import.meta.dirname, '../..');
const BIN = join(REPO, 'bin/workbench.js');
const root = mkdtempSync(join(tmpdir(), 'wb-scorecard-releases-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A reproduce of one benchmark on a shared 2-core machine takes seconds; a hang is killed here. */
const LIMIT_MS = 240_000;

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  out: string;
  err: string;
}

/** The CLI as a process, killed after `ms`: a run that neither finishes nor fails within it is a hang. */
function cli(args: string[], ms = LIMIT_MS): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], timeout: ms, killSignal: 'SIGKILL' });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (err += s));
    child.on('error', fail);
    child.on('close', (code, signal) => done({ code, signal, out, err }));
  });
}

/** A copy of a bundled sample release to edit. */
function copySample(bench: string, name: string): string {
  const dir = join(root, name);
  cpSync(join(REPO, 'data', bench), dir, { recursive: true });
  return dir;
}

/** Edits every row of a release file (gzipped JSONL) with `f`. */
function editRows(dir: string, file: string, f: (row: any) => any): void {
  const lines = readText(dir, file).split('\n');
  writeText(dir, file, lines.map((l) => (l === '' ? l : JSON.stringify(f(JSON.parse(l))))).join('\n'));
}

/** Refreshes MANIFEST.json as a user does after editing a release. */
async function refreshManifest(dir: string): Promise<void> {
  const r = await cli(['manifest', dir, '--force']);
  expect(r.code, r.err).toBe(0);
}

/** `reproduce --json` on one benchmark; returns the run, its --json document and its summary.json. */
async function reproduce(bench: string, data: string, out: string) {
  const run = await cli(['reproduce', '--bench', bench, '--data', data, '--out', out, '--resamples', '200', '--json']);
  expect(run.signal, 'killed at the time limit: the run hung').toBeNull();
  expect(run.code, run.err).toBe(0);
  const json = JSON.parse(run.out);
  const entries: ScorecardEntry[] = JSON.parse(readFileSync(join(out, bench, 'summary.json'), 'utf8'));
  return { run, json, bench: json.benchmarks[0], entries };
}

const find = (entries: ScorecardEntry[], analysis: string, label: string) => {
  const e = entries.filter((x) => x.analysis === analysis && x.label === label);
  expect(e, `${analysis} ${label}`).toHaveLength(1);
  return e[0];
};

describe("CubeBench: 8 of GPT-5's 20 long symbolic episodes solved", () => {
  it('the long cells are outside (paper 0.00 is +-0.005, not +-0.5), and the verdict says 5 outside', async () => {
    const dir = copySample('cubebench', 'cube-solved');
    const tasks = new Map(
      readText(dir, 'tasks.jsonl.gz')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
        .map((t) => [t.task_id, t]),
    );
    let solved = 0;
    // the first 8 (file order) of the basic / sparse-reward / symbolic episodes at depth >= 8 now undo
    // their scramble: replay leaves every face one colour
    editRows(dir, 'episodes.jsonl.gz', (e) => {
      const task = tasks.get(e.task_id);
      if (e.model !== 'GPT-5' || e.agent !== 'basic' || e.reward !== 'none' || e.tier !== 'symbolic' || task.depth < 8 || solved === 8) return e;
      solved++;
      const actions = invertMoves(task.scramble).split(' ');
      return { ...e, actions, claimed_success: true, end: 'solved', make_move_calls: actions.length };
    });
    expect(solved).toBe(8);
    await refreshManifest(dir);
    const { entries, bench, run } = await reproduce('cubebench', dir, join(root, 'out-cube-solved'));
    // by hand: the symbolic long cell is 8 of 20 = 0.40 in exp1, exp2 (reward none reuses those
    // episodes) and exp3 (GPT-5 Basic); the pooled long cell of exp1 and exp2 is 8 of 80 = 0.10. Each
    // is compared with a published 0.00 (+-0.005) and a Wilson interval that excludes 0 (8 > 0
    // successes): 5 outside. Every other cell is as on the sample: 99 within rounding.
    const long = find(entries, 'exp1', 'GPT-5, basic, none, symbolic, long: Pass rate %');
    expect(long).toMatchObject({ paper: 0, recomputed: 0.4, printed: '0.00', tolerance: 0.005, within_rounding: false, verdict: 'outside' });
    expect(long.ci_low).toBeCloseTo(0.2188, 4);
    expect(long.ci_high).toBeCloseTo(0.6134, 4);
    expect(find(entries, 'exp1', 'GPT-5, basic, none, all, long: Pass rate %')).toMatchObject({ recomputed: 0.1, verdict: 'outside' });
    expect(find(entries, 'exp2', 'GPT-5, basic, none, symbolic, long: Pass rate %')).toMatchObject({ recomputed: 0.4, verdict: 'outside' });
    expect(find(entries, 'exp2', 'GPT-5, basic, none, all, long: Pass rate %')).toMatchObject({ recomputed: 0.1, verdict: 'outside' });
    expect(find(entries, 'exp3', 'GPT-5, basic, none, symbolic, long: Pass rate %')).toMatchObject({ recomputed: 0.4, verdict: 'outside' });
    expect(entries).toHaveLength(104);
    const verdict =
      'cubebench: 99 of 104 published numbers reproduced (99 within rounding, 0 more within their 95% CI); 5 outside; largest miss: exp1 GPT-5, basic, none, symbolic, long: Pass rate % (+40.00).';
    expect(bench.verdict).toBe(verdict);
    expect(bench.scorecard).toEqual({
      published: 104,
      within_rounding: 99,
      within_approximation: 0,
      within_ci: 0,
      outside: 5,
      not_recomputed: 0,
      design_fixed: 0,
    });
    expect(run.err).toContain(`  ${verdict}\n`);
    const readme = readFileSync(join(root, 'out-cube-solved', 'cubebench', 'README.md'), 'utf8');
    expect(readme).toContain('| exp1 | GPT-5, basic, none, symbolic, long: Pass rate (0\u20131) | 0.00 | 0.40 | +0.400 | [0.22, 0.61] | outside |');
  }, 600_000);
});

describe('GlobeBench: one annotator rates state coherence 4 everywhere', () => {
  it("exact agreement 66.67% against the paper's 100% is outside", async () => {
    const dir = copySample('globebench', 'globe-ratings');
    // ann-1 rates every item's state coherence 4; the five others rate it 5 on every anchor
    editRows(dir, 'human/ratings.jsonl.gz', (r) => (r.annotator === 'ann-1' && r.dimension === 'state_coherence' ? { ...r, rating: 4 } : r));
    await refreshManifest(dir);
    const { entries, bench } = await reproduce('globebench', dir, join(root, 'out-globe-ratings'));
    // by hand: on each anchor 15 annotator pairs, the 5 with ann-1 disagree: 10 / 15 agree; the human
    // mean is (5 x 5 + 4) / 6 = 4.8333 against the printed 5.00 (+-0.005)
    expect(find(entries, 'table03', 'state_coherence: Exact agreement %')).toMatchObject({ paper: 1, printed: '100%', tolerance: 0.005, verdict: 'outside' });
    expect(find(entries, 'table03', 'state_coherence: Exact agreement %').recomputed).toBeCloseTo(10 / 15, 12);
    expect(find(entries, 'table03', 'state_coherence: Human mean').recomputed).toBeCloseTo(29 / 6, 12);
    expect(find(entries, 'table03', 'state_coherence: Human mean').verdict).toBe('outside');
    // with the sample's two paired-CI bounds: 4 outside of 63
    expect(bench.verdict).toBe(
      "globebench: 59 of 63 published numbers reproduced (59 within rounding, 0 more within their 95% CI); 4 outside; largest miss: table03 state_coherence: Exact agreement % (-33.33); 15 of them fixed by the release's design.",
    );
  }, 600_000);
});

describe('a renamed model: its published numbers are listed as not recomputed, never dropped', () => {
  it('CubeBench GPT-5 -> gpt-5: 60 of 104 not recomputed, named in a warning and in --json', async () => {
    const dir = copySample('cubebench', 'cube-renamed');
    editRows(dir, 'episodes.jsonl.gz', (e) => (e.model === 'GPT-5' ? { ...e, model: 'gpt-5' } : e));
    await refreshManifest(dir);
    const { entries, bench, json, run } = await reproduce('cubebench', dir, join(root, 'out-cube-renamed'));
    // by hand: GPT-5's exp1 row (4 short + 4 tier long + pooled long = 9), exp2 (4 rewards x 9 = 36)
    // and exp3 (3 agents x 5 = 15): 60; the other 44 are as on the sample
    expect(entries).toHaveLength(104);
    const missing = entries.filter((e) => e.verdict === 'not recomputed');
    expect(missing).toHaveLength(60);
    expect(missing.every((e) => e.label.startsWith('GPT-5, ') && e.row === null && e.recomputed === null)).toBe(true);
    expect(bench.verdict).toBe(
      'cubebench: 44 of 104 published numbers reproduced (44 within rounding, 0 more within their 95% CI); 0 outside; 60 not recomputed.',
    );
    expect(bench.scorecard).toMatchObject({ published: 104, within_rounding: 44, not_recomputed: 60 });
    const warning =
      'cubebench: 60 published numbers not recomputed (no such row or value in the recomputed table): exp1 GPT-5, basic, none, symbolic, short: Pass rate %;';
    expect(json.warnings.some((w: string) => w.startsWith(warning) && w.endsWith('and 55 more (every one is in summary.json)'))).toBe(true);
    expect(run.err).toContain(`warning: ${warning}`);
    // the recomputed gpt-5 rows carry no paper value
    const exp1 = JSON.parse(readFileSync(join(root, 'out-cube-renamed', 'cubebench', 'exp1.json'), 'utf8'));
    expect(exp1.rows.filter((r: any) => r.model === 'gpt-5').every((r: any) => r.paper === null)).toBe(true);
  }, 600_000);

  it('GlobeBench GPT-6 Astra -> GPT-6 astra: 7 not recomputed, named; the paired-CI misses are not hidden as "0 outside" either', async () => {
    const dir = copySample('globebench', 'globe-renamed');
    editRows(dir, 'models.jsonl.gz', (m) => (m.name === 'GPT-6 Astra' ? { ...m, name: 'GPT-6 astra' } : m));
    await refreshManifest(dir);
    const { entries, bench, json } = await reproduce('globebench', dir, join(root, 'out-globe-renamed'));
    // by hand: Astra's success and rank (table01), the Astra-Grok difference and its two CI bounds
    // (table01-paired), and the two astra-vs-rest rows named for Astra
    const missing = entries.filter((e) => e.verdict === 'not recomputed').map((e) => e.id);
    expect(missing).toEqual([
      'table01/success/GPT-6 Astra',
      'table01/rank/GPT-6 Astra',
      'table01-paired/diff',
      'table01-paired/ci-low',
      'table01-paired/ci-high',
      'astra-vs-rest/astra-only-l3-long',
      'astra-vs-rest/astra-on-l3-long',
    ]);
    expect(entries).toHaveLength(63);
    expect(bench.verdict).toBe(
      "globebench: 56 of 63 published numbers reproduced (56 within rounding, 0 more within their 95% CI); 0 outside; 7 not recomputed; 15 of them fixed by the release's design.",
    );
    expect(json.warnings.find((w: string) => w.startsWith('globebench: 7 published numbers not recomputed'))).toContain('table01 GPT-6 Astra: Success %');
    // design_fixed: in every entry, counted in --json, and exactly the numbers the release's construction fixes
    expect(entries.every((e) => typeof e.design_fixed === 'boolean')).toBe(true);
    const fixed = entries.filter((e) => e.design_fixed).map((e) => e.id);
    expect(fixed).toEqual([
      'table14/items/L0',
      'table14/items/L1',
      'table14/items/L2',
      'table14/items/L3',
      'table14/items/<=40',
      'table14/items/>40',
      'table22/items/error',
      'table22/items/normal',
      'mh-radius-operator/strata-both',
      'entanglement/log-reachback-r2',
      'astra-vs-rest/l3-long-items',
      'table03/annotators',
      'table03/items',
      'table03/anchors',
      'table03/audit-items',
    ]);
    expect(bench.scorecard.design_fixed).toBe(15);
  }, 600_000);
});

describe('release strings that name JavaScript properties find no published number', () => {
  it('CubeBench models named toString and __proto__: no crash, no paper value, not in the scorecard', async () => {
    const dir = join(root, 'cube-proto');
    const spec = tinyCubebench();
    (spec.files['episodes.jsonl'] as any[]).forEach((e, i) => (e.model = i < 2 ? 'toString' : '__proto__'));
    writeTiny(dir, spec);
    const { entries } = await reproduce('cubebench', dir, join(root, 'out-cube-proto'));
    const exp1 = JSON.parse(readFileSync(join(root, 'out-cube-proto', 'cubebench', 'exp1.json'), 'utf8'));
    expect(new Set(exp1.rows.map((r: any) => r.model))).toEqual(new Set(['toString', '__proto__']));
    for (const r of exp1.rows) expect(Object.hasOwn(r, 'paper') && r.paper === null, `${r.model} ${r.tier} ${r.horizon}`).toBe(true);
    // the paper's layout (Markdown, HTML) has a recomputed line per model and no (empty) paper line
    const md = readFileSync(join(root, 'out-cube-proto', 'cubebench', 'exp1.md'), 'utf8');
    const which = md
      .split('\n')
      .filter((l) => /^\| (toString|__proto__) \|/.test(l))
      .map((l) => l.split('|')[2].trim());
    expect(which).toEqual(['recomputed', 'recomputed']);
    const html = readFileSync(join(root, 'out-cube-proto', 'cubebench', 'exp1.html'), 'utf8');
    expect(html).not.toMatch(/<td>paper<\/td>/);
    expect(entries.filter((e) => e.recomputed !== null)).toEqual([]);
  }, 300_000);

  it('a PAWM guidance corpus whose top words include constructor: no crash, no hang, no paper value for it', async () => {
    const dir = join(root, 'pawm-constructor');
    const spec = tinyPawm();
    for (const s of spec.files['steps.jsonl'] as any[]) if (typeof s.guidance === 'string') s.guidance = `constructor toString ${s.guidance}`;
    writeTiny(dir, spec);
    await reproduce('pawm', dir, join(root, 'out-pawm-constructor'));
    const lexical = JSON.parse(readFileSync(join(root, 'out-pawm-constructor', 'pawm', 'lexical.json'), 'utf8'));
    const words = lexical.rows.slice(0, 20).map((r: any) => r.word);
    expect(words).toContain('constructor');
    for (const r of lexical.rows.filter((x: any) => ['constructor', 'toString', 'tostring'].includes(x.word))) expect(r.paper_z_min).toBeNull();
    // the figure drew the word, and no published z_min (a black diamond) for any word of this release
    const figure = JSON.parse(readFileSync(join(root, 'out-pawm-constructor', 'pawm', 'figures', 'lexical-top.vl.json'), 'utf8'));
    const points: { word?: string; series?: string }[] = [];
    const walk = (o: unknown): void => {
      if (Array.isArray(o)) o.forEach(walk);
      else if (o && typeof o === 'object') {
        if (Object.hasOwn(o, 'word')) points.push(o as { word: string });
        Object.values(o).forEach(walk);
      }
    };
    walk(figure);
    // (the figure's data shows such a word with an invisible word joiner after it, src/present/figures/data-only-spec.ts)
    expect(points.some((p) => p.word?.replace(/\u2060/g, '') === 'constructor')).toBe(true);
    expect(points.filter((p) => p.series === 'paper z_min')).toEqual([]);
  }, 300_000);
});
