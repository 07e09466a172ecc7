import { derived } from '../../../src/derive/memo.js';
import { wilsonInterval } from '../../../src/derive/stats/wilson-interval.js';
import type { CubeContext } from './context.js';

/** A categorical column of the episode table: its distinct labels (first-seen order) and each episode's code. */
export interface CodedColumn {
  labels: string[];
  codes: Uint16Array;
}

/**
 * The replayed episodes as typed columns, one entry per episode in episodes.jsonl order: the
 * grouping fields as codes, the outcomes as bits, the counts as numbers. The slices and cells
 * below are sums over these.
 */
export interface EpisodeColumns {
  n: number;
  model: CodedColumn;
  agent: CodedColumn;
  reward: CodedColumn;
  tier: CodedColumn;
  horizon: CodedColumn;
  task: CodedColumn;
  depth: Uint16Array;
  /** 1 when replay leaves every face one colour */
  pass: Uint8Array;
  /** 1 when the agent claimed success */
  claimed: Uint8Array;
  /** 1 when the log says end = 'solved' */
  endSolved: Uint8Array;
  makeMoveCalls: Float64Array;
  faceTurns: Float64Array;
}

function coded(values: readonly string[]): CodedColumn {
  const index = new Map<string, number>();
  const labels: string[] = [];
  const codes = new Uint16Array(values.length);
  values.forEach((v, i) => {
    let c = index.get(v);
    if (c === undefined) {
      c = labels.length;
      index.set(v, c);
      labels.push(v);
    }
    codes[i] = c;
  });
  return { labels, codes };
}

export const episodeColumns = derived((ctx: CubeContext): EpisodeColumns => {
  const r = ctx.results;
  return {
    n: r.length,
    model: coded(r.map((e) => e.model)),
    agent: coded(r.map((e) => e.agent)),
    reward: coded(r.map((e) => e.reward)),
    tier: coded(r.map((e) => e.tier)),
    horizon: coded(r.map((e) => e.horizon)),
    task: coded(r.map((e) => e.task_id)),
    depth: Uint16Array.from(r, (e) => e.depth),
    pass: Uint8Array.from(r, (e) => (e.pass ? 1 : 0)),
    claimed: Uint8Array.from(r, (e) => (e.claimed ? 1 : 0)),
    endSolved: Uint8Array.from(r, (e) => (e.end === 'solved' ? 1 : 0)),
    makeMoveCalls: Float64Array.from(r, (e) => e.make_move_calls),
    faceTurns: Float64Array.from(r, (e) => e.faceTurns),
  };
});

/** A cell of the pass-rate tables. tier 'all' pools the four tiers (long horizon only, the paper's 'all long'). */
export interface SliceKey {
  model: string;
  agent: string;
  reward: string;
  tier: string;
  horizon: string;
}

/** The memo key of a slice; JSON so that no model name, whatever characters it holds, can collide with another. */
export const sliceKey = (k: SliceKey): string => JSON.stringify([k.model, k.agent, k.reward, k.tier, k.horizon]);

/** The episodes (indices into ctx.results, in file order) of one slice. */
export interface Slice extends SliceKey {
  episodes: Int32Array;
}

/**
 * Every (model, agent, reward, tier, horizon) slice of the release, in order of first episode,
 * then the pooled 'all'-tier long slice of every (model, agent, reward) that has long episodes.
 */
export const slices = derived((ctx: CubeContext): Map<string, Slice> => {
  const out = new Map<string, { key: SliceKey; list: number[] }>();
  const add = (key: SliceKey, i: number) => {
    const k = sliceKey(key);
    const s = out.get(k);
    if (s) s.list.push(i);
    else out.set(k, { key, list: [i] });
  };
  ctx.results.forEach((r, i) => add({ model: r.model, agent: r.agent, reward: r.reward, tier: r.tier, horizon: r.horizon }, i));
  ctx.results.forEach((r, i) => {
    if (r.horizon === 'long') add({ model: r.model, agent: r.agent, reward: r.reward, tier: 'all', horizon: 'long' }, i);
  });
  return new Map([...out].map(([k, s]) => [k, { ...s.key, episodes: Int32Array.from(s.list) }]));
});

/** One pass-rate cell: replayed passes of a slice, its rate and Wilson 95% interval. */
export interface PassCell extends SliceKey {
  passed: number;
  n: number;
  pass_rate: number;
  ci_low: number;
  ci_high: number;
}

/**
 * Every pass-rate cell with its Wilson interval, computed once per context: the tables (exp1-3)
 * and any figure that shows a cell read it from here. Wilson intervals draw nothing at random, so
 * no cell needs a random stream.
 */
export const passCells = derived((ctx: CubeContext): Map<string, PassCell> => {
  const { pass } = episodeColumns(ctx);
  const out = new Map<string, PassCell>();
  for (const [k, s] of slices(ctx)) {
    let passed = 0;
    for (const i of s.episodes) passed += pass[i];
    const ci = wilsonInterval(passed, s.episodes.length);
    out.set(k, {
      model: s.model,
      agent: s.agent,
      reward: s.reward,
      tier: s.tier,
      horizon: s.horizon,
      passed,
      n: s.episodes.length,
      pass_rate: ci.estimate,
      ci_low: ci.low,
      ci_high: ci.high,
    });
  }
  return out;
});

/** The pass-rate cell of a slice, or undefined when the release has no episode in it. */
export function passCell(ctx: CubeContext, key: SliceKey): PassCell | undefined {
  return passCells(ctx).get(sliceKey(key));
}

/** The episodes of a slice (empty when it has none). */
export function sliceEpisodes(ctx: CubeContext, key: SliceKey): Int32Array {
  return slices(ctx).get(sliceKey(key))?.episodes ?? new Int32Array(0);
}
