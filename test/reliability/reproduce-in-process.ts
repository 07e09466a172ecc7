import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCHES } from '../helpers/benches.js';
import { writeRelease, type ReleaseSpec } from '../../src/samples/write-release.js';
import { beginReport, type Rendered } from '../../src/present/report/write-report.js';
import { renderInThisThread } from '../../src/run/figure-thread.js';

/**
 * What `reproduce` does for one release, in this process (faster than the CLI for many releases):
 * load, prepare, build every table and figure, and render every format (SVG, PNG, Vega-Lite, HTML).
 */
export async function reproduceInProcess(spec: ReleaseSpec, resamples = 20): Promise<Rendered> {
  const dir = mkdtempSync(join(tmpdir(), 'wb-inproc-'));
  try {
    writeRelease(join(dir, 'r'), spec, { gzip: false });
    const bench = BENCHES.find((b) => b.benchmark === spec.benchmark)!;
    const release = bench.load(join(dir, 'r'));
    const opts = { resamples, seed: 1 };
    const ctx = bench.prepare(release, opts);
    const tables = [];
    const figures = [];
    for (const a of bench.analyses) {
      if (a.kind === 'table') tables.push(a.build(ctx));
      else figures.push(a.build(ctx));
    }
    const artifacts = bench.artifacts ? bench.artifacts(ctx) : [];
    return await (
      await beginReport({
        benchmark: bench.benchmark,
        provenance: bench.provenance(release, opts),
        tables,
        figures,
        artifacts,
        renders: figures.map((f) => renderInThisThread(f, 'screen')),
      })
    ).done;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
