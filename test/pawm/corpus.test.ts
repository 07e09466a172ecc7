import { afterAll, describe, expect, it } from 'vitest';
import { loadPawm } from '../../src/release/load/pawm.js';
import { createRng } from '../../src/derive/stats/rng.js';
import { logOddsZ } from '../../src/derive/stats/log-odds-z.js';
import { tokenize } from '../../src/derive/text/tokenize.js';
import { preparePawm } from '../../analysis/pawm/derive/context.js';
import { buildCorpus, groupCounts, lexicalOf } from '../../analysis/pawm/derive/corpus.js';
import { lexicalStabilityOf, STABILITY_STREAM } from '../../analysis/pawm/derive/lexical-resample.js';
import { tinySpec, writeTmp } from './tiny.js';

const t = writeTmp(tinySpec());
afterAll(() => t.cleanup());
const release = loadPawm(t.dir);

describe('PAWM tokenised corpus (sparse word counts per distinct text)', () => {
  it('the tiny release: 6 guided ScienceWorld steps, 2 distinct texts, counts by hand', () => {
    const c = buildCorpus(release, 'scienceworld');
    // steps in release order: t1 r1, t1 r2 (CHANGED, "Focusing on the rock fails without a living thing."), then 4 x "Good, keep going."
    expect([...c.changed]).toEqual([1, 1, 0, 0, 0, 0]);
    expect(c.texts).toBe(2);
    expect([...c.text]).toEqual([0, 0, 1, 1, 1, 1]);
    expect([...c.length]).toEqual([9, 3]);
    const g = groupCounts(c);
    expect(Object.fromEntries(g.unchanged)).toEqual({ good: 4, keep: 4, going: 4 });
    expect(g.changed.get('focusing')).toBe(2);
    expect(g.changed.get('the')).toBe(2);
    expect([...g.changed.values()].reduce((a, b) => a + b, 0)).toBe(18);
  });

  it('a word repeated in one text is one entry with its count', () => {
    const c = buildCorpus(release, 'webarena_lite');
    // "Saving <script>alert(1)</script> fails without the "SKU" & it's stuck." -> script twice
    const id = c.index.get('script')!;
    const at = [...c.words.slice(c.offsets[0], c.offsets[1])].indexOf(id);
    expect(c.counts[c.offsets[0] + at]).toBe(2);
    // saving script alert script fails without the sku it's stuck
    expect(c.length[0]).toBe(10);
  });
});

describe('lexical stability on counts equals resampling the texts and re-tokenising them', () => {
  it('same draws, same top-k shares and rank sums (reference: tokenize every drawn text)', () => {
    const ctx = preparePawm(release, { seed: 7, resamples: 50 });
    const got = lexicalStabilityOf(ctx, { topK: 2, resamples: 50 });
    const candidates = lexicalOf(ctx).rows.slice(0, 6).map((r) => r.word);
    expect(got.candidates).toEqual(candidates);
    const rng = createRng(7, STABILITY_STREAM);
    const inTop = new Array(candidates.length).fill(0);
    const rankSum = new Array(candidates.length).fill(0);
    for (let b = 0; b < 50; b++) {
      const zmin = new Array(candidates.length).fill(Infinity);
      for (const bench of ['scienceworld', 'webarena_lite'] as const) {
        const steps = release.steps.filter((s) => s.benchmark === bench && s.guidance !== null);
        const y = { c: new Map<string, number>(), u: new Map<string, number>() };
        let nC = 0, nU = 0;
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
      const order = candidates.map((_, k) => k).filter((k) => !Number.isNaN(zmin[k])).sort((x, y) => zmin[y] - zmin[x] || x - y);
      order.forEach((k, r) => {
        rankSum[k] += r + 1;
        if (r < 2) inTop[k]++;
      });
    }
    expect([...got.inTop]).toEqual(inTop);
    expect([...got.rankSum]).toEqual(rankSum);
    expect(inTop.some((x) => x > 0 && x < 50)).toBe(true); // the resamples do move the list
  });
});
