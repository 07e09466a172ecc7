import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scrambleFacelets } from '../../src/domain/cube/index.js';
import { writeRelease } from '../../src/samples/write-release.js';
import { ReleaseError, type Problem } from '../../src/release/io/problems.js';
import { loadCubebench } from '../../src/release/load/cubebench.js';

const root = mkdtempSync(join(tmpdir(), 'cube-load-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const task = (task_id: string, scramble: string, depth = scramble.split(' ').length) => ({ task_id, depth, scramble, state: scrambleFacelets(scramble) });
const episode = (episode_id: string, task_id: string, actions: string[] | string, extra: Record<string, unknown> = {}) => ({
  episode_id,
  model: 'GPT-5',
  tier: 'symbolic',
  agent: 'basic',
  reward: 'none',
  task_id,
  actions,
  claimed_success: true,
  end: 'solved',
  make_move_calls: Array.isArray(actions) ? actions.length : actions.split(' ').length,
  duration_s: 12.5,
  ...extra,
});

let n = 0;
function release(tasks: unknown[], episodes: unknown[]): string {
  const dir = join(root, `r${n++}`);
  writeRelease(
    dir,
    { benchmark: 'cubebench', version: 'test', description: 'test release', files: { 'tasks.jsonl': tasks, 'episodes.jsonl': episodes } },
    { gzip: n % 2 === 0 },
  );
  return dir;
}

function problems(dir: string): Problem[] {
  try {
    loadCubebench(dir);
  } catch (e) {
    if (e instanceof ReleaseError) return e.problems;
    throw e;
  }
  return [];
}

describe('loadCubebench', () => {
  it('loads a good release, actions as a list or as one string', () => {
    const dir = release([task('t1', "R U'"), task('t2', 'F')], [episode('e1', 't1', ['U', "R'"]), episode('e2', 't2', "F' y")]);
    const r = loadCubebench(dir);
    expect(r.tasks).toHaveLength(2);
    expect(r.episodes.map((e) => e.episode_id)).toEqual(['e1', 'e2']);
    expect(r.sources.episode.get('e2')?.line).toBe(2);
  });

  it('checks that each scramble reaches its declared state, naming file:line field state', () => {
    const bad = { ...task('t2', 'R U'), state: scrambleFacelets("R U'") };
    const ps = problems(release([task('t1', 'R'), bad], [episode('e1', 't1', ["R'"])]));
    expect(ps).toHaveLength(1);
    expect(ps[0]).toMatchObject({ line: 2, field: 'state' });
    expect(ps[0].file).toMatch(/^tasks\.jsonl/);
    expect(ps[0].message).toContain('facelet');
  });

  it('refuses duplicate ids and episodes of unknown tasks', () => {
    const ps = problems(release([task('t1', 'R'), task('t1', 'U')], [episode('e1', 't1', ["R'"]), episode('e1', 't1', ["R'"]), episode('e2', 'nope', ['R'])]));
    expect(ps.map((p) => [p.field, p.line])).toEqual([
      ['task_id', 2],
      ['episode_id', 2],
      ['task_id', 3],
    ]);
    expect(ps[2].message).toContain('no task "nope"');
  });

  it('catches illegal moves in the schema, in either form, with the move named', () => {
    const ps = problems(release([task('t1', 'R')], [episode('e1', 't1', ['R', 'Q']), episode('e2', 't1', "R U R3 U'")]));
    expect(ps).toHaveLength(2);
    expect(ps[0]).toMatchObject({ line: 1, field: 'actions.1' });
    expect(ps[1]).toMatchObject({ line: 2, field: 'actions' });
    expect(ps[1].message).toContain('move 3 "R3"');
    const bad = problems(release([{ ...task('t1', 'R'), scramble: 'R M' }], [episode('e1', 't1', ['R'])]));
    expect(bad[0]).toMatchObject({ field: 'scramble' });
  });

  it('refuses bad enums, empty files and other benchmarks', () => {
    const ps = problems(release([task('t1', 'R')], [episode('e1', 't1', ['R'], { tier: 'holographic', make_move_calls: -1 })]));
    expect(ps.map((p) => p.field).sort()).toEqual(['make_move_calls', 'tier']);
    expect(problems(release([task('t1', 'R')], [])).some((p) => p.message.includes('empty file'))).toBe(true);
  });

  it('loads the bundled sample release', () => {
    const r = loadCubebench('data/cubebench');
    expect(r.tasks).toHaveLength(40);
    expect(r.manifest.synthetic).toBe(true);
    expect(r.episodes.length).toBeGreaterThan(1000);
  });
});
