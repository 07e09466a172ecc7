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
  /**
   * build the explorer (OUT/<bench>/explore.html and the count links of index.html): off by default,
   * as it is large and slow on a real-size release (README, "The explorer")
   */
  explore?: boolean;
}

export const DEFAULT_SEED = 20261130;
export const DEFAULT_RESAMPLES = 10_000;
