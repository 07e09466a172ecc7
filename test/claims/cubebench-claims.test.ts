import { describe, expect, it } from 'vitest';
import { CLAIMS } from '../../analysis/cubebench/claims.js';
import { prepareCube } from '../../analysis/cubebench/derive/context.js';
import { evaluateClaims } from '../../src/derive/claims/evaluate-claims.js';
import { loadCubebench } from '../../src/release/load/cubebench.js';
import { sampleDir } from '../helpers/benches.js';

const opts = { seed: 20261130, resamples: 500 };
const release = loadCubebench(sampleDir('cubebench'));

describe("CubeBench's claims on the bundled sample", () => {
  const rows = evaluateClaims(CLAIMS, prepareCube(release, opts), opts);
  it('every claim is computable, and the clear ones hold', () => {
    expect(rows.filter((r) => r.verdict === 'not computable').map((r) => `${r.claim_id}: ${r.missing}`)).toEqual([]);
    const verdict = (id: string) => rows.find((r) => r.claim_id === `cubebench.${id}`)?.verdict;
    // the sample's cells: every long cell 0 of 20; GPT-5 symbolic 15 of 20 against visual 4; Claude's Ideal-Solver 20 against 0
    expect(verdict('long-tasks-zero')).toBe('holds');
    expect(verdict('symbolic-beats-visual')).toBe('holds');
    expect(verdict('ideal-solver-needs-perception')).toBe('holds');
    expect(verdict('runaway-tool-calls')).toBe('holds');
  });

  it("a release where Claude Sonnet 4's Ideal-Solver symbolic and visual episodes are swapped contradicts only the claim that names them", () => {
    const ctx = prepareCube(release, opts);
    // before any derived cell is computed: the tiers of that agent's short episodes swapped
    for (const r of ctx.results) {
      if (r.model !== 'Claude Sonnet 4' || r.agent !== 'ideal_solver' || r.horizon !== 'short') continue;
      if (r.tier === 'symbolic') r.tier = 'visual';
      else if (r.tier === 'visual') r.tier = 'symbolic';
    }
    const swapped = evaluateClaims(CLAIMS, ctx, opts);
    const changed = swapped.filter((r, i) => r.verdict !== rows[i].verdict).map((r) => [r.claim_id, r.verdict]);
    expect(changed).toEqual([['cubebench.ideal-solver-needs-perception', 'contradicted']]);
  });
});
