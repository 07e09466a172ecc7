import { afterAll, describe, expect, it } from 'vitest';
import { loadPawm } from '../../src/release/load/pawm.js';
import { createRng } from '../../src/derive/stats/rng.js';
import { logOddsZ } from '../../src/derive/stats/log-odds-z.js';
import { tokenize } from '../../src/domain/text/tokenize.js';
import { preparePawm } from '../../analysis/pawm/derive/context.js';
import { buildCorpus, groupCounts, lexicalOf } from '../../analysis/pawm/derive/corpus.js';
import { lexicalStabilityOf } from '../../analysis/pawm/derive/lexical-resample.js';
import { tinySpec, writeTmp } from './tiny.js';
import type { ReleaseSpec } from '../../src/samples/write-release.js';

const t = writeTmp(tinySpec());
afterAll(() => t.cleanup());
const release = loadPawm(t.dir);

/** Word counts in CHANGED and UNCHANGED guidance, counted the plain way: every guided step's text tokenised on its own. */
function plainGroupCounts(r: typeof release, benchmark: string): { changed: [string, number][]; unchanged: [string, number][] } {
  const changed = new Map<string, number>();
  const unchanged = new Map<string, number>();
  for (const s of r.steps) {
    if (s.benchmark !== benchmark || s.guidance === null) continue;
    const into = s.final_action !== s.tentative_action ? changed : unchanged;
    for (const w of tokenize(s.guidance)) into.set(w, (into.get(w) ?? 0) + 1);
  }
  const sorted = (m: Map<string, number>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { changed: sorted(changed), unchanged: sorted(unchanged) };
}
const sortedCounts = (g: { changed: Map<string, number>; unchanged: Map<string, number> }) => ({
  changed: [...g.changed.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  unchanged: [...g.unchanged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
});

describe('PAWM tokenised corpus: word counts in CHANGED and UNCHANGED guidance', () => {
  it('the tiny release: 6 guided ScienceWorld steps, counts by hand', () => {
    const g = groupCounts(buildCorpus(release, 'scienceworld'));
    // t1 r1, t1 r2 changed the action ("Focusing on the rock fails without a living thing."); the other 4 said "Good, keep going."
    expect(Object.fromEntries(g.unchanged)).toEqual({ good: 4, keep: 4, going: 4 });
    expect(Object.fromEntries(g.changed)).toEqual({ focusing: 2, on: 2, the: 2, rock: 2, fails: 2, without: 2, a: 2, living: 2, thing: 2 });
  });

  it('a word repeated in one text counts each time it is said', () => {
    const g = groupCounts(buildCorpus(release, 'webarena_lite'));
    // "Saving <script>alert(1)</script> fails without the "SKU" & it's stuck.", one step that changed its action
    expect(Object.fromEntries(g.changed)).toEqual({ saving: 1, script: 2, alert: 1, fails: 1, without: 1, the: 1, sku: 1, "it's": 1, stuck: 1 });
    expect(g.unchanged.size).toBe(0);
  });

  it('equals the counts of tokenising every guided step on its own, on the tiny release and on a release of many repeated texts', () => {
    const mixed = writeTmp(mixedSpec());
    try {
      for (const r of [release, loadPawm(mixed.dir)]) {
        for (const b of ['scienceworld', 'webarena_lite'] as const) {
          const plain = plainGroupCounts(r, b);
          expect(plain.changed.length + plain.unchanged.length, b).toBeGreaterThan(5);
          expect(sortedCounts(groupCounts(buildCorpus(r, b))), `${r.manifest.version} ${b}`).toEqual(plain);
        }
      }
    } finally {
      mixed.cleanup();
    }
  });
});

/**
 * A release whose units (steps alike in CHANGED flag, token count and candidate-word counts) include
 * both kinds the stability draw treats apart: four texts repeated 18-40 times each with one CHANGED
 * flag (units of at least 16 steps: a binomial draw each) and ~60 texts of random words, mostly once
 * each (drawn step by step).
 */
function mixedSpec(): ReleaseSpec {
  let seed = 12345;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296;
  const vocab = [
    'fails',
    'water',
    'rock',
    'good',
    'keep',
    'going',
    'heat',
    'first',
    'ready',
    'now',
    'check',
    'the',
    'door',
    'open',
    'save',
    'page',
    'stuck',
    'wait',
  ];
  const episodes: object[] = [];
  const steps: object[] = [];
  const repeated: Record<string, [string, number, boolean][]> = {
    scienceworld: [
      ['The rock fails here without water.', 30, true],
      ['Heat the water first or it fails.', 20, true],
      ['Good, keep going.', 40, false],
      ['The water is ready now.', 18, false],
    ],
    webarena_lite: [
      ['Saving the page fails, it is stuck.', 25, true],
      ['Open the door page first.', 16, true],
      ['Good, keep going.', 35, false],
      ['Check the page now and wait.', 20, false],
    ],
  };
  for (const benchmark of ['scienceworld', 'webarena_lite']) {
    const key = { benchmark, agent: 'A', method: 'm', gating: 'all', train_ratio: null, task_id: 't', run: 1 };
    const rows: [string, boolean][] = [];
    for (const [text, times, changed] of repeated[benchmark]) for (let i = 0; i < times; i++) rows.push([text, changed]);
    for (let i = 0; i < 30; i++) {
      const words = Array.from({ length: 3 + Math.floor(next() * 6) }, () => vocab[Math.floor(next() * vocab.length)]);
      rows.push([`${words.join(' ')}.`, next() < 0.4]);
    }
    rows.forEach(([guidance, changed], i) => steps.push({ ...key, step: i + 1, tentative_action: 'act', final_action: changed ? 'other' : 'act', guidance }));
    episodes.push({ ...key, success: true, steps: rows.length, wm_calls: rows.length, api_calls: rows.length });
  }
  return {
    benchmark: 'pawm',
    version: 'mixed',
    description: 'PAWM release with large and small units',
    files: { 'episodes.jsonl': episodes, 'steps.jsonl': steps },
  };
}

describe('lexical stability drawn as unit counts has the law of resampling the texts and re-tokenising them', () => {
  const mixed = writeTmp(mixedSpec());
  afterAll(() => mixed.cleanup());
  const mixedRelease = loadPawm(mixed.dir);

  /** The reference: n steps drawn one by one (rng.int), each drawn text tokenised again. */
  function perStepReference(r: typeof release, candidates: string[], topK: number, B: number, seed: number) {
    const rng = createRng(seed, 'reference');
    const inTop = new Array(candidates.length).fill(0);
    const ranks: number[][] = candidates.map(() => []);
    for (let b = 0; b < B; b++) {
      const zmin = new Array(candidates.length).fill(Infinity);
      for (const bench of ['scienceworld', 'webarena_lite'] as const) {
        const steps = r.steps.filter((s) => s.benchmark === bench && s.guidance !== null);
        const y = { c: new Map<string, number>(), u: new Map<string, number>() };
        let nC = 0,
          nU = 0;
        for (let i = 0; i < steps.length; i++) {
          const s = steps[rng.int(steps.length)];
          const ch = s.final_action !== s.tentative_action;
          const toks = tokenize(s.guidance!);
          if (ch) nC += toks.length;
          else nU += toks.length;
          for (const w of toks) (ch ? y.c : y.u).set(w, ((ch ? y.c : y.u).get(w) ?? 0) + 1);
        }
        candidates.forEach((w, k) => {
          const a = (y.c.get(w) ?? 0) + (y.u.get(w) ?? 0);
          const z = a > 0 ? logOddsZ(y.c.get(w) ?? 0, y.u.get(w) ?? 0, nC, nU, a, nC + nU).z : NaN;
          zmin[k] = Number.isNaN(z) || Number.isNaN(zmin[k]) ? NaN : Math.min(zmin[k], z);
        });
      }
      const order = candidates
        .map((_, k) => k)
        .filter((k) => !Number.isNaN(zmin[k]))
        .sort((x, y) => zmin[y] - zmin[x] || x - y);
      order.forEach((k, rank) => {
        ranks[k].push(rank + 1);
        if (rank < topK) inTop[k]++;
      });
    }
    return { inTop, ranks };
  }

  for (const [name, r, topK] of [
    ['the mixed release', mixedRelease, 3],
    ['the tiny release', release, 2],
  ] as const) {
    it(`${name}: top-k shares and mean ranks agree with the per-step draw within Monte Carlo error`, () => {
      const B = 3000;
      const ctx = preparePawm(r, { seed: 7, resamples: B });
      const got = lexicalStabilityOf(ctx, { topK, resamples: B });
      const candidates = lexicalOf(ctx)
        .rows.slice(0, 3 * topK)
        .map((row) => row.word);
      expect(got.candidates).toEqual(candidates);
      const ref = perStepReference(r, candidates, topK, B, 11);
      let moving = 0;
      candidates.forEach((w, k) => {
        // two shares of B resamples each: the difference has variance p (1 - p) 2 / B
        const p = (got.inTop[k] + ref.inTop[k]) / (2 * B);
        if (p === 0 || p === 1) expect(got.inTop[k], w).toBe(ref.inTop[k]);
        else expect(Math.abs(got.inTop[k] - ref.inTop[k]) / B / Math.sqrt((p * (1 - p) * 2) / B), `top share of ${w}`).toBeLessThan(4.5);
        if (p > 0.05 && p < 0.95) moving++;
        // a word drops out of a resample's ranking when a benchmark's resample lacks it
        expect(Math.abs(got.rankN[k] - ref.ranks[k].length), `ranked resamples of ${w}`).toBeLessThanOrEqual(4.5 * Math.sqrt(2 * B) + 1);
        const n = ref.ranks[k].length;
        const mean = ref.ranks[k].reduce((a, x) => a + x, 0) / n;
        const variance = ref.ranks[k].reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1);
        const se = Math.sqrt(variance / n + variance / got.rankN[k]);
        if (se === 0) expect(got.rankSum[k] / got.rankN[k], w).toBe(mean);
        else expect(Math.abs(got.rankSum[k] / got.rankN[k] - mean) / se, `mean rank of ${w}`).toBeLessThan(4.5);
      });
      expect(moving).toBeGreaterThanOrEqual(2); // the resamples do move the list
    });
  }
});
