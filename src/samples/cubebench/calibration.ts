/**
 * Calibration constants of the CubeBench sample release: how many of a cell's 20 tasks the
 * simulated agent is set up to solve, chosen so that the replayed pass rates land on the paper's
 * published ones (which move in steps of 0.05). They are the generator's inputs, typed here as
 * counts; the workbench never reads them. Everything else about an episode (its actions) is
 * simulated on the cube, and only replay decides whether it passes.
 */

export type Tier = 'symbolic' | 'visual' | 'face' | 'vertex';
type Horizon = 'short' | 'long';
type AgentKind = 'basic' | 'standard_solver' | 'ideal_solver';
export type Reward = 'none' | 'face' | 'sticker' | 'heuristic';

const TIERS: Tier[] = ['symbolic', 'visual', 'face', 'vertex'];
export const SHORT_DEPTHS = [1, 2, 3, 4];
export const LONG_DEPTHS = [8, 12, 16, 20];
export const TASKS_PER_DEPTH = 5;

export interface CellPlan {
  model: string;
  agent: AgentKind;
  reward: Reward;
  tier: Tier;
  horizon: Horizon;
  /** tasks (of 20) the simulated agent is set up to solve */
  solves: number;
  /** how the simulated agent acts: an LLM, the policy-gradient MLP, or a brute-force coder */
  style: 'llm' | 'mlp' | 'bruteforce';
}

/** short-horizon counts per tier (symbolic, visual, face, vertex); long horizon: 0 everywhere */
const BASIC: Record<string, [number, number, number, number]> = {
  'GPT-5': [15, 4, 8, 1],
  'Grok-4': [4, 1, 0, 0],
  'Gemini 2.5 Pro': [2, 1, 1, 0],
  'Claude Sonnet 4': [1, 0, 0, 0],
  'GPT-4o': [0, 0, 2, 0],
};

/** GPT-5 with dense rewards, short horizon per tier; long horizon 0 */
const DENSE: Record<'face' | 'sticker' | 'heuristic', [number, number, number, number]> = {
  face: [17, 11, 10, 8],
  sticker: [13, 11, 11, 10],
  heuristic: [10, 9, 13, 6],
};

/** solver agents: symbolic-short, symbolic-long, visual-short, face-short, vertex-short */
const SOLVERS: { model: string; agent: AgentKind; solves: [number, number, number, number, number] }[] = [
  { model: 'GPT-5', agent: 'standard_solver', solves: [19, 19, 13, 20, 0] },
  { model: 'GPT-5', agent: 'ideal_solver', solves: [20, 20, 19, 17, 0] },
  { model: 'Claude Sonnet 4', agent: 'ideal_solver', solves: [20, 20, 0, 0, 0] },
];

/** Every cell of the sample release, in a fixed order. */
export function cellPlans(): CellPlan[] {
  const out: CellPlan[] = [];
  for (const [model, counts] of Object.entries(BASIC)) {
    TIERS.forEach((tier, i) => out.push({ model, agent: 'basic', reward: 'none', tier, horizon: 'short', solves: counts[i], style: 'llm' }));
    for (const tier of TIERS) out.push({ model, agent: 'basic', reward: 'none', tier, horizon: 'long', solves: 0, style: 'llm' });
  }
  // the MLP sees the symbolic state only
  out.push({ model: 'MLP (policy gradient)', agent: 'basic', reward: 'none', tier: 'symbolic', horizon: 'short', solves: 15, style: 'mlp' });
  out.push({ model: 'MLP (policy gradient)', agent: 'basic', reward: 'none', tier: 'symbolic', horizon: 'long', solves: 0, style: 'mlp' });
  // brute-force coders the paper names only for their call counts (InternVL-3 sees images, Kimi K2 text);
  // their outcomes are left entirely to the simulated brute force
  for (const h of ['short', 'long'] as const) {
    out.push({ model: 'InternVL-3', agent: 'basic', reward: 'none', tier: 'visual', horizon: h, solves: -1, style: 'bruteforce' });
    out.push({ model: 'Kimi K2', agent: 'basic', reward: 'none', tier: 'symbolic', horizon: h, solves: -1, style: 'bruteforce' });
  }
  for (const [reward, counts] of Object.entries(DENSE) as ['face' | 'sticker' | 'heuristic', [number, number, number, number]][]) {
    TIERS.forEach((tier, i) => out.push({ model: 'GPT-5', agent: 'basic', reward, tier, horizon: 'short', solves: counts[i], style: 'llm' }));
    for (const tier of TIERS) out.push({ model: 'GPT-5', agent: 'basic', reward, tier, horizon: 'long', solves: 0, style: 'llm' });
  }
  for (const s of SOLVERS) {
    const cells: [Tier, Horizon][] = [
      ['symbolic', 'short'],
      ['symbolic', 'long'],
      ['visual', 'short'],
      ['face', 'short'],
      ['vertex', 'short'],
    ];
    cells.forEach(([tier, horizon], i) => out.push({ model: s.model, agent: s.agent, reward: 'none', tier, horizon, solves: s.solves[i], style: 'llm' }));
  }
  return out;
}
