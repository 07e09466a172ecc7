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
// # GlobeBench: the items no model solves
//
// The paper: 631 of the 1,632 items are solved by none of the 20 models, 87.6% of them L3. Table 19
// counts the items solved by exactly k models; Table 20 breaks the unsolved ones down. Then a
// drill-down into an unsolved item: what each model answered, and how close it came.
//
// > **The bundled release is synthetic**: a sample made by the workbench's seeded generator,
// > calibrated to the paper's published aggregates. It shows the method, not the paper's data.

// %%
import * as aq from 'arquero';
import { join } from 'node:path';
import { showTable, showFigure, showFrame, showHtml, loadGlobebench, repoRoot, DEFAULT_SEED, escapeHtml, type Figure } from 'workbench';
import { prepareGlobe, table19, table20, drillDown, drillDownHtml, partialCredit, passCounts } from 'workbench/analysis/globebench/index.js';

const release = loadGlobebench(join(repoRoot(), 'data', 'globebench'));
const ctx = prepareGlobe(release, { seed: DEFAULT_SEED, resamples: 1000 });

// %% [markdown]
// ## Table 19: items solved by exactly k models

// %%
const t19 = table19(ctx);
showTable(t19);
const fig: Figure = {
  id: 'table19-bars',
  title: 'Items solved by exactly k models',
  source: 'Table 19',
  spec: {
    width: 480,
    height: 220,
    data: { values: t19.rows },
    mark: { type: 'bar', tooltip: true },
    encoding: { x: { field: 'k', type: 'ordinal', title: 'models that solve the item' }, y: { field: 'items', type: 'quantitative' } },
  },
};
await showFigure(fig);

// %% [markdown]
// ## Table 20: the unsolved items by skill, domain, radius and reach-back

// %%
showTable(table20(ctx));

// %% [markdown]
// ## Drill down
//
// The unsolved items, with the best field-level credit any model reached on each: the near misses
// (most fields right, one wrong) are the first place to look for a grading or gold-state problem.

// %%
const solvedBy = passCounts(ctx); // models passing each item, in items.jsonl order
const unsolved = release.items.filter((_, i) => solvedBy[i] === 0);
const best = new Map<string, { credit: number; model: string }>();
for (const g of ctx.grades) {
  const c = partialCredit(g);
  if (c === null || solvedBy[ctx.itemIndex.get(g.item_id)!] > 0) continue;
  const cur = best.get(g.item_id);
  if (!cur || c > cur.credit) best.set(g.item_id, { credit: c, model: g.model_id });
}
const nearMisses = aq.from(
  unsolved
    .map((it) => ({
      item_id: it.item_id,
      skill: it.skill,
      radius: it.impact_radius,
      reach_back: it.reach_back,
      best_credit: best.get(it.item_id)?.credit ?? null,
      best_model: best.get(it.item_id)?.model ?? null,
    }))
    .sort((a, b) => (b.best_credit ?? -1) - (a.best_credit ?? -1) || a.item_id.localeCompare(b.item_id)),
);
showFrame(nearMisses, { limit: 10 });

// %%
// the nearest miss, model by model
if (nearMisses.numRows() === 0) console.log('every item is solved by at least one model in this release');
else {
  const top = nearMisses.object(0) as { item_id: string; best_model: string | null };
  const model = top.best_model ?? ctx.models[0].model_id;
  showHtml(`<p>Item <code>${escapeHtml(top.item_id)}</code>, best attempt by <code>${escapeHtml(model)}</code>:</p>`);
  showHtml(drillDownHtml(drillDown(release, model, top.item_id)));
  const rows = ctx.grades
    .filter((g) => g.item_id === top.item_id)
    .map((g) => ({ model: g.model_id, failure: g.failure_type, matched: g.fields_matched, decided: g.fields_decided, decided_by: g.decided_by }));
  showFrame(aq.from(rows));
}
