/**
 * What a `reproduce` run is asked for, and its defaults: every derived cell that draws at random
 * reads the seed and resample count from here. Low in the tree so that `analysis/<bench>/derive`
 * may read it; `src/benchmark/contract.ts` re-exports it with the Bench contract.
 */
export interface RunOptions {
  seed: number;
  resamples: number;
  /** PAWM: the guidance labeler whose labels the semantic analysis uses (default: majority of labelers) */
  labeler?: string;
}

export const DEFAULT_SEED = 20261130;
export const DEFAULT_RESAMPLES = 10_000;
