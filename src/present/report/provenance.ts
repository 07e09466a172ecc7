import { basename } from 'node:path';
import type { Manifest } from '../../format/common.js';
import { WORKBENCH_VERSION } from '../../version.js';

/** What every report states at its top, so a reader knows exactly which inputs made it. */
export interface Provenance {
  benchmark: string;
  release: string;
  version: string;
  synthetic: boolean;
  description: string;
  /** sha256 of every input file, keyed by path relative to the release root, sorted by path */
  files: Record<string, string>;
  seed: number;
  resamples: number;
  workbench: string;
  /**
   * sha256 of the release's MANIFEST.json, which lists every file's sha256: the one hash that names
   * the release. Shown on the pages; the tables' JSON keeps the provenance it has always had.
   */
  manifest_sha256?: string;
}

export const SYNTHETIC_NOTICE =
  "This is a SYNTHETIC sample release made by the workbench's own seeded generator, calibrated to the " +
  'paper\'s published aggregates. It is not the paper\'s data: the "recomputed" numbers show that the ' +
  "pipeline reproduces the published structure, not that the paper's claims hold.";

/** Provenance of a loaded release for a run with the given seed and resample count. */
export function makeProvenance(
  release: { dir: string; manifest: Manifest; sha256: Record<string, string>; manifestSha256?: string },
  opts: { seed: number; resamples: number },
): Provenance {
  // file paths are release strings: fromEntries keeps each an own key, whatever it is
  const files: Record<string, string> = Object.fromEntries(
    Object.keys(release.sha256)
      .sort()
      .map((k) => [k, release.sha256[k]]),
  );
  return {
    benchmark: release.manifest.benchmark,
    release: basename(release.dir.replace(/\/+$/, '')),
    version: release.manifest.version,
    synthetic: release.manifest.synthetic,
    description: release.manifest.description,
    files,
    seed: opts.seed,
    resamples: opts.resamples,
    workbench: WORKBENCH_VERSION,
    ...(release.manifestSha256 ? { manifest_sha256: release.manifestSha256 } : {}),
  };
}
