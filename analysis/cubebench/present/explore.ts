import type * as aq from 'arquero';
import { arquero } from '../../../src/present/notebook/arquero.js';
import { cubeNetSvg } from '../../../src/present/cube-net-svg.js';
import { escapeHtml } from '../../../src/present/report/escape-html.js';
import type { CubeContext, EpisodeResult } from '../derive/context.js';
import { episodeReplay } from '../derive/episode-replay.js';

/**
 * Exploration of a replayed CubeBench release, for notebooks: the episodes behind one cell of a
 * pass-rate table (model x agent x tier x horizon ...) as an arquero table, and any episode
 * replayed move by move as cube nets. Both read what derive replayed (ctx.results, episodeReplay).
 */

/** A cell of the pass-rate tables; each given key must match. */
export interface EpisodeFilter {
  model?: string;
  agent?: string;
  reward?: string;
  tier?: string;
  horizon?: string;
  depth?: number;
  pass?: boolean;
  claimed?: boolean;
}

export function matchesEpisode(r: EpisodeResult, f: EpisodeFilter): boolean {
  return (Object.keys(f) as (keyof EpisodeFilter)[]).every((k) => f[k] === undefined || r[k] === f[k]);
}

/** The replayed episodes of a cell (every episode when the filter is empty), one row each. */
export function cellEpisodes(ctx: CubeContext, f: EpisodeFilter = {}): aq.ColumnTable {
  const rows = ctx.results
    .filter((r) => matchesEpisode(r, f))
    .map((r) => ({
      episode_id: r.episode_id,
      model: r.model,
      agent: r.agent,
      reward: r.reward,
      tier: r.tier,
      task_id: r.task_id,
      depth: r.depth,
      horizon: r.horizon,
      pass: r.pass,
      claimed: r.claimed,
      end: r.end,
      moves: r.moves,
      make_move_calls: r.make_move_calls,
    }));
  return arquero().from(rows);
}

/**
 * One episode replayed (the derived `episodeReplay`): the cube net after each action (U on top, then
 * L F R B, D below), with the sticker and face potentials; at most `maxSteps` drawn. Every string
 * from the release is escaped.
 */
export function episodeReplayHtml(ctx: CubeContext, episode_id: string, maxSteps = 40): string {
  const { episode: ep, task, steps, total, pass } = episodeReplay(ctx, { episode_id, maxSteps });
  const cells = steps.map((s) => {
    const caption = `${s.step === 0 ? 'start' : `${s.step}: ${s.move}`} · stickers ${s.phiSticker} · faces ${s.phiFace}${s.solved ? ' · solved' : ''}`;
    return `<div style="margin:4px">${cubeNetSvg(s.facelets, { size: 11, caption })}</div>`;
  });
  return (
    `<div data-wb-view="episode-replay"><p><strong>${escapeHtml(episode_id)}</strong>: task ${escapeHtml(task.task_id)} (depth ${task.depth}, scramble <code>${escapeHtml(task.scramble)}</code>), ` +
    `${total} actions${total > maxSteps ? ` (first ${maxSteps} drawn)` : ''}; claimed success: ${ep.claimed_success}; replayed: ${pass ? 'solved' : 'not solved'}; why the run ended, as it logged it: ${escapeHtml(ep.end)}</p>` +
    `<div style="display:flex;flex-wrap:wrap">${cells.join('')}</div></div>`
  );
}
