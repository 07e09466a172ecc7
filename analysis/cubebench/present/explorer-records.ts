import type { ExplorerContent, RecordDetail } from '../../../src/present/explore/explorer.js';
import type { Cell } from '../../../src/present/tables/table.js';
import type { CubeContext } from '../derive/context.js';
import { episodeReplay } from '../derive/episode-replay.js';

/** How many steps of an episode its view draws as cube nets. */
const NET_STEPS = 40;

const at = (s?: { file: string; line: number }) => (s ? `${s.file}:${s.line}` : 'not in this release');

/**
 * CubeBench's records for the explorer: every episode as replayed (`ctx.results`), opening into its
 * replay as cube nets (the start and the first steps; the page draws each net from its 54 facelets
 * with the colours of src/present/cube-net-svg.ts) beside what the run claimed.
 */
export function cubeExplorer(ctx: CubeContext): ExplorerContent {
  const rows: Record<string, Cell>[] = [];
  const details: RecordDetail[] = [];
  for (const r of ctx.results) {
    rows.push({
      episode_id: r.episode_id,
      model: r.model,
      agent: r.agent,
      reward: r.reward,
      tier: r.tier,
      horizon: r.horizon,
      task_id: r.task_id,
      depth: r.depth,
      pass: r.pass,
      claimed: r.claimed,
      end: r.end,
      moves: r.moves,
      make_move_calls: r.make_move_calls,
    });
    const replay = episodeReplay(ctx, { episode_id: r.episode_id, maxSteps: NET_STEPS });
    details.push({
      sections: [
        {
          type: 'facts',
          title: `Episode ${r.episode_id}`,
          facts: [
            ['model / agent / reward', `${r.model} / ${r.agent} / ${r.reward}`],
            ['task', `${replay.task.task_id} (depth ${replay.task.depth}, tier ${r.tier}, horizon ${r.horizon})`],
            ['scramble', replay.task.scramble],
            ['actions', `${replay.total}${replay.total > NET_STEPS ? ` (the first ${NET_STEPS} drawn)` : ''}; make_move calls ${r.make_move_calls}`],
            ['the run claimed success', r.claimed ? 'yes' : 'no'],
            ['replayed', r.pass ? 'solved' : 'not solved'],
            ["the run's own end reason (`end`)", r.end],
            ['episode at', at(ctx.release.sources.episode.get(r.episode_id))],
            ['task at', at(ctx.release.sources.task.get(r.task_id))],
          ],
        },
        {
          type: 'nets',
          title: 'Replay (U on top, then L F R B, D below)',
          nets: replay.steps.map((s) => ({
            caption: `${s.step === 0 ? 'start' : `${s.step}: ${s.move}`} \u00b7 stickers ${s.phiSticker} \u00b7 faces ${s.phiFace}${s.solved ? ' \u00b7 solved' : ''}`,
            facelets: s.facelets,
          })),
        },
      ],
    });
  }
  return {
    release: { dir: ctx.release.dir, sha256: ctx.release.sha256 },
    kinds: [
      {
        kind: {
          kind: 'episode',
          label: 'Episodes',
          columns: ['episode_id', 'model', 'agent', 'reward', 'tier', 'horizon', 'depth', 'pass', 'claimed', 'moves'].map((key) => ({
            key,
            label: key.replace('_', ' '),
          })),
          facets: ['model', 'agent', 'reward', 'tier', 'horizon', 'depth', 'pass', 'claimed', 'end'],
          search: ['episode_id', 'task_id', 'model'],
        },
        rows,
        detailOf: (i) => details[i],
      },
    ],
  };
}
