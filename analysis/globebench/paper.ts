import { approx, count, indexPublished, pct, pp, publish, stat, type ComparedCell, type PublishedNumber } from '../../src/present/report/published.js';

/**
 * GlobeBench's published numbers (docs/papers.md, GlobeBench section), each declared once with the
 * text the paper prints and the cells it is compared with. Read only to fill the "paper" and
 * "delta" columns, the scorecard and the notes that quote the paper; nothing is computed from them.
 * The paper prints rates as percentages with two decimals (`49.57%`: within rounding is +-0.005
 * points) or fewer (`33.5%`, `100%`), differences in points (`+21.45`), counts exactly.
 */

/** The pair the paper compares head to head (Table 1 text): names as the release's models.jsonl gives them. */
export const PAIRED = { a: 'GPT-6 Astra', b: 'Grok 4.6' } as const;

const cell = (analysis: string, row: ComparedCell['row'], column: string, paper: string | null, more: Partial<ComparedCell> = {}): ComparedCell => ({
  analysis,
  row,
  column,
  paper,
  ...more,
});
const CI: Partial<ComparedCell> = { ci: ['ci_low', 'ci_high'] };

const TABLE01: [string, string, string][] = [
  ['GPT-6 Astra', '49.57', '1'],
  ['Grok 4.6', '28.13', '2'],
  ['Qwen-AgentWorld', '14.46', '15'],
  ['DWM', '5.21', '19'],
];
const t01 = (model: string, column: string, paper: string, more: Partial<ComparedCell> = {}) =>
  cell('table01', { model }, column, paper, { rowKeys: ['model'], ...more });
const t14 = (band: string, radius: string, column: 'items' | 'success') =>
  cell('table14', { band, radius }, column, column === 'items' ? 'paper_items' : 'paper', column === 'success' ? CI : {});
const t22 = (comparison: string, column: 'items' | 'success' | 'diff', ci = true) =>
  cell(
    'table22',
    { comparison },
    column,
    column === 'items' ? 'paper_items' : column === 'diff' ? 'paper_diff' : 'paper',
    !ci ? {} : column === 'diff' ? { ci: ['diff_ci_low', 'diff_ci_high'] } : column === 'success' ? CI : {},
  );
const mh = (analysis: string, strataBy: string, column: 'pooled_diff' | 'mh_diff' | 'strata_both') =>
  cell(analysis, { strata_by: strataBy }, column, column === 'pooled_diff' ? 'paper_pooled' : column === 'mh_diff' ? 'paper_mh' : 'paper_strata_both', {
    rowKeys: ['exposure'],
    ...(column === 'mh_diff' ? CI : {}),
  });
const t03 = (dimension: string, column: string, paper: string | null) => cell('table03', { dimension }, column, paper);
const avr = (what: string, column: 'value' | 'rate') => cell('astra-vs-rest', { what }, column, column === 'value' ? 'paper_value' : 'paper_rate');
const AGREEMENT: [string, string][] = [
  ['state_coherence', '100'],
  ['constraint_enforcement', '97.5'],
  ['outcome_correctness', '94.5'],
  ['interface_realism', '80.8'],
];

