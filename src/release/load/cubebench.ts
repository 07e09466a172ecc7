import { scrambleFacelets } from '../../domain/cube/state.js';
import type { Row } from '../io/jsonl.js';
import { ReleaseError, type Problem } from '../io/problems.js';
import { RELEASE_FILES, type Episode, type Task } from '../../format/cubebench.js';
import type { Manifest } from '../../format/common.js';
import { checkSpellings, checkUnique, openRelease, readReleaseFile, type RawRelease } from './read-release.js';
import type { Source } from './globebench.js';

export interface CubeRelease {
  benchmark: 'cubebench';
  dir: string;
  manifest: Manifest;
  sha256: Record<string, string>;
  /** sha256 of MANIFEST.json */
  manifestSha256: string;
  /** in tasks.jsonl order */
  tasks: Task[];
  /** in episodes.jsonl order */
  episodes: Episode[];
  sources: { task: Map<string, Source>; episode: Map<string, Source> };
}

/** Where two facelet strings first differ, for a message a person can act on. */
function firstDifference(a: string, b: string): string {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return `facelet ${i + 1} (${'URFDLB'[Math.floor(i / 9)]}${(i % 9) + 1}) is ${a[i]}, the scramble gives ${b[i]}`;
  }
  return 'lengths differ';
}

/**
 * Loads a CubeBench release (docs/release-format.md): tasks.jsonl and episodes.jsonl, both required and
 * non-empty. Beyond the schemas (which also refuse illegal moves), it checks that ids are unique,
 * every episode's task exists, and every task's scramble applied to the solved cube gives its
 * declared state. Every problem is collected; any problem refuses the release.
 */
export function loadCubebench(dir: string, rel: RawRelease = openRelease(dir, 'cubebench')): CubeRelease {
  const problems: Problem[] = rel.problems;
  if (!rel.manifest) throw new ReleaseError(problems);
  const tasksFile = readReleaseFile(rel, RELEASE_FILES.tasks);
  const episodesFile = readReleaseFile(rel, RELEASE_FILES.episodes);

  const taskRows = tasksFile ? checkUnique(tasksFile, (v) => v.task_id, 'task_id', problems) : new Map<string, Row<Task>>();
  const episodeRows = episodesFile ? checkUnique(episodesFile, (v) => v.episode_id, 'episode_id', problems) : new Map<string, Row<Episode>>();
  // a model is named by its string alone: one name written two ways would be two models that look the same
  if (episodesFile) checkSpellings(episodesFile, [['model', (v) => v.model]], problems);

  const sources = { task: new Map<string, Source>(), episode: new Map<string, Source>() };
  for (const [id, row] of taskRows) {
    sources.task.set(id, { file: tasksFile!.path, line: row.line });
    const t = row.value;
    const reached = scrambleFacelets(t.scramble); // the schema has already checked every move
    if (reached !== t.state) {
      problems.push({
        file: tasksFile!.path,
        line: row.line,
        field: 'state',
        message: `expected the state the scramble reaches from solved (${reached}): ${firstDifference(t.state, reached)}`,
      });
    }
  }
  for (const [id, row] of episodeRows) {
    sources.episode.set(id, { file: episodesFile!.path, line: row.line });
    if (!taskRows.has(row.value.task_id)) {
      problems.push({ file: episodesFile!.path, line: row.line, field: 'task_id', message: `no task ${JSON.stringify(row.value.task_id)} in tasks.jsonl` });
    }
  }

  if (problems.length > 0) throw new ReleaseError(problems);
  return {
    benchmark: 'cubebench',
    dir,
    manifest: rel.manifest,
    sha256: rel.sha256,
    manifestSha256: rel.manifestSha256,
    tasks: [...taskRows.values()].map((r) => r.value),
    episodes: [...episodeRows.values()].map((r) => r.value),
    sources,
  };
}
