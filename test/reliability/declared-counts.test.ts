/**
 * Counts a row declares are checked against the rows that exist before anything loops over them:
 * a PAWM episode declaring 4e9 steps, with a step row numbered just below, is refused at once with
 * named problems (the loader used to store steps by number, then walk a 4e9-long array for minutes).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runCli, STACK_TRACE } from './run-cli.js';
import { tinyPawm, writeTiny } from './tiny-releases.js';

const root = mkdtempSync(join(tmpdir(), 'wb-counts-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('an episode with steps = 4e9 and a step numbered 3999999999 is refused with both problems named', async () => {
  const dir = join(root, 'big-steps');
  const spec = tinyPawm();
  (spec.files['episodes.jsonl'] as any[])[0].steps = 4e9;
  (spec.files['steps.jsonl'] as any[])[2].step = 4e9 - 1;
  writeTiny(dir, spec);
  const r = await runCli(['validate', dir]);
  expect(r.code).toBe(1);
  expect(r.err).not.toMatch(STACK_TRACE);
  expect(r.err).toMatch(
    /^steps\.jsonl:3: step: step 3999999999 of episode .*, but steps\.jsonl has only 12 row\(s\), so no episode can have that many steps$/m,
  );
  expect(r.err).toMatch(/^episodes\.jsonl:1: steps: episode has steps = 4000000000, but steps\.jsonl has 2 step row\(s\) for it/m);
}, 60_000);
