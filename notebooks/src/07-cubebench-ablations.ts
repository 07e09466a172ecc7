// ---
// jupyter:
//   jupytext:
//     text_representation:
//       extension: .ts
//       format_name: percent
//   kernelspec:
//     display_name: TypeScript
//     language: typescript
//     name: tslab
// ---

// %% [markdown]
// # CubeBench: pass rates recomputed by replaying every episode, and the ablations
//
// The paper reports pass rates of LLM agents solving a Rubik's cube under three observation tiers
// (symbolic string, 2D net picture, partial face / vertex views), with dense rewards (Experiment 2)
// and with solver tools (Experiment 3). Here every episode's actions are replayed on a real cube
// engine, so a pass means the cube *is* solved after the agent's last move, whatever the agent
// claimed. The tables sit next to the published numbers, the solver ablation is turned into a
// per-task diagnosis (planning, translation, exploration), and any episode can be replayed move by
// move.
//
// > **The bundled release is synthetic**: `data/cubebench` is made by the workbench's seeded
// > generator: real scrambles, and simulated agents that really act on the cube, calibrated to the
// > paper's published pass rates. It shows the method, not the paper's data. Point `RELEASE_DIR` at
// > a real release to check the paper itself.

// %%
import { join } from 'node:path';
import {
  showTable,
  showFigure,
  showFrame,
  showHtml,
  loadCubebench,
  repoRoot,
  DEFAULT_SEED,
  DEFAULT_RESAMPLES,
  parseMoves,
  rewardTrace,
  stateFromFacelets,
  phiSticker,
  phiFace,
  phiHeuristic,
  showRecords,
  showRecord,
  matchingRecords,
} from 'workbench';
import {
  prepareCube,
  cubeExplorer,
  cellEpisodes,
  episodeReplayHtml,
  exp1Table,
  exp2Table,
  exp3Table,
  diagnosisTable,
  diagnosisFigure,
  passByDepthFigure,
  makeMoveCallsTable,
  auditTable,
  depthCheckTable,
  denseRewardsTable,
} from 'workbench/analysis/cubebench/index.js';

const RELEASE_DIR = join(repoRoot(), 'data', 'cubebench');
const release = loadCubebench(RELEASE_DIR);
console.log(`release ${release.manifest.version} (synthetic: ${release.manifest.synthetic})`);
console.log(`${release.tasks.length} tasks, ${release.episodes.length} episodes`);

// %% [markdown]
// ## Replay every episode
//
// `prepareCube` parses each episode's actions (a list of moves, or one string of up to 400,000 moves)
// and applies them to its task's start state on the cube engine (54 facelets in a `Uint8Array`, every
// move a precomputed permutation). It also checks each task's declared depth.

// %%
const t0 = Date.now();
const ctx = prepareCube(release, { seed: DEFAULT_SEED, resamples: DEFAULT_RESAMPLES });
const moves = ctx.results.reduce((a, r) => a + r.moves, 0);
console.log(
  `replayed ${ctx.results.length} episodes, ${moves.toLocaleString('en-US')} moves, and checked ${ctx.depth.size} task depths in ${Date.now() - t0} ms`,
);
console.log(`replayed passes: ${ctx.results.filter((r) => r.pass).length}; claimed successes: ${ctx.results.filter((r) => r.claimed).length}`);

// %% [markdown]
// ## Experiment 1: the Basic agent
//
// Pass rate per model, tier (short horizon, depth <= 4) and all tiers at long horizon (depth >= 8),
// with Wilson 95% intervals. With 20 tasks per cell an interval spans about 40 points: differences of
// one or two tasks between models say little.

// %%
showTable(exp1Table(ctx));

// %%
const figDepth = passByDepthFigure(ctx);
await showFigure(figDepth);

// %% [markdown]
// ## Experiment 2: dense rewards
//
// GPT-5's Basic agent with the sparse reward (`none`) and the three potentials: solved faces,
// stickers in place, and minus a distance estimate. The workbench recomputes each reward step by
// step from the replayed states (second table).

// %%
showTable(exp2Table(ctx));

// %%
showTable(denseRewardsTable(ctx));

