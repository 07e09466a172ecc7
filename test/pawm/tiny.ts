import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeRelease, type ReleaseSpec } from '../../src/samples/write-release.js';

/**
 * A tiny PAWM release worked out by hand: ScienceWorld, agent A, method m (gating all), tasks t1
 * and t2, runs 1-3.
 *   success: t1 = [yes, yes, no], t2 = [no, no, no]  -> run rates 0.5, 0.5, 0 -> Acc 1/3, sd 0.288675, Pass@3 1/2
 *   steps: 2 per episode (12); guided: step 1 of every episode (6); changed: t1 run 1 and run 2 (2)
 *   -> IR 6/12 = 0.5, ACR 2/12; api_calls 3 per episode -> calls 3
 * plus one WebArena-Lite episode with hostile text in its guidance.
 */
export function tinySpec(): ReleaseSpec {
  const key = { benchmark: 'scienceworld', agent: 'A', method: 'm', gating: 'all', train_ratio: null };
  const episodes: object[] = [];
  const steps: object[] = [];
  for (const task_id of ['t1', 't2']) {
    for (const run of [1, 2, 3]) {
      const success = task_id === 't1' && run < 3;
      episodes.push({ ...key, task_id, run, success, steps: 2, wm_calls: 2, api_calls: 3 });
      const changed = task_id === 't1' && run < 3;
      steps.push({
        ...key,
        task_id,
        run,
        step: 1,
        tentative_action: 'focus on rock',
        final_action: changed ? 'look around' : 'focus on rock',
        guidance: changed ? 'Focusing on the rock fails without a living thing.' : 'Good, keep going.',
      });
      steps.push({ ...key, task_id, run, step: 2, tentative_action: 'look around', final_action: 'look around', guidance: null });
    }
  }
  const wa = { benchmark: 'webarena_lite', agent: 'A', method: 'm', gating: 'all', train_ratio: null, task_id: 'w1', run: 1 };
  episodes.push({ ...wa, success: true, steps: 1, wm_calls: 1, api_calls: 2 });
  steps.push({
    ...wa,
    step: 1,
    tentative_action: 'click [1] "<b>"',
    final_action: 'click [2] "Save"',
    guidance: 'Saving <script>alert(1)</script> fails without the "SKU" & it\'s stuck.',
  });
  return {
    benchmark: 'pawm',
    version: 'tiny',
    description: 'tiny PAWM release for tests',
    files: {
      'episodes.jsonl': episodes,
      'steps.jsonl': steps,
      'guidance_labels.jsonl': [
        { ...key, task_id: 't1', run: 1, step: 1, pitfall: true, labeler: 'h' },
        { ...key, task_id: 't2', run: 1, step: 1, pitfall: false, labeler: 'h' },
      ],
    },
  };
}

/** Writes a spec into a fresh temporary directory; returns it and a cleanup function. */
export function writeTmp(spec: ReleaseSpec, gzip = false): { dir: string; cleanup: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'pawm-test-'));
  const dir = join(root, 'release');
  writeRelease(dir, spec, { gzip });
  return { dir, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** A copy of the spec with one file's rows replaced. */
export function withFile(spec: ReleaseSpec, file: string, rows: readonly unknown[]): ReleaseSpec {
  return { ...spec, files: { ...spec.files, [file]: rows } };
}
