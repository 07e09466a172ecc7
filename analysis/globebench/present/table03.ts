import { delta, type Column, type Table, type TableRow } from '../../../src/present/tables/table.js';
import type { GlobeContext } from '../derive/context.js';
import { PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';

/** The four human-study dimensions, in the paper's order. */
export const HUMAN_DIMENSIONS = ['state_coherence', 'constraint_enforcement', 'outcome_correctness', 'interface_realism'] as const;

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
const diff = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);

const COLUMNS: Column[] = [
  { key: 'dimension', label: 'Dimension' },
  { key: 'annotators', label: 'Annotators', format: 'int' },
  { key: 'items_rated', label: 'Items rated', format: 'int', help: 'items with at least one human rating' },
  { key: 'anchors', label: 'Anchors', format: 'int', help: 'items rated by every annotator (on this dimension)' },
  { key: 'human_mean', label: 'Human mean', format: 'num', help: 'mean of all annotators\' ratings (1-5) on the anchors' },
  { key: 'pairs', label: 'Pairs', format: 'int', help: 'annotator pairs x anchor items with both ratings' },
  { key: 'agreement', label: 'Exact agreement %', format: 'pct', help: 'share of the pairs with identical ratings' },
  { key: 'llm_items', label: 'LLM-rated anchors', format: 'int' },
  { key: 'llm_mean', label: 'LLM mean', format: 'num', help: 'LLM audit rating on the same anchors and dimension' },
  { key: 'llm_minus_human', label: 'LLM - human', format: 'num' },
  { key: 'audit_items', label: 'Audited items', format: 'int', help: 'items with at least one LLM audit row' },
  { key: 'audit_pass', label: 'Audit pass %', format: 'pct', help: 'audited items all of whose audit rows pass' },
  { key: 'paper_anchors', label: 'Paper anchors', format: 'int' },
  { key: 'paper_agreement', label: 'Paper agreement %', format: 'pct' },
  { key: 'delta_agreement', label: 'Delta agreement', format: 'pp' },
  { key: 'paper_human_mean', label: 'Paper human mean', format: 'num' },
  { key: 'paper_llm_mean', label: 'Paper LLM mean', format: 'num' },
  { key: 'delta_llm_minus_human', label: 'Delta (LLM - human)', format: 'num', help: 'recomputed minus published LLM - human difference' },
  { key: 'paper_audit_items', label: 'Paper audited items', format: 'int' },
  { key: 'paper_audit_pass', label: 'Paper audit pass %', format: 'pct' },
  { key: 'delta_audit_pass', label: 'Delta audit pass', format: 'pp' },
];

/**
 * Table 3: the human study. Anchor items are the items every annotator rated; per dimension the
 * mean human rating on the anchors, pairwise exact agreement among annotators (annotator pairs x
 * anchor items with identical ratings / pairs with both ratings), and the LLM audit's mean rating on
 * the same anchors and dimension. The last row: the LLM audit over all items (items rated, pass rate).
 */
