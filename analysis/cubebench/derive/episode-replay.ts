import type { Episode, Task } from '../../../src/format/cubebench.js';
import { phiFace, phiSticker } from '../../../src/domain/cube/potentials.js';
import { replaySteps } from '../../../src/domain/cube/replay.js';
import { stateFromFacelets } from '../../../src/domain/cube/state.js';
import { derivedBy } from '../../../src/derive/memo.js';
import type { CubeContext } from './context.js';

/** One step of a replayed episode: the action, the facelets after it, and the sticker and face potentials there. */
export interface ReplayedStep {
  /** 0 is the start (no action) */
  step: number;
  move: string | null;
  facelets: string;
  solved: boolean;
  phiSticker: number;
  phiFace: number;
}

/** An episode replayed move by move, for drawing. */
export interface EpisodeReplay {
  episode: Episode;
  task: Task;
  /** the start and at most `maxSteps` steps after it */
  steps: ReplayedStep[];
  /** the episode's actions, rotations included (what prepare replayed) */
  total: number;
  /** the cube is solved after the last action */
  pass: boolean;
}

/**
 * One episode replayed step by step on its task's start state, at most `maxSteps` steps kept (an
 * episode can hold 400,000 moves), with the potentials after each step; once per context, episode
 * and step limit. An unknown episode id is an error naming it.
 */
export const episodeReplay = derivedBy(
  (ctx: CubeContext, q: { episode_id: string; maxSteps: number }): EpisodeReplay => {
    const i = ctx.release.episodes.findIndex((e) => e.episode_id === q.episode_id);
    if (i < 0) throw new Error(`no episode ${JSON.stringify(q.episode_id)} in this release`);
    const episode = ctx.release.episodes[i];
    const task = ctx.tasks.get(episode.task_id)!;
    const steps = replaySteps(task.state, episode.actions, q.maxSteps).map((s) => {
      const st = stateFromFacelets(s.facelets);
      return { ...s, phiSticker: phiSticker(st), phiFace: phiFace(st) };
    });
    return { episode, task, steps, total: ctx.results[i].moves, pass: ctx.results[i].pass };
  },
  (q) => JSON.stringify([q.episode_id, q.maxSteps]),
);
