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
// # GlobeBench: difficulty by impact radius and reach-back
//
// Two difficulty axes: the **impact radius** of the final action (how much of the state it touches,
// L0 to L3) and the **reach-back** (how many turns back the answer's evidence lies). The paper reports
// L0 43.49% -> L3 5.10% and <= 40 turns 42.28% vs > 40 turns 11.44%, every model dropping on both.
// This notebook recomputes Table 14 and Figures 3, 4, 6 and 7 from the regraded release.
//
// > **The bundled release is synthetic**: a sample made by the workbench's seeded generator,
// > calibrated to the paper's published aggregates. It shows the method, not the paper's data.

// %%
import * as dfd from 'danfojs';
import { join } from 'node:path';
import { showTable, showFigure, showFrame, loadGlobebench, repoRoot, DEFAULT_SEED } from 'workbench';
import {
  prepareGlobe,
  table14,
  fig03,
  fig04,
  fig06,
  fig07,
  reachBins,
  refusalsDifficultyTable,
  groupItems,
  reachBand,
  modelOrder,
  modelRateAt,
} from 'workbench/analysis/globebench/index.js';

const release = loadGlobebench(join(repoRoot(), 'data', 'globebench'));
// 2,000 resamples keep this notebook quick; the report uses 10,000
const ctx = prepareGlobe(release, { seed: DEFAULT_SEED, resamples: 2000 });
const _show = async (fig: any) => await showFigure(fig);

// %% [markdown]
// ## Table 14: reach-back band x impact radius
//
// Each cell: items, the mean 20-model success and a 95% bootstrap CI over items.

// %%
showTable(table14(ctx));

// %% [markdown]
// ## Figures 3 and 6: success by radius level, per model
//
// The dotted line is the mean over models; intervals bootstrap the items.

// %%
await showFigure(fig03(ctx));

// %%
await showFigure(fig06(ctx));

// %% [markdown]
// ## Figures 4 and 7: success by reach-back, in right-closed 200-turn bins
//
// Bins are labelled by their upper edge; hollow markers mark bins with fewer than 50 items.

// %%
const bins = reachBins(ctx);
showFrame(new dfd.DataFrame(bins.map((b) => ({ bin: b.label, items: b.idx.length }))));
await showFigure(fig04(ctx));

// %%
await showFigure(fig07(ctx));

// %% [markdown]
// ## Does every model drop?
//
// For each model: success on L0 vs L3, and on reach-back <= 40 vs > 40.

// %%
// the library's item slices: items of a radius level or reach-back band, a model's success on them
const byRadius = groupItems(ctx, (i) => release.items[i].impact_radius);
const byBand = groupItems(ctx, (i) => reachBand(release.items[i].reach_back));
const perModel = modelOrder(ctx).map((m) => ({
  model: m.name,
  L0: modelRateAt(ctx, m.model_id, byRadius.get('L0') ?? []),
  L3: modelRateAt(ctx, m.model_id, byRadius.get('L3') ?? []),
  rb_le_40: modelRateAt(ctx, m.model_id, byBand.get('<=40') ?? []),
  rb_gt_40: modelRateAt(ctx, m.model_id, byBand.get('>40') ?? []),
}));
const df = new dfd.DataFrame(perModel);
showFrame(df, { title: 'Success per model (%)', formats: { L0: 'pct', L3: 'pct', rb_le_40: 'pct', rb_gt_40: 'pct' } });
console.log(
  `models lowest on L3 vs L0: ${perModel.filter((r) => r.L3 < r.L0).length} of ${perModel.length}; dropping past 40 turns: ${perModel.filter((r) => r.rb_gt_40 < r.rb_le_40).length} of ${perModel.length}`,
);

// %% [markdown]
// ## With refusals as missing
//
// The paper counts refusals as failures; the same levels with refusals left out.

// %%
showTable(refusalsDifficultyTable(ctx));
