import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatePawm } from '../../src/samples/pawm/index.js';
import { successMatrix, stepCounts } from '../../src/samples/pawm/outcomes.js';
import { createRng } from '../../src/derive/stats/rng.js';
import { DEFAULT_SEED } from '../../src/benchmark/contract.js';
import { writeTmp } from './tiny.js';

const DATA = join(import.meta.dirname, '../../data/pawm');

describe('PAWM sample-release generator', () => {
  it('data/pawm is exactly what generatePawm(DEFAULT_SEED) writes, and stays a few MB', () => {
    const t = writeTmp(generatePawm(DEFAULT_SEED), true);
    try {
      const ours = readFileSync(join(t.dir, 'MANIFEST.json'), 'utf8');
      expect(ours).toBe(readFileSync(join(DATA, 'MANIFEST.json'), 'utf8'));
    } finally {
      t.cleanup();
    }
    const total = ['episodes.jsonl.gz', 'steps.jsonl.gz', 'guidance_labels.jsonl.gz'].reduce((s, f) => s + statSync(join(DATA, f)).size, 0);
    expect(total).toBeLessThan(6 * 1024 * 1024);
  }, 120_000);

  it('successMatrix hits the per-run counts, their sd and Pass@3 exactly', () => {
    const rng = createRng(7, 'test');
    const difficulty = Array.from({ length: 313 }, () => rng.next());
    const s = successMatrix(createRng(1, 'x'), difficulty, 0.546, 0.019, 0.668);
    const perRun = s.map((r) => r.reduce((a, b) => a + b, 0));
    expect(perRun.reduce((a, b) => a + b, 0)).toBe(Math.round(0.546 * 3 * 313));
    const solved = difficulty.filter((_, t) => s.some((r) => r[t] === 1)).length;
    expect(solved).toBe(Math.round(0.668 * 313));
    const mean = perRun.reduce((a, b) => a + b, 0) / 3;
    const sd = Math.sqrt(perRun.reduce((a, x) => a + (x - mean) ** 2, 0) / 2) / 313;
    expect(Math.abs(sd - 0.019)).toBeLessThan(0.003);
  });

  it('stepCounts hits the mean exactly and respects the cap', () => {
    const success = Array.from({ length: 500 }, (_, i) => i % 3 !== 0);
    const c = stepCounts(createRng(3, 'y'), success, 18.25, 30);
    expect(c.reduce((a, b) => a + b, 0)).toBe(Math.round(18.25 * 500));
    expect(Math.max(...c)).toBeLessThanOrEqual(30);
    expect(Math.min(...c)).toBeGreaterThanOrEqual(2);
  });
});
