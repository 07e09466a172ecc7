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
/** The human ratings indexed once: the first rating of each (item, annotator, dimension), the annotators and the anchors. */
interface RatingIndex {
  /** keyed item \u0000 annotator \u0000 dimension */
  rating: Map<string, number>;
  duplicates: number;
  /** sorted */
  annotators: string[];
  itemsRated: string[];
  /** items rated by every annotator (on some dimension), sorted */
  anchors: string[];
}

const ratingIndex = derived((ctx: GlobeContext): RatingIndex | null => {
  const ratings = ctx.release.ratings;
  if (!ratings) return null;
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
  return { rating, duplicates, annotators, itemsRated, anchors };
});

/** One dimension's anchors (rated on it by every annotator), each with its annotators' ratings in annotator order. */
function dimensionAnchors(index: RatingIndex, dim: string): { item_id: string; ratings: number[] }[] {
  const got = (it: string, who: string) => index.rating.get(`${it}\u0000${who}\u0000${dim}`);
  return index.anchors
    .filter((it) => index.annotators.every((a) => got(it, a) !== undefined))
    .map((it) => ({ item_id: it, ratings: index.annotators.map((a) => got(it, a)!) }));
}

/** Every annotator pair on one anchor item of a dimension: whether the two ratings are identical. */
export interface AgreementPairs {
  dimension: string;
  /** the anchor item of each pair */
  item_id: string[];
  same: Uint8Array;
}

/**
 * The pairs behind Table 3's exact agreement, per dimension in the paper's order (empty without
 * human/ratings.jsonl): the mean of `same` is the dimension's agreement, and the pairs of one
 * item are clustered within it (and within its operator).
 */
export const agreementPairs = derived((ctx: GlobeContext): AgreementPairs[] => {
  const index = ratingIndex(ctx);
  if (!index) return [];
  return HUMAN_DIMENSIONS.map((dim) => {
    const item_id: string[] = [];
    const same: number[] = [];
    for (const { item_id: it, ratings: rs } of dimensionAnchors(index, dim))
      for (let i = 0; i < rs.length; i++)
        for (let j = i + 1; j < rs.length; j++) {
          item_id.push(it);
          same.push(rs[i] === rs[j] ? 1 : 0);
        }
    return { dimension: dim, item_id, same: Uint8Array.from(same) };
  });
});

/** One anchor item's mean LLM audit rating minus its annotators' mean rating, on one dimension. */
export interface JudgeGaps {
  dimension: string;
  /** the anchors of the dimension that the LLM audit rated */
  item_id: string[];
  llm_minus_human: Float64Array;
}

/**
 * Per dimension (the paper's order), on each of its anchors that the LLM audit rated: the mean LLM
 * rating minus the mean human rating of that item (empty without ratings or audit). Paired on the
 * item, so the judge's strictness is read against the same items the humans rated.
 */
export const judgeGaps = derived((ctx: GlobeContext): JudgeGaps[] => {
  const index = ratingIndex(ctx);
  const audit = ctx.release.audit;
  if (!index || !audit) return [];
  const llm = new Map<string, number[]>();
  for (const a of audit) {
    const key = `${a.item_id}\u0000${a.dimension}`;
    const l = llm.get(key) ?? [];
    l.push(a.rating);
    llm.set(key, l);
  }
  return HUMAN_DIMENSIONS.map((dim) => {
    const item_id: string[] = [];
    const gaps: number[] = [];
    for (const { item_id: it, ratings } of dimensionAnchors(index, dim)) {
      const l = llm.get(`${it}\u0000${dim}`);
      if (!l) continue;
      item_id.push(it);
      gaps.push(mean(l)! - mean(ratings)!);
    }
    return { dimension: dim, item_id, llm_minus_human: Float64Array.from(gaps) };
  });
});

export const humanStudy = derived((ctx: GlobeContext): HumanStudy => {
  const ratings = ctx.release.ratings;
  const audit = ctx.release.audit;
  const index = ratingIndex(ctx);
  if (!ratings || !index) {
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
  const { duplicates, annotators, itemsRated, anchors } = index;

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
    const rated = dimensionAnchors(index, dim);
    const dimAnchors = rated.map((a) => a.item_id);
    const human: number[] = [];
    let pairs = 0,
      same = 0;
    for (const { ratings: rs } of rated) {
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
