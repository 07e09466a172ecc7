import { derived } from '../../../src/derive/memo.js';
import type { GlobeContext } from './context.js';

/** The four human-study dimensions, in the paper's order. */
const HUMAN_DIMENSIONS = ['state_coherence', 'constraint_enforcement', 'outcome_correctness', 'interface_realism'] as const;

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
const diff = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);

/** Table 3's row: one dimension ('all': the four pooled, and the LLM audit over every item). */
type HumanStudyRow = {
  dimension: string;
  annotators: number;
  /** items with at least one human rating (on the dimension) */
  items_rated: number;
  /** items rated by every annotator (on the dimension) */
  anchors: number;
  /** mean of all annotators' ratings (1-5) on the anchors */
  human_mean: number | null;
  /** annotator pairs x anchor items with both ratings, and the share with identical ratings */
  pairs: number;
  agreement: number | null;
  /** LLM-rated anchors, and the LLM audit's mean rating on the same anchors and dimension (null without an audit) */
  llm_items: number | null;
  llm_mean: number | null;
  llm_minus_human: number | null;
  /** the all row: items with an audit row, and the share whose audit rows all pass */
  audit_items: number | null;
  audit_pass: number | null;
};

export interface HumanStudy {
  /** the four dimensions then 'all'; null without human/ratings.jsonl */
  rows: HumanStudyRow[] | null;
  annotators: number;
  itemsRated: number;
  anchors: number;
  /** repeated ratings of one (item, annotator, dimension): the first counts */
  duplicates: number;
  /** items with at least one LLM audit row; null without audit/llm.jsonl */
  auditedItems: number | null;
  /** the dimension on which the LLM is strictest relative to the humans (lowest LLM - human) */
  strictest: HumanStudyRow | undefined;
}

/**
 * Table 3: the human study. Anchor items are the items every annotator rated; per dimension the
 * mean human rating on the anchors, pairwise exact agreement among annotators (annotator pairs x
 * anchor items with identical ratings / pairs with both ratings), and the LLM audit's mean rating on
 * the same anchors and dimension. The all row: the pairs of the four dimensions pooled, and the LLM
 * audit over all items (items audited, pass rate).
 */
export const humanStudy = derived((ctx: GlobeContext): HumanStudy => {
  const ratings = ctx.release.ratings;
  const audit = ctx.release.audit;
  if (!ratings) {
    return {
      rows: null,
      annotators: 0,
      itemsRated: 0,
      anchors: 0,
      duplicates: 0,
      auditedItems: audit ? new Set(audit.map((a) => a.item_id)).size : null,
      strictest: undefined,
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

  const rows: HumanStudyRow[] = [];
  let allPairs = 0,
    allSame = 0;
  for (const dim of HUMAN_DIMENSIONS) {
    const got = (it: string, who: string) => rating.get(`${it}\u0000${who}\u0000${dim}`);
    // anchors of this dimension: rated on it by every annotator
    const dimAnchors = anchors.filter((it) => annotators.every((a) => got(it, a) !== undefined));
    const human: number[] = [];
    let pairs = 0,
      same = 0;
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
  });

  const strictest = rows
    .filter((r) => r.dimension !== 'all' && typeof r.llm_minus_human === 'number')
    .sort((a, b) => (a.llm_minus_human as number) - (b.llm_minus_human as number))[0];
  return {
    rows,
    annotators: annotators.length,
    itemsRated: itemsRated.length,
    anchors: anchors.length,
    duplicates,
    auditedItems: audit ? auditItems : null,
    strictest,
  };
});
