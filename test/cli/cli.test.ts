import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeRelease } from '../../src/samples/write-release.js';
import { tinyGlobebench } from '../helpers/tiny-globebench.js';
import { beyondProgress } from '../helpers/progress.js';

const root = mkdtempSync(join(tmpdir(), 'wb-cli-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function wb(...args: string[]) {
  const r = spawnSync('node', ['bin/workbench.js', ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
const tiny = join(root, 'tiny');
writeRelease(tiny, tinyGlobebench());

describe('workbench CLI', () => {
  it('prints help for every command', () => {
    for (const cmd of [[], ['--help'], ['reproduce', '--help'], ['validate', '--help'], ['generate', '--help']]) {
      const r = wb(...cmd);
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/Usage/);
    }
  });
  it("every command's usage is the same text in its --help, the top-level --help and the README", () => {
    const top = wb('--help').out;
    const block = top.split('Usage:\n')[1].split('\n\n')[0];
    // the README's CLI block is the top-level help's usage, indented by two there
    const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
    const readmeBlock = /## The CLI[\s\S]*?```\n([\s\S]*?)```/.exec(readme)![1].trimEnd();
    expect(
      block
        .split('\n')
        .map((l) => l.slice(2))
        .join('\n'),
    ).toBe(readmeBlock);
    // one usage per line of the block, a continuation line (indented further) joined to the one before
    const flat = (text: string) =>
      text
        .replace(/\n {2,}(?=\[)/g, ' ')
        .split('\n')
        .map((l) => l.trim().replace(/ +/g, ' '));
    const listed = flat(block);
    for (const cmd of ['reproduce', 'validate', 'generate', 'manifest', 'import', 'schema']) {
      const own = wb(cmd, '--help')
        .out.split('\n\n')[0]
        .replace(/^Usage: /, '');
      for (const usage of flat(own)) expect(listed, `${cmd} --help: ${usage}`).toContain(usage);
    }
    // the options the top-level help used to leave out
    expect(listed).toContain('workbench manifest DIR [--bench NAME] [--version V] [--synthetic true|false] [--description TEXT] [--force]');
  });
  it('rejects an unknown flag with exit 2 and the usage', () => {
    const r = wb('reproduce', '--bogus');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/Unknown option '--bogus'/);
  });
  it('validate: exit 0 and counts per file on a valid release', () => {
    const r = wb('validate', tiny);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/valid globebench release/);
    expect(r.out).toMatch(/items\.jsonl: 4 items/);
    expect(r.out).toMatch(/responses\/: 8 responses/);
  });
  it('validate: exit 1, every problem as file:line: field: message, no stack trace', () => {
    const bad = join(root, 'bad');
    writeRelease(bad, tinyGlobebench(), { gzip: false });
    const items = join(bad, 'items.jsonl');
    const lines = readFileSync(items, 'utf8').split('\n');
    lines[1] = lines[0]; // duplicate item i1 at line 2 (and so i2 disappears)
    lines[2] = '{broken';
    writeFileSync(items, lines.join('\n'));
    const m = join(bad, 'responses/m2.jsonl');
    writeFileSync(m, readFileSync(m, 'utf8').replace('"model_id":"m2","status":"refusal"', '"model_id":"m9","status":"refusal"'));
    const r = wb('validate', bad);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^items\.jsonl: sha256 mismatch/m);
    expect(r.err).toMatch(/^items\.jsonl:2: item_id: duplicate item_id i1 \(first at line 1\)$/m);
    expect(r.err).toMatch(/^items\.jsonl:3: not valid JSON/m);
    expect(r.err).toMatch(/^responses\/m2\.jsonl:1: model_id: expected "m2" \(the file's model\), got "m9"$/m);
    expect(r.err).not.toMatch(/\n\s+at /);
  });
  it('reproduce: writes every table, figure and grades.jsonl, byte-identical across runs, nothing on failure', () => {
    const outs = [join(root, 'out1'), join(root, 'out2')];
    for (const out of outs) {
      const r = wb('reproduce', '--bench', 'globebench', '--data', tiny, '--out', out, '--resamples', '200', '--seed', '7');
      expect(beyondProgress(r.err)).toEqual([]);
      expect(r.code).toBe(0);
    }
    const files = readdirSync(join(outs[0], 'globebench'), { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => join(d.parentPath, d.name).slice(join(outs[0], 'globebench').length + 1))
      .sort();
    for (const f of [
      'table01.json',
      'table01.md',
      'table01.html',
      'table01-paired.json',
      'grades.jsonl',
      'figures/fig-table01.svg',
      'figures/fig-table01.png',
      'index.html',
      'README.md',
    ])
      expect(files).toContain(f);
    for (const f of files) expect(readFileSync(join(outs[1], 'globebench', f)).equals(readFileSync(join(outs[0], 'globebench', f))), f).toBe(true);
    const t1 = JSON.parse(readFileSync(join(outs[0], 'globebench', 'table01.json'), 'utf8'));
    expect(t1.rows.map((r: any) => [r.model_id, r.success, r.n_items, r.rank])).toEqual([
      ['m1', 0.75, 4, 1],
      ['m2', 0.25, 4, 2],
    ]);
    expect(t1.provenance).toMatchObject({ synthetic: true, seed: 7, resamples: 200, version: 'test-1' });
    const grades = readFileSync(join(outs[0], 'globebench', 'grades.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(grades).toHaveLength(8);
    expect(Object.keys(grades[0])).toEqual(['item_id', 'model_id', 'pass', 'failure_type', 'decided_by', 'fields_matched', 'fields_decided']);

    const failed = join(root, 'out-failed');
    const r = wb('reproduce', '--bench', 'globebench', '--data', join(root, 'bad'), '--out', failed);
    expect(r.code).toBe(1);
    expect(existsSync(failed)).toBe(false);
  });
});
