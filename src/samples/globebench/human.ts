import { createRng, type Rng } from '../../derive/stats/rng.js';
import type { HumanRating, LlmAudit } from '../../format/globebench.js';
import { HUMAN_TARGETS } from './calibration.js';
import type { ItemMeta } from './items.js';
import { shuffle } from './rand.js';

const DIMENSIONS = ['state_coherence', 'constraint_enforcement', 'outcome_correctness', 'interface_realism'] as const;
type Dimension = (typeof DIMENSIONS)[number];
const ANNOTATORS = Array.from({ length: HUMAN_TARGETS.annotators }, (_, k) => `ann-${k + 1}`);

/**
 * Rating patterns of the six annotators on one anchor item, as (rating, how many) groups. The number
 * of disagreeing pairs of a pattern is 15 minus the agreeing pairs within groups: a lone dissenter
 * makes 5, a 4-2 split 8, a 3-3 split 9.
 */
type Pattern = [number, number][];
const disagreeing = (p: Pattern): number => 15 - p.reduce((a, [, n]) => a + (n * (n - 1)) / 2, 0);

/** Per dimension: the patterns of the 80 anchors, chosen so the disagreeing pairs match Table 3. */
function anchorPatterns(rng: Rng): Record<Dimension, Pattern[]> {
  const fill = (special: Pattern[], rest: Pattern): Pattern[] =>
    shuffle(rng, [...special, ...Array.from({ length: HUMAN_TARGETS.anchors - special.length }, () => rest)]);
  const rep = (n: number, p: Pattern): Pattern[] => Array.from({ length: n }, () => p);
  const out: Record<Dimension, Pattern[]> = {
    state_coherence: fill([], [[5, 6]]),
    constraint_enforcement: fill(
      rep(6, [
        [5, 5],
        [4, 1],
      ]),
      [[5, 6]],
    ),
    outcome_correctness: fill(
      [
        ...rep(10, [
          [5, 5],
          [4, 1],
        ]),
        ...rep(2, [
          [5, 4],
          [4, 2],
        ]),
      ],
      [[5, 6]],
    ),
    interface_realism: fill(
      [
        ...rep(10, [
          [5, 3],
          [4, 3],
        ]),
        ...rep(10, [
          [4, 4],
          [3, 2],
        ]),
        ...rep(6, [
          [5, 5],
          [4, 1],
        ]),
        ...rep(6, [
          [4, 5],
          [5, 1],
        ]),
      ],
      [[4, 6]],
    ),
  };
  for (const d of DIMENSIONS) {
    const pairs = out[d].reduce((a, p) => a + disagreeing(p), 0);
    if (pairs !== HUMAN_TARGETS.disagreeingPairs[d])
      throw new Error(`human study: ${d} has ${pairs} disagreeing pairs, expected ${HUMAN_TARGETS.disagreeingPairs[d]}`);
  }
  return out;
}

/** The rating most annotators gave (ties to the higher rating). */
const modal = (p: Pattern): number => [...p].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0][0];

export interface HumanStudy {
  ratings: HumanRating[];
  audit: LlmAudit[];
}

/**
 * Table 3 and the LLM audit. 200 items, 80 of them anchors rated by all six annotators (only 6 of the
 * anchors L3, as the paper notes), the other 120 by two annotators each. The LLM audit rates 1,627 items
 * (2 of the 5 it skips are anchors, so it shares 78 anchors with the humans) and passes 1,622; on the
 * shared anchors it is stricter on state coherence (369 / 78 = 4.73 against 5.00), lenient on interface
 * realism, and gives the annotators' modal rating on the other two dimensions.
 */
export function humanStudy(items: ItemMeta[], seed: number): HumanStudy {
  const rng = createRng(seed, 'globebench:human');
  const l3 = shuffle(
    rng,
    items.filter((it) => it.radius === 'L3'),
  );
  const other = shuffle(
    rng,
    items.filter((it) => it.radius !== 'L3'),
  );
  const anchors = shuffle(rng, [...l3.slice(0, 6), ...other.slice(0, HUMAN_TARGETS.anchors - 6)]);
  const nonAnchors = shuffle(rng, [...l3.slice(6, 60), ...other.slice(HUMAN_TARGETS.anchors - 6, HUMAN_TARGETS.anchors - 6 + 66)]);
  if (nonAnchors.length !== HUMAN_TARGETS.items - HUMAN_TARGETS.anchors) throw new Error('human study: wrong number of non-anchor items');

  const ratings: HumanRating[] = [];
  const patterns = anchorPatterns(rng);
  anchors.forEach((it, k) => {
    for (const d of DIMENSIONS) {
      const values = shuffle(
        rng,
        patterns[d][k].flatMap(([r, n]) => Array.from({ length: n }, () => r)),
      );
      ANNOTATORS.forEach((a, x) => ratings.push({ item_id: it.item_id, annotator: a, dimension: d, rating: values[x] }));
    }
  });
  nonAnchors.forEach((it, k) => {
    const pair = [ANNOTATORS[k % 6], ANNOTATORS[(k + 1 + (k % 5)) % 6]];
    for (const d of DIMENSIONS) for (const a of pair) ratings.push({ item_id: it.item_id, annotator: a, dimension: d, rating: rng.next() < 0.85 ? 5 : 4 });
  });

  // the LLM audit: 5 items unrated (2 anchors), 5 rated items fail
  const skippedAnchors = anchors.filter((it) => it.radius !== 'L3').slice(0, 2);
  const anchorIds = new Set(anchors.map((it) => it.item_id));
  const skipped = new Set(
    [
      ...skippedAnchors,
      ...shuffle(
        rng,
        items.filter((it) => !anchorIds.has(it.item_id)),
      ).slice(0, 3),
    ].map((it) => it.item_id),
  );
  const failing = new Set(
    shuffle(
      rng,
      items.filter((it) => !skipped.has(it.item_id) && !anchorIds.has(it.item_id)),
    )
      .slice(0, HUMAN_TARGETS.auditRated - HUMAN_TARGETS.auditPassed)
      .map((it) => it.item_id),
  );
  const ratedAnchors = anchors.filter((it) => !skipped.has(it.item_id));
  const scFours = new Set(
    shuffle(rng, [...ratedAnchors])
      .slice(0, ratedAnchors.length * 5 - HUMAN_TARGETS.llmStateCoherenceSum)
      .map((it) => it.item_id),
  );
  const anchorIndex = new Map(anchors.map((it, k) => [it.item_id, k]));
  const audit: LlmAudit[] = [];
  for (const it of items) {
    if (skipped.has(it.item_id)) continue;
    const k = anchorIndex.get(it.item_id);
    const fails = failing.has(it.item_id);
    for (const d of DIMENSIONS) {
      let rating: number;
      if (fails) rating = d === 'outcome_correctness' ? 2 : d === 'state_coherence' ? 3 : 4;
      else if (k !== undefined) {
        if (d === 'state_coherence') rating = scFours.has(it.item_id) ? 4 : 5;
        else if (d === 'interface_realism') rating = 5;
        else rating = modal(patterns[d][k]);
      } else rating = d === 'state_coherence' && rng.next() < 0.25 ? 4 : rng.next() < 0.93 ? 5 : 4;
      audit.push({ item_id: it.item_id, dimension: d, rating, pass: !fails });
    }
  }
  return { ratings, audit };
}
