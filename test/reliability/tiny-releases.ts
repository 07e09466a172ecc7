import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { scrambleFacelets } from '../../src/domain/cube/state.js';
import { gzipDeterministic } from '../../src/release/io/jsonl.js';
import { writeRelease, type ReleaseSpec } from '../../src/samples/write-release.js';

/**
 * A tiny valid CubeBench release: three tasks (the declared states are what the scrambles give) and
 * four episodes, one of which solves its task. Broken copies of it are made in broken-corpus.ts.
 */
export function tinyCubebench(): ReleaseSpec {
  const tasks = [
    { task_id: 't1', depth: 2, scramble: "R U'" },
    { task_id: 't2', depth: 4, scramble: "F2 L D' B" },
    { task_id: 't3', depth: 8, scramble: "U R2 F' L B2 D R' U2" },
  ].map((t) => ({ ...t, state: scrambleFacelets(t.scramble) }));
  const ep = (episode_id: string, task_id: string, actions: string[], claimed_success: boolean, end: string) => ({
    episode_id,
    model: 'model-a',
    tier: 'symbolic',
    agent: 'basic',
    reward: 'none',
    task_id,
    actions,
    claimed_success,
    end,
    make_move_calls: actions.length,
    duration_s: 1.5,
  });
  return {
    benchmark: 'cubebench',
    version: 'test-cube-1',
    description: 'tiny cube test release',
    files: {
      'tasks.jsonl': tasks,
      'episodes.jsonl': [
        ep('e1', 't1', ['U', "R'"], true, 'solved'),
        ep('e2', 't1', ['U', 'R', 'y'], true, 'solved'),
        ep('e3', 't2', ["B'", 'D', "L'"], false, 'gave_up'),
        ep('e4', 't3', [], false, 'step_limit'),
      ],
    },
  };
}

/**
 * A tiny valid PAWM release: one task in each benchmark, two runs each, three steps per episode
 * (guidance that changed the action, guidance that did not, and silence), and one guidance label.
 */
export function tinyPawm(): ReleaseSpec {
  const episodes: Record<string, unknown>[] = [];
  const steps: Record<string, unknown>[] = [];
  for (const benchmark of ['scienceworld', 'webarena_lite']) {
    const key = { benchmark, agent: 'react', method: 'pawm_sft', gating: 'all', train_ratio: null, task_id: `${benchmark}-task-1` };
    for (const run of [1, 2]) {
      episodes.push({ ...key, run, success: run === 1, steps: 3, wm_calls: 2, api_calls: 5 });
      steps.push(
        { ...key, run, step: 1, tentative_action: 'open door', guidance: 'the door is locked; take the key first', final_action: 'take key' },
        { ...key, run, step: 2, tentative_action: 'open door', guidance: 'the room beyond is dark', final_action: 'open door' },
        { ...key, run, step: 3, tentative_action: 'look', guidance: null, final_action: 'look' },
      );
    }
  }
  const first = steps[0] as Record<string, unknown>;
  const { tentative_action: _t, guidance: _g, final_action: _f, ...label } = first;
  return {
    benchmark: 'pawm',
    version: 'test-pawm-1',
    description: 'tiny pawm test release',
    files: {
      'episodes.jsonl': episodes,
      'steps.jsonl': steps,
      'guidance_labels.jsonl': [{ ...label, pitfall: true, labeler: 'h1' }],
    },
  };
}

/** Writes a release (plain JSONL unless gzip) into dir. */
export function writeTiny(dir: string, spec: ReleaseSpec, gzip = false): void {
  writeRelease(dir, spec, { gzip });
}

const isGz = (file: string) => file.endsWith('.gz');

/** Reads a release file's text, gunzipping a .gz. */
export function readText(dir: string, file: string): string {
  const b = readFileSync(join(dir, file));
  return (isGz(file) ? gunzipSync(b) : b).toString('utf8');
}

/** Writes a release file's text (gzipping a .gz); the manifest is not touched (see `rehash`). */
export function writeText(dir: string, file: string, text: string | Buffer): void {
  const b = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  writeFileSync(join(dir, file), isGz(file) ? gzipDeterministic(b.toString('utf8')) : b);
}

/** Replaces line `n` (1-based) of a file by what `f` returns: an object (serialised) or raw text. */
export function editLine(dir: string, file: string, n: number, f: (row: any) => unknown): void {
  const lines = readText(dir, file).split('\n');
  const out = f(JSON.parse(lines[n - 1]));
  lines[n - 1] = typeof out === 'string' ? out : JSON.stringify(out);
  writeText(dir, file, lines.join('\n'));
}

/** Removes line `n` (1-based) of a file. */
export function dropLine(dir: string, file: string, n: number): void {
  const lines = readText(dir, file).split('\n');
  lines.splice(n - 1, 1);
  writeText(dir, file, lines.join('\n'));
}

/** Appends rows to a file. */
export function appendRows(dir: string, file: string, rows: unknown[]): void {
  writeText(dir, file, readText(dir, file) + rows.map((r) => JSON.stringify(r) + '\n').join(''));
}

/**
 * Makes MANIFEST.json agree with the files again after an edit (sha256, and the row count as the
 * number of newline-terminated lines), so each broken release has only the defect it is about.
 */
export function rehash(dir: string, opts: { rows?: boolean } = {}): void {
  const path = join(dir, 'MANIFEST.json');
  const m = JSON.parse(readFileSync(path, 'utf8'));
  for (const f of Object.keys(m.files)) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(dir, f));
    } catch {
      continue; // a case that removed a listed file
    }
    m.files[f].sha256 = createHash('sha256').update(bytes).digest('hex');
    if (opts.rows ?? true) {
      try {
        m.files[f].rows = readText(dir, f).split('\n').length - 1;
      } catch {
        // a corrupt .gz keeps its listed row count
      }
    }
  }
  writeFileSync(path, JSON.stringify(m, null, 2) + '\n');
}

/** Edits MANIFEST.json as an object. */
export function editManifest(dir: string, f: (m: any) => void): void {
  const path = join(dir, 'MANIFEST.json');
  const m = JSON.parse(readFileSync(path, 'utf8'));
  f(m);
  writeFileSync(path, JSON.stringify(m, null, 2) + '\n');
}
