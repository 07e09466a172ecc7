import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BENCHES } from '../helpers/benches.js';
import { writeRelease, type ReleaseSpec } from '../../src/samples/write-release.js';
import { tinyGlobebench } from '../helpers/tiny-globebench.js';
import { writeParquetRelease } from '../helpers/parquet-release.js';
import { tinySpec as tinyPawmByHand } from '../pawm/tiny.js';
import { tinyCubebench, tinyPawm } from '../reliability/tiny-releases.js';
import { beyondProgress } from '../helpers/progress.js';

/**
 * Every release the tests use, loaded as JSONL and as the Parquet that an independent writer
 * (hyparquet-writer, fed by plain JSON.parse) makes of it, must give the same rows in every table,
 * the same figure data and the same per-record artifacts (GlobeBench's grades.jsonl).
 */
const REPO = resolve(import.meta.dirname, '../..');
const root = mkdtempSync(join(tmpdir(), 'parquet-roundtrip-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function everything(benchmark: string, dir: string, resamples: number) {
  const bench = BENCHES.find((b) => b.benchmark === benchmark)!;
  const release = bench.load(dir);
  const ctx = bench.prepare(release, { seed: 5, resamples });
  const built = bench.analyses.map((a) => ({ id: a.id, out: JSON.stringify(a.build(ctx)) }));
  const artifacts = (bench.artifacts ? bench.artifacts(ctx) : []).map((a) => ({ file: a.file, content: a.content }));
  return { built, artifacts, summary: bench.summary(release) };
}

function expectSame(benchmark: string, jsonlDir: string, parquetDir: string, resamples: number) {
  const a = everything(benchmark, jsonlDir, resamples);
  const b = everything(benchmark, parquetDir, resamples);
  expect(b.built.map((x) => x.id)).toEqual(a.built.map((x) => x.id));
  for (let i = 0; i < a.built.length; i++) expect(b.built[i].out, `${benchmark} ${a.built[i].id}`).toBe(a.built[i].out);
  expect(b.artifacts.map((x) => x.file)).toEqual(a.artifacts.map((x) => x.file));
  for (let i = 0; i < a.artifacts.length; i++) expect(b.artifacts[i].content === a.artifacts[i].content, `${benchmark} ${a.artifacts[i].file}`).toBe(true);
  return a;
}

const tiny: [string, () => ReleaseSpec][] = [
  ['tiny GlobeBench (test/helpers/tiny-globebench.ts)', tinyGlobebench],
  ['tiny PAWM (test/reliability/tiny-releases.ts)', tinyPawm],
  ['tiny PAWM worked by hand (test/pawm/tiny.ts)', tinyPawmByHand],
  ['tiny CubeBench (test/reliability/tiny-releases.ts)', tinyCubebench],
];

describe('the same release as JSONL and as Parquet gives the same tables', () => {
  for (const [name, spec] of tiny) {
    it(name, () => {
      const s = spec();
      const dir = join(root, `${s.benchmark}-${s.version}`);
      writeRelease(dir, s, { gzip: false });
      // one row per row group too: values are read across row-group boundaries
      writeParquetRelease(dir, `${dir}-parquet`);
      writeParquetRelease(dir, `${dir}-parquet-split`, { rowGroupSize: 1, codec: 'UNCOMPRESSED' });
      const a = expectSame(s.benchmark, dir, `${dir}-parquet`, 50);
      expectSame(s.benchmark, dir, `${dir}-parquet-split`, 50);
      expect(a.built.length).toBeGreaterThan(0);
    });
  }

  for (const bench of ['globebench', 'pawm', 'cubebench']) {
    it(`the bundled ${bench} sample (data/${bench})`, () => {
      const dir = join(REPO, 'data', bench);
      writeParquetRelease(dir, join(root, `${bench}-sample-parquet`));
      const a = expectSame(bench, dir, join(root, `${bench}-sample-parquet`), 20);
      expect(a.built.length).toBeGreaterThan(5);
    }, 600_000);
  }
});

describe('workbench reproduce on the JSONL and the Parquet form', () => {
  it('writes the same grades.jsonl byte for byte, and the same tables but for the provenance naming the input files', async () => {
    const { runCli } = await import('../reliability/run-cli.js');
    const { readdirSync, readFileSync } = await import('node:fs');
    const dir = join(root, 'cli-jsonl');
    writeRelease(dir, tinyGlobebench(), { gzip: true });
    writeParquetRelease(dir, join(root, 'cli-parquet'));
    for (const form of ['jsonl', 'parquet']) {
      const r = await runCli([
        'reproduce',
        '--bench',
        'globebench',
        '--data',
        join(root, `cli-${form}`),
        '--out',
        join(root, `out-${form}`),
        '--resamples',
        '20',
      ]);
      expect(beyondProgress(r.err)).toEqual([]);
      expect(r.code).toBe(0);
    }
    const a = join(root, 'out-jsonl', 'globebench');
    const b = join(root, 'out-parquet', 'globebench');
    expect(readFileSync(join(b, 'grades.jsonl')).equals(readFileSync(join(a, 'grades.jsonl')))).toBe(true);
    const tables = readdirSync(a).filter((f) => f.endsWith('.json') && !f.startsWith('.')); // not the output record
    expect(tables.length).toBeGreaterThan(10);
    for (const f of tables) {
      const ja = JSON.parse(readFileSync(join(a, f), 'utf8'));
      const jb = JSON.parse(readFileSync(join(b, f), 'utf8'));
      // the scorecard (summary.json) has no provenance: it is the same in both forms
      if (!ja.columns) {
        expect(jb, f).toEqual(ja);
        continue;
      }
      expect(jb.provenance).not.toEqual(ja.provenance);
      expect({ ...jb, provenance: undefined }, f).toEqual({ ...ja, provenance: undefined });
    }
  }, 120_000);
});
