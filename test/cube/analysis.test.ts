import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compile } from 'vega-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attribute, cubebench, type CubeContext } from '../../analysis/cubebench/index.js';
import { scrambleFacelets } from '../../src/domain/cube/index.js';
import { writeRelease } from '../../src/samples/write-release.js';
import type { Figure } from '../../src/present/figures/figure.js';
import type { Table } from '../../src/present/tables/table.js';
import { sampleDir } from '../helpers/benches.js';

const opts = { seed: 1, resamples: 10 };
let ctx: CubeContext;
const built = new Map<string, Table | Figure>();

beforeAll(() => {
  ctx = cubebench.prepare(cubebench.load(sampleDir('cubebench')), opts);
  for (const a of cubebench.analyses) built.set(a.id, a.build(ctx));
});

const table = (id: string) => built.get(id) as Table;

describe('CubeBench analyses on the sample release', () => {
  it('hits every published pass rate (within one task of 20)', () => {
    for (const id of ['exp1', 'exp2', 'exp3']) {
      const rows = table(id).rows.filter((r) => r.paper !== null);
      expect(rows.length, id).toBeGreaterThan(10);
      for (const r of rows)
        expect(Math.abs(r.delta as number), `${id} ${r.model} ${r.agent} ${r.reward} ${r.tier} ${r.horizon}`).toBeLessThanOrEqual(0.05 + 1e-12);
    }
  });

  it('puts a Wilson interval around every rate and pivots like the paper', () => {
    const t = table('exp1');
    for (const r of t.rows) {
      expect(r.ci_low as number).toBeLessThanOrEqual(r.pass_rate as number);
      expect(r.ci_high as number).toBeGreaterThanOrEqual(r.pass_rate as number);
    }
    const gpt5 = t.rows.find((r) => r.model === 'GPT-5' && r.tier === 'symbolic' && r.horizon === 'short')!;
    expect(gpt5).toMatchObject({ passed: 15, n: 20, paper: 0.75 });
    expect(t.display!.columns.map((c) => c.label)).toEqual(['Model', '', 'symbolic short', 'visual short', 'face short', 'vertex short', 'all long']);
    expect(t.display!.rows[0]).toMatchObject({ model: 'GPT-5', which: 'recomputed', 'symbolic-short': '75.00 [53.13, 88.81]' });
  });

  it('finds the false claims, and agrees with the artifact', () => {
    const audit = table('audit');
    const falseClaims = audit.rows.reduce((a, r) => a + (r.false_claims as number), 0);
    expect(falseClaims).toBeGreaterThan(20);
    const artifact = cubebench.artifacts!(ctx).find((a) => a.file === 'episodes.jsonl')!;
    const rows = artifact.content
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows).toHaveLength(ctx.release.episodes.length);
    expect(rows.filter((r) => r.claimed_success && !r.replayed_pass)).toHaveLength(falseClaims);
    expect(Object.keys(rows[0]).slice(0, 5)).toEqual(['episode_id', 'replayed_pass', 'claimed_success', 'final_state', 'moves_applied']);
    const solved = rows.find((r) => r.replayed_pass)!;
    expect(new Set(solved.final_state.slice(0, 9)).size).toBe(1);
  });

  it('has a 400,000-move episode and reports make_move statistics', () => {
    const t = table('make-move-calls');
    expect(Math.max(...t.rows.map((r) => r.max as number))).toBe(400_000);
    expect(t.rows.every((r) => r.mismatched === 0)).toBe(true);
    expect(ctx.results.some((r) => r.moves === 400_000)).toBe(true);
  });

  it('confirms every sample task depth and attributes failures per task', () => {
    expect(table('depth-check').rows.filter((r) => r.flagged)).toHaveLength(0);
    const diag = table('solver-diagnosis').rows.find((r) => r.model === 'GPT-5' && r.tier === 'vertex')!;
    expect(diag.exploration).toBe(19);
    expect(attribute('symbolic', false, true, true)).toBe('planning');
    expect(attribute('visual', false, false, true)).toBe('translation');
    expect(attribute('face', false, false, false)).toBe('exploration');
    expect(attribute('visual', false, false, false)).toBe('unresolved');
    expect(attribute('symbolic', false, undefined, true)).toBe('planning or translation');
  });

  it('builds valid Vega-Lite figures', () => {
    for (const id of ['fig-pass-by-depth', 'fig-solver-diagnosis']) {
      const f = built.get(id) as Figure;
      expect(() => compile(f.spec as never)).not.toThrow();
    }
  });
});

describe('depth-check on a release with a wrong declared depth', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cube-depth-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it('flags it', () => {
    const t = (task_id: string, depth: number, scramble: string) => ({ task_id, depth, scramble, state: scrambleFacelets(scramble) });
    writeRelease(join(dir, 'r'), {
      benchmark: 'cubebench',
      version: 'test',
      description: 'test',
      files: {
        'tasks.jsonl': [t('ok', 2, 'R U'), t('cancels', 3, 'R U U2 U'), t('shallow', 12, "R U R' U'")],
        'episodes.jsonl': [
          {
            episode_id: 'e',
            model: 'm',
            tier: 'symbolic',
            agent: 'basic',
            reward: 'none',
            task_id: 'ok',
            actions: "U' R'",
            claimed_success: true,
            end: 'solved',
            make_move_calls: 2,
            duration_s: 1,
          },
        ],
      },
    });
    const c = cubebench.prepare(cubebench.load(join(dir, 'r')), opts);
    const rows = cubebench.analyses.find((a) => a.id === 'depth-check')!.build(c) as Table;
    expect(rows.rows.map((r) => [r.task_id, r.status, r.exact])).toEqual([
      ['ok', 'exact', 2],
      ['cancels', 'wrong', 1],
      ['shallow', 'wrong', 4],
    ]);
    expect(c.results[0].pass).toBe(true);
  });
});
