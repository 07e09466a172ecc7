/**
 * Determinism: the same release, seed and resample count give byte-identical JSON, Markdown, HTML,
 * SVG, PNG and Vega-Lite files, whatever the output directory, working directory, time zone or
 * locale; nothing in a report body is a timestamp or a path. Here on tiny releases;
 * determinism-samples.test.ts does the same on each bundled sample release data/<bench>.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BENCHES } from '../helpers/benches.js';
import { writeRelease } from '../../src/samples/write-release.js';
import { tinyGlobebench } from '../helpers/tiny-globebench.js';
import { expectNoTimestampsOrPaths, twice } from './determinism-helpers.js';
import { runCli } from './run-cli.js';
import { tinyCubebench, tinyPawm } from './tiny-releases.js';

const root = mkdtempSync(join(tmpdir(), 'wb-determinism-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const registered = (b: string) => BENCHES.some((x) => x.benchmark === b);

describe('byte-identical outputs on tiny releases', () => {
  it('GlobeBench: every file identical across output dir, cwd, time zone and locale; a new seed changes the CIs', async () => {
    const data = join(root, 'tiny-globe');
    writeRelease(data, tinyGlobebench());
    const { dir, names } = await twice(root, 'globebench', data, 200);
    for (const ext of ['.json', '.md', '.html', '.svg', '.png', '.vl.json', '.jsonl'])
      expect(
        names.some((n) => n.endsWith(ext)),
        ext,
      ).toBe(true);
    expectNoTimestampsOrPaths(root, dir, names);
    // the comparison is not vacuous: another seed gives other bootstrap CIs
    const other = join(root, 'tiny-other-seed');
    expect((await runCli(['reproduce', '--bench', 'globebench', '--data', data, '--out', other, '--resamples', '200', '--seed', '12'])).code).toBe(0);
    expect(readFileSync(join(other, 'globebench', 'table01.json'), 'utf8')).not.toBe(readFileSync(join(dir, 'table01.json'), 'utf8'));
  });

  it.runIf(registered('cubebench'))('CubeBench: every file identical', async () => {
    const data = join(root, 'tiny-cube');
    writeRelease(data, tinyCubebench());
    const { dir, names } = await twice(root, 'cubebench', data, 200);
    expectNoTimestampsOrPaths(root, dir, names);
  });

  it.runIf(registered('pawm'))('PAWM: every file identical', async () => {
    const data = join(root, 'tiny-pawm');
    writeRelease(data, tinyPawm());
    const { dir, names } = await twice(root, 'pawm', data, 200);
    expectNoTimestampsOrPaths(root, dir, names);
  });
});
