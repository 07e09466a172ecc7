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
// # Does the paper hold? Every claim of the three papers, with a verdict
//
// The scorecard asks whether each published *number* is reproduced. This notebook asks whether each
// *conclusion* holds, and how sure one can be: the claims of GlobeBench, PAWM and CubeBench (declared
// once, in `analysis/<bench>/claims.ts`, under the ids of `docs/papers.md`, section Claims), each
// judged by the workbench's claims engine with intervals that follow the study design (items
// clustered on the operator who built them, runs nested in tasks, models paired on the same tasks).
// The tables and forest plots below are the ones `reproduce` writes as `OUT/<bench>/claims.*` and
// `fig-claims`: same functions, same seed, same resamples. At the end, a claim of your own, declared
// here and judged by the same engine.
//
// > **The bundled releases are synthetic.** The papers' real releases are not reachable from here, so
// > `data/<bench>` holds samples made by the workbench's own seeded generators, in the release format,
// > calibrated to the papers' published aggregates. A verdict on a sample release shows that the
// > claims can be checked and how, not that the papers' claims hold. Point `releaseDir` at a real
// > release to check a paper itself.

// %%
import { join } from 'node:path';
import {
  showTable,
  showFigure,
  repoRoot,
  DEFAULT_SEED,
  DEFAULT_RESAMPLES,
  VERDICTS,
  judgeClaims,
  claimsTable,
  claimsForestFigure,
  robustnessTable,
  claimCounts,
  claimsLine,
  type Bench,
  type ClaimDeclaration,
  type Table,
} from 'workbench';
import { bench as globebench, designEffectsTable, itemClusters, type GlobeContext } from 'workbench/analysis/globebench/index.js';
import { bench as pawm } from 'workbench/analysis/pawm/index.js';
import { bench as cubebench, episodeColumns, slices, sliceKey, type CubeContext } from 'workbench/analysis/cubebench/index.js';

/** Where each benchmark's release is: the bundled sample; change it to check a real release. */
const releaseDir = (benchmark: string) => join(repoRoot(), 'data', benchmark);
/** The options `reproduce` runs with by default, so every number here is the report's. */
const OPTS = { seed: DEFAULT_SEED, resamples: DEFAULT_RESAMPLES };

/**
 * One benchmark's claims as `reproduce` judges them: the release loaded and its provenance printed,
 * the context prepared, and the claims judged by `judgeClaims` (the function the CLI calls, with the
 * benchmark's own analysis choices for the robustness grid), with
 * the verdict line the report prints above its scorecard.
 */
function judged<R, C>(bench: Bench<R, C>) {
  const release = bench.load(releaseDir(bench.benchmark));
  const p = bench.provenance(release, OPTS);
  console.log(`${p.benchmark}: release ${p.release} ${p.version} (synthetic: ${p.synthetic}), MANIFEST.json sha256 ${p.manifest_sha256 ?? '(none)'}`);
  console.log(`  workbench ${p.workbench}, seed ${p.seed}, ${p.resamples.toLocaleString('en-US')} bootstrap resamples`);
  const ctx = bench.prepare(release, OPTS);
  const { rows, grid } = judgeClaims(bench.claims ?? [], ctx, OPTS, bench.choices?.(ctx) ?? []);
  console.log(`  ${claimsLine(bench.benchmark, claimCounts(rows))}`);
  return { ctx, rows, grid };
}

// %% [markdown]
// ## How to read a verdict
//
// A verdict judges the claimed **direction or threshold**, never the published magnitude (the
// scorecard compares magnitudes): "Astra beats Grok by +21.45 points" holds when Astra is
// significantly ahead, whatever the size. Each claim has an estimate in its own units (a rate or a
// rate difference 0-1, a count, a rank), a 95% interval, and one of these verdicts:
//
// - **holds**: the estimate is on the claimed side and the interval excludes the threshold;
// - **same direction, not significant**: on the claimed side, but the interval contains the threshold;
// - **opposite direction, not significant**: on the other side, the interval containing the threshold;
// - **contradicted**: the interval lies wholly on the other side;
// - **not computable**: the release lacks what the claim needs (the column Missing names the file or field).
//
// The headline interval (and `verdict`) is the two-stage cluster bootstrap (clusters with
// replacement, then units within them) where the claim's units are clustered, the bootstrap over
// units where they are not, and Wilson for the rate of a small cell. Beside it: the verdict of the
// **item bootstrap**, which ignores the clusters (what an analysis that treats every item as
// independent would say), and the **CR1** verdict, estimate +- t(0.975, G - 1) x the cluster-robust
// standard error. `p` is two-sided against the threshold, `p (Holm)` adjusts it over the benchmark's
// claims. For a difference, **MDE** is the smallest effect the design as released detects with 80%
// power, and **Replication** the share of 1,000 simulated replications of the same size whose CR1
// verdict holds. **Robust** is the share of the robustness grid's cells (other interval methods,
// other seeds) that give the same verdict. Special cases: a claim that some rates are 0 holds when
// every count is 0; a count the release fixes holds when recomputed equal; "keeps accuracy" is
// non-inferiority with a 3-point margin; "every model drops" holds only if every model does.

