import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateCubebench } from '../../src/samples/cubebench/index.js';
import { writeRelease } from '../../src/samples/write-release.js';
import { DEFAULT_SEED } from '../../src/benchmark/contract.js';

const dir = mkdtempSync(join(tmpdir(), 'cube-gen-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('generateCubebench', () => {
  const spec = generateCubebench(DEFAULT_SEED);

  it('reproduces the bundled sample byte for byte from its seed', () => {
    writeRelease(join(dir, 'r'), spec);
    const ours = JSON.parse(readFileSync(join(dir, 'r', 'MANIFEST.json'), 'utf8'));
    const shipped = JSON.parse(readFileSync('data/cubebench/MANIFEST.json', 'utf8'));
    expect(ours.files).toEqual(shipped.files);
  });

  it('writes raw logs only: no verdict or replay fields', () => {
    const keys = new Set((spec.files['episodes.jsonl'] as Record<string, unknown>[]).flatMap((e) => Object.keys(e)));
    expect([...keys].sort()).toEqual(
      ['actions', 'agent', 'claimed_success', 'duration_s', 'end', 'episode_id', 'make_move_calls', 'model', 'reward', 'task_id', 'tier'].sort(),
    );
  });

  it('has 5 tasks at each paper depth and 20 tasks per horizon cell', () => {
    const tasks = spec.files['tasks.jsonl'] as { depth: number }[];
    const byDepth = new Map<number, number>();
    for (const t of tasks) byDepth.set(t.depth, (byDepth.get(t.depth) ?? 0) + 1);
    expect([...byDepth]).toEqual([1, 2, 3, 4, 8, 12, 16, 20].map((d) => [d, 5]));
  });
});
