/**
 * `runBench` builds a benchmark's figures before its tables (so the figure thread draws them while
 * the tables build), but a failure is the one the declared order meets first, as if the analyses
 * had run in that order.
 */
import { describe, expect, it } from 'vitest';
import { runBench } from '../../src/run/run-bench.js';
import { renderInThisThread } from '../../src/run/figure-thread.js';
import type { Analysis, Bench } from '../../src/benchmark/contract.js';

const quiet = { step() {}, detail() {}, stepsDone() {} };
const job = { benchmark: 'cubebench', module: 'unused', cpuSeconds: 1, dataDir: 'unused', opts: { resamples: 10, seed: 1 }, figureWidth: 'screen' as const };

type Step = { id: string; kind: 'table' | 'figure'; fails?: boolean };

/** A benchmark whose analyses record when they are built, and throw `failed <id>` when asked to. */
function benchOf(steps: Step[], calls: string[]): Bench<unknown, unknown> {
  const analyses = steps.map(({ id, kind, fails }): Analysis<unknown> => {
    const build = () => {
      calls.push(id);
      if (fails) throw new Error(`failed ${id}`);
      return kind === 'table'
        ? { id, title: id, source: 'test', columns: [{ key: 'x', label: 'x' }], rows: [{ x: 1 }] }
        : {
            id,
            title: id,
            source: 'test',
            spec: {
              width: 40,
              height: 20,
              data: { values: [{ a: 'p', b: 1 }] },
              mark: 'bar',
              encoding: { x: { field: 'a', type: 'nominal' }, y: { field: 'b', type: 'quantitative' } },
            },
          };
    };
    return { id, kind, build } as Analysis<unknown>;
  });
  return {
    benchmark: 'cubebench',
    load: () => ({}),
    prepare: () => ({}),
    provenance: () => ({
      benchmark: 'cubebench',
      release: 'r',
      version: '1',
      synthetic: true,
      description: 'd',
      files: {},
      seed: 1,
      resamples: 10,
      workbench: 'w',
    }),
    analyses,
    summary: () => [],
  };
}

async function said(steps: Step[]): Promise<{ error: string | undefined; calls: string[] }> {
  const calls: string[] = [];
  try {
    await (await runBench(benchOf(steps, calls), job, quiet, renderInThisThread)).done;
    return { error: undefined, calls };
  } catch (e) {
    return { error: (e as Error).message, calls };
  }
}

describe('runBench', () => {
  it('builds the figures first, then the tables, each kind in its declared order', async () => {
    const { calls, error } = await said([
      { id: 't1', kind: 'table' },
      { id: 'f1', kind: 'figure' },
      { id: 't2', kind: 'table' },
      { id: 'f2', kind: 'figure' },
    ]);
    expect(calls).toEqual(['f1', 'f2', 't1', 't2']);
    expect(error).toBeUndefined();
  });

  it('a failing table declared before a failing figure is the failure said', async () => {
    const r = await said([
      { id: 't1', kind: 'table', fails: true },
      { id: 'f1', kind: 'figure', fails: true },
    ]);
    expect(r.error).toBe('failed t1');
    expect(r.calls).toEqual(['f1', 't1']);
  });

  it('a failing figure declared before a failing table is the failure said, and nothing after it runs', async () => {
    const r = await said([
      { id: 't1', kind: 'table' },
      { id: 'f1', kind: 'figure', fails: true },
      { id: 't2', kind: 'table', fails: true },
      { id: 'f2', kind: 'figure' },
    ]);
    expect(r.error).toBe('failed f1');
    expect(r.calls).toEqual(['f1', 't1']);
  });

  it('a table that fails among the tables is said after every table before it ran', async () => {
    const r = await said([
      { id: 'f1', kind: 'figure' },
      { id: 't1', kind: 'table' },
      { id: 't2', kind: 'table', fails: true },
      { id: 't3', kind: 'table' },
    ]);
    expect(r.error).toBe('failed t2');
    expect(r.calls).toEqual(['f1', 't1', 't2']);
  });
});