// %% [markdown]
// ## Experiment 3: solvers, and where each failure comes from
//
// Basic -> Standard-Solver (an optimal solver that needs the exact symbolic state) -> Ideal-Solver
// (the translation into the solver's format is done for the agent). The paper reads the gaps as
// planning, translation and exploration. The diagnosis below does it task by task: each task the
// Basic agent fails is attributed to the first step that fixes it.

// %%
showTable(exp3Table(ctx));

// %%
showTable(diagnosisTable(ctx));
const figDiag = diagnosisFigure(ctx);
await showFigure(figDiag);

// %% [markdown]
// ## Tool use, claims, and task depths
//
// make_move calls per model (the brute-force coders reach hundreds of thousands), the audit of each
// agent's claimed success against the replayed outcome, and the depth check of every task
// (exact up to depth 8 by meet-in-the-middle search in the half-turn metric, bounds beyond).

// %%
showTable(makeMoveCallsTable(ctx));

// %%
showTable(auditTable(ctx));

// %%
showTable(depthCheckTable(ctx));

// %% [markdown]
// ## From a cell to its episodes
//
// Any cell of the tables above is a set of episodes: pick it by model, agent, tier, horizon (or
// depth, pass, claimed) and list them. Here: GPT-5's Basic agent, sparse reward, face-view tier.

// %%
const cellFilter = { model: 'GPT-5', agent: 'basic', reward: 'none', tier: 'face' };
const cellRows = cellEpisodes(ctx, cellFilter);
showFrame(cellRows.orderby('depth', 'episode_id'), { title: `Episodes of ${JSON.stringify(cellFilter)}`, limit: 25, view: 'cell-episodes' });
console.log(`${cellRows.numRows()} episodes, ${cellRows.filter((d: any) => d.pass).numRows()} replayed as solved`);

// %% [markdown]
// The same cell in the report explorer's view (`OUT/cubebench/explore.html`): `cubeExplorer(ctx)`
// gives its records, `showRecords` lists those a query selects (the first 20, then "show all") and
// `showRecord` opens one: what the run claimed beside the replay, the sources (file:line), and the
// replay's first steps as cube nets.

// %%
const episodes = cubeExplorer(ctx);
showRecords(episodes, { kind: 'episode', where: cellFilter });
const firstSolved = matchingRecords(episodes, { kind: 'episode', where: { ...cellFilter, pass: true } })[0];
if (firstSolved !== undefined) showRecord(episodes, 'episode', firstSolved);

// %% [markdown]
// ## Replay an episode move by move
//
// Set `EPISODE_ID` to any episode. Each step draws the cube net after that action (U on top, then
// L F R B, D below), with the two dense potentials; view changes (x, y, z) turn the whole cube and
// leave the potentials unchanged. The default is a GPT-5 face-view episode that solves its task.

// %%
const pick = ctx.results.find((r) => r.model === 'GPT-5' && r.tier === 'face' && r.pass && r.depth >= 3 && r.moves >= 6) ?? ctx.results[0];
const EPISODE_ID = pick.episode_id;

const showEpisode = (id: string, maxSteps = 40) => showHtml(episodeReplayHtml(ctx, id, maxSteps), `episode ${id} replayed`, 'episode-replay');
showEpisode(EPISODE_ID);

// %% [markdown]
// The per-step rewards of that episode under each dense setting, R_t = phi(s_t+1) - phi(s_t):

// %%
{
  const ep = release.episodes.find((e) => e.episode_id === EPISODE_ID)!;
  const start = stateFromFacelets(release.tasks.find((t) => t.task_id === ep.task_id)!.state);
  const ids = parseMoves(ep.actions);
  for (const [name, phi] of [
    ['sticker', phiSticker],
    ['face', phiFace],
    ['heuristic', phiHeuristic],
  ] as const) {
    console.log(`${name.padEnd(9)} R_t: ${rewardTrace(start, ids, phi).rewards.join(' ')}`);
  }
}

// %% [markdown]
// ## A claim the replay does not confirm
//
// An agent that says it solved the cube, and the state its moves actually leave.

// %%
const liar = ctx.results.find((r) => r.claimed && !r.pass && r.moves <= 40);
if (liar) showEpisode(liar.episode_id);
else console.log('no false claims in this release');
