import { betaBinomialClusterSample } from '../stats/beta-binomial-cluster-sample.js';
import { clusterCodes } from '../stats/cluster-codes.js';
import { iccAnova } from '../stats/icc-anova.js';
import { normalQuantile } from '../stats/normal-quantile.js';
import type { Rng } from '../stats/rng.js';
import type { Evidence } from './claim.js';
import { sampleSd } from './sample-sd.js';

const isBinary = (y: readonly number[]) => y.every((v) => v === 0 || v === 1);
const meanOf = (y: readonly number[]) => y.reduce((s, x) => s + x, 0) / y.length;

/** The ICC by one-way ANOVA, in [0, 1] (0 when undefined: no clusters, no variation). */
function iccOf(y: readonly number[], cluster: readonly string[] | null): number {
  if (!cluster) return 0;
  const icc = iccAnova(y, cluster);
  return Number.isFinite(icc) ? Math.min(1, Math.max(0, icc)) : 0;
}

/** The cluster sizes (in order of first appearance) and labels of a replicate laid out cluster by cluster. */
function layout(n: number, cluster: readonly string[] | null): { sizes: Int32Array; labels: string[] | null } {
  if (!cluster) return { sizes: new Int32Array(n).fill(1), labels: null };
  const { sizes } = clusterCodes(cluster);
  const labels: string[] = [];
  sizes.forEach((m, g) => {
    for (let i = 0; i < m; i++) labels.push(`g${g}`);
  });
  return { sizes, labels };
}

/**
 * A clustered sample of the same cluster sizes as `y` from its fitted model: binary values by the
 * beta-binomial model at y's mean and ANOVA ICC (betaBinomialClusterSample); other values by the
 * normal random-intercept model y = mean + u_g + e with Var u = ICC s^2 and Var e = (1 - ICC) s^2,
 * s the sample sd (normals by inversion of 53-bit uniforms).
 */
function replicateValues(rng: Rng, y: readonly number[], cluster: readonly string[] | null): { y: number[]; cluster: string[] | null } {
  const { sizes, labels } = layout(y.length, cluster);
  const mean = meanOf(y);
  const icc = iccOf(y, cluster);
  if (isBinary(y)) return { y: Array.from(betaBinomialClusterSample(rng, sizes, mean, icc)), cluster: labels };
  const s = sampleSd(y);
  const sd = Number.isFinite(s) ? s : 0;
  const sdB = Math.sqrt(icc) * sd,
    sdW = Math.sqrt(1 - icc) * sd;
  const out: number[] = [];
  const z = () => normalQuantile(rng.uniform53() || Number.MIN_VALUE);
  for (const m of sizes) {
    const u = sdB > 0 ? sdB * z() : 0;
    for (let i = 0; i < m; i++) out.push(mean + u + (sdW > 0 ? sdW * z() : 0));
  }
  return { y: out, cluster: labels };
}

/**
 * One parametric replicate of the evidence, of the same size and cluster sizes, drawn from the
 * model fitted to it (for replicationProbability), or null for evidence with no such model (counts,
 * ranks, values, zero rates, stratified differences):
 *
 * - a mean: replicateValues of its values;
 * - a paired difference of binary outcomes on unclustered units: each pair drawn from the observed
 *   shares of the four (a, b) outcomes (a multinomial model of the pairs); otherwise replicateValues
 *   of the differences a - b (b = 0), clusters kept;
 * - an unpaired difference: replicateValues of each side;
 * - every unit: a replicate of each.
 */
export function replicateEvidence(e: Evidence, rng: Rng): Evidence | null {
  switch (e.kind) {
    case 'mean': {
      const r = replicateValues(rng, e.y, e.cluster);
      return { kind: 'mean', y: r.y, cluster: r.cluster };
    }
    case 'paired-difference': {
      const n = e.a.length;
      if (n === 0) return null;
      if (!e.cluster && isBinary(e.a) && isBinary(e.b)) {
        const pairs = e.a.map((x, i) => [x, e.b[i]]);
        const a: number[] = [],
          b: number[] = [];
        for (let i = 0; i < n; i++) {
          const p = pairs[Math.floor(rng.uniform53() * n)];
          a.push(p[0]);
          b.push(p[1]);
        }
        return { kind: 'paired-difference', a, b, cluster: null };
      }
      const r = replicateValues(
        rng,
        e.a.map((x, i) => x - e.b[i]),
        e.cluster,
      );
      return { kind: 'paired-difference', a: r.y, b: new Array(r.y.length).fill(0), cluster: r.cluster };
    }
    case 'difference': {
      if (e.a.length === 0 || e.b.length === 0) return null;
      const a = replicateValues(rng, e.a, e.cluster_a),
        b = replicateValues(rng, e.b, e.cluster_b);
      const prefix = (c: string[] | null, p: string) => (c ? c.map((g) => `${p}${g}`) : null);
      return { kind: 'difference', a: a.y, b: b.y, cluster_a: prefix(a.cluster, 'a:'), cluster_b: prefix(b.cluster, 'b:') };
    }
    case 'every-unit': {
      const units = [];
      for (const u of e.units) {
        const r = replicateEvidence(u.evidence, rng);
        if (r === null) return null;
        units.push({ label: u.label, evidence: r });
      }
      return { kind: 'every-unit', units };
    }
    default:
      return null;
  }
}
