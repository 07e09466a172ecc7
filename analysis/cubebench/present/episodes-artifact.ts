import type { Artifact } from '../../../src/present/report/write-report.js';
import type { CubeContext } from '../derive/context.js';

/** One row per episode: what replay found beside what the agent claimed; every table aggregates these. */
export function episodesArtifact(ctx: CubeContext): Artifact {
  let content = '';
  for (const r of ctx.results) {
    content +=
      JSON.stringify({
        episode_id: r.episode_id,
        replayed_pass: r.pass,
        claimed_success: r.claimed,
        final_state: r.final,
        moves_applied: r.moves,
        face_turns: r.faceTurns,
        make_move_calls: r.make_move_calls,
        model: r.model,
        agent: r.agent,
        reward: r.reward,
        tier: r.tier,
        task_id: r.task_id,
        depth: r.depth,
        horizon: r.horizon,
        end: r.end,
      }) + '\n';
  }
  return { file: 'episodes.jsonl', content };
}
