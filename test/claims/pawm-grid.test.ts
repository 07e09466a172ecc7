import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pawm } from '../../analysis/pawm/index.js';
import { evaluateClaims } from '../../src/derive/claims/evaluate-claims.js';
import { robustnessGrid } from '../../src/derive/claims/robustness-grid.js';

const repo = resolve(__dirname, '..', '..');
const CLAIM = 'pawm.changed-guidance-anticipates-pitfalls';

describe("PAWM's labeler choice in the robustness grid", () => {
  const opts = { seed: 5, resamples: 50 };
  const sample = pawm.load(join(repo, 'data', 'pawm'));
  it('the bundled sample has one labeler: no labeler cells', () => {
    const ctx = pawm.prepare(sample, opts);
    const grid = robustnessGrid(pawm.claims!, ctx, evaluateClaims(pawm.claims!, ctx, opts), opts, pawm.choices!(ctx));
    expect(grid.filter((g) => g.choice === 'labeler')).toEqual([]);
  });

  it('a second labeler who says the opposite on every step mirrors the claim; their majority ties everywhere', () => {
    // every labelled step gets a second label, by "contrarian", with the pitfall flag flipped
    const only = sample.labelers[0];
    const labelsByStep = new Map(
      [...sample.labelsByStep].map(([k, list]) => [k, [...list, ...list.map((l) => ({ ...l, labeler: 'contrarian', pitfall: !l.pitfall }))]]),
    );
    const release = { ...sample, labelsByStep, labelers: [only, 'contrarian'].sort() };
    const ctx = pawm.prepare(release, { ...opts, labeler: only });
    const rows = evaluateClaims(pawm.claims!, ctx, opts);
    const grid = robustnessGrid(pawm.claims!, ctx, rows, opts, pawm.choices!(ctx));
    const cells = grid.filter((g) => g.choice === 'labeler');
    // only the claim that reads the labels has labeler cells
    expect([...new Set(cells.map((g) => g.claim_id))]).toEqual([CLAIM]);
    const by = new Map(cells.map((g) => [g.value, g]));
    expect([...by.keys()]).toEqual([...release.labelers, 'majority']);
    // the run's own labeler: the claim's CR1 cell
    const cr1 = grid.find((g) => g.claim_id === CLAIM && g.value === 'CR1')!;
    expect(by.get(only)).toEqual({ ...cr1, choice: 'labeler', value: only });
    expect(cr1.verdict).toBe('holds');
    // flipped labels: each group's pitfall share s becomes 1 - s, so the difference of shares changes sign, and so does its interval
    const flip = by.get('contrarian')!;
    expect(flip.estimate).toBeCloseTo(-cr1.estimate!, 12);
    expect(flip.ci_low).toBeCloseTo(-cr1.ci_high!, 12);
    expect(flip.ci_high).toBeCloseTo(-cr1.ci_low!, 12);
    expect(flip.verdict).toBe('contradicted');
    // two labelers who always disagree: every step is a tie, left out, and nothing is left to compare
    expect(by.get('majority')!.verdict).toBe('not computable');
  });
});
