import type { z } from 'zod';
import type { Row } from '../io/jsonl.js';
import { MAX_PROBLEMS_PER_FILE, ReleaseError, type Problem } from '../io/problems.js';
import type { Manifest } from '../../format/common.js';
import { episodeKey, RELEASE_FILES, type Episode, type GuidanceLabel, type Step } from '../../format/pawm.js';
import { checkSpellings, checkUnique, openRelease, readReleaseFile, type RawRelease, type ReleaseFile } from './read-release.js';
import type { Source } from './globebench.js';

export interface PawmRelease {
  benchmark: 'pawm';
  dir: string;
  manifest: Manifest;
  sha256: Record<string, string>;
  /** sha256 of MANIFEST.json */
  manifestSha256: string;
  /** in episodes.jsonl order */
  episodes: Episode[];
  /** in steps.jsonl order */
  steps: Step[];
  /** guidance_labels.jsonl, or null when the release has none */
  labels: GuidanceLabel[] | null;
  /** episodeKey -> its steps ordered 1..n */
  stepsByEpisode: Map<string, Step[]>;
  /** stepKey -> its labels, one per labeler, in guidance_labels.jsonl order */
  labelsByStep: Map<string, GuidanceLabel[]>;
  /** the labelers of guidance_labels.jsonl, sorted (empty when the release has none) */
  labelers: string[];
  /** where each episode came from; for steps, the steps file and, per episode, the line of step i at index i - 1 */
  sources: { episode: Map<string, Source>; stepsFile: string; stepLines: Map<string, number[]> };
}

/** The key of one step (a step, its label, or a row naming it): the episode key plus the step number. */
export const stepKey = (r: Pick<Step | GuidanceLabel, 'benchmark' | 'agent' | 'method' | 'gating' | 'train_ratio' | 'task_id' | 'run' | 'step'>): string =>
  `${episodeKey(r)}#${r.step}`;

/** Appends problems up to the per-file cap, then one line saying how many more there were. */
function capped(problems: Problem[], file: string): { push: (p: Problem) => void; close: () => void } {
  let n = 0;
  return {
    push(p) {
      if (n < MAX_PROBLEMS_PER_FILE) problems.push(p);
      n++;
    },
    close() {
      if (n > MAX_PROBLEMS_PER_FILE) problems.push({ file, message: `... and ${n - MAX_PROBLEMS_PER_FILE} more problems of this kind` });
    },
  };
}

/**
 * Loads a PAWM release (docs/release-format.md, PAWM) and checks, beyond each row's schema:
 * unique episode keys; unique (episode, step); every step's episode exists; each episode's steps are
 * numbered exactly 1..n with n its `steps`; every label names an existing step that has guidance.
 * Every problem found is collected; any problem refuses the whole release (ReleaseError).
 */