export function table03(ctx: GlobeContext): Table {
  const P = (id: string) => PAPER.byId(`table03/${id}`).value;
  const base = { id: 'table03', title: 'Table 3: human ratings of the anchor items, agreement, and the LLM audit', source: 'GlobeBench, Table 3 (and the LLM audit of the text)', columns: COLUMNS, paper: paperField(PAPER, 'table03') };
  const ratings = ctx.release.ratings;
  const audit = ctx.release.audit;
  if (!ratings) {
    return {
      ...base,
      rows: [],
      notes: [
        'This release has no human/ratings.jsonl (it is optional), so there is nothing to compare with the paper\'s human study.',
        audit ? `audit/llm.jsonl is present (${new Set(audit.map((a) => a.item_id)).size} items audited), but without human ratings there are no anchors to compare it on.` : 'audit/llm.jsonl is absent too.',
      ],
    };
  }

  // one rating per (item, annotator, dimension): the first; later duplicates are counted and left out
  const rating = new Map<string, number>();
  let duplicates = 0;
  for (const r of ratings) {
    const key = `${r.item_id}\u0000${r.annotator}\u0000${r.dimension}`;
    if (rating.has(key)) duplicates++;
    else rating.set(key, r.rating);
  }
  const annotators = [...new Set(ratings.map((r) => r.annotator))].sort();
  const ratedBy = new Map<string, Set<string>>();
  for (const r of ratings) {
    let s = ratedBy.get(r.item_id);
    if (!s) ratedBy.set(r.item_id, (s = new Set()));
    s.add(r.annotator);
  }
  const itemsRated = [...ratedBy.keys()].sort();
  const anchors = itemsRated.filter((it) => ratedBy.get(it)!.size === annotators.length);

  // the LLM audit: ratings per (item, dimension), and a pass per item (all its rows pass)
  const llm = new Map<string, number[]>();
  const auditPass = new Map<string, boolean>();
  for (const a of audit ?? []) {
    const key = `${a.item_id}\u0000${a.dimension}`;
    const l = llm.get(key) ?? [];
    l.push(a.rating);
    llm.set(key, l);
    auditPass.set(a.item_id, (auditPass.get(a.item_id) ?? true) && a.pass);
  }

  const rows: TableRow[] = [];
  let allPairs = 0, allSame = 0;
  for (const dim of HUMAN_DIMENSIONS) {
    const got = (it: string, who: string) => rating.get(`${it}\u0000${who}\u0000${dim}`);
    // anchors of this dimension: rated on it by every annotator
    const dimAnchors = anchors.filter((it) => annotators.every((a) => got(it, a) !== undefined));
    const human: number[] = [];
    let pairs = 0, same = 0;
    for (const it of dimAnchors) {
      const rs = annotators.map((a) => got(it, a)!);
      human.push(...rs);
      for (let i = 0; i < rs.length; i++)
        for (let j = i + 1; j < rs.length; j++) {
          pairs++;
          if (rs[i] === rs[j]) same++;
        }
    }
    allPairs += pairs;
    allSame += same;
    const llmRatings = dimAnchors.flatMap((it) => llm.get(`${it}\u0000${dim}`) ?? []);
    const llmItems = dimAnchors.filter((it) => llm.has(`${it}\u0000${dim}`)).length;
    const humanMean = mean(human);
    const llmMean = audit ? mean(llmRatings) : null;
    const agreement = pairs ? same / pairs : null;
    const pHuman = PAPER.at('table03', 'human_mean', { dimension: dim }), pLlm = PAPER.at('table03', 'llm_mean', { dimension: dim });
    const pAgreement = PAPER.at('table03', 'agreement', { dimension: dim });
    const pDiff = diff(pLlm, pHuman);
    rows.push({
      dimension: dim,
      annotators: annotators.length,
      items_rated: new Set(ratings.filter((r) => r.dimension === dim).map((r) => r.item_id)).size,
      anchors: dimAnchors.length,
      human_mean: humanMean,
      pairs,
      agreement,
      llm_items: audit ? llmItems : null,
      llm_mean: llmMean,
      llm_minus_human: diff(llmMean, humanMean),
      audit_items: null,
      audit_pass: null,
      paper_anchors: null,
      paper_agreement: pAgreement,
      delta_agreement: delta(agreement, pAgreement),
      paper_human_mean: pHuman,
      paper_llm_mean: pLlm,
      delta_llm_minus_human: delta(diff(llmMean, humanMean), pDiff),
      paper_audit_items: null,
      paper_audit_pass: null,
      delta_audit_pass: null,
    });
  }
  const auditItems = auditPass.size;
  const passRate = auditItems ? [...auditPass.values()].filter(Boolean).length / auditItems : null;
  rows.push({
    dimension: 'all',
    annotators: annotators.length,
    items_rated: itemsRated.length,
    anchors: anchors.length,
    human_mean: null,
    pairs: allPairs,
    agreement: allPairs ? allSame / allPairs : null,
    llm_items: null,
    llm_mean: null,
    llm_minus_human: null,
    audit_items: audit ? auditItems : null,
    audit_pass: audit ? passRate : null,
    paper_anchors: PAPER.at('table03', 'anchors', { dimension: 'all' }),
    paper_agreement: null,
    delta_agreement: null,
    paper_human_mean: null,
    paper_llm_mean: null,
    delta_llm_minus_human: null,
    paper_audit_items: PAPER.at('table03', 'audit_items', { dimension: 'all' }),
    paper_audit_pass: PAPER.at('table03', 'audit_pass', { dimension: 'all' }),
    delta_audit_pass: delta(audit ? passRate : null, PAPER.at('table03', 'audit_pass', { dimension: 'all' })),
  });

  const strictest = rows
    .filter((r) => r.dimension !== 'all' && typeof r.llm_minus_human === 'number')
    .sort((a, b) => (a.llm_minus_human as number) - (b.llm_minus_human as number))[0];
  return {
    ...base,
    rows,
    notes: [
      `${annotators.length} annotators rated ${itemsRated.length} items; ${anchors.length} items were rated by every annotator (paper: ${P('annotators')} annotators, ${P('items')} items, ${P('anchors')} anchors). A dimension's anchors are those anchors that every annotator rated on that dimension.`,
      'Agreement: over the anchors, every pair of annotators counts once per item; the share of pairs with identical ratings. The all row pools the pairs of the four dimensions.',
      audit
        ? `LLM audit: ${auditItems} of ${ctx.release.items.length} items audited (paper ${P('audit-items')} of ${PAPER.byId('release/items').value}); an item passes when every audit row of it passes. LLM means use the audit rows of the same anchor items and dimension (rows whose dimension is not one of the four are not compared).${strictest ? ` The LLM is strictest relative to the humans on ${strictest.dimension} (${(strictest.llm_minus_human as number).toFixed(2)}); the paper: stricter on state coherence, ${P('llm-mean/state_coherence').toFixed(2)} vs ${P('human-mean/state_coherence').toFixed(2)}, and in agreement with the humans on ${P('dimensions-agreeing')} of 4 dimensions.` : ''}`
        : 'This release has no audit/llm.jsonl (it is optional): the LLM columns are empty.',
      ...(duplicates ? [`${duplicates} repeated ratings of the same (item, annotator, dimension) were left out; the first one counts.`] : []),
    ],
  };
}
