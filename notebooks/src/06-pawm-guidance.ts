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
// # PAWM: when world-model guidance changes a frozen agent's action
//
// This notebook rebuilds the PAWM paper's tables from the raw logs of a release: every episode
// (success, steps, calls) and every agent step (the tentative action, the world model's guidance or
// its silence, the final action), three runs per configuration, on ScienceWorld and WebArena-Lite.
// It covers the pilot study (what the world model should output), the gating ablation (when it should
// speak), the main results, the lexical analysis of guidance that changed the agent's action (weighted
// log-odds with an informative Dirichlet prior, the word cloud), the semantic analysis, and a
// drill-down from any word to the guidance texts behind it.
//
// > **The bundled release is synthetic.** `data/pawm` is a sample made by the workbench's own seeded
// > generator (`src/samples/pawm`), in the release format, calibrated to the paper's published
// > aggregates. The numbers below show that the pipeline reproduces the published structure, not that
// > the paper's claims hold. Point `RELEASE_DIR` at a real release to check the paper itself.

// %%
import * as dfd from 'danfojs';
import * as aq from 'arquero';
import { join } from 'node:path';
import {
  showTable,
  showFigure,
  showFrame,
  showHtml,
  showRecords,
  showRecord,
  matchingRecords,
  loadPawm,
  escapeHtml,
  tokenize,
  repoRoot,
  tableViews,
  DEFAULT_SEED,
  DEFAULT_RESAMPLES,
} from 'workbench';
import {
  preparePawm,
  table01,
  table03,
  table04,
  table05,
  fig02,
  fig03,
  lexicalTable,
  lexicalOf,
  semanticTable,
  lexicalStability,
  wordcloud,
  lexicalTop,
  drillDownWord,
  drillDownWordHtml,
  configMetrics,
  guidanceFrame,
  guidanceWithWord,
  pawmExplorer,
} from 'workbench/analysis/pawm/index.js';

const RELEASE_DIR = join(repoRoot(), 'data', 'pawm');
const release = loadPawm(RELEASE_DIR);
const ctx = preparePawm(release, { seed: DEFAULT_SEED, resamples: DEFAULT_RESAMPLES });
console.log(`release ${release.manifest.version} (synthetic: ${release.manifest.synthetic})`);
console.log(
  `${release.episodes.length} episodes in ${ctx.configs.size} configurations, ${release.steps.length} steps, ${release.labels?.length ?? 0} labelled guidance texts; main agent ${ctx.mainAgent}`,
);

// %% [markdown]
// ## Pilot study (Table 1): what should the world model output?
//
// The world model guides every step, predicting the next observation (Next-Obv), the trajectory up to
// the next subgoal (SubGoal-Traj), or the whole remaining trajectory (Full-Traj). Acc is the mean of
// the three per-run success rates (± their sample sd), IR the share of steps with guidance, ACR the
// share of steps whose final action differs from the tentative one. The paper's point: changing the
// action more often is not the same as helping.

// %%
showTable(table01(ctx));

// %% [markdown]
// ## Gating ablation (Table 3): when should it speak?
//
// The SubGoal-Traj world model again, with a classifier that passes all guidance, only guidance that
// anticipates a pitfall, or only the rest. Calls are the agent's API calls per episode.

// %%
showTable(table03(ctx));

// %% [markdown]
// ## Main results (Table 4), the training-ratio ablation (Table 5) and Figures 2 and 3
//
// Table 4 has 19 columns, too many for one screen: it is shown as three views of the same rows (the
// accuracy beside the paper's, how often the guidance acts, the rank with its interval), each
// repeating the row labels; the JSON, CSV and the report page keep it whole.

// %%
for (const view of tableViews(table04(ctx), [
  {
    name: 'accuracy beside the paper',
    keys: ['train_ratio', 'n_tasks', 'acc', 'acc_sd', 'pass3', 'paper_acc', 'paper_acc_sd', 'delta_acc', 'paper_pass3', 'delta_pass3'],
  },
  { name: 'how often the guidance acts', keys: ['train_ratio', 'intervention_rate', 'action_change_rate', 'calls'] },
  { name: 'rank among the configurations', keys: ['train_ratio', 'rank', 'rank_low', 'rank_high', 'in_leader_group'] },
]))
  showTable(view);
showTable(table05(ctx));

// %%
for (const fig of [fig02(ctx), fig03(ctx)]) await showFigure(fig);

// %% [markdown]
// ## Lexical analysis (Table 2 / 6)
//
// Every guided step is CHANGED (its final action differs from the tentative one) or UNCHANGED.
// Guidance texts are tokenized into lower-cased runs of a-z (an apostrophe between letters kept, no
// stop-word removal), and for each word the weighted log-odds ratio of CHANGED over UNCHANGED is
// computed with an informative Dirichlet prior (Monroe, Colaresi & Quinn 2008; prior = the word's
// pooled count, as in tidylo), per benchmark. Words are ranked by z_min, the smaller of the two
// benchmarks' z, over words seen in both. The tokenizer, on one text:

// %%
const example = release.steps.find((s) => s.guidance !== null && s.final_action !== s.tentative_action)!;
console.log(example.guidance);
console.log(tokenize(example.guidance!).join(' | '));

// %% [markdown]
// The top 25 words, in three views of the same rows: the ranking beside the paper's z_min, then each
// benchmark's counts, log-odds and z.

