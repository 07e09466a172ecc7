import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPawm, type PawmRelease } from '../../src/release/load/pawm.js';
import { preparePawm, type PawmContext } from '../../analysis/pawm/derive/context.js';
import { metrics } from '../../analysis/pawm/derive/metrics.js';
import { drillDownWord, drillDownWordHtml, highlightWord } from '../../analysis/pawm/present/drill-down.js';
import { lexicalAnalysis } from '../../analysis/pawm/derive/corpus.js';
import { semanticCounts } from '../../analysis/pawm/derive/semantic.js';
import { guidedSteps, stepsWithWord } from '../../analysis/pawm/derive/guided-steps.js';
import { guidanceFrame, guidanceRows, guidanceWithWord, type GuidanceRow } from '../../analysis/pawm/present/explore.js';
import { tinySpec, writeTmp } from './tiny.js';

let release: PawmRelease;
let ctx: PawmContext;
let cleanup: () => void;
beforeAll(() => {
  const t = writeTmp(tinySpec());
  cleanup = t.cleanup;
  release = loadPawm(t.dir);
  ctx = preparePawm(release, { seed: 1, resamples: 10 });
});
afterAll(() => cleanup());

describe('PAWM metrics (docs/release-format.md definitions), on a release worked out by hand', () => {
  it('Acc = mean of per-run rates +- sample sd, Pass@3, IR, ACR, calls', () => {
    const m = metrics(
      release,
      release.episodes.filter((e) => e.benchmark === 'scienceworld'),
    );
    expect(m.run_rates).toEqual([0.5, 0.5, 0]);
    expect(m.acc).toBeCloseTo(1 / 3, 12);
    expect(m.acc_sd).toBeCloseTo(Math.sqrt(((1 / 6) ** 2 * 2 + (1 / 3) ** 2) / 2), 12);
    expect(m.pass3).toBe(0.5);
    expect(m.steps).toBe(12);
    expect(m.intervention_rate).toBe(0.5);
    expect(m.action_change_rate).toBeCloseTo(2 / 12, 12);
    expect(m.calls).toBe(3);
    expect(m.n_tasks).toBe(2);
  });

  it('groups episodes by configuration and finds the main agent', () => {
    expect(ctx.mainAgent).toBe('A');
    expect(ctx.configs.size).toBe(2);
  });

  it('semantic counts join labels to steps and split by changed', () => {
    const c = semanticCounts(ctx);
    expect(c.pooled).toEqual({ changed_pitfall_n: 1, changed_other_n: 0, unchanged_pitfall_n: 0, unchanged_other_n: 1 });
  });

  it('lexical counts: CHANGED vs UNCHANGED token counts, words in both benchmarks only', () => {
    const lex = lexicalAnalysis(release);
    const fails = lex.rows.find((r) => r.word === 'fails')!;
    expect(fails.scienceworld_changed).toBe(2);
    expect(fails.scienceworld_unchanged).toBe(0);
    expect(fails.webarena_lite_changed).toBe(1);
    expect(fails.z_min).toBe(Math.min(fails.scienceworld_z, fails.webarena_lite_z));
    // 'rock' is only in ScienceWorld, 'sku' only in WebArena-Lite
    expect(lex.rows.find((r) => r.word === 'rock')).toBeUndefined();
    expect(lex.rows.find((r) => r.word === 'sku')).toBeUndefined();
    expect(lex.sizes.scienceworld).toMatchObject({ changed_docs: 2, unchanged_docs: 4 });
  });
});

describe('PAWM drill-down from a word to guidance texts', () => {
  it('finds the texts that contain the word as a token and says whether they changed the action', () => {
    const d = drillDownWord(ctx, 'Fails');
    expect(d.counts.scienceworld).toEqual({ changed: 2, unchanged: 0 });
    expect(d.counts.webarena_lite).toEqual({ changed: 1, unchanged: 0 });
    expect(d.hits.every((h) => h.changed && / fails /.test(h.guidance))).toBe(true);
    expect(d.hits.find((h) => h.task_id === 't1' && h.run === 1)!.pitfall).toBe(true);
    expect(drillDownWord(ctx, 'fail').hits).toHaveLength(0); // tokens, not substrings
  });

  it('escapes every string of the release in its HTML and marks the word', () => {
    const html = drillDownWordHtml(drillDownWord(ctx, 'stuck'));
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;b&gt;');
    expect(html).toContain('<mark>stuck</mark>');
    expect(highlightWord("It\u2019s <i>it's</i>", "it's")).toBe('<mark>It\u2019s</mark> &lt;i&gt;<mark>it&#39;s</mark>&lt;/i&gt;');
  });
});

