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
// # GlobeBench: how models fail
//
// Table 2 splits the failures by model group (open, closed, world models), Table 23 by domain with
// the six answered-failure types. Then what the paper leaves open: field-level partial credit next to
// the all-or-nothing score, refusals counted as missing instead of failed, and how much the headline
// numbers depend on the judge's confidence threshold.
//
// > **The bundled release is synthetic**: a sample made by the workbench's seeded generator,
// > calibrated to the paper's published aggregates. It shows the method, not the paper's data.

// %%
import * as dfd from 'danfojs';
import { join } from 'node:path';
import { showTable, showFrame, showHtml, loadGlobebench, repoRoot, DEFAULT_SEED } from 'workbench';
import {
  prepareGlobe,
  table02,
  table23,
  partialCreditByModel,
  partialCreditBySkill,
  refusalsAsMissingTable,
  judgeSensitivityTable,
  comparePair,
  drillDown,
  drillDownHtml,
} from 'workbench/analysis/globebench/index.js';

const release = loadGlobebench(join(repoRoot(), 'data', 'globebench'));
const ctx = prepareGlobe(release, { seed: DEFAULT_SEED, resamples: 2000 });

// %% [markdown]
// ## Table 2: failure types by model group

// %%
showTable(table02(ctx));

// %% [markdown]
// ## Table 23: failure types by domain

// %%
showTable(table23(ctx));

// %% [markdown]
// ## Partial credit: how close the failures came
//
// Field credit = matched / decided fields. A model can get most fields of a long audit right and still
// fail the item; the near misses below are failures with at least 74% of fields right.

// %%
showTable(partialCreditByModel(ctx));

// %%
showTable(partialCreditBySkill(ctx));

// %%
// one near miss, opened up
const near =
  ctx.grades.find((g) => !g.pass && g.failure_type === 'wrong_value' && g.fields_decided >= 10 && g.fields_matched === g.fields_decided - 1) ??
  ctx.grades.find((g) => !g.pass && g.fields_decided > 1 && g.fields_matched > 0);
if (near) showHtml(drillDownHtml(drillDown(release, near.model_id, near.item_id)));

// %% [markdown]
// ## Refusals as missing
//
// The paper counts refusals as failures; here each model is also scored on the items it answered.

// %%
showTable(refusalsAsMissingTable(ctx));

// %% [markdown]
// ## Judge sensitivity
//
// Only responses with a text field that every deterministic check passed reach the judge. How many
// verdicts, and which headline numbers, move when the terra threshold moves from 0.80?

// %%
showTable(judgeSensitivityTable(ctx));

// %% [markdown]
// ## Any two models, paired
//
// A paired bootstrap over items and an exact McNemar test on the items where they disagree.

// %%
const [m1, m2] = [ctx.models[0], ctx.models[ctx.models.length - 1]];
const cmp = comparePair(ctx, m1.model_id, m2.model_id);
showFrame(new dfd.DataFrame([cmp]));