// %%
console.log(VERDICTS.join(' | '));

// %% [markdown]
// ## GlobeBench: items clustered on their operator
//
// GlobeBench items are built by operators, and items of one operator are not independent (the paper
// itself says the operator explains most of the variance of log reach-back). So every interval over
// items here draws operators first, then items within them, and CR1 clusters on the operator; the
// domain is the coarser alternative (`globeClaims('domain')` declares the same claims with it).
// Claims that compare models on the same items are paired on the item.

// %%
const globe = judged(globebench);
showTable(claimsTable(globebench.benchmark, globe.rows, OPTS), 'claims');

// %% [markdown]
// The forest plot: each claim on its own scale (claims are in different units), its estimate with the
// headline, item-bootstrap and CR1 intervals, and the dashed threshold it is judged against. Hover a
// point for its values.

// %%
await showFigure(claimsForestFigure(globebench.benchmark, globe.rows));

// %% [markdown]
// Why the clustering matters: the design effect is the clustered variance of a rate over its naive
// (item) variance, and the ICC how alike the items of one operator are. Where the design effect is
// well above 1, the item bootstrap's interval is too narrow and its verdict too confident.

// %%
showTable(designEffectsTable(globe.ctx));

// %% [markdown]
// ## PAWM: runs nested in tasks, methods paired on tasks
//
// PAWM reports mean +- sd over three runs of the same tasks. Runs of one task are not independent,
// and the methods are run on the same tasks: each comparison is paired on the (task, run) units both
// configurations ran and clustered on the task (two-stage bootstrap over tasks, then runs; CR1 by
// task). "Keeps accuracy" (pitfall-only gating) is judged as non-inferiority, the margin shown in
// the table.

// %%
const pawmClaims = judged(pawm);
showTable(claimsTable(pawm.benchmark, pawmClaims.rows, OPTS), 'claims');

// %%
await showFigure(claimsForestFigure(pawm.benchmark, pawmClaims.rows));

// %% [markdown]
// ## CubeBench: 20 tasks per cell, paired on the task
//
// Each CubeBench cell holds one episode per task, 20 tasks: a pass rate moves in steps of 0.05, and a
// single cell's rate gets a Wilson interval. Comparisons of two cells (models, tiers, rewards,
// agents) are paired on the task; the task is a cluster of one pair, so the cluster bootstrap is the
// paired bootstrap and CR1 the paired t. Many of the published differences rest on a handful of
// tasks: the MDE column says how large a difference this design can detect.

// %%
const cube = judged(cubebench);
showTable(claimsTable(cubebench.benchmark, cube.rows, OPTS), 'claims');

// %%
await showFigure(claimsForestFigure(cubebench.benchmark, cube.rows));

// %% [markdown]
// The robustness grid behind the Robust column (`OUT/<bench>/claims-robustness.*`): each claim's
// verdict under each interval method and under seeds S, S+1 and S+2, one choice at a time.

// %%
showTable(robustnessTable(cubebench.benchmark, cube.grid), undefined, 12);

// %% [markdown]
// ## A claim of your own
//
// A claim is plain data, a `ClaimDeclaration`: an id, the claim in words, where it comes from, the
// estimand, the claimed direction and threshold, the units it is clustered or paired on, the test in
// words, and an `evaluate(ctx)` that reads derived cells of the prepared context and returns raw
// per-unit evidence (`Evidence`: here a `mean` of 0/1 passes with each item's cluster). It computes
// nothing itself: `judgeClaims`, the function `reproduce` calls on the papers' claims, gives it its
// estimate, intervals, p-values and verdicts.
//
// Here: "model X passes more than T of GlobeBench's items", for a model found by its display name,
// clustered on the operator like the paper's claims. Three of them: GPT-6 Astra above 30%, and Grok
// 4.6 above 25% and above 30%.