export function loadPawm(dir: string, rel: RawRelease = openRelease(dir, 'pawm', { schemas: pawmSchemas() })): PawmRelease {
  const problems = rel.problems;
  if (!rel.manifest) throw new ReleaseError(problems);
  if (rel.manifest.benchmark !== 'pawm') {
    problems.push({ file: 'MANIFEST.json', field: 'benchmark', message: `expected "pawm", got ${JSON.stringify(rel.manifest.benchmark)}` });
  }
  const episodesFile = readReleaseFile(rel, RELEASE_FILES.episodes);
  const stepsFile = readReleaseFile(rel, RELEASE_FILES.steps);
  const labelsFile = readReleaseFile(rel, RELEASE_FILES.labels);

  const episodeRows = episodesFile ? checkUnique(episodesFile, episodeKey, 'episode key', problems) : new Map<string, Row<Episode>>();
  // names that group rows: one text written two ways would be two groups that look the same (steps
  // and labels name their episode by the same strings, or are refused as naming no episode)
  if (episodesFile)
    checkSpellings(
      episodesFile,
      [
        ['agent', (v) => v.agent],
        ['method', (v) => v.method],
        ['task_id', (v) => v.task_id],
      ],
      problems,
    );
  if (labelsFile) checkSpellings(labelsFile, [['labeler', (v) => v.labeler]], problems);
  const sources = { episode: new Map<string, Source>(), stepsFile: stepsFile?.path ?? 'steps.jsonl', stepLines: new Map<string, number[]>() };
  for (const [k, r] of episodeRows) sources.episode.set(k, { file: episodesFile!.path, line: r.line });

  // Per episode, the steps by number (index step - 1): cheaper than one map entry per step.
  const stepsByEpisode = new Map<string, Step[]>();
  // per episode key, how many of its steps were filed (its entries in stepsByEpisode)
  const filed = new Map<string, number>();
  // steps checked as they were parsed already share their actions and guidance texts (pawmSchemas)
  if (stepsFile)
    checkSteps(stepsFile, episodeRows, stepsByEpisode, sources.stepLines, filed, problems, rel.checkedWith.get(stepsFile.path) === RELEASE_FILES.steps.schema);

  // each episode's steps must be exactly 1..n
  if (stepsFile && episodesFile) {
    const c = capped(problems, episodesFile.path);
    for (const [k, row] of episodeRows) {
      const list = stepsByEpisode.get(k) ?? [];
      const present = filed.get(k) ?? 0;
      if (present !== row.value.steps) {
        const missing: number[] = [];
        // bounded by the rows present, so an absurd `steps` value cannot make this loop long
        for (let i = 0; i < Math.min(row.value.steps, list.length + 5) && missing.length < 5; i++) if (list[i] === undefined) missing.push(i + 1);
        c.push({
          file: episodesFile.path,
          line: row.line,
          field: 'steps',
          message: `episode has steps = ${row.value.steps}, but ${stepsFile.path} has ${present} step row(s) for it (missing step ${missing.join(', ')}${row.value.steps - present > missing.length ? ', ...' : ''}); expected steps numbered 1..${row.value.steps}`,
        });
      }
      if (!stepsByEpisode.has(k)) stepsByEpisode.set(k, list);
    }
    c.close();
  }

  // a step may carry several labels, one per labeler (docs/release-format.md)
  const labelsByStep = new Map<string, GuidanceLabel[]>();
  if (labelsFile) {
    const c = capped(problems, labelsFile.path);
    const firstLine = new Map<string, number>();
    for (const row of labelsFile.rows) {
      const l = row.value;
      const ek = episodeKey(l);
      const k = `${ek}#${l.step}`;
      const first = firstLine.get(`${k}\u0000${l.labeler}`);
      const step = stepsByEpisode.get(ek)?.[l.step - 1];
      if (first !== undefined)
        c.push({
          file: labelsFile.path,
          line: row.line,
          field: 'labeler',
          message: `second label by labeler ${JSON.stringify(l.labeler)} for step ${k} (first at line ${first}); expected one label per labeler and step`,
        });
      else if (!episodeRows.has(ek)) c.push({ file: labelsFile.path, line: row.line, field: 'task_id', message: `no episode ${ek} in episodes.jsonl` });
      else if (!step) c.push({ file: labelsFile.path, line: row.line, field: 'step', message: `no step ${l.step} of episode ${ek} in steps.jsonl` });
      else if (step.guidance === null)
        c.push({
          file: labelsFile.path,
          line: row.line,
          field: 'step',
          message: `step ${l.step} of episode ${ek} has no guidance (guidance is null); labels describe guidance`,
        });
      else {
        firstLine.set(`${k}\u0000${l.labeler}`, row.line);
        const list = labelsByStep.get(k);
        if (list) list.push(l);
        else labelsByStep.set(k, [l]);
      }
    }
    c.close();
  }

  if (problems.length > 0) throw new ReleaseError(problems);
  return {
    benchmark: 'pawm',
    dir,
    manifest: rel.manifest,
    sha256: rel.sha256,
    manifestSha256: rel.manifestSha256,
    episodes: [...episodeRows.values()].map((r) => r.value),
    steps: stepsFile!.rows.map((r) => r.value),
    labels: labelsFile ? labelsFile.rows.map((r) => r.value) : null,
    stepsByEpisode,
    labelsByStep,
    labelers: labelsFile ? [...new Set(labelsFile.rows.map((r) => r.value.labeler))].sort() : [],
    sources,
  };
}

/**
 * The row schemas, for checking each row as it is parsed (OpenOptions.schemas). A step takes the
 * strings of its episode key from the previous step when they are equal (steps come grouped by
 * episode), its final action from its tentative one when equal, and its guidance from the first step
 * giving the same text: the copies JSON.parse made die young instead of being kept until checkSteps
 * shares the strings (as it still does, with the episode's).
 */
function pawmSchemas(): (logical: string) => { schema: z.ZodTypeAny; adopt?: (value: Record<string, unknown>) => void } | undefined {
  let prev: Record<string, unknown> | undefined;
  const texts = new Map<string, string>();
  const adoptStep = (v: Record<string, unknown>): void => {
    if (prev !== undefined) {
      if (v.benchmark === prev.benchmark) v.benchmark = prev.benchmark;
      if (v.agent === prev.agent) v.agent = prev.agent;
      if (v.method === prev.method) v.method = prev.method;
      if (v.gating === prev.gating) v.gating = prev.gating;
      if (v.task_id === prev.task_id) v.task_id = prev.task_id;
    }
    if (v.final_action === v.tentative_action) v.final_action = v.tentative_action;
    if (typeof v.guidance === 'string') {
      const same = texts.get(v.guidance);
      if (same === undefined) texts.set(v.guidance, v.guidance);
      else v.guidance = same;
    }
    prev = v;
  };
  return (logical) => {
    if (logical === RELEASE_FILES.episodes.name) return { schema: RELEASE_FILES.episodes.schema };
    if (logical === RELEASE_FILES.steps.name) return { schema: RELEASE_FILES.steps.schema, adopt: adoptStep };
    if (logical === RELEASE_FILES.labels.name) return { schema: RELEASE_FILES.labels.schema };
    return undefined;
  };
}

