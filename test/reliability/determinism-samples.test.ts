/**
 * Determinism on the bundled sample releases: `reproduce` run twice on data/<bench> (with a reduced
 * --resamples for speed, in a different output dir, working directory, time zone and locale) gives
 * byte-identical files. A bench whose sample release its generator has not written yet is skipped.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BENCHES } from '../helpers/benches.js';
import { expectNoTimestampsOrPaths, REPO, twice } from './determinism-helpers.js';

const root = mkdtempSync(join(tmpdir(), 'wb-determinism-samples-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('byte-identical outputs on the sample releases', () => {
  for (const bench of BENCHES.map((b) => b.benchmark as string)) {
    it.skipIf(!existsSync(join(REPO, 'data', bench, 'MANIFEST.json')))(
      `data/${bench}: every file identical (--resamples 50)`,
      async () => {
        const { dir, names } = await twice(root, bench, undefined, 50);
        expect(names.length).toBeGreaterThan(5);
        expectNoTimestampsOrPaths(root, dir, names);
      },
      300_000,
    );
  }
});