describe('PAWM exploration reads the derived guided steps and word index', () => {
  it('guidanceRows: every guided step once, CHANGED and the pitfall label as worked out by hand', () => {
    const rows = guidanceRows(ctx);
    expect(rows).toBe(guidedSteps(ctx));
    // 6 ScienceWorld steps (t1 runs 1, 2 changed; t1 run 1 labelled pitfall, t2 run 1 not) and the WebArena-Lite one
    expect(rows.map((r) => [r.benchmark, r.task_id, r.run, r.changed, r.pitfall])).toEqual([
      ['scienceworld', 't1', 1, true, true],
      ['scienceworld', 't1', 2, true, null],
      ['scienceworld', 't1', 3, false, null],
      ['scienceworld', 't2', 1, false, false],
      ['scienceworld', 't2', 2, false, null],
      ['scienceworld', 't2', 3, false, null],
      ['webarena_lite', 'w1', 1, true, null],
    ]);
  });

  it('stepsWithWord: the steps whose guidance holds the word as a token, once per word', () => {
    const found = stepsWithWord(ctx, 'fails');
    expect(stepsWithWord(ctx, 'fails')).toBe(found);
    expect([
      found.scienceworld.changed.length,
      found.scienceworld.unchanged.length,
      found.webarena_lite.changed.length,
      found.webarena_lite.unchanged.length,
    ]).toEqual([2, 0, 1, 0]);
    expect(found.scienceworld.changed.map((s) => [s.task_id, s.run])).toEqual([
      ['t1', 1],
      ['t1', 2],
    ]);
    expect(stepsWithWord(ctx, 'good').scienceworld.unchanged).toHaveLength(4);
    expect(stepsWithWord(ctx, 'fail').scienceworld.changed).toHaveLength(0); // tokens, not substrings
    // the drill-down's counts are the derived steps'
    expect(drillDownWord(ctx, 'Fails').counts).toEqual({ scienceworld: { changed: 2, unchanged: 0 }, webarena_lite: { changed: 1, unchanged: 0 } });
  });

  it('guidanceWithWord filters a frame of guided steps by word (any case), benchmark and CHANGED', () => {
    const frame = guidanceFrame(ctx);
    const ids = (t: ReturnType<typeof guidanceFrame>) => (t.objects() as GuidanceRow[]).map((r) => `${r.task_id}/${r.run}`);
    expect(ids(guidanceWithWord(ctx, frame, 'FAILS'))).toEqual(['t1/1', 't1/2', 'w1/1']);
    expect(ids(guidanceWithWord(ctx, frame, 'fails', { benchmark: 'webarena_lite' }))).toEqual(['w1/1']);
    expect(ids(guidanceWithWord(ctx, frame, 'good', { changed: false }))).toEqual(['t1/3', 't2/1', 't2/2', 't2/3']);
    expect(ids(guidanceWithWord(ctx, frame, 'good', { changed: true }))).toEqual([]);
    expect(ids(guidanceWithWord(ctx, frame, "it's"))).toEqual(['w1/1']);
    expect(guidanceWithWord(ctx, frame, 'fail').numRows()).toBe(0);
    // a part of the frame stays a part
    expect(ids(guidanceWithWord(ctx, frame.slice(1), 'fails'))).toEqual(['t1/2', 'w1/1']);
  });
});

describe('every PAWM analysis on releases unlike the sample', () => {
  it('builds and renders on the tiny release and on a ScienceWorld-only release (empty rows, no crash)', async () => {
    const { pawm } = await import('../../analysis/pawm/index.js');
    const { figureToSvg } = await import('../../src/present/figures/render-figure.js');
    const spec = tinySpec();
    const only = {
      ...spec,
      files: Object.fromEntries(
        Object.entries(spec.files).map(([f, rows]) => [f, (rows as { benchmark: string }[]).filter((r) => r.benchmark === 'scienceworld')]),
      ),
    };
    for (const s of [spec, only]) {
      const t = writeTmp(s);
      try {
        const c = pawm.prepare(pawm.load(t.dir), { seed: 3, resamples: 5 });
        for (const a of pawm.analyses) {
          const out = a.build(c);
          if (a.kind === 'figure') expect((await figureToSvg(out as never)).startsWith('<svg')).toBe(true);
          else expect(Array.isArray((out as { rows: unknown[] }).rows)).toBe(true);
        }
      } finally {
        t.cleanup();
      }
    }
  });
});