// %%
const lex = lexicalTable(ctx);
const top = { ...lex, title: `${lex.title} (top 25 of ${lex.rows.length})`, rows: lex.rows.slice(0, 25) };
const perBenchmark = (b: string) => ['rank', `${b}_changed`, `${b}_unchanged`, `${b}_log_odds`, `${b}_z`];
for (const view of tableViews(top, [
  { name: 'ranking', keys: ['rank', 'z_min', 'paper_z_min', 'delta_z_min'] },
  { name: 'ScienceWorld', keys: perBenchmark('scienceworld') },
  { name: 'WebArena-Lite', keys: perBenchmark('webarena_lite') },
]))
  showTable(view);

// %%
for (const fig of [wordcloud(ctx), lexicalTop(ctx)]) await showFigure(fig);

// %% [markdown]
// ## Semantic analysis
//
// A labelled sample of the pilot's guidance: does it anticipate a pitfall? The paper: 76.8% of
// CHANGED guidance does, against 29.0% of UNCHANGED guidance (χ² = 181.1, p < 0.001).

// %%
for (const view of tableViews(semanticTable(ctx), [
  {
    name: 'pitfall shares beside the paper',
    keys: [
      'changed_n',
      'changed_pitfall_n',
      'changed_pitfall',
      'paper_changed_pitfall',
      'delta_changed_pitfall',
      'unchanged_n',
      'unchanged_pitfall_n',
      'unchanged_pitfall',
      'paper_unchanged_pitfall',
      'delta_unchanged_pitfall',
    ],
  },
  { name: 'the chi-square test', keys: ['chi2', 'chi2_yates', 'p', 'p_yates', 'paper_chi2', 'delta_chi2'] },
]))
  showTable(view);

// %% [markdown]
// ## Beyond the paper: how stable is the top-20 word list?
//
// The guidance texts of each benchmark are resampled with replacement and the ranking recomputed
// (200 resamples at most, seeded). A word at 100% is in the top 20 whichever texts happened to be
// logged.

// %%
showTable(lexicalStability(ctx));

// %% [markdown]
// ## Drill down: from a word to the guidance behind it
//
// Change `WORD` to any word of the table: the guidance texts that contain it, whether each changed the
// agent's action (tentative vs final action), and the pitfall label where the step was labelled. A
// word characteristic of CHANGED guidance, then one characteristic of UNCHANGED guidance.

// %%
const WORD = 'without';
showHtml(drillDownWordHtml(drillDownWord(ctx, WORD, { perGroup: 4 })));

// %%
const bottom = lexicalOf(ctx).rows[lexicalOf(ctx).rows.length - 1].word;
showHtml(`<p>Most UNCHANGED-leaning word: <code>${escapeHtml(bottom)}</code></p>` + drillDownWordHtml(drillDownWord(ctx, bottom, { perGroup: 3 })));

// %% [markdown]
// ## Every guided step in one frame
//
// All steps where the world model spoke, as an arquero table: configuration, task, run, step,
// CHANGED or not, the pitfall label where there is one, the two actions and the guidance. Filter it
// by word (the lexical analysis' tokenizer), benchmark or CHANGED, and count.

// %%
const guided = guidanceFrame(ctx);
const withWord = guidanceWithWord(ctx, guided, WORD, { changed: true });
console.log(
  `${guided.numRows()} guided steps; ${guidanceWithWord(ctx, guided, WORD).numRows()} hold "${WORD}", ${withWord.numRows()} of them changed the action`,
);
showFrame(withWord.select('benchmark', 'method', 'task_id', 'run', 'step', 'pitfall', 'tentative_action', 'final_action', 'guidance'), {
  title: `CHANGED guidance holding "${WORD}"`,
  limit: 8,
  view: 'guidance-frame',
});
showFrame(
  guided
    .groupby('benchmark', 'method')
    .rollup({ guided: aq.op.count(), changed: aq.op.sum('changed') })
    .derive({ change_rate: (d: any) => d.changed / d.guided }),
  { title: 'Guided steps and the share that changed the action' },
);

// %% [markdown]
// ## The same records in the report explorer's view
//
// `pawmExplorer(ctx)` gives the records `OUT/pawm/explore.html` opens (episodes and guided steps):
// `showRecords` lists those a query selects (the first 20, then "show all"), here the guided steps
// that changed the action and whose guidance mentions `WORD`, and `showRecord` opens one: its
// configuration, the two actions, the guidance and the pitfall label, and where each comes from
// (file:line).

// %%
const pawmRecords = pawmExplorer(ctx);
const changedWithWord = { kind: 'guided-step', where: { changed: true }, q: WORD };
showRecords(pawmRecords, changedWithWord);
const firstChanged = matchingRecords(pawmRecords, changedWithWord)[0];
if (firstChanged !== undefined) showRecord(pawmRecords, 'guided-step', firstChanged);

// %% [markdown]
// ## Explore with danfojs
//
// Metrics of every configuration of the release in one DataFrame (rates 0-1).

// %%
const df = new dfd.DataFrame(
  [...ctx.configs.values()].map((g) => {
    const m = configMetrics(ctx, g.key, g.episodes);
    return {
      benchmark: g.key.benchmark,
      agent: g.key.agent,
      method: g.key.method,
      gating: g.key.gating,
      ratio: g.key.train_ratio ?? null,
      acc: m.acc,
      pass3: m.pass3,
      ir: m.intervention_rate,
      acr: m.action_change_rate,
      calls: m.calls,
    };
  }),
);
showFrame(df.query(df.agent.eq(ctx.mainAgent)).sortValues('acc', { ascending: false }).head(12));