// %%
/** "`name` passes more than `threshold` of GlobeBench's items", its items clustered on their operator. */
function accuracyAbove(name: string, threshold: number): ClaimDeclaration<GlobeContext> {
  const pct = `${Math.round(threshold * 100)}%`;
  return {
    id: `reader.${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-above-${pct.replace('%', '')}`,
    claim: `${name} passes more than ${pct} of GlobeBench's items.`,
    paper_ref: 'this notebook (a reader)',
    estimand: 'share',
    direction: 'greater',
    threshold,
    units: { clustered_on: 'operator' },
    test: `success against ${threshold}; two-stage cluster bootstrap over operators (headline); CR1 t interval by operator; item bootstrap`,
    evaluate: (ctx) => {
      const model = ctx.models.find((m) => m.name === name);
      const pass = model ? ctx.pass.get(model.model_id) : undefined;
      if (!pass) return { kind: 'not-computable', missing: `models.jsonl: no model named ${name}` };
      return { kind: 'mean', y: Array.from(pass), cluster: itemClusters(ctx, 'operator') };
    },
  };
}

const mine = [accuracyAbove('GPT-6 Astra', 0.3), accuracyAbove('Grok 4.6', 0.25), accuracyAbove('Grok 4.6', 0.3)];
const myRows = judgeClaims(mine, globe.ctx, OPTS).rows;
/** The claims table's layout, retitled: these claims are the reader's, not the paper's. */
const readersTable = (benchmark: string, table: Table): Table => ({
  ...table,
  title: `A reader's claims on ${benchmark}, each with a verdict`,
  source: 'declared in notebook 09-claims',
});
showTable(readersTable(globebench.benchmark, claimsTable(globebench.benchmark, myRows, OPTS)), 'reader-claims');
for (const r of myRows) console.log(`${r.claim_id}: ${r.verdict} (item bootstrap: ${r.verdict_item_bootstrap}; CR1: ${r.verdict_clustered})`);

// %% [markdown]
// `p (Holm)` here adjusts over these three claims, the ones judged together. On the sample release,
// Grok 4.6 above 25% is where the design shows: treated as 1,632 independent items (Item CI) its
// interval clears 25% and the item bootstrap says it holds, but items of one operator move together,
// and the clustered intervals (95% CI, CR1 CI) are several times wider and contain 25%. Compare the
// three verdict columns.
//
// The same works on any benchmark and any derived cell its analysis module exports. CubeBench: "GPT-5's
// Basic agent solves more than half of the symbolic short tasks", the episodes of that slice
// (`slices`, `episodeColumns`), one per task, so the evidence is independent and, being a small
// count, judged on its Wilson interval (`small_counts`).

// %%
const GPT5_SYMBOLIC = { model: 'GPT-5', agent: 'basic', reward: 'none', tier: 'symbolic', horizon: 'short' };
const gpt5Symbolic: ClaimDeclaration<CubeContext> = {
  id: 'reader.gpt5-symbolic-above-half',
  claim: "GPT-5's Basic agent solves more than half of the symbolic short tasks.",
  paper_ref: 'this notebook (a reader)',
  estimand: 'share',
  direction: 'greater',
  threshold: 0.5,
  units: {},
  test: 'pass rate of the cell against 0.5; Wilson interval (20 tasks, one episode each)',
  evaluate: (ctx) => {
    const slice = slices(ctx).get(sliceKey(GPT5_SYMBOLIC));
    if (!slice) return { kind: 'not-computable', missing: `episodes.jsonl: no episode in ${JSON.stringify(GPT5_SYMBOLIC)}` };
    const { pass } = episodeColumns(ctx);
    return { kind: 'mean', y: Array.from(slice.episodes, (i) => pass[i]), cluster: null, small_counts: true };
  },
};
const cubeRows = judgeClaims([gpt5Symbolic], cube.ctx, OPTS).rows;
showTable(readersTable(cubebench.benchmark, claimsTable(cubebench.benchmark, cubeRows, OPTS)), 'reader-claims');
for (const r of cubeRows) console.log(`${r.claim_id}: ${r.verdict} (${r.interval} interval)`);

// %% [markdown]
// To add a claim to a paper's list for good, declare it in `analysis/<bench>/claims.ts` and give it a
// row in `docs/papers.md`, section Claims (`test/docs/claims.test.ts` checks that the two agree);
// `reproduce` then writes it into `OUT/<bench>/claims.*`, the forest plot and the verdict line.