/** Every published number of GlobeBench, in the order of docs/papers.md. */
export const PAPER = indexPublished([
  publish('release/items', 'Table 1 caption', 'items in the release (every model answers every one)', count('1,632'), {
    design_fixed: true,
    quoted: 'the release\'s item count (table03 notes, the LLM audit\'s "of 1,632")',
  }),
  // Table 1
  ...TABLE01.map(([m, s]) => publish(`table01/success/${m}`, 'Table 1', `${m}, overall success`, pct(s), { compare: [t01(m, 'success', 'paper', CI)] })),
  ...TABLE01.map(([m, , r]) => publish(`table01/rank/${m}`, 'Table 1', `${m}, rank`, count(r), { compare: [t01(m, 'rank', 'paper_rank')] })),
  publish('table01/median-general', 'text', 'median overall success of the 18 general LLMs', approx(pct('21')), {
    quoted: "table01 notes (the median of the release's general LLMs); no table cell holds it",
  }),
  publish('table01-paired/diff', 'Table 1 text', `${PAIRED.a} minus ${PAIRED.b}, paired over items`, pp('+21.45'), {
    compare: [cell('table01-paired', { a: PAIRED.a, b: PAIRED.b }, 'diff', 'paper', { ...CI, rowKeys: ['a', 'b'] })],
  }),
  publish('table01-paired/ci-low', 'Table 1 text', `${PAIRED.a} minus ${PAIRED.b}: 95% CI, low end`, pp('19.12'), {
    compare: [cell('table01-paired', { a: PAIRED.a, b: PAIRED.b }, 'ci_low', 'paper_ci_low', { rowKeys: ['a', 'b'] })],
  }),
  publish('table01-paired/ci-high', 'Table 1 text', `${PAIRED.a} minus ${PAIRED.b}: 95% CI, high end`, pp('23.77'), {
    compare: [cell('table01-paired', { a: PAIRED.a, b: PAIRED.b }, 'ci_high', 'paper_ci_high', { rowKeys: ['a', 'b'] })],
  }),
  publish('astra-vs-rest/net-items', 'Table 1 text', `net items ${PAIRED.a} passes and ${PAIRED.b} fails`, count('350'), {
    compare: [avr(`net difference (the paper's "350 items")`, 'value')],
  }),
  publish('astra-vs-rest/astra-only-l3-long', 'Table 1 text', `of those items, L3 long audits (reach-back > 40)`, count('272'), {
    compare: [avr(`of the ${PAIRED.a}-only items, L3 long audits`, 'value')],
  }),
  publish('astra-vs-rest/astra-on-l3-long', 'Table 1 text', `${PAIRED.a}'s success on the L3 long audits`, pct('33.5'), {
    compare: [avr(`${PAIRED.a} success on the L3 long audits`, 'rate')],
  }),
  publish('astra-vs-rest/others-median-on-l3-long', 'Table 1 text', 'median success of the other 19 models on the L3 long audits', pct('2.2'), {
    compare: [avr('median success of the other 19 models on them', 'rate')],
  }),
  // Table 2
  publish('table02/answered-failures', 'Table 2', 'answered failures, all models', count('22,431'), {
    compare: [
      cell('table02', { group_id: 'all' }, 'answered_failures', 'paper_answered_failures'),
      cell('table23', { domain: 'all' }, 'answered_failures', 'paper_answered_failures'),
    ],
  }),
  ...(
    [
      ['all', 'wrong_value', '53.21', 'all models: wrong value, share of answered failures'],
      ['all', 'structure_only', '22.95', 'all models: structure only, share of answered failures'],
      ['all', 'no_state_fields', '23.84', 'all models: no state fields, share of answered failures'],
      ['open', 'wrong_value', '58.22', 'open models: wrong value, share of answered failures'],
      ['closed', 'wrong_value', '47.69', 'closed models: wrong value, share of answered failures'],
      ['closed', 'structure_only', '31.54', 'closed models: structure only, share of answered failures'],
      ['closed', 'no_response', '19.33', 'closed models: no usable response, share of responses'],
    ] as const
  ).map(([g, m, v, what]) => publish(`table02/${g}/${m}`, 'Table 2', what, pct(v), { compare: [cell('table02', { group_id: g }, m, `paper_${m}`)] })),
  publish('table02/claude-refusals', 'Table 2 text', 'Claude refusals among the closed models\' unusable responses ("almost all")', count('3,696'), {
    quoted: 'table02 notes (the provider with the most unusable closed-model responses); no table cell holds it',
  }),
  // Table 14, Figures 3 and 6: impact radius and reach-back
  publish('table14/items/L0', 'Table 14 text', 'items at impact radius L0', count('552'), { design_fixed: true, compare: [t14('all', 'L0', 'items')] }),
  publish('table14/success/L0', 'Table 14 text', 'mean 20-model success at L0', pct('43.49'), { compare: [t14('all', 'L0', 'success')] }),
  publish('table14/items/L1', 'text', 'items at impact radius L1', count('33'), { design_fixed: true, compare: [t14('all', 'L1', 'items')] }),
  publish('table14/items/L2', 'text', 'items at impact radius L2', count('59'), { design_fixed: true, compare: [t14('all', 'L2', 'items')] }),
  publish('table14/items/L3', 'Table 14 text', 'items at impact radius L3', count('977'), { design_fixed: true, compare: [t14('all', 'L3', 'items')] }),
  publish('table14/success/L3', 'Table 14 text', 'mean 20-model success at L3', pct('5.10'), { compare: [t14('all', 'L3', 'success')] }),
  publish('table14/radius-diff', 'Table 14 text', 'L3 minus L0', pp('-38.38'), {
    quoted: "table14 notes (L3 minus L0); no table cell holds it (mh-radius-operator's pooled row is L3 against L0-L2)",
  }),
  publish('table14/items/<=40', 'text', 'items with reach-back <= 40 turns', count('408'), { design_fixed: true, compare: [t14('<=40', 'all', 'items')] }),
  publish('table14/success/<=40', 'text', 'mean 20-model success, reach-back <= 40 turns', pct('42.28'), { compare: [t14('<=40', 'all', 'success')] }),
  publish('table14/items/>40', 'text', 'items with reach-back > 40 turns', count('1,192'), { design_fixed: true, compare: [t14('>40', 'all', 'items')] }),
  publish('table14/success/>40', 'text', 'mean 20-model success, reach-back > 40 turns', pct('11.44'), { compare: [t14('>40', 'all', 'success')] }),
  publish('mh-reachback-skill/pooled', 'text', 'reach-back > 40 minus <= 40 turns', pp('-30.84'), {
    compare: [mh('mh-reachback-skill', 'skill', 'pooled_diff')],
  }),
  publish('mh-reachback-skill/mh', 'text', 'the same difference within skill', pp('-25.11'), { compare: [mh('mh-reachback-skill', 'skill', 'mh_diff')] }),
  // Tables 19 and 20
  publish('table19/unsolved', 'Tables 19 and 20', 'items no model solves', count('631'), {
    compare: [cell('table19', { k: 0 }, 'items', 'paper'), cell('table20', { dimension: 'all', value: 'all' }, 'items', 'paper_items')],
  }),
  publish('table20/share-l3', 'Table 20', 'share of the unsolved items at L3', pct('87.6'), {
    compare: [cell('table20', { dimension: 'impact_radius', value: 'L3' }, 'share_of_unsolved', 'paper_share_of_unsolved')],
  }),
  // Table 22 and the confounding analyses
  publish('table22/items/error', 'Table 22', 'items whose final action ends in an error or block', count('155'), {
    design_fixed: true,
    compare: [t22('final action error / block', 'items')],
  }),
  publish('table22/success/error', 'Table 22', 'success on those items', pct('53.16'), { compare: [t22('final action error / block', 'success')] }),
  publish('table22/items/normal', 'Table 22', 'items whose final action ends normally', count('1,477'), {
    design_fixed: true,
    compare: [t22('final action normal', 'items')],
  }),
  publish('table22/success/normal', 'Table 22', 'success on those items', pct('16.16'), { compare: [t22('final action normal', 'success')] }),
  publish('table22/pooled-diff', 'Table 22 text', 'error/block minus normal, pooled', pp('+37.00'), {
    compare: [t22('error minus normal, pooled', 'diff'), mh('mh-outcome-operator', 'operator', 'pooled_diff')],
  }),
  publish('table22/within-operator', 'Table 22 text', 'error/block minus normal, within operator', pp('+4.57'), {
    compare: [t22('error minus normal, within operator (Mantel-Haenszel)', 'diff'), mh('mh-outcome-operator', 'operator', 'mh_diff')],
  }),
  publish('mh-radius-operator/mh', 'text (Simpson reversal)', 'L3 against the other radii within operator (Mantel-Haenszel risk difference)', pp('+12.09'), {
    compare: [mh('mh-radius-operator', 'operator', 'mh_diff')],
  }),
  publish('mh-radius-operator/strata-both', 'text (Simpson reversal)', 'operators with items on both sides', count('21'), {
    design_fixed: true,
    compare: [mh('mh-radius-operator', 'operator', 'strata_both')],
  }),
  publish('entanglement/eta', 'text (limitations)', 'eta between construction and difficulty', stat('0.69'), {
    compare: [cell('entanglement', { axis: 'item difficulty (share of models failing)' }, 'eta', 'paper_eta')],
  }),
  publish('entanglement/log-reachback-r2', 'text (limitations)', 'share of the variance of log reach-back the operator explains', pct('81.64'), {
    design_fixed: true,
    compare: [cell('entanglement', { axis: 'ln(reach-back)' }, 'eta_squared', 'paper_eta_squared')],
  }),
  publish('astra-vs-rest/l3-long-items', 'text', 'L3 items with reach-back > 40 (of the 977)', count('952'), {
    design_fixed: true,
    compare: [avr('L3 long-audit items (L3, reach-back > 40)', 'value')],
  }),
  publish('entanglement/l3-declared', 'text', 'L3 labels declared by the operator rather than measured (of the 977)', count('953'), {
    design_fixed: true,
    quoted: 'entanglement notes (items whose radius_source is declared); no table cell holds it',
  }),
  // Table 3 and the LLM audit
  publish('table03/annotators', 'Table 3', 'annotators', count('6'), { design_fixed: true, compare: [t03('all', 'annotators', null)] }),
  publish('table03/items', 'Table 3', 'items rated by the annotators', count('200'), { design_fixed: true, compare: [t03('all', 'items_rated', null)] }),
  publish('table03/anchors', 'Table 3', 'anchor items rated by all six', count('80'), {
    design_fixed: true,
    compare: [t03('all', 'anchors', 'paper_anchors')],
  }),
  ...AGREEMENT.map(([d, v]) =>
    publish(`table03/agreement/${d}`, 'Table 3', `pairwise exact agreement, ${d.replace('_', ' ')}`, pct(v), {
      compare: [t03(d, 'agreement', 'paper_agreement')],
    }),
  ),
  publish('table03/human-mean/state_coherence', 'Table 3', 'mean human rating, state coherence', stat('5.00'), {
    compare: [t03('state_coherence', 'human_mean', 'paper_human_mean')],
  }),
  publish('table03/llm-mean/state_coherence', 'Table 3', 'mean LLM-judge rating, state coherence', stat('4.73'), {
    compare: [t03('state_coherence', 'llm_mean', 'paper_llm_mean')],
  }),
  publish('table03/dimensions-agreeing', 'Table 3 text', 'dimensions on which the LLM judge agrees with the humans (of 4)', count('2'), {
    quoted: 'table03 notes; no table cell holds it (llm_minus_human per dimension)',
  }),
  publish('table03/audit-items', 'text (LLM audit)', 'items the LLM audit rated', count('1,627'), {
    design_fixed: true,
    compare: [t03('all', 'audit_items', 'paper_audit_items')],
  }),
  publish('table03/audit-pass', 'text (LLM audit)', 'audited items that pass', pct('99.69'), { compare: [t03('all', 'audit_pass', 'paper_audit_pass')] }),
  // decision given a correct state; Table 18
  publish('decision-given-state/peers-low', 'text', 'peers decide correctly when their state is right: lowest', pct('61'), {
    quoted: 'decision-given-state (per model); the paper gives a range, no cell holds it',
  }),
  publish('decision-given-state/peers-high', 'text', 'peers decide correctly when their state is right: highest', pct('91'), {
    quoted: 'decision-given-state (per model); the paper gives a range, no cell holds it',
  }),
  publish('decision-given-state/astra-above', 'text', `${PAIRED.a} decides correctly when its state is right: more than`, pct('99'), {
    quoted: 'decision-given-state (per model); a bound, not compared',
  }),
  publish('table18/skills', 'text', 'primary skills', count('19'), { design_fixed: true, quoted: 'table18 notes (skills in the release)' }),
  publish('table18/dwm-below-median', 'text', 'skills on which DWM is below the median model', count('19'), { quoted: 'table18 notes' }),
] satisfies PublishedNumber[]);