/** Whether two rows name the same episode (the fields of its key are equal). */
function sameEpisode(a: Step, b: Step | Episode): boolean {
  return (
    a.run === b.run &&
    a.task_id === b.task_id &&
    a.method === b.method &&
    a.agent === b.agent &&
    a.train_ratio === b.train_ratio &&
    a.gating === b.gating &&
    a.benchmark === b.benchmark
  );
}

/**
 * Checks every step against its episode and files it by number. Steps come grouped by episode, so
 * the episode key string is built only when the episode changes from the previous row. A stored
 * step shares its key strings with its episode, its final action with its tentative one when they
 * are equal, and its guidance with every other step giving the same text: the release holds each
 * string once instead of once per step. (`shared`: the steps share the last two already.)
 */
function checkSteps(
  file: ReleaseFile<Step>,
  episodeRows: Map<string, Row<Episode>>,
  stepsByEpisode: Map<string, Step[]>,
  stepLines: Map<string, number[]>,
  filed: Map<string, number>,
  problems: Problem[],
  shared: boolean,
): void {
  const c = capped(problems, file.path);
  const texts = new Map<string, string>();
  let prev: Step | undefined;
  let ek = '';
  let ep: Row<Episode> | undefined;
  // the current episode's entries of stepLines and stepsByEpisode, looked up when the episode changes
  let lines: number[] | undefined;
  let list: Step[] | undefined;
  // steps of the current episode filed since it became current, added to `filed` when it changes
  let count = 0;
  // the episodes in file order: steps usually follow it, so the next episode is tried before a key is
  // built (equal fields give the same key, and the map holds that key's row)
  const order = episodeRows.entries();
  let next = order.next();
  for (const row of file.rows) {
    const s = row.value;
    if (prev === undefined || !sameEpisode(s, prev)) {
      if (count) filed.set(ek, (filed.get(ek) ?? 0) + count);
      count = 0;
      if (!next.done && sameEpisode(s, next.value[1].value)) {
        [ek, ep] = next.value;
        next = order.next();
      } else {
        ek = episodeKey(s);
        ep = episodeRows.get(ek);
      }
      lines = stepLines.get(ek);
      list = stepsByEpisode.get(ek);
    }
    prev = s;
    const first = lines?.[s.step - 1];
    if (!ep) {
      c.push({ file: file.path, line: row.line, field: 'task_id', message: `no episode ${ek} in episodes.jsonl` });
    } else if (first !== undefined) {
      c.push({ file: file.path, line: row.line, field: 'step', message: `duplicate step ${s.step} of episode ${ek} (first at line ${first})` });
    } else if (s.step > ep.value.steps) {
      c.push({
        file: file.path,
        line: row.line,
        field: 'step',
        message: `step ${s.step} is beyond the episode's steps = ${ep.value.steps} (expected 1..${ep.value.steps})`,
      });
    } else if (s.step > file.rows.length) {
      // checked before the step is stored by its number: step 4e9 would make a 4e9-long array to loop over
      c.push({
        file: file.path,
        line: row.line,
        field: 'step',
        message: `step ${s.step} of episode ${ek}, but ${file.path} has only ${file.rows.length} row(s), so no episode can have that many steps`,
      });
    } else {
      if (!lines) stepLines.set(ek, (lines = []));
      lines[s.step - 1] = row.line;
      if (!list) stepsByEpisode.set(ek, (list = []));
      list[s.step - 1] = s;
      count++;
      const e = ep.value;
      s.benchmark = e.benchmark;
      s.agent = e.agent;
      s.method = e.method;
      s.gating = e.gating;
      s.task_id = e.task_id;
      if (shared) continue;
      if (s.final_action === s.tentative_action) s.final_action = s.tentative_action;
      if (s.guidance !== null) {
        const same = texts.get(s.guidance);
        if (same === undefined) texts.set(s.guidance, s.guidance);
        else s.guidance = same;
      }
    }
  }
  if (count) filed.set(ek, (filed.get(ek) ?? 0) + count);
  c.close();
}
