import type { Artifact } from '../../../src/present/report/write-report.js';
import type { CubeContext } from '../derive/context.js';
import { traces } from '../derive/traces.js';

/** reward-traces.jsonl: each dense-reward episode's per-step potentials and rewards, or a summary of a long one. */
export function tracesArtifact(ctx: CubeContext): Artifact {
  const lines = traces(ctx).map((t) =>
    t.phi !== null
      ? JSON.stringify({ episode_id: t.episode_id, reward: t.reward, replayed_pass: t.pass, phi: t.phi, rewards: t.rewards })
      : JSON.stringify({
          episode_id: t.episode_id,
          reward: t.reward,
          replayed_pass: t.pass,
          summarised: true,
          steps: t.steps,
          positive_steps: t.positive,
          negative_steps: t.negative,
          phi_start: t.phi_start,
          phi_end: t.phi_end,
        }),
  );
  return { file: 'reward-traces.jsonl', content: lines.length ? lines.join('\n') + '\n' : '' };
}
