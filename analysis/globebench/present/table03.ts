import { delta, type Column, type Table, type TableRow } from '../../../src/present/tables/table.js';
import type { GlobeContext } from '../derive/context.js';
import { humanStudy } from '../derive/human-study.js';
import { PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';

const diff = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);

const COLUMNS: Column[] = [
  { key: 'dimension', label: 'Dimension' },
  { key: 'annotators', label: 'Annotators', format: 'int' },
  { key: 'items_rated', label: 'Items rated', format: 'int', help: 'items with at least one human rating' },
  { key: 'anchors', label: 'Anchors', format: 'int', help: 'items rated by every annotator (on this dimension)' },
  { key: 'human_mean', label: 'Human mean', format: 'num', help: "mean of all annotators' ratings (1-5) on the anchors" },
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
 * Table 3: the human study (humanStudy): per dimension the mean human rating on the anchor items,
 * pairwise exact agreement among annotators, and the LLM audit's mean rating on the same anchors,
 * beside the paper's. The last row: the LLM audit over all items (items rated, pass rate).
 */
export function table03(ctx: GlobeContext): Table {
  const P = (id: string) => PAPER.byId(`table03/${id}`).value;
  const base = {
    id: 'table03',
    title: 'Table 3: human ratings of the anchor items, agreement, and the LLM audit',
    source: 'GlobeBench, Table 3 (and the LLM audit of the text)',
    columns: COLUMNS,
    paper: paperField(PAPER, 'table03'),
  };
  const h = humanStudy(ctx);
  const audit = ctx.release.audit;
  if (!h.rows) {
    return {
      ...base,
      rows: [],
      notes: [
        "This release has no human/ratings.jsonl (it is optional), so there is nothing to compare with the paper's human study.",
        audit
          ? `audit/llm.jsonl is present (${h.auditedItems} items audited), but without human ratings there are no anchors to compare it on.`
          : 'audit/llm.jsonl is absent too.',
      ],
    };
  }
  const rows: TableRow[] = h.rows.map((r) => {
    if (r.dimension === 'all') {
      return {
        ...r,
        paper_anchors: PAPER.at('table03', 'anchors', { dimension: 'all' }),
        paper_agreement: null,
        delta_agreement: null,
        paper_human_mean: null,
        paper_llm_mean: null,
        delta_llm_minus_human: null,
        paper_audit_items: PAPER.at('table03', 'audit_items', { dimension: 'all' }),
        paper_audit_pass: PAPER.at('table03', 'audit_pass', { dimension: 'all' }),
        delta_audit_pass: delta(r.audit_pass, PAPER.at('table03', 'audit_pass', { dimension: 'all' })),
      };
    }
    const pHuman = PAPER.at('table03', 'human_mean', { dimension: r.dimension }),
      pLlm = PAPER.at('table03', 'llm_mean', { dimension: r.dimension });
    const pAgreement = PAPER.at('table03', 'agreement', { dimension: r.dimension });
    return {
      ...r,
      paper_anchors: null,
      paper_agreement: pAgreement,
      delta_agreement: delta(r.agreement, pAgreement),
      paper_human_mean: pHuman,
      paper_llm_mean: pLlm,
      delta_llm_minus_human: delta(r.llm_minus_human, diff(pLlm, pHuman)),
      paper_audit_items: null,
      paper_audit_pass: null,
      delta_audit_pass: null,
    };
  });
  const strictest = h.strictest;
  return {
    ...base,
    rows,
    notes: [
      `${h.annotators} annotators rated ${h.itemsRated} items; ${h.anchors} items were rated by every annotator (paper: ${P('annotators')} annotators, ${P('items')} items, ${P('anchors')} anchors). A dimension's anchors are those anchors that every annotator rated on that dimension.`,
      'Agreement: over the anchors, every pair of annotators counts once per item; the share of pairs with identical ratings. The all row pools the pairs of the four dimensions.',
      audit
        ? `LLM audit: ${h.auditedItems} of ${ctx.release.items.length} items audited (paper ${P('audit-items')} of ${PAPER.byId('release/items').value}); an item passes when every audit row of it passes. LLM means use the audit rows of the same anchor items and dimension (rows whose dimension is not one of the four are not compared).${strictest ? ` The LLM is strictest relative to the humans on ${strictest.dimension} (${(strictest.llm_minus_human as number).toFixed(2)}); the paper: stricter on state coherence, ${P('llm-mean/state_coherence').toFixed(2)} vs ${P('human-mean/state_coherence').toFixed(2)}, and in agreement with the humans on ${P('dimensions-agreeing')} of 4 dimensions.` : ''}`
        : 'This release has no audit/llm.jsonl (it is optional): the LLM columns are empty.',
      ...(h.duplicates ? [`${h.duplicates} repeated ratings of the same (item, annotator, dimension) were left out; the first one counts.`] : []),
    ],
  };
}
