import type { ScorecardSpec } from '../../src/present/report/scorecard.js';

/**
 * GlobeBench's published numbers (../shared/papers/TARGETS.md), keyed by the id of the analysis that
 * prints them (`PAPER['table14']`). Read only to fill the "paper" and "delta" columns; nothing is
 * computed from them. Rates are 0-1; null = not published.
 */
export const PAPER = {
  table01: {
    /** overall success by model name, with the published rank */
    models: {
      'GPT-6 Astra': { success: 0.4957, rank: 1 },
      'Grok 4.6': { success: 0.2813, rank: 2 },
      'Qwen-AgentWorld': { success: 0.1446, rank: 15 },
      DWM: { success: 0.0521, rank: 19 },
    } as Record<string, { success: number; rank: number }>,
    medianGeneral: 0.21,
  },
  'table01-paired': {
    a: 'GPT-6 Astra',
    b: 'Grok 4.6',
    diff: 0.2145,
    ci_low: 0.1912,
    ci_high: 0.2377,
    net_items: 350,
  },
  table02: {
    /** keyed by the table's group ids; shares of answered failures, no_response = share of the group's responses */
    groups: {
      all: { answered_failures: 22431, wrong_value: 0.5321, structure_only: 0.2295, no_state_fields: 0.2384 },
      open: { wrong_value: 0.5822 },
      closed: { wrong_value: 0.4769, structure_only: 0.3154, no_response: 0.1933 },
    } as Record<string, Partial<Record<'answered_failures' | 'wrong_value' | 'structure_only' | 'no_state_fields' | 'no_response', number>>>,
    /** "almost all Claude refusals" among closed models' unusable responses */
    claudeRefusals: 3696,
  },
  table14: {
    radius: {
      L0: { items: 552, success: 0.4349 },
      L1: { items: 33 },
      L2: { items: 59 },
      L3: { items: 977, success: 0.051 },
    } as Record<string, { items?: number; success?: number }>,
    band: {
      '<=40': { items: 408, success: 0.4228 },
      '>40': { items: 1192, success: 0.1144 },
    } as Record<string, { items?: number; success?: number }>,
    /** L3 minus L0 */
    radiusDiff: -0.3838,
    /** > 40 minus <= 40 */
    bandDiff: -0.3084,
    bandDiffWithinSkill: -0.2511,
    itemsWithoutRadius: 11,
    itemsWithoutReachBack: 32,
  },
  table18: { skills: 19, dwmSkillsBelowMedian: 19 },
  table19: { k0: 631 },
  table20: { unsolved: 631, shareL3: 0.876 },
  table22: {
    error: { items: 155, success: 0.5316 },
    normal: { items: 1477, success: 0.1616 },
    pooledDiff: 0.37,
    withinOperatorDiff: 0.0457,
  },
  table03: {
    annotators: 6,
    items: 200,
    anchors: 80,
    agreement: {
      state_coherence: 1.0,
      constraint_enforcement: 0.975,
      outcome_correctness: 0.945,
      interface_realism: 0.808,
    } as Record<string, number>,
    humanMean: { state_coherence: 5.0 } as Record<string, number>,
    llmMean: { state_coherence: 4.73 } as Record<string, number>,
    dimensionsAgreeing: 2,
    auditItems: 1627,
    auditItemsTotal: 1632,
    auditPass: 0.9969,
  },
  // the paper's pooled radius number (-38.38) is L3 minus L0, not L3 minus L0-L2: no pooled target here
  'mh-radius-operator': { pooled_diff: null, mh_diff: 0.1209, strata_both: 21 },
  'mh-outcome-operator': { pooled_diff: 0.37, mh_diff: 0.0457 },
  'mh-reachback-skill': { pooled_diff: -0.3084, mh_diff: -0.2511 },
  entanglement: { eta: 0.69, logReachbackR2: 0.8164, l3Long: 952, l3: 977, l3Declared: 953 },
  'astra-vs-rest': { netItems: 350, l3LongAmongAstraOnly: 272, astraOnL3Long: 0.335, othersMedianOnL3Long: 0.022 },
  'decision-given-state': { peers_low: 0.61, peers_high: 0.91, astra_above: 0.99 },
} as const;

/**
 * What each published number in a table is compared with, for the scorecard (summary.json). A
 * column `paper_X` is compared with `X` unless listed here; a bare `paper` column always is.
 */
export const SCORECARD: ScorecardSpec = {
  table01: { rowKeys: ['model'], comparisons: [{ paper: 'paper', recomputed: 'success', ci: ['ci_low', 'ci_high'] }] },
  'table01-paired': { rowKeys: ['a', 'b'], comparisons: [{ paper: 'paper', recomputed: 'diff', ci: ['ci_low', 'ci_high'] }] },
  table14: { comparisons: [{ paper: 'paper', recomputed: 'success', ci: ['ci_low', 'ci_high'] }] },
  table19: { comparisons: [{ paper: 'paper', recomputed: 'items' }] },
  table22: {
    comparisons: [
      { paper: 'paper', recomputed: 'success', ci: ['ci_low', 'ci_high'] },
      { paper: 'paper_diff', recomputed: 'diff', ci: ['diff_ci_low', 'diff_ci_high'] },
    ],
  },
  ...Object.fromEntries(
    ['mh-radius-operator', 'mh-outcome-operator', 'mh-reachback-skill'].map((id) => [
      id,
      { rowKeys: ['exposure'], comparisons: [{ paper: 'paper_pooled', recomputed: 'pooled_diff' }, { paper: 'paper_mh', recomputed: 'mh_diff', ci: ['ci_low', 'ci_high'] as [string, string] }] },
    ]),
  ),
};
